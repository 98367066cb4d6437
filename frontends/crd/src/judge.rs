//! A custom resource judged whole, as the API server judges a create or an update
//! (apiextensions-apiserver `customResourceStrategy.Validate`/`ValidateUpdate`, v1.36), in
//! its order: decoding ([`prepare`]: unknown fields pruned, `null`s dropped, defaults applied),
//! `metadata.name`, the structural schema, list uniqueness (on an update, only when the old
//! object passes it), then the CEL rules unless an earlier error blocks them.
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
/// whose CEL rules are `cel`; with `old`, as an update of that stored object.
pub fn judge(
    schema: &Value,
    rules: &RuleSet,
    cel: Option<&CelRules>,
    object: &Value,
    old: Option<&Value>,
) -> Answer {
    let structural = |doc: &Value| {
        evaluate_document(rules, &Plain::new(doc), Explain::Failures).violations
    };
    judge_with(schema, &structural, cel, object, old)
}

/// [`judge`] with the structural schema's violations given by `structural` (on the prepared
/// object, as `evaluate_document` with `Explain::Failures` gives them): what a compiled
/// validator of the schema runs (`include_schemas!`'s `<name>_judge`).
pub fn judge_with(
    schema: &Value,
    structural: &dyn Fn(&Value) -> Vec<Violation>,
    cel: Option<&CelRules>,
    object: &Value,
    old: Option<&Value>,
) -> Answer {
    let (prepared, unknown_fields) = prepare(schema, object);
    let old = old.map(|o| prepare(schema, o).0);
    let mut found: Vec<Found> = metadata_name(&prepared)
        .into_iter()
        .map(|e| Found::at_field(e, ""))
        .collect();
    let violations = structural(&prepared);
    found.extend(errors(&violations, &prepared, schema).into_iter().filter(|f| {
        old.as_ref()
            .is_none_or(|o| !unchanged(schema, &field_path(&prepared, &f.instance), &prepared, o))
    }));
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
