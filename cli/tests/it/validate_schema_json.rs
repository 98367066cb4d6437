//! `validate --schema`/`--crd` read a piece that is one JSON array or object in one pass (a
//! `Tape`), and anything else as YAML: the outcome of a JSON document is the one the YAML
//! reader gives it (the same items, lines, columns, messages and exit code), which these tests
//! check by giving each JSON piece a trailing YAML comment (then it is no longer JSON, and
//! the YAML reader reads it, at the same positions).

use crate::common;

use common::run_stdin;

const SERVER: &str = "cli/tests/data/schemas/app/server.schema.json";
const WIDGET: &str = "cli/tests/data/schemas/crd/widget.crd.yaml";

/// The stream with ` # read as YAML` after the last line of every piece (every line ending
/// a value: each piece here ends with a closing bracket at the start of a line or is one line).
fn as_yaml(stream: &str) -> String {
    stream
        .lines()
        .map(|l| {
            if (l.ends_with('}') || l.ends_with(']')) && l.starts_with(['{', '[', '}', ']']) {
                return format!("{l} # read as YAML\n");
            }
            format!("{l}\n")
        })
        .collect()
}

/// Asserts that `args` give the same output and exit code on `stream` read as JSON and as YAML.
fn same_as_yaml(args: &[&str], stream: &str) -> (i32, String) {
    let yaml = as_yaml(stream);
    assert_ne!(yaml, stream);
    let json_run = run_stdin(args, stream);
    let yaml_run = run_stdin(args, &yaml);
    assert_eq!(json_run, yaml_run, "{args:?}");
    (json_run.0, json_run.1)
}

const SERVERS: &str = r#"{"name": "a", "port": 1}
{"name": "", "port": 0, "tags": ["x", "x", 3]}
[1, {"a": 2}]
{
  "name": "é😀 \"quoted\" \u00e9",
  "port": 70000,
  "tags": ["a\"b", "a\"b"],
  "extra": {"deep": [[{"x": null}]], "n": -1.5e3}
}
{"port": "80",
 "name": 7}
"#;

#[test]
fn json_documents_read_as_the_yaml_reader_reads_them() {
    for output in ["text", "json"] {
        let args = [
            "validate",
            "--schema",
            SERVER,
            "-o",
            output,
            "--summary",
            "-",
        ];
        let (code, out) = same_as_yaml(&args, SERVERS);
        assert_eq!(code, 1, "{out}");
        if output == "json" {
            // Violations on the lines and columns of their values in the stream.
            assert!(out.contains(r#""line":2,"column":33"#), "{out}");
            assert!(out.contains(r#""line":6,"column":11"#), "{out}");
            assert!(out.contains(r#""line":10,"column":10"#), "{out}");
            assert!(out.contains(r#""line":11,"column":10"#), "{out}");
            assert!(
                out.contains(r#""documents":5,"valid":1,"invalid":4"#),
                "{out}"
            );
        }
    }
}

#[test]
fn json_custom_resources_pick_their_crd_version_as_yaml_ones() {
    let stream = r#"{"apiVersion": "example.com/v1", "kind": "Widget", "metadata": {"name": "w", "namespace": "ns"}, "spec": {"size": 11, "color": "blue", "extra": {"k": 1}}}
{"apiVersion": "example.com/v2", "kind": "Widget", "spec": {}}
{"apiVersion": "v1", "kind": "ConfigMap"}
{"kind": "Widget"}
{"apiVersion": "example.com/v1", "kind": "Widget", "spec": {"size": 2, "colour": "red"}}
"#;
    for strict in [false, true] {
        let mut args = vec!["validate", "--crd", WIDGET, "-o", "json", "--summary"];
        if strict {
            args.push("--strict");
        }
        args.push("-");
        let (code, out) = same_as_yaml(&args, stream);
        assert_eq!(code, 2, "{out}");
        assert!(
            out.contains(r#""source":"-#0","line":1,"name":"ns/w""#),
            "{out}"
        );
    }
}

#[test]
fn json_the_tape_refuses_is_read_as_yaml_as_before() {
    // Not one JSON value: two side by side, a comment, a trailing comma (YAML's flow
    // collections), a duplicated key: each keeps the YAML reader's outcome.
    let stream = "{\"name\": \"a\", \"port\": 1} {\"port\": 0}\n{\"name\": \"b\", \"port\": 2,}\n";
    let args = [
        "validate",
        "--schema",
        SERVER,
        "-o",
        "json",
        "--summary",
        "-",
    ];
    let (code, out, _) = run_stdin(&args, stream);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(r#""documents":3,"valid":2,"invalid":1"#),
        "{out}"
    );
}

#[test]
fn a_repeated_key_is_refused_as_the_yaml_reader_refuses_it() {
    // serde_json keeps the last value; the YAML reader refuses the document, as before.
    let args = ["validate", "--schema", SERVER, "-o", "json", "-"];
    let (code, out) = same_as_yaml(&args, "{\"name\": \"a\", \"port\": 0, \"port\": 5}\n");
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("duplicate mapping key: port"), "{out}");
}

#[test]
fn json_past_the_yaml_readers_budgets_is_refused_as_before() {
    // The YAML reader refuses collections nested more than 64 deep: so does `validate`, for
    // JSON too (the same error), though serde_json's reading would go to 128.
    let nested = |depth: usize| {
        format!(
            "{{\"name\": \"a\", \"port\": 1, \"x\": {}{}}}\n",
            "[".repeat(depth),
            "]".repeat(depth)
        )
    };
    let args = ["validate", "--schema", SERVER, "-o", "json", "-"];
    let (code, out) = same_as_yaml(&args, &nested(100));
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("nested more than 64 levels deep"), "{out}");
    let (code, out) = same_as_yaml(&args, &nested(50));
    assert_eq!(code, 0, "{out}");
}
