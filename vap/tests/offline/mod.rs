//! An offline ValidatingAdmissionPolicy driver for the parity tests: kube-cel's CEL library
//! (cel 0.13) under our own VAP semantics, which kube-cel's `VapEvaluator` lacks (VAP.md §1):
//! matchConditions, `variables`, the first Deny failure wins, Warn failures become warnings,
//! and the API server's messageExpression rules (K8s `apiserver/pkg/admission/plugin/policy/
//! validating/validator.go`: trimmed; empty, over 5 KiB or with a line break falls back to the
//! static `message`). `object` is bound unescaped, with its nulls pruned as the API server prunes
//! them before admission. The quantity functions are Go's (`ParseQuantity`, `AsInt64`, through
//! validgen's mirror), as the API server's `library/quantity.go` calls them; kube-cel's are
//! exact-decimal.
#![allow(dead_code)] // Each test file uses its own subset.

use std::collections::HashMap;
use std::sync::Arc;

use kube_cel::KubeCelExt as _;
use kube_cel::cel::extractors::This;
use kube_cel::cel::objects::Map;
use kube_cel::cel::{Context, ExecutionError, Program, ResolveResult, Value as Cel};
use serde_json::Value;
use validgen_runtime::goregex::GoRegex;
use validgen_runtime::quantity::Quantity;

/// The API server's limit on a messageExpression's result (K8s `apis/cel/config.go`).
const MAX_MESSAGE_BYTES: usize = 5 * 1024;

/// A policy with its binding, compiled.
pub struct Policy {
    /// `metadata.name` (the binding has the same name).
    pub name: String,
    match_conditions: Vec<Program>,
    variables: Vec<(String, Program)>,
    validations: Vec<Validation>,
    /// The binding's `validationActions`.
    pub actions: Vec<String>,
    /// The `validgen.io/rule-set-sha256` annotation.
    pub sha256: String,
}

struct Validation {
    expression: Program,
    text: String,
    message_expression: Option<Program>,
    message: Option<String>,
}

/// What the API server answers for one object.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Outcome {
    /// The first Deny failure: (policy, its message).
    pub denied: Option<(String, String)>,
    /// Warn failures: (policy, message), in policy order.
    pub warnings: Vec<(String, String)>,
}

impl Outcome {
    /// The client's message of a denial, as the API server words it (VAP.md §4).
    pub fn status_message(&self) -> Option<String> {
        self.denied.as_ref().map(|(p, m)| {
            format!("ValidatingAdmissionPolicy '{p}' with binding '{p}' denied request: {m}")
        })
    }
}

fn compile(text: &str) -> Program {
    Program::compile(text).unwrap_or_else(|e| panic!("CEL does not parse: {e:?}\n{text}"))
}

fn str_of(v: &Value, key: &str) -> Option<String> {
    v.get(key).and_then(Value::as_str).map(str::to_owned)
}

/// Compiles the generated documents (each policy followed by its binding).
pub fn load(documents: &[Value]) -> Vec<Policy> {
    documents
        .chunks(2)
        .map(|pair| {
            let (policy, binding) = (&pair[0], &pair[1]);
            assert_eq!(policy["kind"], "ValidatingAdmissionPolicy");
            assert_eq!(binding["kind"], "ValidatingAdmissionPolicyBinding");
            let spec = &policy["spec"];
            let list = |key: &str| spec[key].as_array().cloned().unwrap_or_default();
            Policy {
                name: str_of(&policy["metadata"], "name").expect("a name"),
                sha256: str_of(
                    &policy["metadata"]["annotations"],
                    "validgen.io/rule-set-sha256",
                )
                .unwrap_or_default(),
                match_conditions: list("matchConditions")
                    .iter()
                    .map(|c| compile(c["expression"].as_str().expect("expression")))
                    .collect(),
                variables: list("variables")
                    .iter()
                    .map(|v| {
                        (
                            str_of(v, "name").expect("name"),
                            compile(v["expression"].as_str().expect("expression")),
                        )
                    })
                    .collect(),
                validations: list("validations")
                    .iter()
                    .map(|v| {
                        let text = str_of(v, "expression").expect("expression");
                        Validation {
                            expression: compile(&text),
                            text,
                            message_expression: str_of(v, "messageExpression").map(|m| compile(&m)),
                            message: str_of(v, "message"),
                        }
                    })
                    .collect(),
                actions: binding["spec"]["validationActions"]
                    .as_array()
                    .expect("actions")
                    .iter()
                    .filter_map(|a| a.as_str().map(str::to_owned))
                    .collect(),
            }
        })
        .collect()
}

/// A JSON value as CEL, nulls of objects pruned.
pub fn to_cel(v: &Value) -> Cel {
    match v {
        Value::Null => Cel::Null,
        Value::Bool(b) => Cel::Bool(*b),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => Cel::Int(i),
            (None, Some(u)) => Cel::UInt(u),
            _ => Cel::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => Cel::String(Arc::new(s.clone())),
        Value::Array(items) => Cel::List(Arc::new(items.iter().map(to_cel).collect())),
        Value::Object(m) => {
            let map: HashMap<String, Cel> = m
                .iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k.clone(), to_cel(v)))
                .collect();
            Cel::Map(Map::from(map))
        }
    }
}

/// Which quantity functions the context has.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quantities {
    /// Go's, as the API server (the parity runs).
    Go,
    /// kube-cel's own, exact decimal (to pin its divergence).
    KubeCel,
}

/// The context: kube-cel's library, with the quantity functions `q` and Go's `matches`.
pub fn context(q: Quantities) -> Context<'static> {
    let mut ctx = Context::default();
    ctx.register_all();
    if q == Quantities::Go {
        go_quantity(&mut ctx);
    }
    go_matches(&mut ctx);
    ctx
}

/// `matches` as the API server runs it: Go's `regexp` (RE2 syntax with Go's extensions such as
/// `\Q…\E` and octal escapes), unanchored, through validgen's mirror; cel 0.13 uses the Rust
/// `regex` crate.
pub fn go_matches(ctx: &mut Context<'_>) {
    ctx.add_function(
        "matches",
        |This(s): This<Arc<String>>, pattern: Arc<String>| -> ResolveResult {
            GoRegex::new(&pattern)
                .map(|re| Cel::Bool(re.is_match(&s)))
                .map_err(|e| ExecutionError::function_error("matches", e))
        },
    );
}

/// `quantity`, `isQuantity`, `isInteger`, `asInteger` as the API server runs them: Go's
/// `ParseQuantity`, and `AsInt64` (fails unless the value is held as a small integer). The
/// quantity value is its text.
pub fn go_quantity(ctx: &mut Context<'_>) {
    ctx.add_function("isQuantity", |s: Arc<String>| Quantity::parse(&s).is_ok());
    ctx.add_function("quantity", |s: Arc<String>| -> ResolveResult {
        Quantity::parse(&s)
            .map(|_| Cel::String(s.clone()))
            .map_err(|e| ExecutionError::function_error("quantity", e))
    });
    ctx.add_function("isInteger", |This(s): This<Arc<String>>| {
        Quantity::parse(&s).ok().and_then(|q| q.as_i64()).is_some()
    });
    ctx.add_function("asInteger", |This(s): This<Arc<String>>| -> ResolveResult {
        Quantity::parse(&s)
            .ok()
            .and_then(|q| q.as_i64())
            .map(Cel::Int)
            .ok_or_else(|| {
                ExecutionError::function_error("asInteger", "cannot convert value to integer")
            })
    });
}

/// Runs every policy on `object` (a CREATE of a VirtualMachine, which every policy's
/// matchConstraints select), `failurePolicy: Fail`.
pub fn admit(policies: &[Policy], object: &Value) -> Outcome {
    admit_with(policies, object, Quantities::Go)
}

/// As [`admit`], on some of the policies.
pub fn admit_refs(policies: &[&Policy], object: &Value) -> Outcome {
    run(policies.iter().copied(), object, Quantities::Go)
}

/// As [`admit`], with the quantity functions `q`.
pub fn admit_with(policies: &[Policy], object: &Value, q: Quantities) -> Outcome {
    run(policies.iter(), object, q)
}

fn run<'a>(policies: impl Iterator<Item = &'a Policy>, object: &Value, q: Quantities) -> Outcome {
    let root = context(q);
    let mut ctx = root.new_inner_scope();
    ctx.add_variable_from_value("object", to_cel(object));
    let mut out = Outcome::default();
    for p in policies {
        let failures = evaluate(p, &ctx);
        for message in failures {
            if p.actions.iter().any(|a| a == "Deny") && out.denied.is_none() {
                out.denied = Some((p.name.clone(), message.clone()));
            }
            if p.actions.iter().any(|a| a == "Warn") {
                out.warnings.push((p.name.clone(), message));
            }
        }
    }
    out
}

/// The failure messages of one policy (none when a matchCondition is false).
fn evaluate(p: &Policy, ctx: &Context<'_>) -> Vec<String> {
    for c in &p.match_conditions {
        match c.execute(ctx) {
            Ok(Cel::Bool(true)) => {}
            Ok(Cel::Bool(false)) => return Vec::new(),
            // failurePolicy Fail: an error in a match condition rejects the request.
            other => return vec![format!("matchCondition error: {other:?}")],
        }
    }
    let mut scope = ctx.new_inner_scope();
    let mut variables: HashMap<String, Cel> = HashMap::new();
    for (name, program) in &p.variables {
        scope.add_variable_from_value("variables", Cel::Map(Map::from(variables.clone())));
        match program.execute(&scope) {
            Ok(v) => {
                variables.insert(name.clone(), v);
            }
            Err(e) => return vec![format!("variable {name}: {e}")],
        }
    }
    scope.add_variable_from_value("variables", Cel::Map(Map::from(variables)));
    let mut failures = Vec::new();
    for v in &p.validations {
        match v.expression.execute(&scope) {
            Ok(Cel::Bool(true)) => {}
            Ok(Cel::Bool(false)) => failures.push(message(v, &scope)),
            other => failures.push(format!("expression error: {other:?}")),
        }
    }
    failures
}

/// The message of a failed validation, as `validator.go` chooses it.
fn message(v: &Validation, scope: &Context<'_>) -> String {
    if let Some(m) = &v.message_expression
        && let Ok(Cel::String(s)) = m.execute(scope)
    {
        let s = s.trim();
        if !s.is_empty() && s.len() <= MAX_MESSAGE_BYTES && !s.contains('\n') {
            return s.to_owned();
        }
    }
    v.message
        .clone()
        .unwrap_or_else(|| format!("failed expression: {}", v.text))
}
