//! `validgen export` against ytt 0.48.0's recorded cases (`tests/conformance/ytt/cases.jsonl`)
//! and a real package schema (`tests/corpus/ytt-schemas`): the OpenAPI document of every
//! `export` case byte for byte, ytt's errors for the schemas ytt refuses, validgen's refusal
//! of out-of-scope Starlark, usage and I/O errors, and the JSON Schema (with validations) of
//! the Tekton Pipelines package schema judging ytt's recorded final values as ytt does.

use std::path::PathBuf;

use assert_cmd::Command;
use serde_json::Value;
use validgen_cli::cli::{ExportArgs, ExportFormat};
use validgen_cli::export::{outcome, outcome_files};
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::model::Plain;
use validgen_gotext::yaml::parse;
use validgen_json_schema::{Options, compile};
use validgen_ytt::data::to_json;
use validgen_ytt::run::{Invocation, run};

const CASES: &str = include_str!("../../../tests/conformance/ytt/cases.jsonl");

/// A real schema whose every rule has an exact keyword (34 annotations: `min`, `max`,
/// `min_len`, `one_of`).
const TEKTON: &str = "tests/corpus/ytt-schemas/ThomasVitale/package-for-tekton-pipelines/package/config/values-schema.yml";

/// A real schema validgen refuses (`load()` of a `.star` file).
const CONTOUR: &str = "tests/corpus/ytt-schemas/educates/educates-training-platform/carvel-packages/installer/bundle/config/ytt/_ytt_lib/packages/contour/values-schema.yaml";

struct Case {
    id: String,
    group: String,
    schema: Option<String>,
    values: Option<String>,
    files: usize,
    args: Vec<String>,
    exit_code: i32,
    stdout: String,
    stderr: String,
}

fn cases() -> Vec<Case> {
    CASES
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).expect("a JSON line");
            let file = |name: &str| {
                v["files"].as_array().and_then(|files| {
                    files
                        .iter()
                        .find(|f| f["name"] == name)
                        .and_then(|f| f["text"].as_str())
                        .map(str::to_owned)
                })
            };
            let text = |k: &str| v["expected"][k].as_str().unwrap_or_default().to_owned();
            Case {
                id: v["id"].as_str().unwrap_or_default().to_owned(),
                group: v["group"].as_str().unwrap_or_default().to_owned(),
                schema: file("schema.yml"),
                values: file("values.yml"),
                files: v["files"].as_array().map_or(0, Vec::len),
                args: v["args"]
                    .as_array()
                    .map(|a| {
                        a.iter()
                            .filter_map(|x| x.as_str().map(str::to_owned))
                            .collect()
                    })
                    .unwrap_or_default(),
                exit_code: i32::try_from(v["expected"]["exit_code"].as_i64().unwrap_or(-1))
                    .unwrap_or(-1),
                stdout: text("stdout"),
                stderr: text("stderr"),
            }
        })
        .collect()
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn args(format: ExportFormat, with_validations: bool) -> ExportArgs {
    ExportArgs {
        ytt_schema: vec![PathBuf::from("schema.yml")],
        format,
        with_validations,
    }
}

#[test]
fn export_prints_ytt_openapi_document() {
    let all = cases();
    let export: Vec<&Case> = all.iter().filter(|c| c.group == "export").collect();
    assert_eq!(export.len(), 330);
    let mut same = 0;
    for case in &export {
        let schema = case
            .schema
            .as_deref()
            .expect("an export case has schema.yml");
        let got = outcome(&args(ExportFormat::OpenapiV3, false), "schema.yml", schema);
        if (got.exit_code, got.stdout.as_str(), got.stderr.as_str()) == (0, &case.stdout, "") {
            same += 1;
        } else {
            eprintln!("FAIL {}: {got:?}", case.id);
        }
    }
    assert_eq!(same, export.len());

    // The binary, on the first case, with the file named as ytt was given it.
    let case = export[0];
    let dir = tempfile::tempdir().expect("a temporary directory");
    std::fs::write(
        dir.path().join("schema.yml"),
        case.schema.as_deref().unwrap_or_default(),
    )
    .expect("writes");
    Command::cargo_bin("validgen")
        .expect("binary")
        .current_dir(dir.path())
        .args(["export", "--ytt-schema", "schema.yml"])
        .assert()
        .code(0)
        .stdout(case.stdout.clone())
        .stderr("");
}

#[test]
fn export_gives_ytt_error_for_a_schema_ytt_refuses() {
    let all = cases();
    let refused: Vec<&Case> = all
        .iter()
        .filter(|c| {
            c.files == 1
                && c.args == ["-f", "schema.yml", "--data-values-inspect"]
                && c.exit_code == 1
                && c.stderr
                    .starts_with("ytt: Error: Overlaying data values schema")
        })
        .collect();
    let mut same = 0;
    for case in &refused {
        let schema = case.schema.as_deref().unwrap_or_default();
        for format in [ExportFormat::OpenapiV3, ExportFormat::JsonSchema] {
            let got = outcome(&args(format, true), "schema.yml", schema);
            if (got.exit_code, got.stdout.as_str(), &got.stderr) == (1, "", &case.stderr) {
                same += 1;
            } else {
                eprintln!("FAIL {}: {got:?}", case.id);
            }
        }
    }
    assert_eq!(same, 2 * refused.len());
    assert_eq!(refused.len(), 63);
}

/// The contour schema alone: its `rules.star` is not among the files, ytt's error (as ytt
/// 0.48 prints it for `ytt -f values-schema.yaml`).
#[test]
fn export_gives_ytts_error_for_a_star_file_not_given() {
    Command::cargo_bin("validgen")
        .expect("binary")
        .current_dir(root())
        .args(["export", "--ytt-schema", CONTOUR, "--format", "json-schema"])
        .assert()
        .code(1)
        .stdout("")
        .stderr(predicates::str::starts_with(
            "ytt: Error: Overlaying data values schema (in following order: values-schema.yaml):\n  Templating file 'values-schema.yaml': \n- cannot load rules.star: Expected to find file 'rules.star' (hint: only files included via -f flag are available)\n",
        ));
}

#[test]
fn usage_and_io_errors_exit_2() {
    for argv in [
        vec!["export", "--ytt-schema", "no-such-schema.yml"],
        vec!["export", "--ytt-schema", TEKTON, "--format", "yaml"],
        vec!["export"],
    ] {
        Command::cargo_bin("validgen")
            .expect("binary")
            .current_dir(root())
            .args(&argv)
            .assert()
            .code(2)
            .stdout("");
    }
}

/// The final data values `validgen ytt` computes for `schema` and `values` (validation
/// disabled), as JSON.
fn final_values(schema: &str, values: Option<&str>) -> Value {
    let invocation = Invocation {
        files: vec!["schema.yml".to_owned()],
        data_values_files: values
            .map(|_| "values.yml".to_owned())
            .into_iter()
            .collect(),
        data_values_inspect: true,
        disable_validation: true,
        ..Invocation::default()
    };
    let read = |name: &str| match (name, values) {
        ("schema.yml", _) => Ok(schema.to_owned()),
        ("values.yml", Some(v)) => Ok(v.to_owned()),
        _ => Err(format!("no file {name}\n")),
    };
    let got = run(&invocation, &read);
    assert_eq!(got.exit_code, 0, "{}", got.stderr);
    let set = parse(&got.stdout, "values.yml").expect("ytt's output parses");
    set.documents
        .first()
        .map_or(Value::Null, |d| to_json(&d.value))
}

#[test]
fn json_schema_of_a_real_schema_judges_its_values_as_ytt() {
    let out = Command::cargo_bin("validgen")
        .expect("binary")
        .current_dir(root())
        .args([
            "export",
            "--ytt-schema",
            TEKTON,
            "--format",
            "json-schema",
            "--with-validations",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let document: Value = serde_json::from_slice(&out.stdout).expect("pretty JSON");
    assert_eq!(
        document["$schema"],
        "https://json-schema.org/draft/2020-12/schema"
    );
    let compiled = compile(&document, &Options::default()).expect("compiles");

    // Every recorded case of this schema whose values ytt types: the JSON Schema accepts the
    // final values exactly when ytt's validations do.
    let text = std::fs::read_to_string(root().join(TEKTON)).expect("reads");
    let (mut accepted, mut rejected) = (0, 0);
    for case in cases() {
        let plain = case.args.iter().filter(|a| a.starts_with('-')).count() <= 3
            && case.args.first().is_some_and(|a| a == "-f")
            && !case
                .args
                .iter()
                .any(|a| a == "-o" || a.starts_with("--dangerous"));
        let typed = case.exit_code == 0 || case.stderr.contains("Validating final data values");
        if case.schema.as_deref() != Some(text.as_str()) || !plain || !typed {
            continue;
        }
        let instance = final_values(&text, case.values.as_deref());
        let report = evaluate_document(&compiled.rules, &Plain::new(&instance), Explain::Failures);
        assert_eq!(
            report.violations.is_empty(),
            case.exit_code == 0,
            "{}: {:?}",
            case.id,
            report.violations
        );
        if case.exit_code == 0 {
            accepted += 1;
        } else {
            rejected += 1;
        }
    }
    // Accepted: the defaults, the 4 real values files and a passing mutation; rejected: the 3
    // mutations that break a rule.
    assert_eq!((accepted, rejected), (6, 3));
}

#[test]
fn export_overlays_several_schema_files_and_folders() {
    let case = crate::recorded::packages()
        .into_iter()
        .find(|c| c.id == "gcp-export")
        .expect("the recorded case");
    let names = ["build/config/schema.yaml", "build/config/services/"].map(str::to_owned);
    let got = outcome_files(
        &ExportArgs {
            ytt_schema: names.iter().map(PathBuf::from).collect(),
            format: ExportFormat::OpenapiV3,
            with_validations: false,
        },
        &names,
        &validgen_ytt::files::Memory(&crate::ytt_packages::files(&case)),
    );
    assert_eq!(
        (got.exit_code, got.stdout.as_str(), got.stderr.as_str()),
        (0, case.expected.stdout.as_str(), "")
    );
}
