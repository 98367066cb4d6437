//! `validate --schema -o flag|list|hierarchical`: each document as the JSON Schema standard
//! output (2020-12 core §12.4), one JSON line per document.

use serde_json::{Value, json};

use crate::common::run_stdin;

const SERVER: &str = "cli/tests/data/schemas/app/server.schema.json";
const STREAM: &str = "{\"name\": \"a\", \"port\": 1}\n---\n{\"name\": \"\", \"port\": 0}\n";

/// The JSON lines of `validate --schema SERVER -o <format>` on [`STREAM`], with the exit code.
fn run_format(format: &str) -> (i32, Vec<Value>) {
    let (code, out, err) = run_stdin(&["validate", "--schema", SERVER, "-o", format, "-"], STREAM);
    let lines = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}\n{err}")))
        .collect();
    (code, lines)
}

#[test]
fn flag_gives_the_verdict_alone() {
    let (code, lines) = run_format("flag");
    assert_eq!(code, 1);
    assert_eq!(
        lines,
        [
            json!({"source": "-#0", "output": {"valid": true}}),
            json!({"source": "-#1", "output": {"valid": false}}),
        ]
    );
}

#[test]
fn list_gives_every_error_located_in_document_and_schema() {
    let (code, lines) = run_format("list");
    assert_eq!(code, 1);
    let errors = lines[1]["output"]["errors"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let located: Vec<(&str, &str, &str)> = errors
        .iter()
        .map(|e| {
            let text = |k: &str| e[k].as_str().unwrap_or_default();
            (
                text("instanceLocation"),
                text("keywordLocation"),
                text("absoluteKeywordLocation"),
            )
        })
        .collect();
    assert_eq!(
        located,
        [
            (
                "/name",
                "/properties/name/minLength",
                "cli/tests/data/schemas/app/server.schema.json#/properties/name/minLength"
            ),
            (
                "/port",
                "/properties/port/minimum",
                "cli/tests/data/schemas/app/server.schema.json#/properties/port/minimum"
            ),
        ]
    );
    assert!(
        errors
            .iter()
            .all(|e| e["valid"] == false && e["error"].is_string())
    );
    let (_, tree) = run_format("hierarchical");
    assert_eq!(tree[1]["output"]["keywordLocation"], "");
    assert_eq!(tree[1]["output"]["errors"], lines[1]["output"]["errors"]);
}

#[test]
fn a_valid_document_gives_the_annotations_it_collected() {
    let file = "cli/tests/data/schemas/app/server.schema.json";
    let title = json!({"valid": true, "keywordLocation": "",
        "absoluteKeywordLocation": format!("{file}#"), "instanceLocation": "",
        "annotations": {"title": "server"}});
    let properties = json!({"valid": true, "keywordLocation": "/properties",
        "absoluteKeywordLocation": format!("{file}#/properties"), "instanceLocation": "",
        "annotations": ["name", "port"]});
    let (_, lines) = run_format("list");
    assert_eq!(
        lines[0]["output"],
        json!({"valid": true, "annotations": [title, properties]})
    );
    // Invalid: no annotation (a failing schema keeps none).
    assert!(lines[1]["output"].get("annotations").is_none());
    // Nested: `properties` under the schema object that holds it.
    let (_, tree) = run_format("hierarchical");
    let mut nested = title.clone();
    nested["details"] = json!([properties]);
    assert_eq!(
        tree[0]["output"],
        json!({"valid": true, "keywordLocation": "", "instanceLocation": "",
            "annotations": [nested]})
    );
    // `flag` and the other formats collect none.
    let (_, flags) = run_format("flag");
    assert_eq!(flags[0]["output"], json!({"valid": true}));
}
