//! The real package schemas and values files vendored in `tests/corpus/ytt-schemas` (26
//! schemas, 94 values files; see its `SOURCE.md`) through `validgen ytt`
//! (`ytt::run::run`), against ytt 0.48.0's verdicts recorded in
//! `tests/conformance/ytt/cases.jsonl`:
//!
//! - each schema alone (`-f schema.yml --data-values-inspect`) gives ytt's outcome byte for
//!   byte (its defaults, or the report of the defaults that break a rule; the educates
//!   external-dns sub-package's `@schema/examples` call functions of YAML fragments), except
//!   the two that `load()` a `.star` file the corpus does not hold, which get ytt's error for
//!   a file not given: the educates installer (`schema-rules.star`) and the educates contour
//!   sub-package (`rules.star`); with their `.star` files they are run in
//!   `tests/conformance/ytt/packages.jsonl` (`package-educates`) and `cases.jsonl`;
//! - each values file given to its schema (`-f schema.yml --data-values-file values.yml
//!   --data-values-inspect`; a values file wrapped in a Kubernetes `Secret` is unwrapped from
//!   `stringData["values.yaml"]`, as the recorded cases do) gives ytt's outcome: every real
//!   values file passes under ytt; those of the installer get ytt's error for its `.star` file
//!   not given (with it, all 57 are recorded in `packages.jsonl`).

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

/// The schemas that load a `.star` file the corpus does not hold, by their path in it.
const LOADS_STAR: [&str; 2] = [
    "educates/educates-training-platform/carvel-packages/installer/bundle/config/ytt/values-schema.yaml",
    "educates/educates-training-platform/carvel-packages/installer/bundle/config/ytt/_ytt_lib/packages/contour/values-schema.yaml",
];

/// The installer schema, which every educates scenario values file is for.
const INSTALLER: &str = LOADS_STAR[0];

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

/// ytt's error for the schema without the `.star` file it loads.
fn is_missing_star(outcome: &Outcome) -> bool {
    outcome.exit_code == 1
        && (outcome
            .stderr
            .contains("- cannot load schema-rules.star: Expected to find file 'schema-rules.star'")
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
fn real_packages_get_ytt_verdicts() {
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

    let (mut without_star, mut defaults_pass, mut defaults_fail) = (0, 0, 0);
    for schema in &schemas {
        let text = read(schema);
        let got = ytt(&text, None);
        if LOADS_STAR.contains(&schema.as_str()) {
            if is_missing_star(&got) {
                without_star += 1;
            } else {
                failures.push(format!("{schema}: not ytt's missing-file error: {got:?}"));
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

    let (mut values_without_star, mut values_pass) = (0, 0);
    for file in &values {
        let Some(schema) = schema_of(file, &schemas) else {
            failures.push(format!("{file}: no schema"));
            continue;
        };
        let schema_text = read(schema);
        let text = unwrap_secret(&read(file));
        let got = ytt(&schema_text, Some(&text));
        if schema == INSTALLER {
            if is_missing_star(&got) {
                values_without_star += 1;
            } else {
                failures.push(format!("{file}: not ytt's missing-file error: {got:?}"));
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
    // 24 schemas give ytt's recorded outcome: 18 defaults pass, 6 break their own rules
    // (values the package requires); 2 lack their `.star` file (ytt's error).
    assert_eq!((defaults_pass, defaults_fail, without_star), (18, 6, 2));
    // 37 values files pass as under ytt; the installer's 57 lack its `.star` file.
    assert_eq!((values_pass, values_without_star), (37, 57));
}
