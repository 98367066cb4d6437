//! The standard output formats (2020-12 core §12.4, `validgen_json_schema::output`) against the
//! `jsonschema` crate's `evaluate` as oracle: the same verdict in `flag`, and every error unit
//! of validgen's `list` (instance location, keyword location, keyword) among the oracle's
//! error units. The oracle's `list` also holds the units of failed branches under `anyOf`,
//! `oneOf`, `not` and `if`, and of every schema object on the way to an error, which
//! validgen's leaves out (a report names the keyword that failed, as its text output does);
//! it reports a failed `anyOf` or `oneOf` by its branches' errors alone, validgen by the
//! keyword; and it locates a property `additionalProperties: false` refuses at the object, where
//! validgen locates it at the property.

use serde_json::{Value, json};
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::model::Plain;
use validgen_json_schema::{Options, OutputFormat, compile, describe, output};

/// Schemas, each with instances valid and invalid.
fn cases() -> Vec<(Value, Vec<Value>)> {
    vec![
        (
            json!({"type": "object", "required": ["name", "port"], "properties": {
                "name": {"type": "string", "minLength": 1, "pattern": "^[a-z]+$"},
                "port": {"type": "integer", "minimum": 1, "maximum": 65535},
                "tags": {"type": "array", "items": {"enum": ["a", "b"]}, "uniqueItems": true}
            }, "additionalProperties": false}),
            vec![
                json!({"name": "web", "port": 80}),
                json!({"name": "", "port": 0}),
                json!({"name": "Web", "port": 70000, "tags": ["a", "c", "a"], "x": 1}),
                json!([]),
                json!({"port": "80"}),
            ],
        ),
        (
            json!({"$defs": {"port": {"type": "integer", "maximum": 10}},
                "properties": {"a": {"$ref": "#/$defs/port"}, "b": {"const": 3}},
                "anyOf": [{"required": ["a"]}, {"required": ["b"]}],
                "not": {"required": ["c"]}}),
            vec![
                json!({"a": 1}),
                json!({"a": 11, "b": 4}),
                json!({"c": 1}),
                json!({"b": 3, "c": 0}),
            ],
        ),
        (
            json!({"if": {"properties": {"kind": {"const": "tcp"}}},
                "then": {"required": ["port"]},
                "else": {"properties": {"port": false}},
                "oneOf": [{"type": "object"}, {"minProperties": 2}],
                "prefixItems": [{"type": "string"}], "items": {"type": "number"},
                "contains": {"type": "string"}}),
            vec![
                json!({"kind": "tcp"}),
                json!({"kind": "udp", "port": 1}),
                json!(["a", 1, 2]),
                json!([1, "a"]),
                json!([]),
            ],
        ),
    ]
}

/// (instance location, keyword pointer) of each error unit of the oracle's `list`: its
/// `schemaLocation` (the fragment, when it is a URI) with each keyword of its `errors` (its
/// `falseSchema` the schema itself).
fn oracle_errors(list: &Value) -> Vec<(String, String)> {
    let mut out = Vec::new();
    for unit in list["details"].as_array().into_iter().flatten() {
        let Some(errors) = unit.get("errors").and_then(Value::as_object) else {
            continue;
        };
        let at = unit["instanceLocation"].as_str().unwrap_or_default();
        let schema = unit["schemaLocation"].as_str().unwrap_or_default();
        let pointer = schema.rsplit_once('#').map_or(schema, |(_, p)| p);
        for keyword in errors.keys() {
            // A `false` schema's error is its own, at the schema's location.
            let pointer = match pointer.rsplit_once('/') {
                _ if keyword == "falseSchema" => pointer.to_owned(),
                Some((_, last)) if last == keyword => pointer.to_owned(),
                _ => format!("{pointer}/{keyword}"),
            };
            out.push((at.to_owned(), pointer));
        }
    }
    out
}

#[test]
fn list_errors_are_among_the_oracles_and_flags_agree() {
    let mut compared = 0;
    for (schema, instances) in cases() {
        let compiled = compile(&schema, &Options::default()).expect("compiles");
        let oracle = jsonschema::validator_for(&schema).expect("the oracle compiles");
        for doc in instances {
            let report = evaluate_document(&compiled.rules, &Plain::new(&doc), Explain::Failures);
            let text = |v: &_| describe(v, &doc, &schema);
            let uri = "validgen:///schema.json";
            let evaluation = oracle.evaluate(&doc);
            assert_eq!(
                output(&report.violations, text, uri, OutputFormat::Flag),
                serde_json::to_value(evaluation.flag()).expect("serialises"),
                "{schema} {doc}"
            );
            let list = output(&report.violations, text, uri, OutputFormat::List);
            let expected =
                oracle_errors(&serde_json::to_value(evaluation.list()).expect("serialises"));
            for unit in list["errors"].as_array().into_iter().flatten() {
                let key = (
                    unit["instanceLocation"]
                        .as_str()
                        .unwrap_or_default()
                        .to_owned(),
                    unit["keywordLocation"]
                        .as_str()
                        .unwrap_or_default()
                        .to_owned(),
                );
                // A property `additionalProperties: false` refuses: validgen locates it at
                // the property, `jsonschema` at the object holding it.
                let key = match key.0.rsplit_once('/') {
                    Some((object, _))
                        if !expected.contains(&key) && key.1.ends_with("/additionalProperties") =>
                    {
                        (object.to_owned(), key.1)
                    }
                    _ => key,
                };
                // A failed `anyOf`/`oneOf`: `jsonschema` lists its branches' errors only.
                let in_branch = |(at, k): &(String, String)| {
                    *at == key.0
                        && (key.1.ends_with("/anyOf") || key.1.ends_with("/oneOf"))
                        && k.starts_with(&format!("{}/", key.1))
                };
                assert!(
                    expected.contains(&key) || expected.iter().any(in_branch),
                    "{schema} {doc}: {key:?} not among the oracle's {expected:?}"
                );
                assert!(unit["error"].as_str().is_some_and(|e| !e.is_empty()));
                compared += 1;
            }
            // The same units, nested under the root.
            let tree = output(&report.violations, text, uri, OutputFormat::Hierarchical);
            assert_eq!(
                count_units(&tree) - 1,
                list["errors"].as_array().map_or(0, Vec::len)
            );
        }
    }
    assert!(compared >= 15, "error units compared: {compared}");
}

/// Output units in a hierarchical output, the root included (1 for a valid document).
fn count_units(unit: &Value) -> usize {
    1 + unit
        .get("errors")
        .and_then(Value::as_array)
        .map_or(0, |e| e.iter().map(count_units).sum())
}

/// A `patternProperties` pattern holding `#` (SchemaStore's Azure IoT Edge schemas'
/// `^[^\.\$# ]+$`) is one token of a keyword's pointer: its schema object's annotations are
/// collected, its keywords worded with their values, and the absolute location holds the
/// pointer percent-encoded as a URI fragment (RFC 6901 §6).
#[test]
fn a_pattern_holding_a_hash_is_one_pointer_token() {
    let schema = json!({"patternProperties": {"^[^#]+$": {"title": "T", "maximum": 3}}});
    let compiled = compile(&schema, &Options::default()).expect("it compiles");
    let annotating = compiled.annotating(&schema);
    let uri = "file:///s.json";
    let valid = compiled.output(
        (&schema, &annotating),
        &json!({"a": 1}),
        uri,
        OutputFormat::List,
    );
    let title = valid["annotations"]
        .as_array()
        .and_then(|units| {
            units
                .iter()
                .find(|u| u["annotations"].get("title").is_some())
        })
        .unwrap_or_else(|| panic!("no title: {valid}"));
    assert_eq!(title["keywordLocation"], "/patternProperties/^[^#]+$");
    assert_eq!(
        title["absoluteKeywordLocation"],
        "file:///s.json#/patternProperties/%5E%5B%5E%23%5D+$"
    );
    let invalid = compiled.output(
        (&schema, &annotating),
        &json!({"a": 4}),
        uri,
        OutputFormat::List,
    );
    assert_eq!(
        invalid["errors"][0]["keywordLocation"],
        "/patternProperties/^[^#]+$/maximum"
    );
    let error = invalid["errors"][0]["error"].as_str().unwrap_or_default();
    assert!(error.contains('3'), "{error}");
}
