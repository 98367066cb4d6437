//! The real package schemas and values files vendored in `tests/corpus/ytt-schemas` (26
//! schemas, 94 values files; see its `SOURCE.md`) through `validgen ytt`
//! (`ytt::run::run`), against ytt 0.48.0's verdicts recorded in
//! `tests/conformance/ytt/cases.jsonl`:
//!
//! - each schema alone (`-f schema.yml --data-values-inspect`) gives ytt's outcome byte for
//!   byte (its defaults, or the report of the defaults that break a rule), except the three
//!   that use Starlark beyond annotation literals and simple lambdas, which validgen refuses
//!   with its located error: the educates installer (`load()` of `schema-rules.star`), the
//!   educates contour sub-package (`load()` of `rules.star`) and the educates external-dns
//!   sub-package (`#@ def`);
//! - each values file given to its schema (`-f schema.yml --data-values-file values.yml
//!   --data-values-inspect`; a values file wrapped in a Kubernetes `Secret` is unwrapped from
//!   `stringData["values.yaml"]`, as the recorded cases do) gives ytt's outcome: every real
//!   values file passes under ytt; those of the installer get validgen's refusal.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde_json::Value;
use validgen_ytt::data::secret_values;
use validgen_ytt::run::{Invocation, Outcome, run};

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/corpus/ytt-schemas"
);

const CASES: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/conformance/ytt/cases.jsonl"
));

/// The schemas validgen refuses on purpose, by their path in the corpus.
const OUT_OF_SCOPE: [&str; 3] = [
    "educates/educates-training-platform/carvel-packages/installer/bundle/config/ytt/values-schema.yaml",
    "educates/educates-training-platform/carvel-packages/installer/bundle/config/ytt/_ytt_lib/packages/contour/values-schema.yaml",
    "educates/educates-training-platform/carvel-packages/installer/bundle/config/ytt/_ytt_lib/packages/external-dns/values-schema.yaml",
];

/// The installer schema, which every educates scenario values file is for.
const INSTALLER: &str = OUT_OF_SCOPE[0];

/// A recorded outcome: `(schema text, values text or none)` to ytt's exit code, stdout and
/// stderr.
type Recorded = BTreeMap<(String, Option<String>), Outcome>;

fn recorded() -> Recorded {
    let mut out = Recorded::new();
    for line in CASES.lines() {
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
        let args: Vec<&str> = v["args"]
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_str).collect())
            .unwrap_or_default();
        let values = match args.as_slice() {
            ["-f", "schema.yml", "--data-values-inspect"] => None,
            [
                "-f",
                "schema.yml",
                "--data-values-file",
                "values.yml",
                "--data-values-inspect",
            ] => Some(file("values.yml").unwrap_or_default()),
            _ => continue,
        };
        let Some(schema) = file("schema.yml") else {
            continue;
        };
        let text = |k: &str| v["expected"][k].as_str().unwrap_or_default().to_owned();
        out.insert(
            (schema, values),
            Outcome {
                exit_code: i32::try_from(v["expected"]["exit_code"].as_i64().unwrap_or(-1))
                    .unwrap_or(-1),
                stdout: text("stdout"),
                stderr: text("stderr"),
            },
        );
    }
    out
}

/// Every file under `dir`, as paths relative to the corpus, sorted.
fn files(dir: &Path, out: &mut Vec<String>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("the corpus reads")
        .map(|e| e.expect("an entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            files(&path, out);
        } else if let Ok(rel) = path.strip_prefix(CORPUS) {
            out.push(rel.to_string_lossy().into_owned());
        }
    }
}

fn read(rel: &str) -> String {
    std::fs::read_to_string(Path::new(CORPUS).join(rel)).expect("a corpus file reads")
}

/// The values of a values file: `stringData["values.yaml"]` of a `Secret`, else the text.
fn unwrap_secret(text: &str) -> String {
    secret_values(text).unwrap_or_else(|| text.to_owned())
}

/// `validgen ytt -f schema.yml [--data-values-file values.yml] --data-values-inspect`.
fn ytt(schema: &str, values: Option<&str>) -> Outcome {
    let invocation = Invocation {
        files: vec!["schema.yml".to_owned()],
        data_values_files: values
            .map(|_| "values.yml".to_owned())
            .into_iter()
            .collect(),
        data_values_inspect: true,
        ..Invocation::default()
    };
    let read = |name: &str| match (name, values) {
        ("schema.yml", _) => Ok(schema.to_owned()),
        ("values.yml", Some(values)) => Ok(values.to_owned()),
        _ => Err(format!("Checking file '{name}': no such file\n")),
    };
    run(&invocation, &read)
}

/// validgen's located refusal of out-of-scope Starlark.
fn is_refusal(outcome: &Outcome) -> bool {
    outcome.exit_code == 1
        && ((outcome.stderr.starts_with("ytt: Error: schema.yml:")
            && outcome.stderr.contains(": unsupported: "))
            // The schema alone, without the `.star` file it loads: ytt's own error.
            || outcome.stderr.contains(
                "- cannot load schema-rules.star: Expected to find file 'schema-rules.star'",
            )
            || outcome
                .stderr
                .contains("- cannot load rules.star: Expected to find file 'rules.star'"))
}

/// The schema a values file is for: the installer's for an educates scenario, else the one
/// schema of its repository.
fn schema_of<'a>(values: &str, schemas: &'a [String]) -> Option<&'a String> {
    if values.starts_with("educates/") {
        return schemas.iter().find(|s| *s == INSTALLER);
    }
    let repo: Vec<&str> = values.splitn(3, '/').take(2).collect();
    let prefix = format!("{}/", repo.join("/"));
    let mut found = schemas.iter().filter(|s| s.starts_with(&prefix));
    let first = found.next();
    first.filter(|_| found.next().is_none())
}

#[test]
fn real_packages_get_ytt_verdicts_or_validgen_refusal() {
    let mut all = Vec::new();
    files(Path::new(CORPUS), &mut all);
    let schemas: Vec<String> = all
        .iter()
        .filter(|f| f.ends_with("values-schema.yml") || f.ends_with("values-schema.yaml"))
        .chain(all.iter().filter(|f| f.ends_with("/00-schema.yaml")))
        .cloned()
        .collect();
    let values: Vec<&String> = all
        .iter()
        .filter(|f| f.ends_with("/values.yml") || f.ends_with("/values.yaml"))
        .collect();
    assert_eq!((schemas.len(), values.len()), (26, 94));
    let recorded = recorded();
    let mut failures = Vec::new();

    let (mut refused, mut defaults_pass, mut defaults_fail) = (0, 0, 0);
    for schema in &schemas {
        let text = read(schema);
        let got = ytt(&text, None);
        if OUT_OF_SCOPE.contains(&schema.as_str()) {
            if is_refusal(&got) {
                refused += 1;
            } else {
                failures.push(format!("{schema}: not refused: {got:?}"));
            }
            continue;
        }
        match recorded.get(&(text, None)) {
            Some(want) if *want == got => {
                if got.exit_code == 0 {
                    defaults_pass += 1;
                } else {
                    defaults_fail += 1;
                }
            }
            Some(want) => failures.push(format!("{schema}: want {want:?}\n got {got:?}")),
            None => failures.push(format!("{schema}: no recorded defaults case")),
        }
    }

    let (mut values_refused, mut values_pass) = (0, 0);
    for file in &values {
        let Some(schema) = schema_of(file, &schemas) else {
            failures.push(format!("{file}: no schema"));
            continue;
        };
        let schema_text = read(schema);
        let text = unwrap_secret(&read(file));
        let got = ytt(&schema_text, Some(&text));
        if schema == INSTALLER {
            if is_refusal(&got) {
                values_refused += 1;
            } else {
                failures.push(format!("{file}: not refused: {got:?}"));
            }
            continue;
        }
        match recorded.get(&(schema_text, Some(text))) {
            Some(want) if *want == got && got.exit_code == 0 => values_pass += 1,
            Some(want) => failures.push(format!("{file}: want {want:?}\n got {got:?}")),
            None => failures.push(format!("{file}: no recorded case")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // 23 schemas in scope give ytt's outcome: 17 defaults pass, 6 break their own rules
    // (values the package requires); 3 schemas are refused.
    assert_eq!((defaults_pass, defaults_fail, refused), (17, 6, 3));
    // 37 values files of in-scope schemas pass as under ytt; the installer's 57 are refused.
    assert_eq!((values_pass, values_refused), (37, 57));
}
