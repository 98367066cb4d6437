//! One rule set as `admissionregistration.k8s.io/v1` objects: a Deny `ValidatingAdmissionPolicy`
//! with its binding, and a Warn twin where the set has `justWarning` rules (VAP.md §2, §5); a
//! Warn policy naming the rules no policy can carry; the catch-all for unknown rule texts.

use serde_json::{Value, json};

use crate::Action;
use crate::cel::quote;
use crate::matching::Selects;
use crate::rule::RuleCel;

/// The `admissionregistration.k8s.io` version written.
const API_VERSION: &str = "admissionregistration.k8s.io/v1";

/// The static message, shown only when the API server drops the messageExpression's (over
/// 5 KiB, or with a line break).
pub const STATIC_MESSAGE: &str =
    "VirtualMachine violates the vm.kubevirt.io/validations rules of its template";

/// The OpenShift Template kind, the params of the policies of legacy Template-level rules.
const TEMPLATE_API_VERSION: &str = "template.openshift.io/v1";

/// What names, labels and matches a policy.
#[derive(Debug, Clone)]
pub struct Identity<'a> {
    /// `metadata.name`.
    pub name: String,
    /// `metadata.annotations` (the rule set's SHA-256, its templates).
    pub annotations: Value,
    /// `metadata.labels`.
    pub labels: &'a Value,
    /// The VMs it judges.
    pub selects: Selects,
    /// For legacy Template-level rules, the Template (`namespace`, `name`) they are read from:
    /// the policy's `paramKind` is Template and each binding's `paramRef` names it with
    /// `parameterNotFoundAction: Allow`, so that a missing Template allows the VM, as the
    /// reference does (SEMANTICS §2 step 4).
    pub template: Option<(String, String)>,
}

/// The policy and binding for a set whose rules all translate: the deny policy judges every
/// rule (a `justWarning` one only by its errors) and lists every failed rule's cause, in rule
/// order, joined by `", "` (the reference's status message, SEMANTICS §7).
pub fn deny(id: &Identity<'_>, rules: &[RuleCel], actions: &[Action]) -> [Value; 2] {
    let denied: Vec<String> = rules
        .iter()
        .flat_map(|r| {
            let error = format!("{} == ''", r.error);
            let unsatisfied =
                (!r.warning && r.unsatisfied != "''").then(|| format!("{} == ''", r.unsatisfied));
            std::iter::once(error).chain(unsatisfied)
        })
        .filter(|c| c != "'' == ''")
        .collect();
    let expression = std::iter::once("variables.t".to_owned())
        .chain(denied)
        .collect::<Vec<_>>()
        .join(" && ");
    let causes: Vec<String> = rules
        .iter()
        .filter_map(|r| {
            let cause = |text: &str| format!("[{} + {text}]", quote(&r.prefix));
            let (e, u) = (&r.error, &r.unsatisfied);
            match (e != "''", u != "''") {
                (true, true) => Some(format!(
                    "({e} != '' ? {} : {u} != '' ? {} : [])",
                    cause(e),
                    cause(u)
                )),
                (true, false) => Some(format!("({e} != '' ? {} : [])", cause(e))),
                (false, true) => Some(format!("({u} != '' ? {} : [])", cause(u))),
                (false, false) => None,
            }
        })
        .collect();
    // Without `spec.template` the reference crashes; validgen fails every rule with `invalid
    // JSONPath` (SEMANTICS §11).
    let crashed: Vec<String> = rules
        .iter()
        .map(|r| format!("{}invalid JSONPath", r.prefix))
        .collect();
    let message = format!(
        "!variables.t ? {} : ({}).join(', ')",
        quote(&crashed.join(", ")),
        if causes.is_empty() {
            "[]".to_owned()
        } else {
            causes.join(" + ")
        }
    );
    let variables = variables(rules.iter());
    let policy = policy(
        id,
        &id.name,
        variables,
        vec![json!({
            "expression": expression,
            "messageExpression": message,
            "message": STATIC_MESSAGE,
            "reason": "Invalid",
        })],
    );
    let actions: Vec<&str> = actions.iter().map(|a| a.name()).collect();
    [policy, binding(id, &id.name, &actions)]
}

/// The Warn twin: one validation per `justWarning` rule, so that each unsatisfied one is its
/// own warning, `<message>: <explanation>` as validgen's admission warnings. `None` when the
/// set has no `justWarning` rule.
pub fn warn(id: &Identity<'_>, rules: &[RuleCel]) -> Option<[Value; 2]> {
    let warning: Vec<&RuleCel> = rules
        .iter()
        .filter(|r| r.warning && r.unsatisfied != "''")
        .collect();
    if warning.is_empty() {
        return None;
    }
    let name = format!("{}-warn", id.name);
    let validations = warning
        .iter()
        .map(|r| {
            json!({
                "expression": format!("!variables.t || {} == ''", r.unsatisfied),
                "messageExpression": format!("{} + {}", quote(&r.prefix), r.unsatisfied),
                "message": STATIC_MESSAGE,
            })
        })
        .collect();
    let policy = policy(id, &name, variables(warning.into_iter()), validations);
    Some([policy, binding(id, &name, &[Action::Warn.name()])])
}

/// A policy denying every VM carrying a text that does not parse, with the parse error (the
/// reference answers 400 with it; a policy can only answer 422).
pub fn parse_error(id: &Identity<'_>, error: &str, actions: &[Action]) -> [Value; 2] {
    fail_all(id, &one_line(error), actions)
}

/// A policy failing every VM it matches with the static `message`, bound with `actions`.
fn fail_all(id: &Identity<'_>, message: &str, actions: &[Action]) -> [Value; 2] {
    let policy = policy(
        id,
        &id.name,
        Vec::new(),
        vec![json!({"expression": "false", "message": message, "reason": "Invalid"})],
    );
    let actions: Vec<&str> = actions.iter().map(|a| a.name()).collect();
    [policy, binding(id, &id.name, &actions)]
}

/// The Warn policy of a rule set with rules no policy carries (VAP.md §5): the set gets no Deny
/// policy (its message would lack their causes), and every VM carrying it gets one warning per
/// such rule, `untranslated` giving (index, name, why).
pub fn untranslatable(id: &Identity<'_>, untranslated: &[(usize, String, String)]) -> [Value; 2] {
    let name = format!("{}-untranslatable", id.name);
    let validations = untranslated
        .iter()
        .map(|(i, rule, why)| {
            json!({
                "expression": "false",
                "message": one_line(&format!(
                    "rule {i} `{rule}` of this VM's rules is not enforced by ValidatingAdmissionPolicy ({why}); the template-validator webhook must judge this VM"
                )),
            })
        })
        .collect();
    let policy = policy(id, &name, Vec::new(), validations);
    [policy, binding(id, &name, &[Action::Warn.name()])]
}

/// The catch-all of `--unknown-rule-texts`: fails every VM whose rule text is not among the
/// catalog's (`id.selects`), bound with `actions`.
pub fn unknown_rule_texts(id: &Identity<'_>, catalog: &str, actions: &[Action]) -> [Value; 2] {
    let message = format!(
        "the VM's vm.kubevirt.io/validations rules are not among the rule texts of the {catalog} catalog, which are the only ones ValidatingAdmissionPolicies carry (CEL cannot read rules from JSON); create the VM from a template of the catalog, or judge it with the template-validator webhook"
    );
    fail_all(id, &message, actions)
}

/// A static `message`: the API server refuses line breaks in it.
fn one_line(text: &str) -> String {
    text.replace(['\n', '\r'], " ")
}

/// `t` (the VM has `spec.template`), then the variables of `rules` in order.
fn variables<'a>(rules: impl Iterator<Item = &'a RuleCel>) -> Vec<Value> {
    let mut out = vec![json!({
        "name": "t",
        "expression": "has(object.spec) && has(object.spec.template)",
    })];
    // Rules reading one path share its variables: each is defined once, before its first use.
    let mut seen = std::collections::BTreeSet::new();
    for r in rules {
        for (name, expression) in &r.variables {
            if seen.insert(name.as_str()) {
                out.push(json!({"name": name, "expression": expression}));
            }
        }
    }
    out
}

fn metadata(id: &Identity<'_>, name: &str) -> Value {
    json!({"name": name, "labels": id.labels, "annotations": id.annotations})
}

fn policy(id: &Identity<'_>, name: &str, variables: Vec<Value>, validations: Vec<Value>) -> Value {
    let mut spec = json!({"failurePolicy": "Fail"});
    if id.template.is_some() {
        spec["paramKind"] = json!({"apiVersion": TEMPLATE_API_VERSION, "kind": "Template"});
    }
    // The reference webhook's registration (ssp-operator template-validator resources).
    spec["matchConstraints"] = json!({
        "matchPolicy": "Equivalent",
        "resourceRules": [{
            "apiGroups": ["kubevirt.io"],
            "apiVersions": ["v1", "v1alpha3"],
            "operations": ["CREATE", "UPDATE"],
            "resources": ["virtualmachines"],
        }],
    });
    spec["matchConditions"] = Value::Array(id.selects.conditions());
    if !variables.is_empty() {
        spec["variables"] = Value::Array(variables);
    }
    spec["validations"] = Value::Array(validations);
    json!({
        "apiVersion": API_VERSION,
        "kind": "ValidatingAdmissionPolicy",
        "metadata": metadata(id, name),
        "spec": spec,
    })
}

fn binding(id: &Identity<'_>, name: &str, actions: &[&str]) -> Value {
    let mut spec = json!({"policyName": name});
    if let Some((namespace, template)) = &id.template {
        spec["paramRef"] = json!({
            "name": template,
            "namespace": namespace,
            "parameterNotFoundAction": "Allow",
        });
    }
    spec["validationActions"] = json!(actions);
    json!({
        "apiVersion": API_VERSION,
        "kind": "ValidatingAdmissionPolicyBinding",
        "metadata": metadata(id, name),
        "spec": spec,
    })
}
