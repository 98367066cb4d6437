//! `validgen check --schema`: refused keywords and schema errors (errors), unknown keywords,
//! formats not asserted and CEL rules (warnings), located `file:line:col`, in text, JSON and
//! SARIF, with check's exit statuses.

use crate::common;

use common::run;
use serde_json::Value;

const BAD: &str = "cli/tests/data/schemas/bad";
const WARN: &str = "cli/tests/data/schemas/warn";
const APP: &str = "cli/tests/data/schemas/app";

#[test]
fn refused_keywords_are_errors_with_their_lines() {
    let (code, out, err) = run(&["check", "--schema", BAD, "--schema", APP]);
    assert_eq!(code, 1, "{err}");
    let f = "cli/tests/data/schemas/bad/refused.schema.yaml";
    assert_eq!(
        out,
        format!(
            "error[schema-error]: /properties/a/type: `type` \"strnig\" is not one of null, boolean, integer, number, string, array, object
 --> {f}:4:11
  |
4 |     type: strnig
  |           ^^^^^^

error[schema-error]: /properties/b/$vocabulary: `$vocabulary` belongs at the root of a meta-schema: it must not appear in subschemas (2020-12 core §8.1.2)
 --> {f}:6:18
  |
6 |     $vocabulary: {{\"https://example.com/vocab/custom\": true}}
  |                  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^

2 errors, 0 warnings in 2 schema paths
"
        )
    );
}

#[test]
fn warnings_exit_zero_or_the_warn_exit_code() {
    let (code, out, err) = run(&["check", "--schema", WARN, "--assert-formats"]);
    assert_eq!(code, 0, "{err}");
    let c = "cli/tests/data/schemas/warn/contact.schema.json";
    assert_eq!(
        out,
        format!(
            "warning[schema-warning]: /properties/name/maxLenght: `maxLenght` is not a keyword of JSON Schema 2020-12
 --> {c}:5:45
  |
5 |     \"name\": {{\"type\": \"string\", \"maxLenght\": 20}},
  |                                             ^^^

warning[schema-warning]: /properties/card/format: format `credit-card` is unknown: no JSON Schema draft defines it (an annotation only)
 --> {c}:6:42
  |
6 |     \"card\": {{\"type\": \"string\", \"format\": \"credit-card\"}}
  |                                          ^^^^^^^^^^^^^

0 errors, 2 warnings in 1 schema path
"
        )
    );
    let (code, _, _) = run(&["check", "--schema", WARN, "--warn-exit-code", "3"]);
    assert_eq!(code, 3);
}

/// `format` is an annotation unless asserted: `check` says so of each, and of a name no
/// draft defines, asserted or not; `validate` passes a bad host name unless asked to assert.
#[test]
fn formats_not_asserted_and_unknown_names_are_warnings() {
    const FORMATS: &str = "cli/tests/data/schemas/formats";
    let (code, out, err) = run(&["check", "--schema", FORMATS]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("/properties/host/format: format `hostname` is not asserted (an annotation only; `assert_formats` asserts it)"),
        "{out}"
    );
    assert!(
        out.contains("/properties/typo/format: format `hostnme` is unknown"),
        "{out}"
    );
    assert!(
        out.ends_with("0 errors, 2 warnings in 1 schema path\n"),
        "{out}"
    );
    let (code, out, err) = run(&["check", "--schema", FORMATS, "--assert-formats"]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains("`hostname`"), "{out}");
    assert!(
        out.ends_with("0 errors, 1 warning in 1 schema path\n"),
        "{out}"
    );
    let doc = "cli/tests/data/schemas/formats-doc/bad-host.json";
    let (code, out, _) = run(&["validate", "--schema", FORMATS, doc]);
    assert_eq!(code, 0, "{out}");
    let (code, out, _) = run(&["validate", "--schema", FORMATS, "--assert-formats", doc]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("/host"), "{out}");
}

#[test]
fn strict_makes_unknown_keywords_errors_in_json() {
    let (code, out, err) = run(&["check", "--schema", WARN, "--strict", "-o", "json"]);
    assert_eq!(code, 1, "{err}");
    let doc: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(doc["errors"], 1);
    // The CRD's CEL rules are checked by `check` (no "not evaluated" warning any more).
    assert_eq!(doc["warnings"], 0);
    assert_eq!(
        doc["diagnostics"][0],
        serde_json::json!({
            "level": "error",
            "id": "schema-error",
            "file": "cli/tests/data/schemas/warn/contact.schema.json",
            "line": 5,
            "column": 45,
            "rule": null,
            "message": "/properties/name/maxLenght: `maxLenght` is not a keyword of JSON Schema 2020-12",
            "hint": null,
        })
    );
    assert_eq!(doc["diagnostics"].as_array().map(Vec::len), Some(1));
}

#[test]
fn sarif_names_the_schema_rules() {
    let (code, out, err) = run(&["check", "--schema", BAD, "-o", "sarif"]);
    assert_eq!(code, 1, "{err}");
    let log: Value = serde_json::from_str(&out).expect("JSON");
    let run0 = &log["runs"][0];
    let rules = run0["tool"]["driver"]["rules"].as_array().expect("rules");
    let result = &run0["results"][0];
    let index = result["ruleIndex"].as_u64().expect("ruleIndex");
    let rule = &rules[usize::try_from(index).expect("index")];
    assert_eq!(rule["id"], "schema-error");
    assert_eq!(result["ruleId"], "schema-error");
    assert_eq!(result["level"], "error");
    assert_eq!(
        result["locations"][0]["physicalLocation"]["region"],
        serde_json::json!({"startLine": 4, "startColumn": 11})
    );
}

#[test]
fn catalogs_and_schemas_together_and_missing_paths() {
    let (code, out, _) = run(&["check", "cli/tests/data/check/clean", "--schema", APP]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out, "0 errors, 0 warnings in 1 catalog and 1 schema path\n");
    let (code, out, _) = run(&["check", "--schema", "no/such/schemas", "-o", "json"]);
    assert_eq!(code, 1);
    let doc: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(doc["diagnostics"][0]["file"], "no/such/schemas");
    let (code, _, err) = run(&["check"]);
    assert_eq!(code, 2, "a catalog or --schema is required: {err}");
}
