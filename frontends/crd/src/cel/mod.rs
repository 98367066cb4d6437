//! The CEL rules (`x-kubernetes-validations`) of a CRD version's structural schema: compiled
//! once, every compile error located, then evaluated on an object (and, for an update, its old
//! object) as the API server evaluates them (apiextensions-apiserver
//! `pkg/apiserver/schema/cel`): `self` is the value at the rule's node, typed from the schema
//! (`values`: int-or-string, formats, embedded resources, escaped property names); `oldSelf`
//! the correlated old value (a transition rule is skipped without one, unless
//! `optionalOldSelf`); defaults applied first; `message`, `messageExpression`, `reason` and
//! `fieldPath` as written; the API server's cost limits ([`walk`]).
//!
//! The rules are parsed as the API server's environment parses them (module `tree`: optional
//! syntax on) and run in the CEL
//! environment `validgen-cel` shares with the admission-policy evaluator: kube-cel's Kubernetes
//! libraries (lists, sets, strings, regex, URLs, IP/CIDR, quantities, semver, format, math,
//! base64) with Go's quantity, regexp and duration semantics and cel-go's `size` and error
//! texts. Whatever cannot be evaluated (a runtime error, a function the environment lacks, a
//! result that is not a bool, the cost budget spent) is an error of the object, never a pass.

pub mod admit;
mod list_types;
pub mod lower;
mod tree;
mod values;
pub mod walk;

use std::collections::HashMap;

use kube_cel::cel::common::ast::IdedExpr;
use serde_json::Value;

use super::field_error::{FieldError, field_pointer};
use super::structural::prepare;
use tree::{Node, Parsed};
use walk::{At, Failure, Walk};

/// The compiled rules of one schema.
pub struct CelRules {
    compiled: Node,
    /// The schema, for the types, formats and list keys the rules see.
    schema: Value,
    context: kube_cel::cel::Context<'static>,
    count: usize,
    /// The rules that compare (`==`, `!=`) in a schema with `set` or `map` lists, rewritten
    /// to compare as the API server does ([`list_types`]), by the address of their compiled
    /// rule.
    rewritten: HashMap<usize, IdedExpr>,
    /// Compiled code of some rules ([`crate::compiled`]), sorted by pointer and index.
    fast: &'static [crate::compiled::FastRule],
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
#[derive(Debug, Clone, PartialEq)]
pub struct CompileError {
    /// JSON Pointer of the rule in the schema (`/properties/spec/x-kubernetes-validations/0`;
    /// `""` for the schema's total cost).
    pub pointer: String,
    /// The compiler's message.
    pub message: String,
    /// For a rule the API server's CRD validation refuses ([`admit`]: a type error, a cost
    /// over a limit): its field error, the field from `openAPIV3Schema`.
    pub refusal: Option<FieldError>,
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
    /// Every rule (or `messageExpression`) that does not parse, in schema order; once all
    /// parse, every refusal of the API server's CRD validation ([`admit`]: type errors,
    /// estimated costs over the per-rule or per-CRD limit), as it refuses such a CRD.
    pub fn compile(schema: &Value) -> Result<CelRules, Vec<CompileError>> {
        let rules = CelRules::compile_stored(schema)?;
        let refusals: Vec<CompileError> = admit::admit(schema)
            .into_iter()
            .map(|r| CompileError {
                pointer: r.pointer,
                message: r.error.message(),
                refusal: Some(r.error),
            })
            .collect();
        if refusals.is_empty() {
            Ok(rules)
        } else {
            Err(refusals)
        }
    }

    /// The rules of `schema` compiled as the API server serves a CRD it already stores: parsed,
    /// not held again to the type checks and estimated cost limits of a CRD's creation (a CRD
    /// stored before a limit changed keeps working; its rules are still bounded by the runtime
    /// cost budget when they run).
    ///
    /// # Errors
    /// Every rule (or `messageExpression`) that does not parse, in schema order.
    pub fn compile_stored(schema: &Value) -> Result<CelRules, Vec<CompileError>> {
        let compiled = tree::tree(schema);
        let mut errors = Vec::new();
        let mut count = 0;
        visit(&compiled, "", &mut |at, node| {
            for (i, rule) in node.validations.iter().enumerate() {
                count += 1;
                if let Err(e) = rule {
                    errors.push(CompileError {
                        pointer: format!("{at}/x-kubernetes-validations/{i}"),
                        message: e.clone(),
                        refusal: None,
                    });
                }
            }
        });
        if errors.is_empty() {
            let mut rewritten = HashMap::new();
            if list_types::holds_list_types(Some(schema), 0) {
                visit(&compiled, "", &mut |at, node| {
                    for rule in node.validations.iter().flatten() {
                        let e = &rule.expression;
                        if let Some(e) = list_types::rewrite(e, schema, at) {
                            rewritten.insert(address(rule), e);
                        }
                    }
                });
            }
            let mut context = validgen_cel::context(validgen_cel::Quantities::Go);
            let shared = std::sync::Arc::new(schema.clone());
            for name in [list_types::EQUALS, list_types::NOT_EQUALS, list_types::ADD] {
                context.add_function(name, list_types::function(shared.clone(), name));
            }
            Ok(CelRules {
                compiled,
                schema: schema.clone(),
                context,
                count,
                rewritten,
                fast: &[],
            })
        } else {
            Err(errors)
        }
    }

    /// These rules, run by their compiled code `fast` where it can tell (sorted by pointer and
    /// index; see [`crate::compiled`]).
    #[must_use]
    pub fn with_compiled(mut self, fast: &'static [crate::compiled::FastRule]) -> CelRules {
        self.fast = fast;
        self
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
    /// rule, in walk order; rules whose node is absent from the object are not evaluated.
    /// Both objects are first pruned and defaulted as the API server decodes them
    /// ([`prepare`]).
    pub fn validate(&self, object: &Value, old: Option<&Value>) -> Vec<CelViolation> {
        if self.count == 0 {
            return Vec::new();
        }
        let (object, _) = prepare(&self.schema, object);
        let old = old.map(|o| prepare(&self.schema, o).0);
        self.validate_prepared(&object, old.as_ref())
    }

    /// [`CelRules::validate`] of objects already pruned and defaulted ([`prepare`]).
    pub fn validate_prepared(&self, object: &Value, old: Option<&Value>) -> Vec<CelViolation> {
        if self.count == 0 {
            return Vec::new();
        }
        let mut walk = Walk::new(&self.context, &self.rewritten);
        walk.fast = self.fast;
        let root = At {
            schema: &self.schema,
            pointer: "",
            path: "",
        };
        walk.node(&self.compiled, root, object, old, 0);
        walk.failures
            .into_iter()
            .filter(|f| !ratcheted(f, &self.schema, object, old))
            .map(|f| CelViolation {
                instance: field_pointer(&f.error.field),
                error: f.error,
                rule: f.rule,
            })
            .collect()
    }
}

/// The key of a compiled rule in [`CelRules`]'s rewritten rules: its address (the compiled
/// tree is never changed once built).
pub(super) fn address(rule: &Parsed) -> usize {
    std::ptr::from_ref(rule) as usize
}

/// Visits every node of the compiled tree with its JSON Pointer in the schema.
fn visit(node: &Node, at: &str, f: &mut dyn FnMut(&str, &Node)) {
    f(at, node);
    let mut names: Vec<&String> = node.properties.keys().collect();
    names.sort();
    for name in names {
        let token = name.replace('~', "~0").replace('/', "~1");
        visit(
            &node.properties[name],
            &format!("{at}/properties/{token}"),
            f,
        );
    }
    if let Some(items) = &node.items {
        visit(items, &format!("{at}/items"), f);
    }
    if let Some(additional) = &node.additional_properties {
        visit(additional, &format!("{at}/additionalProperties"), f);
    }
    for (key, list) in [
        ("allOf", &node.all_of),
        ("oneOf", &node.one_of),
        ("anyOf", &node.any_of),
    ] {
        for (i, sub) in list.iter().enumerate() {
            visit(sub, &format!("{at}/{key}/{i}"), f);
        }
    }
}

/// Whether an update's error is dropped by ratcheting (the API server's
/// `CRDValidationRatcheting`, on by default since v1.30): a failed rule that is not a
/// transition rule is not enforced where the update leaves the value unchanged. Old and new
/// values are correlated (apiserver `common.CorrelatedObject`) through objects, maps and
/// `x-kubernetes-list-type: map` lists, not through the elements of other lists: an error
/// below such an element ratchets when the whole list is unchanged. Evaluation errors never
/// ratchet (as the recorded cases show).
fn ratcheted(f: &Failure, schema: &Value, seen: &Value, old: Option<&Value>) -> bool {
    let Some(old) = old else { return false };
    // A rule that could not be evaluated is an error whatever the old object was.
    if f.transition || !f.evaluated {
        return false;
    }
    unchanged(schema, &f.node, seen, old)
}

/// Whether the value at the API server's field path `path` is unchanged between `old` and
/// `seen` (both prepared), where they correlate (see [`ratcheted`]); never for `<nil>`.
pub(crate) fn unchanged(schema: &Value, path: &str, seen: &Value, old: &Value) -> bool {
    if path == "<nil>" {
        return false;
    }
    let at = correlated_prefix(schema, path);
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
            // A map's value (`labels[team]`) correlates by its key.
            if let Some(values) = node
                .and_then(|n| n.get("additionalProperties"))
                .filter(|a| a.is_object())
            {
                out.push('[');
                out.push_str(index);
                node = Some(values);
                continue;
            }
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

    /// The error messages of `{"spec": {"list": list, "name": "y"}}` under `rules`.
    fn listed(rules: &CelRules, list: Value) -> Vec<String> {
        rules
            .validate(&json!({"spec": {"list": list, "name": "y"}}), None)
            .iter()
            .map(|v| v.error.message())
            .collect()
    }

    /// 200 strings: 200³ iterations cost far over 1 000 000.
    fn long_list() -> Value {
        (0..200).map(|i| json!(format!("item-{i}"))).collect()
    }

    #[test]
    fn a_rule_over_the_per_call_limit_stops_the_walk_with_the_api_servers_error() {
        let schema = json!({"type": "object", "properties": {"spec": {"type": "object",
            "properties": {"list": {"type": "array", "items": {"type": "string"},
                "x-kubernetes-validations": [
                    {"rule": "self.all(a, self.all(b, self.all(c, c.size() > 0)))"}]},
                "name": {"type": "string", "x-kubernetes-validations": [{"rule": "self == 'x'"}]}}}}});
        // The API server refuses such a CRD today (its estimated cost); one stored before is
        // served, and bounded at run time.
        let rules = CelRules::compile_stored(&schema).expect("compiles");
        let found = listed(&rules, long_list());
        // 200³ iterations cost far over 1 000 000: the rule fails closed and nothing after it runs.
        assert_eq!(
            found,
            [
                "spec.list: Invalid value: \"array\": 'operation cancelled: actual cost limit exceeded': no further validation rules will be run due to call cost exceeds limit for rule: self.all(a, self.all(b, self.all(c, c.size() > 0)))"
            ]
        );
        // A small list is evaluated, and the next rule runs.
        let found = listed(&rules, json!(["a"]));
        assert_eq!(
            found,
            ["spec.name: Invalid value: \"y\": failed rule: self == 'x'"]
        );
    }

    #[test]
    fn a_message_expression_over_the_per_call_limit_stops_the_walk() {
        let schema = json!({"type": "object", "properties": {"spec": {"type": "object",
            "properties": {"list": {"type": "array", "items": {"type": "string"},
                "x-kubernetes-validations": [{"rule": "self.size() < 2",
                    "fieldPath": ".x",
                    "messageExpression": "self.all(a, self.all(b, self.all(c, c.size() > 0))) ? 'long' : 'short'"}]},
                "name": {"type": "string", "x-kubernetes-validations": [{"rule": "self == 'x'"}]}}}}});
        // The API server refuses such a CRD today (its estimated cost); one stored before is
        // served, and bounded at run time.
        let rules = CelRules::compile_stored(&schema).expect("compiles");
        let found = listed(&rules, long_list());
        // As `evalMessageExpression`: an error of the rule's field path (after `fieldPath`),
        // with the node's type, and nothing after it runs.
        assert_eq!(
            found,
            [
                "spec.list.x: Invalid value: \"array\": no further validation rules will be run due to call cost exceeds limit for messageExpression: \"self.all(a, self.all(b, self.all(c, c.size() > 0))) ? 'long' : 'short'\""
            ]
        );
        let found = listed(&rules, json!(["a", "b"]));
        assert_eq!(
            found,
            [
                "spec.list.x: Invalid value: long",
                "spec.name: Invalid value: \"y\": failed rule: self == 'x'"
            ]
        );
    }

    #[test]
    fn names_are_escaped_and_map_values_are_keyed() {
        let schema = json!({"type": "object", "properties": {"spec": {"type": "object",
            "properties": {
                "x-mode": {"type": "string"},
                "labels": {"type": "object", "additionalProperties": {"type": "string",
                    "x-kubernetes-validations": [{"rule": "self.size() <= 3", "message": "too long"}]}}},
            "x-kubernetes-validations": [{"rule": "self.x__dash__mode == 'on'", "message": "must be on"}]}}});
        let rules = CelRules::compile(&schema).expect("compiles");
        let found: Vec<String> = rules
            .validate(
                &json!({"spec": {"x-mode": "off", "labels": {"team": "platform"}}}),
                None,
            )
            .iter()
            .map(|v| v.error.message())
            .collect();
        assert_eq!(
            found,
            [
                "spec: Invalid value: must be on",
                "spec.labels[team]: Invalid value: \"platform\": too long"
            ]
        );
    }

    #[test]
    fn set_and_map_lists_compare_as_the_api_servers_values() {
        let schema = json!({"type": "object", "properties": {"spec": {"type": "object",
            "x-kubernetes-validations": [
                {"rule": "self.tags == oldSelf.tags", "message": "tags"},
                {"rule": "self.ports == oldSelf.ports", "message": "ports"},
                {"rule": "self.plain == oldSelf.plain", "message": "plain"},
                {"rule": "self.tags != ['b', 'a'] || false", "message": "literal right"},
                {"rule": "['a', 'b'] == self.tags", "message": "literal left"},
                {"rule": "self.group == oldSelf.group", "message": "nested"},
                {"rule": "(self.tags + ['a', 'z', 'z']).size() == 3", "message": "union"},
                {"rule": "(self.ports + [oldSelf.ports[0]]).size() == 2", "message": "merge"}],
            "properties": {
                "tags": {"type": "array", "items": {"type": "string"},
                    "x-kubernetes-list-type": "set"},
                "plain": {"type": "array", "items": {"type": "string"}},
                "group": {"type": "object", "properties": {"tags": {"type": "array",
                    "items": {"type": "integer"}, "x-kubernetes-list-type": "set"}}},
                "ports": {"type": "array", "x-kubernetes-list-type": "map",
                    "x-kubernetes-list-map-keys": ["name"],
                    "items": {"type": "object", "properties": {
                        "name": {"type": "string"}, "port": {"type": "integer"}}}}}}}});
        let rules = CelRules::compile(&schema).expect("compiles");
        let failed = |new: Value, old: Value| -> Vec<String> {
            rules
                .validate(&json!({"spec": new}), Some(&json!({"spec": old})))
                .iter()
                .map(|v| v.error.detail.clone())
                .collect()
        };
        // Reordered: the set and the map list are equal, the plain list and a literal on the
        // left (ordered) are not; a set on the left of a literal ignores order.
        assert_eq!(
            failed(
                json!({"tags": ["b", "a"], "plain": ["b", "a"], "group": {"tags": [2, 1]},
                    "ports": [{"name": "y", "port": 2}, {"name": "x", "port": 1}]}),
                json!({"tags": ["a", "b"], "plain": ["a", "b"], "group": {"tags": [1, 2]},
                    "ports": [{"name": "x", "port": 1}, {"name": "y", "port": 2}]}),
            ),
            ["plain", "literal right", "literal left"]
        );
        // A changed value under the same key, and a changed element, are differences.
        assert_eq!(
            failed(
                json!({"tags": ["a", "c"], "plain": ["a", "b"], "group": {"tags": [1, 3]},
                    "ports": [{"name": "x", "port": 1}, {"name": "y", "port": 3}]}),
                json!({"tags": ["a", "b"], "plain": ["a", "b"], "group": {"tags": [1, 2]},
                    "ports": [{"name": "x", "port": 1}, {"name": "y", "port": 2}]}),
            ),
            ["tags", "ports", "literal left", "nested"]
        );
    }
}
