//! What the emitted verdict (and report) of a JSON Schema writes for its keywords.

use std::sync::Arc;

use serde_json::json;
use validgen_codegen::emit::schemas::catalog;
use validgen_codegen::pretty;
use validgen_json_schema::Registry;

use crate::schema_definitions::item;

/// The text of the generated function `name` (to the next function).
fn function<'a>(code: &'a str, name: &str) -> &'a str {
    code.split(&format!("fn {name}<"))
        .nth(1)
        .and_then(|rest| rest.split(" fn ").next())
        .unwrap_or_else(|| panic!("no {name} in:\n{code}"))
}

#[test]
fn keywords_applying_only_true_schemas_are_no_loop_in_the_verdict_or_the_report() {
    let registry = Arc::new(Registry::new(None));
    // draft-07 keeps `additionalProperties: true` in the rules (no annotations to collect).
    let open = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "type": "object",
        "additionalProperties": true,
        "propertyNames": true,
        "properties": {"a": true, "b": {}}
    });
    let code = pretty(&catalog(&[item("open", open, &registry)])).expect("generated code parses");
    // Neither the verdict nor the report walks the object or looks its properties up.
    for name in ["__vrule_0", "__open"] {
        let body = function(&code, name);
        for walk in ["entries(", "keys(", "array_len(", "get("] {
            assert!(!body.contains(walk), "{walk} in {name}:\n{body}");
        }
    }
    // A keyword whose list is not empty still walks the object.
    let closed = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "additionalProperties": {"type": "string"},
        "properties": {"a": true}
    });
    let code =
        pretty(&catalog(&[item("closed", closed, &registry)])).expect("generated code parses");
    let verdict = function(&code, "__vrule_0");
    assert_eq!(verdict.matches("entries(").count(), 1, "{verdict}");
}

#[test]
fn only_keywords_around_a_ref_locate_a_refused_evaluation_in_the_verdict() {
    let registry = Arc::new(Registry::new(None));
    let schema = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$defs": {"name": {"type": "string"}},
        "type": "object",
        "minProperties": 1,
        "properties": {"a": {"$ref": "#/$defs/name"}, "b": {"type": "integer"}}
    });
    let code =
        pretty(&catalog(&[item("mixed", schema, &registry)])).expect("generated code parses");
    let verdict = function(&code, "__vrule_0");
    // `properties` (holding the `$ref`) and the `$ref` itself name a refusal (their keyword
    // locations are written in the verdict); `type`, `minProperties` and `b`'s `type` cannot
    // meet one.
    let located: Vec<&str> = verdict
        .split('"')
        .skip(1)
        .step_by(2)
        .filter(|text| text.starts_with('/'))
        .collect();
    assert_eq!(located, ["/properties/a/$ref", "/properties"], "{verdict}");
    assert_eq!(verdict.matches("Budget::held(").count(), 3, "{verdict}");
}
