//! One rule set as `admissionregistration.k8s.io/v1` objects: a Deny `ValidatingAdmissionPolicy`
//! with its binding, and a Warn twin where the set has `justWarning` rules (VAP.md §2, §5).

use serde_json::{Value, json};

use crate::cel::quote;
use crate::rule::RuleCel;
use crate::{Action, SKIP, VALIDATIONS};

/// The `admissionregistration.k8s.io` version written.
const API_VERSION: &str = "admissionregistration.k8s.io/v1";

/// The static message, shown only when the API server drops the messageExpression's (over
/// 5 KiB, or with a line break).
pub const STATIC_MESSAGE: &str =
    "VirtualMachine violates the vm.kubevirt.io/validations rules of its template";

/// What names and labels a policy.
#[derive(Debug, Clone)]
pub struct Identity<'a> {
    /// `metadata.name`.
    pub name: String,
    /// SHA-256 of the rule text, hex.
    pub sha256: &'a str,
    /// The templates carrying the text.
    pub templates: &'a [String],
    /// The exact rule text the VM's annotation must equal.
    pub text: &'a str,
    /// `metadata.labels`.
    pub labels: &'a Value,
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
    let message = error.replace(['\n', '\r'], " ");
    let policy = policy(
        id,
        &id.name,
        Vec::new(),
        vec![json!({"expression": "false", "message": message, "reason": "Invalid"})],
    );
    let actions: Vec<&str> = actions.iter().map(|a| a.name()).collect();
    [policy, binding(id, &id.name, &actions)]
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
    json!({
        "name": name,
        "labels": id.labels,
        "annotations": {
            "validgen.io/rule-set-sha256": id.sha256,
            "validgen.io/templates": id.templates.join(","),
        },
    })
}

fn policy(id: &Identity<'_>, name: &str, variables: Vec<Value>, validations: Vec<Value>) -> Value {
    // The reference's decision order (SEMANTICS §2): deleting, the skip key (present, whatever
    // its value), then the VM's own rule text, byte for byte.
    let match_conditions = json!([
        {"name": "not-deleting", "expression": "!has(object.metadata.deletionTimestamp)"},
        {
            "name": "no-skip-key",
            "expression": format!(
                "!has(object.metadata.annotations) || !({} in object.metadata.annotations)",
                quote(SKIP)
            ),
        },
        {
            "name": "rule-text",
            "expression": format!(
                "has(object.metadata.annotations) && {k} in object.metadata.annotations && object.metadata.annotations[{k}] == {}",
                quote(id.text),
                k = quote(VALIDATIONS)
            ),
        },
    ]);
    let mut spec = json!({
        "failurePolicy": "Fail",
        // The reference webhook's registration (ssp-operator template-validator resources).
        "matchConstraints": {
            "matchPolicy": "Equivalent",
            "resourceRules": [{
                "apiGroups": ["kubevirt.io"],
                "apiVersions": ["v1", "v1alpha3"],
                "operations": ["CREATE", "UPDATE"],
                "resources": ["virtualmachines"],
            }],
        },
        "matchConditions": match_conditions,
    });
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
    json!({
        "apiVersion": API_VERSION,
        "kind": "ValidatingAdmissionPolicyBinding",
        "metadata": metadata(id, name),
        "spec": {"policyName": name, "validationActions": actions},
    })
}
