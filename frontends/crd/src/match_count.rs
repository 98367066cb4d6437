//! kube-openapi's `Result.MatchCount` of a value against a schema: how it picks the branch of a
//! failed `anyOf`/`oneOf` whose errors it reports (the highest count, the first of equals).
//!
//! The count mirrors `pkg/validation/validate` (`SchemaValidator.Validate` and its eight
//! validators, as the v1.36 API server runs them): each validator that applies to the value's
//! kind adds one, plus what its own result counts; the schema validator adds one at the end.
//! A `null` value counts only the type validator's own result. The validators' results:
//! - type: 1 when the value has the type, else 0 (its error result is a fresh one);
//! - `anyOf`/`oneOf`/`allOf` (always applies): the first valid `anyOf` branch, else its best
//!   failure; the only valid `oneOf` branch, else its best failure when none is valid; every
//!   `allOf` branch; plus one;
//! - number (integer or number values): one;
//! - array items: every item's count, plus one;
//! - object properties: every present property's (or `additionalProperties` schema's) count;
//! - string, format, enum: nothing.

use serde_json::Value;

/// The formats of kube-openapi's `strfmt.Default` registry (`pkg/validation/strfmt`): the
/// format validator applies to a string only for these.
const KNOWN_FORMATS: [&str; 23] = [
    "byte",
    "creditcard",
    "email",
    "hexcolor",
    "hostname",
    "ipv4",
    "ipv6",
    "cidr",
    "isbn",
    "isbn10",
    "isbn13",
    "mac",
    "password",
    "rgbcolor",
    "ssn",
    "uri",
    "uuid",
    "uuid3",
    "uuid4",
    "uuid5",
    "date",
    "datetime",
    "duration",
];

/// Bounds the walk: structural schemas have no references, so only a hostile schema nests
/// this deep.
const MAX_DEPTH: usize = 256;

/// kube-openapi's `MatchCount` of `value` validated against `schema` (a node of a structural
/// schema).
pub fn match_count(schema: &Value, value: &Value) -> usize {
    count(schema, value, 0)
}

fn count(schema: &Value, value: &Value, depth: usize) -> usize {
    if depth > MAX_DEPTH {
        return 0;
    }
    if value.is_null() {
        let nullable = schema.get("nullable") == Some(&Value::Bool(true));
        return usize::from(
            types(schema).is_empty() || nullable || types(schema).contains(&"null"),
        );
    }
    let format = schema.get("format").and_then(Value::as_str).unwrap_or("");
    let mut n = 0;
    if !types(schema).is_empty() || !format.is_empty() {
        n += usize::from(has_type(schema, value)) + 1;
    }
    n += compositions(schema, value, depth) + 1;
    match value {
        Value::String(_) => {
            n += 1;
            let normalized = format.replace(['-', '_'], "").to_ascii_lowercase();
            if KNOWN_FORMATS.contains(&normalized.as_str()) {
                n += 1;
            }
        }
        Value::Number(_) => n += 2,
        Value::Array(items) => {
            if let Some(item) = schema.get("items").filter(|i| i.is_object()) {
                n += items
                    .iter()
                    .map(|v| count(item, v, depth + 1))
                    .sum::<usize>();
            }
            n += 2;
        }
        Value::Object(map) => {
            let properties = schema.get("properties").and_then(Value::as_object);
            let additional = schema.get("additionalProperties").filter(|a| a.is_object());
            for (key, child) in map {
                match properties.and_then(|p| p.get(key)) {
                    Some(sub) => n += count(sub, child, depth + 1),
                    None => {
                        if let Some(sub) = additional {
                            n += count(sub, child, depth + 1);
                        }
                    }
                }
            }
            n += 1;
        }
        Value::Bool(_) | Value::Null => {}
    }
    // The enum validator, then the schema validator's own.
    n + 2
}

/// The schema's `type`, with `x-kubernetes-int-or-string`'s two.
fn types(schema: &Value) -> Vec<&str> {
    if schema.get("x-kubernetes-int-or-string") == Some(&Value::Bool(true)) {
        return vec!["integer", "string"];
    }
    match schema.get("type") {
        Some(Value::String(t)) => vec![t.as_str()],
        Some(Value::Array(list)) => list.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    }
}

/// Whether kube-openapi's type validator accepts `value` (a non-null value): a string or an
/// array with a format passes unless the type is numeric; an integer passes as a `number`.
fn has_type(schema: &Value, value: &Value) -> bool {
    let wanted = types(schema);
    let numeric = wanted.contains(&"number") || wanted.contains(&"integer");
    let has_format = schema
        .get("format")
        .and_then(Value::as_str)
        .is_some_and(|f| !f.is_empty());
    let found = match value {
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
        Value::Bool(_) => "boolean",
        Value::Number(n) if n.is_f64() => "number",
        Value::Number(_) => "integer",
        Value::Null => "null",
    };
    if has_format && !numeric && matches!(value, Value::String(_) | Value::Array(_)) {
        return true;
    }
    wanted.contains(&found)
        || (found == "integer" && wanted.contains(&"number"))
        || (found == "number"
            && wanted.contains(&"integer")
            && value.as_f64().is_some_and(|f| f.fract() == 0.0))
}

/// The count of the `anyOf`, `oneOf` and `allOf` validator's result, without its own one.
fn compositions(schema: &Value, value: &Value, depth: usize) -> usize {
    let branches = |k: &str| -> Vec<(usize, bool)> {
        schema
            .get(k)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .map(|b| (count(b, value, depth + 1), holds(b, value)))
            .collect()
    };
    let mut n = 0;
    let any = branches("anyOf");
    if !any.is_empty() {
        n += match any.iter().find(|(_, ok)| *ok) {
            Some((c, _)) => *c,
            None => best(&any),
        };
    }
    let one = branches("oneOf");
    let valid: Vec<usize> = one.iter().filter(|(_, ok)| *ok).map(|(c, _)| *c).collect();
    n += match valid.as_slice() {
        [only] => *only,
        [] if !one.is_empty() => best(&one),
        _ => 0,
    };
    n + branches("allOf").iter().map(|(c, _)| c).sum::<usize>()
}

/// The highest count, as kube-openapi keeps its best failure.
fn best(branches: &[(usize, bool)]) -> usize {
    branches.iter().map(|(c, _)| *c).max().unwrap_or(0)
}

/// Whether `value` satisfies `branch` (a structural schema node), by the JSON Schema
/// frontend's rule set.
fn holds(branch: &Value, value: &Value) -> bool {
    use validgen_core::interpret::{Explain, evaluate_document};
    use validgen_core::model::Plain;
    validgen_json_schema::compile(branch, &crate::composition::schema_options()).is_ok_and(|c| {
        evaluate_document(&c.rules, &Plain::new(value), Explain::Failures)
            .violations
            .is_empty()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_branch_that_reaches_more_of_the_value_counts_more() {
        let wide = json!({"properties": {"a": {"type": "string"}, "b": {"type": "integer"}}});
        let narrow = json!({"properties": {"a": {"type": "string"}}});
        let value = json!({"a": "x", "b": 1});
        assert!(match_count(&wide, &value) > match_count(&narrow, &value));
        // A wrong type counts less than a right one.
        assert!(
            match_count(&json!({"type": "string"}), &json!("x"))
                > match_count(&json!({"type": "integer"}), &json!("x"))
        );
    }
}
