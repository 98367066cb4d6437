//! The API server's walk of a CRD version's CEL rules over an object (apiextensions-apiserver
//! `pkg/apiserver/schema/cel/validation.go`, `Validator.validate`, v1.36): at each node that is
//! not `null`, its rules in order, then its `allOf` branches, then its list items or object
//! properties (map values under `[key]`). `oldSelf` is the old value where it correlates:
//! through object properties and map values, and through list items only in
//! `x-kubernetes-list-type: map` lists, by their keys; a transition rule without one is
//! skipped, unless `optionalOldSelf` (then `oldSelf` is an optional, `optional.none()` on a
//! create).
//!
//! Every rule is charged its cost ([`validgen_cel::Budget`]: an upper bound of cel-go's)
//! before it runs, and so is a failed rule's `messageExpression`: at most [`PER_CALL_LIMIT`]
//! per rule or message, [`RUNTIME_BUDGET`] for the object; past either, the walk stops with
//! the API server's error, as the API server does.

use std::collections::HashMap;
use std::sync::Arc;

use kube_cel::cel::common::ast::IdedExpr;
use kube_cel::cel::objects::OptionalValue;
use kube_cel::cel::{Context, Value as Cel};
use serde_json::Value;
use validgen_cel::Budget;
use validgen_gotext::strconv::quote;

use super::tree::{Node, Parsed};
use super::values::to_cel;
use crate::field_error::{ErrorType, FieldError};

/// The API server's cost limit for one rule evaluation (apiserver `pkg/apis/cel/config.go`
/// `PerCallLimit`).
pub const PER_CALL_LIMIT: u64 = 1_000_000;

/// The API server's cost budget for all the rules of one object (apiextensions-apiserver
/// `RuntimeCELCostBudget`).
pub const RUNTIME_BUDGET: u64 = 10_000_000;

/// The longest `messageExpression` result the API server shows (`celconfig.
/// MaxEvaluatedMessageExpressionSizeBytes`); a longer one falls back to the static message.
const MAX_MESSAGE_BYTES: usize = 5 * 1024;

/// Bounds the walk (the API server refuses objects this deep long before).
const MAX_DEPTH: usize = 512;

/// A rule that failed, or could not be evaluated, on one node.
#[derive(Debug, Clone)]
pub(super) struct Failure {
    /// The API server's field error.
    pub error: FieldError,
    /// The node's field path (before the rule's `fieldPath`), where ratcheting looks.
    pub node: String,
    /// JSON Pointer of the rule in the schema.
    pub rule: String,
    /// Whether the rule reads `oldSelf` (a transition rule never ratchets).
    pub transition: bool,
    /// Whether the rule ran and said false (an evaluation error never ratchets).
    pub evaluated: bool,
}

/// One walk over an object: the context, the budget left, the failures found.
pub(super) struct Walk<'a> {
    ctx: &'a Context<'static>,
    /// The rules rewritten for list types, by [`super::address`].
    rewritten: &'a HashMap<usize, IdedExpr>,
    /// The rules compiled into Rust ([`crate::compiled`]), tried before the interpreter.
    pub fast: &'a [crate::compiled::FastRule],
    remaining: u64,
    stopped: bool,
    /// The failures, in walk order.
    pub failures: Vec<Failure>,
}

/// Where a node is: in the schema (a JSON Pointer) and in the object (a field path).
#[derive(Clone, Copy)]
pub(super) struct At<'p> {
    pub schema: &'p Value,
    pub pointer: &'p str,
    pub path: &'p str,
}

impl<'a> Walk<'a> {
    /// A walk with the whole [`RUNTIME_BUDGET`].
    pub fn new(ctx: &'a Context<'static>, rewritten: &'a HashMap<usize, IdedExpr>) -> Walk<'a> {
        Walk {
            ctx,
            rewritten,
            fast: &[],
            remaining: RUNTIME_BUDGET,
            stopped: false,
            failures: Vec::new(),
        }
    }

    /// Evaluates the rules of `compiled` (at `at`) and below on `value`, with `old` the
    /// correlated old value.
    pub fn node(
        &mut self,
        compiled: &Node,
        at: At<'_>,
        value: &Value,
        old: Option<&Value>,
        depth: usize,
    ) {
        if self.stopped || value.is_null() || depth > MAX_DEPTH {
            return;
        }
        if !compiled.validations.is_empty() {
            self.rules(compiled, at, value, old);
        }
        for (i, branch) in compiled.all_of.iter().enumerate() {
            let pointer = format!("{}/allOf/{i}", at.pointer);
            let Some(schema) = at.schema.get("allOf").and_then(|b| b.get(i)) else {
                continue;
            };
            let here = At {
                schema,
                pointer: &pointer,
                path: at.path,
            };
            self.node(branch, here, value, old, depth + 1);
        }
        match value {
            Value::Array(items) => self.items(compiled, at, items, old, depth),
            Value::Object(map) => self.properties(compiled, at, map, old, depth),
            _ => {}
        }
    }

    fn items(
        &mut self,
        compiled: &Node,
        at: At<'_>,
        items: &[Value],
        old: Option<&Value>,
        depth: usize,
    ) {
        let (Some(sub), Some(schema)) = (&compiled.items, at.schema.get("items")) else {
            return;
        };
        let pointer = format!("{}/items", at.pointer);
        let keys: Option<Vec<&str>> = (at.schema.get("x-kubernetes-list-type")
            == Some(&Value::String("map".to_owned())))
        .then(|| {
            at.schema
                .get("x-kubernetes-list-map-keys")
                .and_then(Value::as_array)
                .map(|k| k.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default()
        });
        let old_items = old.and_then(Value::as_array);
        for (i, item) in items.iter().enumerate() {
            let path = format!("{}[{i}]", at.path);
            let old_item = keys.as_ref().and_then(|keys| {
                old_items?
                    .iter()
                    .find(|o| keys.iter().all(|k| o.get(k) == item.get(k)))
            });
            let here = At {
                schema,
                pointer: &pointer,
                path: &path,
            };
            self.node(sub, here, item, old_item, depth + 1);
        }
    }

    fn properties(
        &mut self,
        compiled: &Node,
        at: At<'_>,
        map: &serde_json::Map<String, Value>,
        old: Option<&Value>,
        depth: usize,
    ) {
        // Maps of `x-kubernetes-map-type` granular (the default) or atomic correlate.
        let correlatable = matches!(
            at.schema
                .get("x-kubernetes-map-type")
                .and_then(Value::as_str),
            None | Some("granular" | "atomic")
        );
        let old_of = |k: &str| old.filter(|_| correlatable).and_then(|o| o.get(k));
        if let (Some(sub), Some(schema)) = (
            &compiled.additional_properties,
            at.schema.get("additionalProperties"),
        ) {
            let pointer = format!("{}/additionalProperties", at.pointer);
            for (k, v) in map {
                let path = format!("{}[{k}]", at.path);
                let here = At {
                    schema,
                    pointer: &pointer,
                    path: &path,
                };
                self.node(sub, here, v, old_of(k), depth + 1);
            }
        }
        for (k, v) in map {
            let (Some(sub), Some(schema)) = (
                compiled.properties.get(k),
                at.schema.get("properties").and_then(|p| p.get(k)),
            ) else {
                continue;
            };
            let token = k.replace('~', "~0").replace('/', "~1");
            let pointer = format!("{}/properties/{token}", at.pointer);
            let path = if at.path.is_empty() {
                k.clone()
            } else {
                format!("{}.{k}", at.path)
            };
            let here = At {
                schema,
                pointer: &pointer,
                path: &path,
            };
            self.node(sub, here, v, old_of(k), depth + 1);
        }
    }

    /// The rules of one node, in order (`validateExpressions`).
    fn rules(&mut self, compiled: &Node, at: At<'_>, value: &Value, old: Option<&Value>) {
        // Converted when a rule needs them: a compiled rule that holds reads the JSON itself.
        let this = std::cell::LazyCell::new(|| to_cel(value, at.schema));
        let before = std::cell::LazyCell::new(|| old.map(|o| to_cel(o, at.schema)));
        let node_type = at.schema.get("type").and_then(Value::as_str).unwrap_or("");
        let ctx = self.ctx;
        for (i, rule) in compiled.validations.iter().enumerate() {
            // A rule that does not compile refused the CRD (`CelRules::compile`).
            let Ok(rule) = rule else { continue };
            let optional = rule.rule.optional_old_self == Some(true);
            if rule.is_transition_rule && old.is_none() && !optional {
                continue;
            }
            let fast = self.compiled(at.pointer, i, value);
            if fast == Some(true) {
                continue;
            }
            let mut scope = ctx.new_inner_scope();
            scope.add_variable_from_value("self", (*this).clone());
            // With `optionalOldSelf`, `oldSelf` is `optional.of(old)` or `optional.none()`.
            match (&*before, optional) {
                (Some(o), false) => scope.add_variable_from_value("oldSelf", o.clone()),
                (o, true) => {
                    let value = o
                        .clone()
                        .map_or_else(OptionalValue::none, OptionalValue::of);
                    scope.add_variable_from_value("oldSelf", Cel::Opaque(Arc::new(value)));
                }
                (None, false) => {}
            }
            let failure = |error: FieldError, evaluated: bool| Failure {
                error,
                node: at.path.to_owned(),
                rule: format!("{}/x-kubernetes-validations/{i}", at.pointer),
                transition: rule.is_transition_rule,
                evaluated,
            };
            let invalid = |detail: String| FieldError {
                error_type: ErrorType::Invalid,
                field: nil_or(at.path),
                bad_value: Some(Value::String(node_type.to_owned())),
                detail,
            };
            let shown = rule_error_string(rule);
            let result = match fast {
                Some(held) => Ok(Cel::Bool(held)),
                None => {
                    if let Err(detail) = self.charge(&rule.expression, &scope, &shown) {
                        self.failures.push(failure(invalid(detail), false));
                        self.stopped = true;
                        return;
                    }
                    let expression = self
                        .rewritten
                        .get(&super::address(rule))
                        .unwrap_or(&rule.expression);
                    validgen_cel::execute_expression(expression, &scope)
                }
            };
            match result {
                Ok(Cel::Bool(true)) => {}
                Ok(Cel::Bool(false)) => {
                    let field = match rule.rule.field_path.as_deref() {
                        Some(fp) => join(at.path, fp.trim_start_matches('.')),
                        None => at.path.to_owned(),
                    };
                    let detail = match self.message(rule, &scope) {
                        Ok(detail) => detail,
                        Err(detail) => {
                            let error = FieldError {
                                field: nil_or(&field),
                                ..invalid(detail)
                            };
                            self.failures.push(failure(error, true));
                            self.stopped = true;
                            return;
                        }
                    };
                    let error = FieldError {
                        error_type: ErrorType::from_reason(rule.rule.reason.as_deref()),
                        field: nil_or(&field),
                        bad_value: (!matches!(node_type, "object" | "array"))
                            .then(|| value.clone()),
                        detail,
                    };
                    self.failures.push(failure(error, true));
                }
                Ok(other) => {
                    let detail = format!(
                        "rule did not evaluate to a bool but to {} evaluating rule: {shown}",
                        type_name(&other)
                    );
                    self.failures.push(failure(invalid(detail), false));
                }
                Err(e) => {
                    let text = validgen_cel::error_text(&e);
                    let detail = if text.starts_with("no such overload") {
                        format!(
                            "'{text}': call arguments did not match a supported operator, function or macro signature for rule: {shown}"
                        )
                    } else {
                        format!("{text} evaluating rule: {shown}")
                    };
                    self.failures.push(failure(invalid(detail), false));
                }
            }
        }
    }

    /// The verdict of rule `index` of the node at `pointer` by its compiled code, its cost
    /// charged as [`Walk::charge`] charges it; `None` when it has none, cannot tell (an error,
    /// a value of another shape) or would exceed a limit: the interpreter then runs it.
    fn compiled(&mut self, pointer: &str, index: usize, value: &Value) -> Option<bool> {
        let at = self
            .fast
            .binary_search_by(|r| (r.0, r.1).cmp(&(pointer, index)))
            .ok()?;
        let (held, cost) = (self.fast[at].2)(value)?;
        if cost > PER_CALL_LIMIT.min(self.remaining) {
            return None;
        }
        self.remaining -= cost;
        Some(held)
    }

    /// Charges the cost of `e` against the per-rule limit and the budget left.
    ///
    /// # Errors
    /// The API server's detail when either is exceeded (the walk then stops).
    fn charge(
        &mut self,
        e: &kube_cel::cel::IdedExpr,
        scope: &Context<'_>,
        shown: &str,
    ) -> Result<(), String> {
        let limit = PER_CALL_LIMIT.min(self.remaining);
        let mut budget = Budget::new(limit);
        let charged = budget.charge(e, scope);
        self.remaining = self.remaining.saturating_sub(budget.spent());
        match charged {
            Ok(()) => Ok(()),
            Err(_) if limit == PER_CALL_LIMIT => Err(format!(
                "'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: {shown}"
            )),
            Err(_) => Err(
                "validation failed due to running out of cost budget, no further validation rules will be run"
                    .to_owned(),
            ),
        }
    }

    /// The detail of a rule that said false: its `messageExpression`'s result when that is a
    /// non-empty line of at most 5 KiB (trimmed), else `message`, else `failed rule: <rule>`
    /// (`evalMessageExpression`).
    ///
    /// # Errors
    /// The API server's detail when the `messageExpression` exceeds the budget left or the
    /// per-call limit: the walk then stops.
    fn message(&mut self, rule: &Parsed, scope: &Context<'_>) -> Result<String, String> {
        if let Some(program) = &rule.message {
            let limit = PER_CALL_LIMIT.min(self.remaining);
            let mut budget = Budget::new(limit);
            let charged = budget.charge(program, scope);
            self.remaining = self.remaining.saturating_sub(budget.spent());
            if charged.is_err() {
                let source = rule.rule.message_expression.as_deref().unwrap_or_default();
                return Err(if limit == PER_CALL_LIMIT {
                    format!(
                        "no further validation rules will be run due to call cost exceeds limit for messageExpression: {}",
                        quote(source)
                    )
                } else {
                    "messageExpression evaluation failed due to running out of cost budget, no further validation rules will be run".to_owned()
                });
            }
            if let Ok(Cel::String(s)) = validgen_cel::execute_expression(program, scope) {
                let trimmed = s.trim();
                if !trimmed.is_empty()
                    && !trimmed.contains('\n')
                    && trimmed.len() <= MAX_MESSAGE_BYTES
                {
                    return Ok(trimmed.to_owned());
                }
            }
        }
        Ok(match rule.rule.message.as_deref().map(str::trim) {
            Some(m) if !m.is_empty() => m.to_owned(),
            _ => format!("failed rule: {}", rule.rule.rule.trim()),
        })
    }
}

/// How the API server names a rule in its errors (`ruleErrorString`): its message, else the
/// rule, trimmed.
fn rule_error_string(rule: &Parsed) -> String {
    match rule.rule.message.as_deref().map(str::trim) {
        Some(m) if !m.is_empty() => m.to_owned(),
        _ => rule.rule.rule.trim().to_owned(),
    }
}

/// `child` below the field path `path`.
fn join(path: &str, child: &str) -> String {
    match (path.is_empty(), child.starts_with('[')) {
        (true, _) => child.to_owned(),
        (false, true) => format!("{path}{child}"),
        (false, false) => format!("{path}.{child}"),
    }
}

/// The root's field path as the API server prints it.
fn nil_or(path: &str) -> String {
    if path.is_empty() {
        "<nil>".to_owned()
    } else {
        path.to_owned()
    }
}

/// A CEL value's type name, as cel-go names it.
fn type_name(v: &Cel) -> &'static str {
    match v {
        Cel::Int(_) => "int",
        Cel::UInt(_) => "uint",
        Cel::Float(_) => "double",
        Cel::String(_) => "string",
        Cel::Bytes(_) => "bytes",
        Cel::List(_) => "list",
        Cel::Map(_) => "map",
        Cel::Null => "null_type",
        Cel::Timestamp(_) => "google.protobuf.Timestamp",
        Cel::Duration(_) => "google.protobuf.Duration",
        _ => "dyn",
    }
}
