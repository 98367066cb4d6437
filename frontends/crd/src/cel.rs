//! The CEL rules (`x-kubernetes-validations`) of a CRD version's structural schema: compiled
//! once, every compile error located, then evaluated on an object (and, for an update, its old
//! object) as the API server evaluates them (apiextensions-apiserver
//! `pkg/apiserver/schema/cel`): `self` is the value at the rule's node, typed from the schema
//! (int-or-string, preserve-unknown-fields, embedded resources, list types, escaped property
//! names); `oldSelf` the old value (a transition rule is skipped without one, unless
//! `optionalOldSelf`); defaults applied first; `message`, `messageExpression`, `reason` and
//! `fieldPath` as written.
//!
//! The engine is kube-cel's (`kube_cel::Validator`, with its Kubernetes libraries: lists,
//! sets, strings, regex, URLs, IP/CIDR, quantities, semver, format, math, base64).
//! Whatever it cannot evaluate (a runtime error, a function it lacks, a result that is not a
//! bool) is an error of the object, never a pass.

use std::collections::HashMap;

use kube_cel::{CompilationError, CompiledSchema, ErrorKind, ValidationError, Validator};
use serde_json::Value;

use super::field_error::{ErrorType, FieldError, field_pointer};
use super::prune::prune;
use super::structural::openapi_type;

/// The compiled rules of one schema.
pub struct CelRules {
    compiled: CompiledSchema,
    /// The schema, for the defaults the rules see.
    schema: Value,
    /// Each rule's text → its message (for evaluation errors, which quote it) and the JSON
    /// Pointer of its first occurrence in the schema.
    messages: HashMap<String, (String, String)>,
    validator: Validator,
    count: usize,
}

impl std::fmt::Debug for CelRules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CelRules")
            .field("count", &self.count)
            .finish()
    }
}

/// A failing rule on an object: the API server's field error, where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct CelViolation {
    /// The error, as the API server returns it.
    pub error: FieldError,
    /// JSON Pointer of the field in the object (`/spec/listeners/0`; `""` for the root).
    pub instance: String,
    /// JSON Pointer of the rule in the schema (`/properties/spec/x-kubernetes-validations/0`).
    pub rule: String,
}

/// A rule that does not compile, located.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CompileError {
    /// JSON Pointer of the rule in the schema (`/properties/spec/x-kubernetes-validations/0`).
    pub pointer: String,
    /// The compiler's message.
    pub message: String,
}

impl std::fmt::Display for CompileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.pointer, self.message)
    }
}

impl CelRules {
    /// Compiles every rule of `schema` (a CRD version's `openAPIV3Schema`).
    ///
    /// # Errors
    /// Every rule (or `messageExpression`) that does not compile, in schema order, as the
    /// API server refuses such a CRD.
    pub fn compile(schema: &Value) -> Result<CelRules, Vec<CompileError>> {
        let compiled = kube_cel::compile_schema(schema);
        let mut errors = Vec::new();
        let mut messages = HashMap::new();
        let mut count = 0;
        walk(&compiled, "", &mut |at, node| {
            for (i, rule) in node.validations.iter().enumerate() {
                count += 1;
                match rule {
                    Ok(r) => {
                        let message = r.rule.message.as_deref().map(str::trim).unwrap_or("");
                        let shown = if message.is_empty() {
                            r.rule.rule.trim()
                        } else {
                            message
                        };
                        messages.entry(r.rule.rule.clone()).or_insert_with(|| {
                            (
                                shown.to_owned(),
                                format!("{at}/x-kubernetes-validations/{i}"),
                            )
                        });
                    }
                    Err(e) => errors.push(CompileError {
                        pointer: format!("{at}/x-kubernetes-validations/{i}"),
                        message: compile_message(e),
                    }),
                }
            }
        });
        if errors.is_empty() {
            Ok(CelRules {
                compiled,
                schema: schema.clone(),
                messages,
                validator: Validator::new(),
                count,
            })
        } else {
            Err(errors)
        }
    }

    /// How many rules the schema holds.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether the schema holds no rule.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The field errors of `object` (with `old`, the object it updates): one per failing
    /// rule, in schema order; rules whose node is absent from the object are not evaluated.
    /// Both objects are first pruned as the API server decodes them ([`prune`]).
    pub fn validate(&self, object: &Value, old: Option<&Value>) -> Vec<CelViolation> {
        if self.count == 0 {
            return Vec::new();
        }
        // As the API server decodes the body: unknown fields and nulls pruned.
        let mut object = object.clone();
        prune(&self.schema, &mut object);
        let old = old.map(|o| {
            let mut o = o.clone();
            prune(&self.schema, &mut o);
            o
        });
        match self
            .validator
            .validate_compiled(&self.compiled, &object, old.as_ref())
        {
            Ok(()) => Vec::new(),
            Err(errors) => {
                // The values the rules saw: defaults in.
                let seen = kube_cel::apply_defaults(&self.schema, &object);
                let old_seen = old
                    .as_ref()
                    .map(|o| kube_cel::apply_defaults(&self.schema, o));
                errors
                    .iter()
                    .filter(|e| !ratcheted(e, &self.schema, &seen, old_seen.as_ref()))
                    .map(|e| CelViolation {
                        instance: field_pointer(&e.field_path),
                        error: self.field_error(e, &seen),
                        rule: self
                            .messages
                            .get(&e.rule)
                            .map(|(_, at)| at.clone())
                            .unwrap_or_default(),
                    })
                    .collect()
            }
        }
    }

    /// A kube-cel failure as the API server's field error. A failed rule is `reason`'s type
    /// with the rule's message; its bad value is the value of a scalar node, omitted for an
    /// object or a list. A rule that could not be evaluated is `Invalid value: "<type>": <CEL
    /// error> evaluating rule: <message, else rule>` (fail closed).
    fn field_error(&self, e: &ValidationError, seen: &Value) -> FieldError {
        let field = if e.field_path.is_empty() {
            "<nil>".to_owned()
        } else {
            e.field_path.clone()
        };
        let node = at_path(seen, &e.field_path);
        if e.kind == ErrorKind::ValidationFailure {
            return FieldError {
                error_type: ErrorType::from_reason(e.reason.as_deref()),
                field,
                bad_value: node.filter(|v| !v.is_object() && !v.is_array()).cloned(),
                detail: e.message.clone(),
            };
        }
        let cause = e
            .message
            .strip_prefix("rule evaluation error: ")
            .unwrap_or(&e.message);
        // cel-go's words for the one error cel 0.13 words otherwise.
        let cause = match cause.strip_prefix("No such key: ") {
            Some(key) => format!("no such key: {key}"),
            None => cause.to_owned(),
        };
        let rule = self
            .messages
            .get(&e.rule)
            .map_or(e.rule.as_str(), |(m, _)| m.as_str());
        FieldError {
            error_type: ErrorType::Invalid,
            field,
            bad_value: Some(Value::String(
                node.map_or("object", openapi_type).to_owned(),
            )),
            detail: format!("{cause} evaluating rule: {rule}"),
        }
    }
}

/// Visits every node of the compiled tree with its JSON Pointer in the schema.
fn walk(node: &CompiledSchema, at: &str, visit: &mut dyn FnMut(&str, &CompiledSchema)) {
    visit(at, node);
    let mut names: Vec<&String> = node.properties.keys().collect();
    names.sort();
    for name in names {
        let token = name.replace('~', "~0").replace('/', "~1");
        walk(
            &node.properties[name],
            &format!("{at}/properties/{token}"),
            visit,
        );
    }
    if let Some(items) = &node.items {
        walk(items, &format!("{at}/items"), visit);
    }
    if let Some(additional) = &node.additional_properties {
        walk(additional, &format!("{at}/additionalProperties"), visit);
    }
    for (key, list) in [
        ("allOf", &node.all_of),
        ("oneOf", &node.one_of),
        ("anyOf", &node.any_of),
    ] {
        for (i, sub) in list.iter().enumerate() {
            walk(sub, &format!("{at}/{key}/{i}"), visit);
        }
    }
}

/// A compile error's text: its own, then its cause's.
fn compile_message(e: &CompilationError) -> String {
    let mut text = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(cause) = source {
        let more = cause.to_string();
        if !text.contains(&more) {
            text.push_str(": ");
            text.push_str(more.lines().next().unwrap_or_default());
        }
        source = cause.source();
    }
    text
}

/// Whether an update's error is dropped by ratcheting (the API server's
/// `CRDValidationRatcheting`, on by default since v1.30): a failed rule that is not a
/// transition rule is not enforced where the update leaves the value unchanged. Old and new
/// values are correlated (apiserver `common.CorrelatedObject`) through objects, maps and
/// `x-kubernetes-list-type: map` lists, not through the elements of other lists: an error
/// below such an element ratchets when the whole list is unchanged. Evaluation errors never
/// ratchet (as the recorded cases show).
fn ratcheted(e: &ValidationError, schema: &Value, seen: &Value, old: Option<&Value>) -> bool {
    let Some(old) = old else { return false };
    // A rule that could not be evaluated is an error whatever the old object was.
    if e.rule.contains("oldSelf") || e.kind != ErrorKind::ValidationFailure {
        return false;
    }
    let at = correlated_prefix(schema, &e.field_path);
    match (at_path(seen, &at), at_path(old, &at)) {
        (Some(new), Some(before)) => new == before,
        _ => false,
    }
}

/// The longest prefix of `path` whose old and new values are correlated in `schema`: `path`
/// itself, or the first list on the way that is not a map list.
fn correlated_prefix(schema: &Value, path: &str) -> String {
    let mut node = Some(schema);
    let mut out = String::new();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let (name, indices) = part.split_once('[').unwrap_or((part, ""));
        if !name.is_empty() {
            node = node.and_then(|n| {
                n.pointer(&format!(
                    "/properties/{}",
                    name.replace('~', "~0").replace('/', "~1")
                ))
                .or_else(|| n.get("additionalProperties").filter(|a| a.is_object()))
            });
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(name);
        }
        for index in indices.split('[').filter(|i| !i.is_empty()) {
            let map_list = node
                .and_then(|n| n.get("x-kubernetes-list-type"))
                .and_then(Value::as_str)
                == Some("map");
            if !map_list {
                return out;
            }
            out.push('[');
            out.push_str(index);
            node = node.and_then(|n| n.get("items"));
        }
    }
    out
}

/// The value at the API server's field path `path` (`spec.listeners[0].tls`) of `v`.
fn at_path<'v>(v: &'v Value, path: &str) -> Option<&'v Value> {
    v.pointer(&field_pointer(path))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn schema() -> Value {
        json!({"type": "object", "properties": {"spec": {
            "type": "object",
            "x-kubernetes-validations": [
                {"rule": "self.min <= self.max", "message": "min must not exceed max"},
                {"rule": "!has(self.legacy)", "reason": "FieldValueForbidden", "message": "legacy is gone", "fieldPath": ".legacy"},
                {"rule": "self.max == oldSelf.max", "message": "max is immutable"}
            ],
            "properties": {
                "min": {"type": "integer"}, "max": {"type": "integer", "default": 10},
                "legacy": {"type": "string"},
                "name": {"type": "string", "x-kubernetes-validations": [{"rule": "self.startsWith('x-')"}]}
            }
        }}})
    }

    #[test]
    fn failing_rules_are_field_errors_in_the_api_servers_words() {
        let rules = CelRules::compile(&schema()).expect("compiles");
        assert_eq!(rules.len(), 4);
        let object = json!({"spec": {"min": 20, "legacy": "y", "name": "z"}});
        let violations = rules.validate(&object, None);
        let found: Vec<String> = violations.iter().map(|v| v.error.message()).collect();
        let at: Vec<(&str, &str)> = violations
            .iter()
            .map(|v| (v.instance.as_str(), v.rule.as_str()))
            .collect();
        assert_eq!(
            at,
            [
                ("/spec", "/properties/spec/x-kubernetes-validations/0"),
                (
                    "/spec/legacy",
                    "/properties/spec/x-kubernetes-validations/1"
                ),
                (
                    "/spec/name",
                    "/properties/spec/properties/name/x-kubernetes-validations/0"
                ),
            ]
        );
        // The default `max: 10` is in before the rules run; the transition rule is skipped on
        // create.
        assert_eq!(
            found,
            [
                "spec: Invalid value: min must not exceed max",
                "spec.legacy: Forbidden: legacy is gone",
                "spec.name: Invalid value: \"z\": failed rule: self.startsWith('x-')",
            ]
        );
        assert_eq!(
            rules.validate(&json!({"spec": {"min": 1, "name": "x-a"}}), None),
            []
        );
    }

    #[test]
    fn transition_rules_run_on_updates() {
        let rules = CelRules::compile(&schema()).expect("compiles");
        let old = json!({"spec": {"min": 1, "max": 5}});
        let new = json!({"spec": {"min": 1, "max": 6}});
        let found: Vec<String> = rules
            .validate(&new, Some(&old))
            .iter()
            .map(|v| v.error.message())
            .collect();
        assert_eq!(found, ["spec: Invalid value: max is immutable"]);
    }

    #[test]
    fn rules_that_do_not_compile_are_located() {
        let bad = json!({"type": "object", "properties": {"spec": {"type": "object",
            "x-kubernetes-validations": [{"rule": "self.a ==="}]}}});
        let errors = CelRules::compile(&bad).expect_err("a syntax error");
        assert_eq!(errors.len(), 1);
        assert_eq!(
            errors[0].pointer,
            "/properties/spec/x-kubernetes-validations/0"
        );
        assert!(!errors[0].message.is_empty());
    }
}
