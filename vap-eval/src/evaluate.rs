//! Evaluating bindings on a request as the API server's ValidatingAdmissionPolicy plugin does
//! (K8s `apiserver/pkg/admission/plugin/policy/validating/{dispatcher.go,validator.go}`,
//! `policy/matching`, `cel/matchconditions`): match constraints, match conditions, lazy
//! variables, every validation in order, the messageExpression rules, `failurePolicy`, and the
//! binding's `validationActions`.

use std::collections::HashMap;

use kube_cel::cel::objects::Map;
use kube_cel::cel::{Context, ExecutionError, Value as Cel};

use crate::cost::{Budget, OUT_OF_BUDGET};
use crate::expression::Expression;
use crate::library::{Quantities, context, to_cel};
use crate::outcome::{Decision, Outcome};
use crate::policy::{Binding, Policy, Validation};
use crate::request::Request;

/// The API server's limit on a messageExpression's result, in bytes (K8s `apis/cel/config.go`).
pub const MAX_MESSAGE_BYTES: usize = 5 * 1024;

/// The offline evaluator: a CEL context (kube-cel's library with Go's quantity and regexp
/// functions, [`crate::library`]) and a cost budget per binding.
///
/// Bound CEL variables: `object`, `oldObject` (null when absent), `request` (see
/// [`Request::cel_request`]), `params` (the binding's param object, null for a policy without
/// `paramKind`) and `variables`. `namespaceObject` and `authorizer` are not bound: an expression reading them
/// fails, and its binding's `failurePolicy` decides.
pub struct Evaluator {
    root: Context<'static>,
    budget: u64,
    params: Vec<serde_json::Value>,
}

impl Default for Evaluator {
    fn default() -> Self {
        Evaluator::new(Quantities::Go)
    }
}

/// A failed validation or an error, before the binding's actions apply.
struct Failure {
    message: String,
    reason: String,
    index: Option<usize>,
}

impl Evaluator {
    /// An evaluator with the quantity functions `q` and the API server's per-binding budget
    /// ([`crate::cost::PER_BINDING_BUDGET`]).
    pub fn new(q: Quantities) -> Evaluator {
        Evaluator {
            root: context(q),
            budget: crate::cost::PER_BINDING_BUDGET,
            params: Vec::new(),
        }
    }

    /// The same evaluator with another per-binding cost budget.
    pub fn with_budget(mut self, budget: u64) -> Evaluator {
        self.budget = budget;
        self
    }

    /// The same evaluator with the objects the cluster holds for `paramRef`s to name (for
    /// KubeVirt's legacy rules, Templates): a binding's param is the object of the policy's
    /// `paramKind` with the `paramRef`'s name, in its namespace (else the request's).
    pub fn with_params(mut self, objects: Vec<serde_json::Value>) -> Evaluator {
        self.params = objects;
        self
    }

    /// The param object `binding` names for `policy` on `request`, if the cluster holds it.
    fn param(
        &self,
        policy: &Policy,
        binding: &Binding,
        request: &Request,
    ) -> Option<&serde_json::Value> {
        let (api_version, kind) = policy.param_kind.as_ref()?;
        let (name, namespace) = binding.param_ref.as_ref()?;
        let namespace = if namespace.is_empty() {
            &request.namespace
        } else {
            namespace
        };
        self.params.iter().find(|o| {
            o["apiVersion"] == api_version.as_str()
                && o["kind"] == kind.as_str()
                && o["metadata"]["name"] == name.as_str()
                && o["metadata"]["namespace"].as_str().unwrap_or_default() == namespace
        })
    }

    /// Runs every binding of `policies`, in order, on `request`.
    pub fn admit<'a>(
        &self,
        policies: impl IntoIterator<Item = &'a Policy>,
        request: &Request,
    ) -> Outcome {
        let mut scope = self.root.new_inner_scope();
        scope.add_variable_from_value("object", to_cel(&request.object));
        scope.add_variable_from_value("oldObject", to_cel(&request.old_object));
        scope.add_variable_from_value("request", to_cel(&request.cel_request));
        scope.add_variable_from_value("params", Cel::Null);
        let mut out = Outcome::default();
        for policy in policies {
            if !policy.constraints.matches(request, false) {
                continue;
            }
            for binding in &policy.bindings {
                if !binding
                    .resources
                    .as_ref()
                    .is_none_or(|r| r.matches(request, true))
                {
                    continue;
                }
                let mut budget = Budget::new(self.budget);
                let failures = match (&policy.param_kind, self.param(policy, binding, request)) {
                    (None, _) => run(policy, &scope, &mut budget),
                    (Some(_), Some(param)) => {
                        let mut with_param = scope.new_inner_scope();
                        with_param.add_variable_from_value("params", to_cel(param));
                        run(policy, &with_param, &mut budget)
                    }
                    (Some(_), None) => no_param(policy, binding),
                };
                out.costs.push((binding.name.clone(), budget.spent()));
                for f in failures {
                    let decision = Decision {
                        policy: policy.name.clone(),
                        binding: binding.name.clone(),
                        message: f.message,
                        reason: f.reason,
                        expression_index: f.index,
                    };
                    for action in &binding.actions {
                        match action.as_str() {
                            "Deny" if out.denied.is_none() => out.denied = Some(decision.clone()),
                            "Warn" => out.warnings.push(decision.clone()),
                            "Audit" => out.audit.push(decision.clone()),
                            _ => {}
                        }
                    }
                }
            }
        }
        out
    }
}

/// A CEL result (a library panic is an error, see [`validgen_cel::execute`]).
fn execute(e: &Expression, scope: &Context<'_>, budget: &mut Budget) -> Result<Cel, String> {
    budget.charge(e.ast(), scope)?;
    validgen_cel::execute_expression(&e.tree, scope).map_err(|err| match &err {
        ExecutionError::FunctionError { function, message }
            if function == "cel" && message == validgen_cel::run::PANICKED =>
        {
            message.clone()
        }
        // In cel-go's words, as the API server quotes them (`no such key: spec`).
        _ => format!(
            "expression '{}' resulted in error: {}",
            e.text,
            validgen_cel::error_text(&err)
        ),
    })
}

/// An error under the policy's failurePolicy: a failure with `Fail`, nothing with `Ignore`.
fn on_error(policy: &Policy, message: String, index: Option<usize>) -> Vec<Failure> {
    if policy.fail_closed {
        vec![Failure {
            message,
            reason: "Invalid".to_owned(),
            index,
        }]
    } else {
        Vec::new()
    }
}

/// A binding whose param object the cluster does not hold: skipped, or an error with
/// `parameterNotFoundAction: Deny` (K8s `validating/dispatcher.go`).
fn no_param(policy: &Policy, binding: &Binding) -> Vec<Failure> {
    if binding.deny_without_params {
        on_error(
            policy,
            "failed to configure binding: no params found for policy binding with `Deny` parameterNotFoundAction".to_owned(),
            None,
        )
    } else {
        Vec::new()
    }
}

/// The failures of one binding of `policy`, its param (if any) bound in `scope`.
fn run(policy: &Policy, scope: &Context<'_>, budget: &mut Budget) -> Vec<Failure> {
    // matchConditions: any false skips the policy; otherwise any error is the policy's error.
    let mut errors = Vec::new();
    for (name, e) in &policy.match_conditions {
        match execute(e, scope, budget) {
            Ok(Cel::Bool(true)) => {}
            Ok(Cel::Bool(false)) => return Vec::new(),
            Ok(_) => errors.push(format!(
                "matchCondition '{name}': expression '{}' is not a boolean",
                e.text
            )),
            Err(m) if m == OUT_OF_BUDGET => return on_error(policy, m, None),
            Err(m) => errors.push(format!("matchCondition '{name}': {m}")),
        }
    }
    if !errors.is_empty() {
        return on_error(policy, errors.join(", "), None);
    }
    let mut inner = scope.new_inner_scope();
    let mut values: HashMap<String, Cel> = HashMap::new();
    let mut broken: HashMap<&str, String> = HashMap::new();
    for (name, e) in &policy.variables {
        inner.add_variable_from_value("variables", Cel::Map(Map::from(values.clone())));
        if let Some(m) = e.reads.iter().find_map(|r| broken.get(r.as_str())) {
            broken.insert(name, m.clone());
            continue;
        }
        match execute(e, &inner, budget) {
            Ok(v) => {
                values.insert(name.clone(), v);
            }
            Err(m) if m == OUT_OF_BUDGET => return on_error(policy, m, None),
            Err(m) => {
                broken.insert(
                    name,
                    format!("composited variable \"{name}\" fails to evaluate: {m}"),
                );
            }
        }
    }
    inner.add_variable_from_value("variables", Cel::Map(Map::from(values)));
    let mut failures = Vec::new();
    for (i, v) in policy.validations.iter().enumerate() {
        if let Some(m) = v
            .expression
            .reads
            .iter()
            .find_map(|r| broken.get(r.as_str()))
        {
            failures.extend(on_error(policy, m.clone(), Some(i)));
            continue;
        }
        match execute(&v.expression, &inner, budget) {
            Ok(Cel::Bool(true)) => {}
            Ok(Cel::Bool(false)) => failures.push(Failure {
                message: message(v, &inner, budget),
                reason: v.reason.clone(),
                index: Some(i),
            }),
            Ok(_) => failures.extend(on_error(
                policy,
                format!(
                    "expression '{}' resulted in a non-boolean value",
                    v.expression.text
                ),
                Some(i),
            )),
            Err(m) if m == OUT_OF_BUDGET => {
                // The API server stops the binding's evaluation there.
                failures.extend(on_error(policy, m, Some(i)));
                break;
            }
            Err(m) => failures.extend(on_error(policy, m, Some(i))),
        }
    }
    failures
}

/// The message of a failed validation, as `validator.go` chooses it: the messageExpression's
/// string result, trimmed, unless it is empty, over [`MAX_MESSAGE_BYTES`] or has a line break
/// (or fails); then the static `message`; then `failed expression: <expression>`.
fn message(v: &Validation, scope: &Context<'_>, budget: &mut Budget) -> String {
    if let Some(m) = &v.message_expression
        && let Ok(Cel::String(s)) = execute(m, scope, budget)
    {
        let s = s.trim();
        if !s.is_empty() && s.len() <= MAX_MESSAGE_BYTES && !s.contains('\n') {
            return s.to_owned();
        }
    }
    v.message
        .clone()
        .unwrap_or_else(|| format!("failed expression: {}", v.expression.text.trim()))
}

/// Runs `policies` on a CREATE of `object` as a VirtualMachine
/// ([`Request::create_virtual_machine`]) with Go's quantity functions: the driver the parity
/// tests call.
pub fn admit(policies: &[Policy], object: &serde_json::Value) -> Outcome {
    Evaluator::default().admit(policies, &Request::create_virtual_machine(object))
}

/// As [`admit`], on some of the policies.
pub fn admit_refs(policies: &[&Policy], object: &serde_json::Value) -> Outcome {
    Evaluator::default().admit(
        policies.iter().copied(),
        &Request::create_virtual_machine(object),
    )
}

/// As [`admit`], with the quantity functions `q`.
pub fn admit_with(policies: &[Policy], object: &serde_json::Value, q: Quantities) -> Outcome {
    Evaluator::new(q).admit(policies, &Request::create_virtual_machine(object))
}
