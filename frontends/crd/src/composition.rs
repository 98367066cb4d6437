//! What kube-openapi says about `allOf`, `anyOf` and `oneOf` beyond the outer failure
//! (kube-openapi `pkg/validation/validate/schema_props.go`, as the v1.36 API server runs it):
//!
//! - every branch of an `allOf` is validated and its errors kept; when one fails, the `allOf`
//!   adds `"<field>" must validate all the schemas (allOf)`, followed by `. None validated`
//!   when no branch held;
//! - a failed `anyOf`, or a `oneOf` that no branch satisfies, keeps the errors of its *best*
//!   failing branch: the one whose validation ran the most checks (`Result.MatchCount`, see
//!   [`crate::match_count`]), the first of equals. A `oneOf` with several valid branches keeps
//!   none.
//!
//! The rule set reports a failed `anyOf`/`oneOf` as one violation (its branches are evaluated
//! as one check), so the best branch is validated again here, on the failing value alone.

use std::collections::BTreeMap;

use serde_json::Value;
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::ir::Violation;
use validgen_core::model::Plain;

use super::match_count::match_count;

/// The JSON Schema options of a CRD's structural schema: OpenAPI keywords, formats asserted
/// (kube-openapi asserts them).
pub fn schema_options() -> validgen_json_schema::Options {
    validgen_json_schema::Options {
        openapi: true,
        assert_formats: true,
        ..validgen_json_schema::Options::default()
    }
}

/// The violations of the best failing branch of `v` (a failed `anyOf`, or a `oneOf` no branch
/// satisfies) on `doc`, located in `doc` and in `schema` (the whole structural schema `v`'s
/// keyword points into); empty for any other violation.
pub(crate) fn best_branch(v: &Violation, doc: &Value, schema: &Value) -> Vec<Violation> {
    let none_valid = match v.check {
        "anyOf" => true,
        "oneOf" => v.found.starts_with("0 "),
        _ => false,
    };
    let (Some(branches), Some(value)) = (
        schema.pointer(&v.keyword).and_then(Value::as_array),
        doc.pointer(&v.location),
    ) else {
        return Vec::new();
    };
    if !none_valid {
        return Vec::new();
    }
    let mut best: Option<(usize, usize, Vec<Violation>)> = None;
    for (i, branch) in branches.iter().enumerate() {
        // A branch that does not compile alone cannot have compiled in the whole schema.
        let Ok(compiled) = validgen_json_schema::compile(branch, &schema_options()) else {
            continue;
        };
        let violations =
            evaluate_document(&compiled.rules, &Plain::new(value), Explain::Failures).violations;
        if violations.is_empty() {
            continue;
        }
        let count = match_count(branch, value);
        if best.as_ref().is_none_or(|(_, c, _)| count > *c) {
            best = Some((i, count, violations));
        }
    }
    let Some((i, _, violations)) = best else {
        return Vec::new();
    };
    violations
        .into_iter()
        .map(|inner| Violation {
            location: format!("{}{}", v.location, inner.location),
            keyword: format!("{}/{i}{}", v.keyword, inner.keyword),
            ..inner
        })
        .collect()
}

/// A failed `allOf`: its JSON Pointer in the schema, the JSON Pointer of the value it failed
/// on, how many branches it has and how many of them held.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct AllOfFailure {
    /// The `allOf`'s JSON Pointer in the schema.
    pub keyword: String,
    /// The value's JSON Pointer in the object.
    pub location: String,
    /// Branches, in all.
    pub branches: usize,
    /// Branches that held.
    pub validated: usize,
}

/// The `allOf`s that `violations` (of one validation against `schema`) fail, in order of
/// their first violation: a violation whose keyword lies under `…/allOf/<i>/…` fails branch
/// `i` of that `allOf` at the value the keyword path leads to.
pub(crate) fn failed_all_ofs(violations: &[Violation], schema: &Value) -> Vec<AllOfFailure> {
    // (allOf pointer, value pointer) → failing branches, keyed in first-seen order.
    let mut order: Vec<(String, String)> = Vec::new();
    let mut failing: BTreeMap<(String, String), Vec<usize>> = BTreeMap::new();
    for v in violations {
        for (all_of, location, branch) in all_of_branches(&v.keyword, &v.location) {
            let key = (all_of, location);
            let entry = failing.entry(key.clone()).or_default();
            if entry.is_empty() {
                order.push(key);
            }
            if !entry.contains(&branch) {
                entry.push(branch);
            }
        }
    }
    order
        .into_iter()
        .filter_map(|key| {
            let branches = schema.pointer(&key.0)?.as_array()?.len();
            let failed = failing.get(&key)?.len();
            Some(AllOfFailure {
                keyword: key.0,
                location: key.1,
                branches,
                validated: branches.saturating_sub(failed),
            })
        })
        .collect()
}

/// Each `allOf` branch the schema keyword `keyword` lies in: the `allOf`'s JSON Pointer, the
/// JSON Pointer of the value it applies to (the part of `location` the keyword path walked
/// through: one token per `properties/<name>`, `additionalProperties` or `items`), and the
/// branch index.
fn all_of_branches(keyword: &str, location: &str) -> Vec<(String, String, usize)> {
    let tokens: Vec<&str> = keyword.split('/').skip(1).collect();
    let instance: Vec<&str> = location.split('/').skip(1).collect();
    let mut out = Vec::new();
    let (mut k, mut depth) = (0, 0);
    while k < tokens.len() {
        match tokens[k] {
            "properties" => {
                depth += 1;
                k += 2;
            }
            "additionalProperties" | "items" => {
                depth += 1;
                k += 1;
            }
            "allOf" | "anyOf" | "oneOf" => {
                if tokens[k] == "allOf"
                    && let Some(branch) = tokens.get(k + 1).and_then(|t| t.parse().ok())
                {
                    let pointer: String = tokens[..=k].iter().map(|t| format!("/{t}")).collect();
                    let at: String = instance
                        .iter()
                        .take(depth)
                        .map(|t| format!("/{t}"))
                        .collect();
                    out.push((pointer, at, branch));
                }
                k += 2;
            }
            "not" => k += 1,
            _ => break,
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_all_of_branch_is_found_through_properties_and_items() {
        let found = all_of_branches(
            "/properties/spec/properties/list/items/properties/type/allOf/1/enum",
            "/spec/list/3/type",
        );
        assert_eq!(
            found,
            vec![(
                "/properties/spec/properties/list/items/properties/type/allOf".to_owned(),
                "/spec/list/3/type".to_owned(),
                1
            )]
        );
        // An allOf inside an allOf branch: both, each at its own value.
        let nested = all_of_branches("/allOf/0/properties/a/allOf/2/type", "/a");
        assert_eq!(
            nested,
            vec![
                ("/allOf".to_owned(), String::new(), 0),
                ("/allOf/0/properties/a/allOf".to_owned(), "/a".to_owned(), 2)
            ]
        );
    }
}
