//! A custom resource judged whole, as the API server judges a create or an update
//! (apiextensions-apiserver `customResourceStrategy.Validate`/`ValidateUpdate`, v1.36), in
//! its order: decoding ([`prepare`]: unknown fields pruned, `null`s dropped, defaults applied),
//! the status subresource's `status` kept out, `metadata.name`, the structural schema, the
//! scale subresource's paths, list uniqueness (on an update, only when the old object passes
//! it), then the CEL rules unless an earlier error blocks them.
//!
//! On an update, errors ratchet as the API server's `CRDValidationRatcheting` makes them: a
//! structural or CEL error whose value the update leaves unchanged (correlated through
//! objects, maps and map lists) is dropped; a transition rule's, an evaluation error's and a
//! list uniqueness error never are.

use serde_json::Value;
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::ir::{RuleSet, Violation};
use validgen_core::model::Plain;

use super::cel::{CelRules, unchanged};
use super::field_error::FieldError;
use super::listtype;
use super::structural::{errors, field_path, is_blocking, metadata_name, not_checked, prepare};
use super::subresources::Subresources;

/// The API server's answer for one object.
#[derive(Debug, Clone, PartialEq)]
pub struct Answer {
    /// The unknown fields pruned, as the API server names them (`spec.colour`): warnings, or
    /// with `fieldValidation=Strict` the whole answer.
    pub unknown_fields: Vec<String>,
    /// The errors, in the API server's order of steps.
    pub errors: Vec<Found>,
}

/// An error, where it is.
#[derive(Debug, Clone, PartialEq)]
pub struct Found {
    /// The error, as the API server returns it.
    pub error: FieldError,
    /// JSON Pointer of its keyword or rule in the schema; empty for `metadata.name` and list
    /// uniqueness.
    pub keyword: String,
    /// JSON Pointer of the value whose validation gave it (for `Required value`, the object
    /// missing the field; for an `allOf`/`anyOf`/`oneOf` error, the value it failed on).
    pub instance: String,
}

impl Found {
    /// `error` from the keyword at `keyword`, on the value at `instance`.
    pub fn new(error: FieldError, keyword: &str, instance: &str) -> Found {
        Found {
            error,
            keyword: keyword.to_owned(),
            instance: instance.to_owned(),
        }
    }

    /// An error located at its own field.
    fn at_field(error: FieldError, keyword: &str) -> Found {
        let instance = error.pointer();
        Found {
            error,
            keyword: keyword.to_owned(),
            instance,
        }
    }
}

/// `object` judged against `schema` (a CRD version's `openAPIV3Schema`), whose structural rule
/// set is `rules` (the JSON Schema frontend's, compiled with [`crate::schema_options`]) and
/// whose CEL rules are `cel`; with `old`, as an update of that stored object. For a version
/// without subresources; [`judge_version`] takes them.
pub fn judge(
    schema: &Value,
    rules: &RuleSet,
    cel: Option<&CelRules>,
    object: &Value,
    old: Option<&Value>,
) -> Answer {
    judge_version(schema, rules, cel, &Subresources::default(), object, old)
}

/// [`judge`] for a CRD version with `subresources` ([`Subresources::of`]).
pub fn judge_version(
    schema: &Value,
    rules: &RuleSet,
    cel: Option<&CelRules>,
    subresources: &Subresources,
    object: &Value,
    old: Option<&Value>,
) -> Answer {
    let structural =
        |doc: &Value| evaluate_document(rules, &Plain::new(doc), Explain::Failures).violations;
    judge_with(schema, &structural, cel, subresources, object, old)
}

/// [`judge_version`] with the structural schema's violations given by `structural` (on the
/// prepared object, as `evaluate_document` with `Explain::Failures` gives them): what a
/// compiled validator of the schema runs (`include_schemas!`'s `<name>_judge`).
pub fn judge_with(
    schema: &Value,
    structural: &dyn Fn(&Value) -> Vec<Violation>,
    cel: Option<&CelRules>,
    subresources: &Subresources,
    object: &Value,
    old: Option<&Value>,
) -> Answer {
    let (mut prepared, unknown_fields) = prepare(schema, object);
    let old = old.map(|o| prepare(schema, o).0);
    subresources.prepare(&mut prepared, old.as_ref());
    let mut found: Vec<Found> = metadata_name(&prepared)
        .into_iter()
        .map(|e| Found::at_field(e, ""))
        .collect();
    let violations = structural(&prepared);
    found.extend(
        errors(&violations, &prepared, schema)
            .into_iter()
            .filter(|f| {
                old.as_ref().is_none_or(|o| {
                    !unchanged(schema, &field_path(&prepared, &f.instance), &prepared, o)
                })
            }),
    );
    found.extend(
        subresources
            .validate(&prepared)
            .into_iter()
            .map(|e| Found::at_field(e, "")),
    );
    let old_lists_pass = old
        .as_ref()
        .is_none_or(|o| listtype::validate(schema, o).is_empty());
    if old_lists_pass {
        found.extend(
            listtype::validate(schema, &prepared)
                .into_iter()
                .map(|e| Found::at_field(e, "")),
        );
    }
    if found.iter().any(|f| is_blocking(&f.error)) {
        if cel.is_some_and(|c| !c.is_empty()) {
            found.push(Found::at_field(not_checked(), ""));
        }
    } else if let Some(cel) = cel {
        found.extend(
            cel.validate_prepared(&prepared, old.as_ref())
                .into_iter()
                .map(|v| Found {
                    error: v.error,
                    keyword: v.rule,
                    instance: v.instance,
                }),
        );
    }
    Answer {
        unknown_fields,
        errors: found,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The schema's rule set and CEL rules, served as a stored CRD: these rules are refused
    /// at a CRD's creation (`has(self.a)` under preserved unknown fields, an unbounded
    /// comprehension's estimated cost), so they show what bounds a CRD stored before.
    fn compiled(schema: &Value) -> (RuleSet, CelRules) {
        let rules = validgen_json_schema::compile(schema, &crate::schema_options())
            .expect("compiles")
            .rules;
        (
            rules,
            CelRules::compile_stored(schema).expect("rules compile"),
        )
    }

    /// A value nested `depth` levels in `{"a": …}`.
    fn nested(depth: usize) -> Value {
        let mut v = json!("leaf");
        for _ in 0..depth {
            v = json!({ "a": v });
        }
        v
    }

    #[test]
    fn deep_nesting_is_judged_without_overflowing() {
        // A recursive-looking schema cannot be written in a structural schema, so the depth
        // sits under preserved unknown fields, as real CRDs allow.
        let schema = json!({"type": "object", "properties": {"spec": {"type": "object",
            "x-kubernetes-preserve-unknown-fields": true,
            "x-kubernetes-validations": [{"rule": "has(self.a)"}]}}});
        let (rules, cel) = compiled(&schema);
        let object = json!({"metadata": {"name": "deep"}, "spec": nested(1_000)});
        let answer = judge(&schema, &rules, Some(&cel), &object, None);
        assert!(answer.errors.is_empty(), "{:?}", answer.errors);
        let object = json!({"metadata": {"name": "deep"}, "spec": {"b": nested(1_000)}});
        let answer = judge(&schema, &rules, Some(&cel), &object, None);
        assert_eq!(
            answer
                .errors
                .iter()
                .map(|f| f.error.message())
                .collect::<Vec<_>>(),
            ["spec: Invalid value: failed rule: has(self.a)"]
        );
    }

    #[test]
    fn a_3_mib_object_is_judged_within_the_budget() {
        let schema = json!({"type": "object", "properties": {"spec": {"type": "object",
            "properties": {"items": {"type": "array", "items": {"type": "string"},
                "x-kubernetes-validations": [
                    {"rule": "self.all(x, self.exists(y, y == x))"}]}}}}});
        let (rules, cel) = compiled(&schema);
        let items: Vec<Value> = (0..3_200).map(|i| json!(format!("{i:01024}"))).collect();
        let object = json!({"metadata": {"name": "big"}, "spec": {"items": items}});
        assert!(serde_json::to_vec(&object).expect("json").len() > 3 << 20);
        let answer = judge(&schema, &rules, Some(&cel), &object, None);
        // 10^7 comparisons would be needed: the rule fails closed at the per-call limit.
        let messages: Vec<String> = answer.errors.iter().map(|f| f.error.message()).collect();
        assert_eq!(messages.len(), 1, "{messages:?}");
        assert!(
            messages[0].contains("call cost exceeds limit for rule"),
            "{messages:?}"
        );
    }
}
