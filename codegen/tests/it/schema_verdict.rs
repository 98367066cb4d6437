//! What the emitted verdict of a JSON Schema writes for its keywords.

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
fn keywords_applying_only_true_schemas_are_no_loop_in_the_verdict() {
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
    let verdict = function(&code, "__vrule_0");
    for walk in ["entries(", "keys(", "array_len("] {
        assert!(!verdict.contains(walk), "{walk} in:\n{verdict}");
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
