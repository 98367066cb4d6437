//! Annotations of JSON Schemas in the CLI: `validate --schema` shows the `title` and
//! `description` of the schema object a violation's keyword belongs to (text), or all its
//! annotations (`-o json`); `check --schema -o json` exports every schema's annotations; an
//! annotation of the wrong shape is a located schema warning (a schema error with --strict).

use crate::common;

use common::{run, run_stdin};
use serde_json::{Value, json};

const ADDON: &str = "cli/tests/data/schemas/annotated/addon.schema.yaml";
const ANNOTATED: &str = "cli/tests/data/schemas/annotated";
const BAD: &str = "cli/tests/data/schemas/annotated-bad";
const WARN: &str = "cli/tests/data/schemas/warn";

#[test]
fn text_reports_show_the_title_and_first_line_of_the_description() {
    let (code, out, err) = run_stdin(
        &["validate", "--schema", ADDON, "-"],
        "name: Web\nreplicas: 0\nimage: 3\n---\n{}\n",
    );
    assert_eq!(code, 1, "{err}");
    let s = ADDON;
    assert_eq!(
        out,
        format!(
            "INVALID -#0 (3 violations)
    -:1:7: /name: the name is lower-case letters [{s}#/properties/name]
      Name
    -:2:11: /replicas: 0 is less than the minimum of 1 [{s}#/properties/replicas/minimum]
      How many copies run.
    -:3:8: /image: 3 is not of type \"string\" [{s}#/properties/image/type]
INVALID -#1 (1 violation)
    -:5:1: (document): \"name\" is a required property [{s}#/required]
      Add-on: An add-on descriptor.
"
        )
    );
}

#[test]
fn json_reports_carry_every_annotation_as_written() {
    let (code, out, err) = run_stdin(
        &["validate", "--schema", ADDON, "-o", "json", "-"],
        "name: ok\nreplicas: 0\nimage: 3\n",
    );
    assert_eq!(code, 1, "{err}");
    let line: Value = serde_json::from_str(out.lines().next().expect("a line")).expect("JSON");
    let violations = line["violations"].as_array().expect("violations");
    assert_eq!(violations.len(), 2);
    assert_eq!(violations[0]["keyword"], "/properties/replicas/minimum");
    assert_eq!(
        violations[0]["annotations"],
        json!({"description": "How many copies run.", "default": 1, "examples": [1, 3]})
    );
    // No annotations, no key: outputs stay as they were for unannotated schemas.
    assert_eq!(violations[1]["keyword"], "/properties/image/type");
    assert!(
        violations[1].get("annotations").is_none(),
        "{}",
        violations[1]
    );
}

#[test]
fn check_exports_each_schemas_annotations_by_json_pointer() {
    let (code, out, err) = run(&["check", "--schema", ANNOTATED, "-o", "json"]);
    assert_eq!(code, 0, "{err}");
    let doc: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(
        doc["annotations"],
        json!([{
            "schema": ADDON,
            "locations": {
                "": {
                    "title": "Add-on",
                    "description": "An add-on descriptor.\nRead by the update agent.\n"
                },
                "/properties/name": {"title": "Name"},
                "/properties/replicas": {
                    "description": "How many copies run.",
                    "default": 1,
                    "examples": [1, 3]
                }
            }
        }])
    );
    // Schemas without annotations add nothing to check's document.
    let (_, out, _) = run(&["check", "--schema", WARN, "-o", "json"]);
    let doc: Value = serde_json::from_str(&out).expect("JSON");
    assert!(doc.get("annotations").is_none(), "{doc}");
}

#[test]
fn an_annotation_of_the_wrong_shape_is_a_located_warning_or_a_strict_error() {
    let file = format!("{BAD}/title.schema.yaml");
    for (strict, code, id, message) in [
        (
            false,
            0,
            "schema-warning",
            "/properties/name/title: `title` should be a string, not a number: the annotation is ignored",
        ),
        (
            true,
            1,
            "schema-error",
            "/properties/name/title: `title` must be a string, not a number",
        ),
    ] {
        let mut args = vec!["check", "--schema", BAD, "-o", "json"];
        if strict {
            args.push("--strict");
        }
        let (status, out, _) = run(&args);
        assert_eq!(status, code, "{out}");
        let doc: Value = serde_json::from_str(&out).expect("JSON");
        let d = &doc["diagnostics"][0];
        assert_eq!(
            (
                &d["id"],
                &d["file"],
                &d["line"],
                &d["column"],
                &d["message"]
            ),
            (
                &json!(id),
                &json!(file),
                &json!(4),
                &json!(12),
                &json!(message)
            ),
            "strict: {strict}"
        );
    }
}
