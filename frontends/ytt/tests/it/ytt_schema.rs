//! ytt data-values schemas against the recorded ytt 0.48.0 cases
//! (`tests/conformance/ytt/cases.jsonl`): the OpenAPI export of every `export` case, the
//! defaults of every schema inspected alone with success, and the exact text of every
//! `Invalid schema` error. (`starlark-out-of-scope` is left out: validgen refuses its inputs
//! on purpose.)

use serde_json::Value;
use validgen_gotext::yaml::{Node, Scalar, parse, print};
use validgen_ytt::export::openapi_v3;
use validgen_ytt::schema::{BuildError, Schema, build};

const CASES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/conformance/ytt/cases.jsonl"
));

/// ytt's first words for an error while it reads the schema file.
const SCHEMA_PREFIX: &str =
    "ytt: Error: Overlaying data values schema (in following order: schema.yml): ";

struct Case {
    id: String,
    group: String,
    schema: Option<String>,
    args: Vec<String>,
    exit_code: i64,
    stdout: String,
    stderr: String,
}

fn cases() -> Vec<Case> {
    CASES
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("a JSON line");
            let text = |k: &str| v["expected"][k].as_str().unwrap_or_default().to_owned();
            Case {
                id: v["id"].as_str().unwrap_or_default().to_owned(),
                group: v["group"].as_str().unwrap_or_default().to_owned(),
                schema: v["files"].as_array().and_then(|files| {
                    files
                        .iter()
                        .find(|f| f["name"] == "schema.yml")
                        .and_then(|f| f["text"].as_str())
                        .map(str::to_owned)
                }),
                args: v["args"]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(|x| x.as_str().map(str::to_owned))
                            .collect()
                    })
                    .unwrap_or_default(),
                exit_code: v["expected"]["exit_code"].as_i64().unwrap_or(-1),
                stdout: text("stdout"),
                stderr: text("stderr"),
            }
        })
        .collect()
}

fn schema_of(text: &str) -> Result<Schema, String> {
    let set = parse(text, "schema.yml").map_err(|e| format!("parse: {e}"))?;
    build(&set, text).map_err(|e| format!("build: {e:?}"))
}

/// Runs `check` on each case, prints each failure, and returns the number that passed.
fn run(cases: &[&Case], check: impl Fn(&Case) -> Result<(), String>) -> usize {
    let mut passed = 0;
    for case in cases {
        match check(case) {
            Ok(()) => passed += 1,
            Err(why) => eprintln!("FAIL {}: {why}", case.id),
        }
    }
    eprintln!("{passed} of {} passed", cases.len());
    passed
}

fn diff(expected: &str, got: &str) -> String {
    format!("\n--- expected\n{expected}--- got\n{got}---")
}

#[test]
fn export_cases_print_ytt_openapi_document() {
    let all = cases();
    let export: Vec<&Case> = all.iter().filter(|c| c.group == "export").collect();
    assert_eq!(export.len(), 330);
    let passed = run(&export, |case| {
        let text = case.schema.as_deref().ok_or("no schema.yml")?;
        let schema = schema_of(text)?;
        let got = print(&openapi_v3(&schema));
        if got == case.stdout {
            Ok(())
        } else {
            Err(diff(&case.stdout, &got))
        }
    });
    assert_eq!(passed, export.len());
}

/// A value without its positions and comments: the same text for equal values.
fn plain(node: &Node) -> String {
    match node {
        Node::Map(items) => {
            let items: Vec<String> = items
                .iter()
                .map(|i| format!("{:?}: {}", i.key, plain(&i.value)))
                .collect();
            format!("{{{}}}", items.join(", "))
        }
        Node::Array(items) => {
            let items: Vec<String> = items.iter().map(|i| plain(&i.value)).collect();
            format!("[{}]", items.join(", "))
        }
        // ytt prints a whole float without a fraction (`0`), which reads back as an int.
        Node::Scalar(Scalar::Float(f)) if f.fract() == 0.0 && f.abs() < 1e15 => {
            format!("{:?}", Scalar::Int(*f as i64))
        }
        Node::Scalar(s) => format!("{s:?}"),
    }
}

/// The expected output read back as YAML, as [`plain`] text.
fn expected_value(stdout: &str) -> Result<String, String> {
    let set = parse(stdout, "stdout").map_err(|e| format!("expected output: {e}"))?;
    match set.documents.as_slice() {
        [document] => Ok(plain(&document.value)),
        _ => Err("expected output: not one document".to_owned()),
    }
}

/// The same as [`export_cases_print_ytt_openapi_document`], but comparing values, not
/// texts: the export itself, whatever the printer does.
#[test]
fn export_cases_give_ytt_openapi_values() {
    let all = cases();
    let export: Vec<&Case> = all.iter().filter(|c| c.group == "export").collect();
    let passed = run(&export, |case| {
        let text = case.schema.as_deref().ok_or("no schema.yml")?;
        let got = plain(&openapi_v3(&schema_of(text)?));
        let expected = expected_value(&case.stdout)?;
        if got == expected {
            Ok(())
        } else {
            Err(diff(&expected, &got))
        }
    });
    assert_eq!(passed, export.len());
}

/// The defaults compared as values (see [`schemas_alone_default_as_ytt_fills_in`]).
#[test]
fn schemas_alone_default_values_as_ytt() {
    let all = cases();
    let alone: Vec<&Case> = all
        .iter()
        .filter(|c| {
            c.args == ["-f", "schema.yml", "--data-values-inspect"]
                && c.exit_code == 0
                && c.group != "starlark-out-of-scope"
        })
        .collect();
    let passed = run(&alone, |case| {
        let text = case.schema.as_deref().ok_or("no schema.yml")?;
        let got = plain(&schema_of(text)?.root.default);
        let expected = expected_value(&case.stdout)?;
        if got == expected {
            Ok(())
        } else {
            Err(diff(&expected, &got))
        }
    });
    assert_eq!(passed, alone.len());
}

#[test]
fn schemas_alone_default_as_ytt_fills_in() {
    let all = cases();
    let alone: Vec<&Case> = all
        .iter()
        .filter(|c| {
            c.args == ["-f", "schema.yml", "--data-values-inspect"]
                && c.exit_code == 0
                && c.group != "starlark-out-of-scope"
        })
        .collect();
    assert_eq!(alone.len(), 41);
    let passed = run(&alone, |case| {
        let text = case.schema.as_deref().ok_or("no schema.yml")?;
        let schema = schema_of(text)?;
        let got = print(&schema.root.default);
        if got == case.stdout {
            Ok(())
        } else {
            Err(diff(&case.stdout, &got))
        }
    });
    assert_eq!(passed, alone.len());
}

#[test]
fn invalid_schemas_fail_with_ytt_text() {
    let all = cases();
    let invalid: Vec<&Case> = all
        .iter()
        .filter(|c| {
            c.stderr
                .starts_with(&format!("{SCHEMA_PREFIX}\nInvalid schema"))
        })
        .collect();
    assert_eq!(invalid.len(), 14);
    let passed = run(&invalid, |case| {
        let text = case.schema.as_deref().ok_or("no schema.yml")?;
        let set = parse(text, "schema.yml").map_err(|e| format!("parse: {e}"))?;
        match build(&set, text) {
            Err(BuildError::Report(report)) => {
                let got = format!("{SCHEMA_PREFIX}{report}\n");
                if got == case.stderr {
                    Ok(())
                } else {
                    Err(diff(&case.stderr, &got))
                }
            }
            other => Err(format!("not a report: {other:?}")),
        }
    });
    assert_eq!(passed, invalid.len());
}

/// The schema documents' overlay error, which ytt's CLI breaks after each `: ` into indented
/// lines.
#[test]
fn second_schema_document_without_missing_ok_is_an_overlay_error() {
    let all = cases();
    let case = all
        .iter()
        .find(|c| c.id == "semantics-two-schema-documents")
        .expect("the case");
    let text = case.schema.as_deref().unwrap_or_default();
    let set = parse(text, "schema.yml").expect("YAML");
    let Err(BuildError::Message(message)) = build(&set, text) else {
        panic!("not an overlay error");
    };
    let lines: Vec<&str> = case.stderr.lines().skip(1).map(str::trim).collect();
    assert_eq!(message, lines.join(" "));
}

/// Every schema that ytt reads without a schema error builds (the cases that fail later, on
/// data values, included); `starlark-out-of-scope` aside.
#[test]
fn schemas_ytt_accepts_build() {
    let all = cases();
    let accepted: Vec<&Case> = all
        .iter()
        .filter(|c| {
            c.schema.is_some()
                && c.group != "starlark-out-of-scope"
                && !c
                    .stderr
                    .starts_with("ytt: Error: Overlaying data values schema")
        })
        .collect();
    assert_eq!(accepted.len(), 1011);
    let passed = run(&accepted, |case| {
        schema_of(case.schema.as_deref().unwrap_or_default()).map(|_| ())
    });
    assert_eq!(passed, accepted.len());
}

/// A Starlark error in an annotation is reported before anything else, with ytt's text.
#[test]
fn starlark_errors_in_annotations_come_first() {
    let all = cases();
    let templating: Vec<&Case> = all
        .iter()
        .filter(|c| {
            c.stderr
                .starts_with(&format!("{}\n  Templating file", SCHEMA_PREFIX.trim_end()))
        })
        .collect();
    assert_eq!(templating.len(), 9);
    let passed = run(&templating, |case| {
        let text = case.schema.as_deref().ok_or("no schema.yml")?;
        let set = parse(text, "schema.yml").map_err(|e| format!("parse: {e}"))?;
        match build(&set, text) {
            Err(BuildError::Arguments { annotation, error }) => {
                let want = case.stderr.lines().nth(2).unwrap_or_default();
                let line = case.stderr.lines().nth(3).unwrap_or_default();
                if want == format!("- {}", error.message)
                    && line.starts_with(&format!("    {} |", annotation.pos))
                {
                    Ok(())
                } else {
                    Err(format!("{error:?} at {}", annotation.pos))
                }
            }
            other => Err(format!("not an argument error: {other:?}")),
        }
    });
    assert_eq!(passed, templating.len());
}

/// A malformed `@schema/validation` stops the build in ytt's order (children before their
/// parent's validation), with ytt's line.
#[test]
fn invalid_validation_annotations_stop_the_build() {
    let all = cases();
    let prefix = format!("{}\n  Invalid @schema/validation", SCHEMA_PREFIX.trim_end());
    let invalid: Vec<&Case> = all
        .iter()
        .filter(|c| c.stderr.starts_with(&prefix))
        .collect();
    assert_eq!(invalid.len(), 44);
    let passed = run(&invalid, |case| {
        let text = case.schema.as_deref().ok_or("no schema.yml")?;
        let set = parse(text, "schema.yml").map_err(|e| format!("parse: {e}"))?;
        match build(&set, text) {
            Err(BuildError::Message(message)) => {
                let got = format!("{}\n  {message}\n", SCHEMA_PREFIX.trim_end());
                if got == case.stderr {
                    Ok(())
                } else {
                    Err(diff(&case.stderr, &got))
                }
            }
            other => Err(format!("not a message: {other:?}")),
        }
    });
    assert_eq!(passed, invalid.len());
}
