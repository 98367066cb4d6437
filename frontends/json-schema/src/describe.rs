//! Violations in words, as JSON Schema users read them: the schema author's `errorMessage`
//! where there is one, else a default text in the style of the `jsonschema` crate
//! (`70000 is greater than the maximum of 65535`, `"name" is a required property`).
//! The text is built from the violation's keyword location (the keyword's value is read from
//! the schema) and instance location (the value is read from the document).

use std::collections::BTreeMap;

use serde_json::Value;

use validgen_core::interpret::DocumentReport;
use validgen_core::ir::Violation;
use validgen_core::model::{Instance, Tape};

use crate::error::split_location;

/// The last token of a JSON Pointer, unescaped (RFC 6901 §4).
fn last_key(pointer: &str) -> String {
    let key = pointer.rsplit('/').next().unwrap_or_default();
    key.replace("~1", "/").replace("~0", "~")
}

/// At most this many characters of a value are quoted.
const QUOTE_MAX: usize = 80;

/// The text of violation `v` of document `doc` against `schema` (the schema the validator
/// was compiled from).
pub fn describe(v: &Violation, doc: &Value, schema: &Value) -> String {
    describe_in(v, doc, schema, &BTreeMap::new())
}

/// [`describe`] for a schema whose `$ref`s read other documents of the registry
/// ([`crate::CompiledSchema::documents`]): a keyword location `<url>#<pointer>` is read in the
/// document of that URL.
pub fn describe_in(
    v: &Violation,
    doc: &Value,
    schema: &Value,
    documents: &BTreeMap<String, Value>,
) -> String {
    describe_value(v, doc.pointer(&v.location), schema, documents)
}

/// Gives every violation of `report`, found in the document read into `tape`, its text
/// ([`describe`]) as its `message`, where it has none: the bytes path's report, whose user
/// holds no `serde_json::Value` to describe it with.
pub fn with_messages(report: &mut DocumentReport, tape: &Tape<'_>, schema: &Value) {
    for v in &mut report.violations {
        if v.message.is_none() {
            let text = describe_value(v, tape.value_at(&v.location), schema, &BTreeMap::new());
            v.message = Some(text);
        }
    }
}

/// The text of violation `v`, whose value (at its location) is `value`; keyword locations
/// `<url>#<pointer>` are read in `documents`.
fn describe_value<'a>(
    v: &Violation,
    value: Option<impl Instance<'a>>,
    schema: &Value,
    documents: &BTreeMap<String, Value>,
) -> String {
    if let Some(text) = &v.message {
        return text.clone();
    }
    let shown = value.map_or_else(|| "the value".to_owned(), quote);
    let keyword_value = match split_location(&v.keyword) {
        (Some(url), pointer) => documents.get(url).and_then(|d| d.pointer(pointer)),
        (None, pointer) => schema.pointer(pointer),
    };
    let limit = keyword_value.map(Value::to_string).unwrap_or_default();
    match v.check {
        "type" => {
            let names: Vec<String> = match keyword_value {
                Some(Value::Array(list)) => list.iter().map(Value::to_string).collect(),
                Some(other) => vec![other.to_string()],
                None => vec![format!("\"{}\"", v.expected)],
            };
            if names.len() == 1 {
                format!("{shown} is not of type {}", names[0])
            } else {
                format!("{shown} is not of types {}", names.join(", "))
            }
        }
        "required" => {
            let missing: Vec<String> = required_keys(keyword_value)
                .into_iter()
                .filter(|k| value.is_some_and(|o| o.get(k).is_none()))
                .map(|k| format!("{} is a required property", Value::String(k)))
                .collect();
            if missing.is_empty() {
                format!("a required property is missing: {}", v.found)
            } else {
                missing.join("; ")
            }
        }
        "false" if v.keyword.ends_with("/additionalProperties") => format!(
            "Additional properties are not allowed ('{}' was unexpected)",
            last_key(&v.location)
        ),
        "false" if v.keyword.ends_with("/unevaluatedProperties") => format!(
            "Unevaluated properties are not allowed ('{}' was unexpected)",
            last_key(&v.location)
        ),
        "false" if v.keyword.ends_with("/unevaluatedItems") => {
            format!("Unevaluated items are not allowed ({shown} was unexpected)")
        }
        "false" => format!("False schema does not allow {shown}"),
        "enum" => format!("{shown} is not one of {limit}"),
        "const" => format!("{limit} was expected"),
        "minimum" => format!("{shown} is less than the minimum of {limit}"),
        "maximum" => format!("{shown} is greater than the maximum of {limit}"),
        "exclusiveMinimum" => {
            format!("{shown} is less than or equal to the minimum of {limit}")
        }
        "exclusiveMaximum" => {
            format!("{shown} is greater than or equal to the maximum of {limit}")
        }
        "minLength" => format!("{shown} is shorter than {limit} characters"),
        "maxLength" => format!("{shown} is longer than {limit} characters"),
        "minItems" => format!("{shown} has less than {limit} items"),
        "maxItems" => format!("{shown} has more than {limit} items"),
        "minProperties" => format!("{shown} has less than {limit} properties"),
        "maxProperties" => format!("{shown} has more than {limit} properties"),
        "uniqueItems" => format!("{shown} has non-unique elements"),
        "pattern" => format!("{shown} does not match {limit}"),
        "backtrackLimit" => format!("{}; expected {}", v.found, v.expected),
        "multipleOf" => format!("{shown} is not a multiple of {limit}"),
        "format" => format!("{shown} is not a {limit}"),
        "anyOf" => {
            format!("{shown} is not valid under any of the schemas listed in the 'anyOf' keyword")
        }
        "oneOf" if v.found.starts_with("0 ") => {
            format!("{shown} is not valid under any of the schemas listed in the 'oneOf' keyword")
        }
        "oneOf" => format!(
            "{shown} is valid under more than one of the schemas listed in the 'oneOf' keyword"
        ),
        "not" => format!("{shown} should not be valid under {limit}"),
        "contains" => format!("None of {shown} are valid under the given schema"),
        "minContains" | "maxContains" => format!(
            "{shown} has {} items valid under the `contains` schema, {} expected",
            v.found, v.expected
        ),
        _ => format!("{}: expected {}, found {}", v.check, v.expected, v.found),
    }
}

/// The keys of a `required` keyword's value.
fn required_keys(keyword_value: Option<&Value>) -> Vec<String> {
    keyword_value
        .and_then(Value::as_array)
        .map(|list| {
            list.iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

/// A value as JSON, cut to [`QUOTE_MAX`] characters (written only as far as the cut).
fn quote<'a>(v: impl Instance<'a>) -> String {
    validgen_core::checks::document::quote_value(&v.to_value(), QUOTE_MAX)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::describe;
    use crate::{Options, compile};
    use validgen_core::interpret::{Explain, evaluate_document};
    use validgen_core::model::Plain;

    fn texts(schema: &serde_json::Value, doc: &serde_json::Value) -> Vec<String> {
        let compiled = compile(schema, &Options::default()).expect("compiles");
        let report = evaluate_document(&compiled.rules, &Plain::new(doc), Explain::Failures);
        report
            .violations
            .iter()
            .map(|v| format!("{}: {}", v.location, describe(v, doc, schema)))
            .collect()
    }

    #[test]
    fn defaults_read_like_the_jsonschema_crate() {
        let schema = json!({
            "type": "object",
            "required": ["name", "port"],
            "additionalProperties": false,
            "properties": {
                "name": {"type": "string", "maxLength": 3, "pattern": "^[a-z]+$"},
                "port": {"type": "integer", "maximum": 65535},
                "tags": {"type": "array", "uniqueItems": true, "items": {"enum": ["a", "b"]}},
                "mode": {"const": "fast"}
            }
        });
        // In schema order: `type`, `required`, `additionalProperties`, `properties`.
        let doc = json!({"name": "Abcd", "tags": ["a", "c", "a"], "mode": "slow", "x": 1});
        assert_eq!(
            texts(&schema, &doc),
            [
                ": \"port\" is a required property",
                "/x: Additional properties are not allowed ('x' was unexpected)",
                "/name: \"Abcd\" is longer than 3 characters",
                "/name: \"Abcd\" does not match \"^[a-z]+$\"",
                "/tags: [\"a\",\"c\",\"a\"] has non-unique elements",
                "/tags/1: \"c\" is not one of [\"a\",\"b\"]",
                "/mode: \"fast\" was expected",
            ]
        );
        assert_eq!(
            texts(&schema, &json!({"name": "ab", "port": 70000})),
            ["/port: 70000 is greater than the maximum of 65535"]
        );
    }

    #[test]
    fn unevaluated_properties_and_items_are_named() {
        let schema = json!({
            "properties": {"a": {"type": "array", "prefixItems": [true], "unevaluatedItems": false}},
            "anyOf": [{"properties": {"b": true}}, {"required": ["c"]}],
            "unevaluatedProperties": false
        });
        assert_eq!(
            texts(&schema, &json!({"a": [1, 2], "b": 1, "c~/": 2})),
            [
                "/a/1: Unevaluated items are not allowed (2 was unexpected)",
                "/c~0~1: Unevaluated properties are not allowed ('c~/' was unexpected)",
            ]
        );
    }

    #[test]
    fn an_error_message_replaces_the_default() {
        let schema = json!({
            "properties": {"port": {"maximum": 65535, "errorMessage": "port is at most 65535"}},
            "required": ["port"],
            "errorMessage": {"required": {"port": "a port is needed"}}
        });
        assert_eq!(
            texts(&schema, &json!({"port": 70000})),
            ["/port: port is at most 65535"]
        );
        assert_eq!(texts(&schema, &json!({})), [": a port is needed"]);
    }
}
