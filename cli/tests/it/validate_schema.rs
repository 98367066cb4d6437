//! `validgen validate --schema`: documents validated against JSON Schemas, each violation at
//! the `file:line:column` of its value (lines of the whole stream), with its instance location,
//! keyword location and message, in every output format; refused schemas and exit statuses.

use crate::common;

use common::{run, run_stdin};

const SERVER: &str = "cli/tests/data/schemas/app/server.schema.json";
const APP: &str = "cli/tests/data/schemas/app";
const BAD: &str = "cli/tests/data/schemas/bad";
const SERVERS: &str = "cli/tests/data/schemas/docs/servers.yaml";
const JSONL: &str = "cli/tests/data/schemas/docs/servers.jsonl.json";

#[test]
fn every_document_of_a_stream_is_validated_at_its_stream_lines() {
    let (code, out, err) = run(&["validate", "--schema", SERVER, SERVERS, JSONL, "--summary"]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(err, "");
    let s = "cli/tests/data/schemas/app/server.schema.json";
    let d = "cli/tests/data/schemas/docs/servers.yaml";
    let j = "cli/tests/data/schemas/docs/servers.jsonl.json";
    let expected = format!(
        "VALID   {d}#0
INVALID {d}#1 (2 violations)
    {d}:6:7: /port: 70000 is greater than the maximum of 65535 [{s}#/properties/port/maximum]
    {d}:7:7: /tags: [\"a\",\"a\"] has non-unique elements [{s}#/properties/tags/uniqueItems]
INVALID {d}#2 (1 violation)
    {d}:9:1: (document): 42 is not of type \"object\" [{s}#/type]
      server
INVALID {d}#3 (1 violation)
    {d}:10:5: (document): \"just a string\" is not of type \"object\" [{s}#/type]
      server
INVALID {d}#4 (2 violations)
    {d}:12:1: (document): \"name\" is a required property [{s}#/required]
      server
    {d}:12:7: /port: \"80\" is not of type \"integer\" [{s}#/properties/port/type]
VALID   {j}#0
INVALID {j}#1 (1 violation)
    {j}:2:23: /port: 0 is less than the minimum of 1 [{s}#/properties/port/minimum]
INVALID {j}#2 (1 violation)
    {j}:2:26: (document): \"name\" is a required property [{s}#/required]
      server
Summary: 8 documents in 2 files - valid: 2, invalid: 6, errors: 0, skipped documents: 0
"
    );
    assert_eq!(out, expected);
}

#[test]
fn json_lines_name_every_location() {
    // `name` is `metadata.name` (with its namespace), for Kubernetes objects; none here.
    let input = "# a comment line\nname: web\nport: 1\n---\n\n[1, 2]\n";
    let (code, out, err) = run_stdin(
        &["validate", "--schema", APP, "-o", "json", "--summary", "-"],
        input,
    );
    assert_eq!(code, 1, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON line"))
        .collect();
    let schemas = serde_json::json!([
        "cli/tests/data/schemas/app/named.schema.yaml",
        "cli/tests/data/schemas/app/server.schema.json"
    ]);
    assert_eq!(
        lines[0],
        serde_json::json!({"source": "-#0", "line": 2, "name": null, "valid": true,
            "schemas": schemas, "violations": []})
    );
    let violation = |schema: &str| {
        let mut v = serde_json::json!({"file": "-", "line": 6, "column": 1, "instance": "",
            "schema": format!("cli/tests/data/schemas/app/{schema}"),
            "keyword": "/type", "message": "[1,2] is not of type \"object\""});
        // The annotations of the schema object the keyword belongs to, when it has any.
        if schema == "server.schema.json" {
            v["annotations"] = serde_json::json!({"title": "server"});
        }
        v
    };
    assert_eq!(
        lines[1],
        serde_json::json!({"source": "-#1", "line": 6, "name": null, "valid": false,
            "schemas": schemas,
            "violations": [violation("named.schema.yaml"), violation("server.schema.json")]})
    );
    assert_eq!(
        lines[2],
        serde_json::json!({"summary": {"files": 1, "documents": 2, "valid": 1, "invalid": 1,
            "errors": 0, "skipped": 0}})
    );
    assert_eq!(lines.len(), 3);
}

#[test]
fn error_messages_of_the_schema_and_bare_scalars() {
    let (code, out, err) = run_stdin(
        &["validate", "--schema", APP, "--errors-only", "-"],
        "name: Web\nport: 2\n--- 7\n---\nname: ok\nport: 3\n",
    );
    assert_eq!(code, 1, "{err}");
    let n = "cli/tests/data/schemas/app/named.schema.yaml";
    let s = "cli/tests/data/schemas/app/server.schema.json";
    assert_eq!(
        out,
        format!(
            "INVALID -#0 (1 violation)
    -:1:7: /name: name must be lower-case letters [{n}#/properties/name]
INVALID -#1 (2 violations)
    -:3:5: (document): 7 is not of type \"object\" [{n}#/type]
    -:3:5: (document): 7 is not of type \"object\" [{s}#/type]
      server
"
        )
    );
}

#[test]
fn a_refused_schema_stops_the_run_with_located_errors() {
    let (code, out, err) = run(&["validate", "--schema", BAD, "--schema", APP, SERVERS]);
    assert_eq!(code, 2);
    assert_eq!(out, "", "nothing is validated");
    let f = "cli/tests/data/schemas/bad/refused.schema.yaml";
    assert_eq!(
        err,
        format!(
            "error: {f}:4:11: /properties/a/type: `type` \"strnig\" is not one of null, boolean, integer, number, string, array, object
error: {f}:6:18: /properties/b/$vocabulary: `$vocabulary` belongs at the root of a meta-schema: it must not appear in subschemas (2020-12 core §8.1.2)
"
        )
    );
    let (code, out, _) = run(&["validate", "--schema", BAD, "-o", "json", SERVERS]);
    assert_eq!(code, 2);
    let first: serde_json::Value =
        serde_json::from_str(out.lines().next().expect("a line")).expect("JSON");
    assert_eq!(first["source"], BAD);
    assert!(
        first["error"]
            .as_str()
            .is_some_and(|e| e.starts_with(&format!("{f}:4:11: "))),
        "{first}"
    );
}

#[test]
fn broken_and_oversized_documents_are_errors_and_the_rest_is_validated() {
    let input = "name: a\nport: 1\n---\nname: [\n---\nname: bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\n---\nport: 2\n";
    let (code, out, err) = run_stdin(
        &[
            "validate",
            "--schema",
            SERVER,
            "--max-bytes",
            "30",
            "--summary",
            "-",
        ],
        input,
    );
    assert_eq!(code, 2);
    let s = "cli/tests/data/schemas/app/server.schema.json";
    assert_eq!(
        out,
        format!(
            "VALID   -#0
INVALID -#3 (1 violation)
    -:8:1: (document): \"name\" is a required property [{s}#/required]
      server
Summary: 2 documents in 1 file - valid: 1, invalid: 1, errors: 2, skipped documents: 0
"
        )
    );
    assert_eq!(
        err,
        "error: -:4:7: unclosed bracket '['
error: -:5: 46 bytes is over the limit of 30 bytes (raise it with --max-bytes)
"
    );
}

#[test]
fn tap_and_junit() {
    let (code, out, _) = run_stdin(
        &["validate", "--schema", SERVER, "-o", "tap", "-"],
        "name: a\nport: 1\n---\nname: b\nport: 0\n",
    );
    assert_eq!(code, 1);
    let s = "cli/tests/data/schemas/app/server.schema.json";
    assert_eq!(
        out,
        format!(
            "TAP version 13
ok 1 - -\\#0
not ok 2 - -\\#1
  ---
  violations:
    - at: \"-:5:7\"
      instance: \"/port\"
      keyword: \"{s}#/properties/port/minimum\"
      message: \"0 is less than the minimum of 1\"
  ...
1..2
"
        )
    );
    let (code, out, _) = run(&["validate", "--schema", SERVER, "-o", "junit", JSONL]);
    assert_eq!(code, 1);
    let j = JSONL;
    assert_eq!(
        out,
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>
<testsuites name=\"validgen\" tests=\"3\" failures=\"2\" errors=\"0\" skipped=\"0\">
  <testsuite name=\"{j}\" tests=\"3\" failures=\"2\" errors=\"0\" skipped=\"0\">
    <testcase name=\"{j}#0\" classname=\"{j}\"/>
    <testcase name=\"{j}#1\" classname=\"{j}\">
      <failure message=\"1 violation\" type=\"invalid\">{j}:2:23: /port: 0 is less than the minimum of 1 [{s}#/properties/port/minimum]</failure>
    </testcase>
    <testcase name=\"{j}#2\" classname=\"{j}\">
      <failure message=\"1 violation\" type=\"invalid\">{j}:2:26: (document): \"name\" is a required property [{s}#/required]</failure>
    </testcase>
  </testsuite>
</testsuites>
"
        )
    );
}

#[test]
fn valid_documents_exit_zero_and_bad_usage_exits_two() {
    let (code, out, err) = run_stdin(
        &["validate", "--schema", SERVER, "-"],
        "{\"name\": \"a\", \"port\": 1}\n",
    );
    assert_eq!((code, out.as_str(), err.as_str()), (0, "VALID   -#0\n", ""));
    let (code, _, err) = run(&["validate", "--schema", SERVER, "--templates", APP, SERVERS]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot be used with"), "{err}");
    let (code, _, err) = run(&["validate", "--strict", "--templates", APP, SERVERS]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = run(&["validate", "--strict", SERVERS]);
    assert_eq!(code, 2);
    assert!(err.contains("--schema"), "{err}");
    let (code, _, err) = run(&["validate", "--schema", SERVER, "no/such/file.yaml"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("error: no/such/file.yaml: "), "{err}");
    let (code, _, err) = run(&["validate", "--schema", "no/such/schema.json", SERVERS]);
    assert_eq!(code, 2);
    assert!(err.starts_with("error: no/such/schema.json: "), "{err}");
}

#[test]
fn default_draft_reads_schemas_without_schema_uri_as_that_draft() {
    const DRAFT4: &str = "cli/tests/data/schemas/draft4/port.schema.json";
    let (code, out, err) = run_stdin(
        &[
            "validate",
            "--schema",
            DRAFT4,
            "--default-draft",
            "draft-04",
            "-",
        ],
        "port: 65536\n---\nport: 65535\n",
    );
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        out,
        format!(
            "INVALID -#0 (1 violation)
    -:1:7: /port: 65536 is greater than or equal to the maximum of 65536 [{DRAFT4}#/properties/port/maximum]
VALID   -#1
"
        )
    );
    // Read as 2020-12, the boolean `exclusiveMaximum` is refused at its line.
    let (code, _, err) = run(&["validate", "--schema", DRAFT4, SERVERS]);
    assert_eq!(code, 2);
    assert!(
        err.contains(&format!("{DRAFT4}:4:71: /properties/port/exclusiveMaximum: `exclusiveMaximum` must be a number (a boolean `exclusiveMaximum` is draft-04's; this schema is read as 2020-12)")),
        "{err}"
    );
    let (code, _, err) = run(&[
        "validate",
        "--schema",
        DRAFT4,
        "--default-draft",
        "draft-05",
        SERVERS,
    ]);
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "`draft-05` is not a draft (expected draft-04, draft-06, draft-07, 2019-09, 2020-12)"
        ),
        "{err}"
    );
}

/// YAML documents are read as YAML 1.2 (core schema) with `--schema`: `yes` stays a string and
/// `010` is the integer 10; `--yaml-version 1.1` reads `yes` as true and `010` as octal 8.
#[test]
fn yaml_documents_are_yaml_1_2_unless_asked_for_1_1() {
    const SCHEMA: &str = "cli/tests/data/schemas/yaml/flags.schema.json";
    const DOC: &str = "cli/tests/data/schemas/yaml/flags.yaml";
    let (code, out, err) = run(&["validate", "--schema", SCHEMA, DOC]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains(&format!(
            "{DOC}:2:8: /count: 10 is greater than the maximum of 9"
        )),
        "{out}"
    );
    assert!(!out.contains(": /flag:"), "{out}");
    let (code, out, err) = run(&["validate", "--schema", SCHEMA, "--yaml-version", "1.1", DOC]);
    assert_eq!(code, 1, "{err}");
    assert!(
        out.contains(&format!("{DOC}:1:7: /flag: true is not of type \"string\"")),
        "{out}"
    );
    assert!(!out.contains(": /count:"), "{out}");
}

/// A file of only comments or `---` is one `null` document with `--schema`, as YAML 1.2 tools
/// read it, not "no document in the file".
#[test]
fn a_file_without_a_document_is_one_null_document() {
    const SCHEMA: &str = "cli/tests/data/schemas/yaml/flags.schema.json";
    const DOC: &str = "cli/tests/data/schemas/yaml/empty.yaml";
    let (code, out, err) = run(&["validate", "--schema", SCHEMA, DOC]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("null is not of type \"object\""), "{out}");
    let (code, out, _) = run_stdin(&["validate", "--schema", SCHEMA, "-"], "");
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("null is not of type \"object\""), "{out}");
}
