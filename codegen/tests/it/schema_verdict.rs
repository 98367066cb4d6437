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
fn properties_whose_checks_judge_nothing_are_neither_looked_up_nor_matched() {
    let registry = Arc::new(Registry::new(None));
    // `a` is a keyword applying only a true schema, `b` no keyword at all: neither can fail.
    let schema = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "properties": {"a": {"items": true}, "b": {}, "c": {"type": "string"}}
    });
    let code = pretty(&catalog(&[item("some", schema, &registry)])).expect("generated code parses");
    for name in ["__vrule_0", "__some"] {
        let body = function(&code, name);
        assert!(body.contains("\"c\""), "c in {name}:\n{body}");
        for nothing in ["\"a\"", "\"b\"", "!true", "!(true)"] {
            assert!(!body.contains(nothing), "{nothing} in {name}:\n{body}");
        }
    }
}

#[test]
fn the_verdict_judges_items_entries_and_names_in_loops_not_closures() {
    let registry = Arc::new(Registry::new(None));
    let schema = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "properties": {"a": {"type": "string"}},
        "patternProperties": {"^x-": {"type": "integer"}},
        "additionalProperties": {"type": "boolean"},
        "propertyNames": {"maxLength": 8},
        "items": {"type": "string"},
        "contains": {"const": "k"}
    });
    let code = pretty(&catalog(&[item("each", schema, &registry)])).expect("generated code parses");
    let verdict = function(&code, "__vrule_0");
    // A closure per loop instantiated `Iterator::all` and `try_fold` once per keyword (for a
    // `Value` and for the tape).
    for closure in [".all(", "::all(", ".filter(", ".count()"] {
        assert!(!verdict.contains(closure), "{closure} in:\n{verdict}");
    }
    assert_eq!(
        verdict.matches("for (__key, __v) in").count(),
        3,
        "{verdict}"
    );
    assert_eq!(verdict.matches("for __key in").count(), 1, "{verdict}");
    assert_eq!(verdict.matches("for __i in").count(), 2, "{verdict}");
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
