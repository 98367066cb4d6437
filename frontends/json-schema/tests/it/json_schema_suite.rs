//! The official JSON-Schema-Test-Suite (vendored under `tests/corpus/json-schema-test-suite`),
//! all five drafts (draft-04, draft-06, draft-07, 2019-09, 2020-12), through the JSON Schema
//! frontend and the interpreter: every group that compiles gives every expected verdict, and
//! every group refused at compile time uses a construct validgen refuses (named in the error
//! and present in the schema). Each test's data is judged from its JSON bytes too ([`Tape`]),
//! with the same report. The tallies are pinned per draft, the required files (the top
//! level) apart from the optional ones run.

use std::path::{Path, PathBuf};

use serde_json::Value;
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::model::{Plain, Tape};
use validgen_json_schema::{Draft, Options, SchemaError, compile};

/// Each refused construct: the words of its compile error and the text the schema must hold.
const REFUSED: &[(&str, &str)] = &[
    // Outside the suite's `remotes/` (the drafts' meta-schemas, which are not vendored).
    ("outside this schema: no schema map covers it", "\"$ref\""),
    ("is not a supported dialect", "\"$schema\""),
];

/// The optional files run and the formats asserted: the list the compiled-code test uses
/// (`tests/schemas/suite.rs`).
#[path = "../../../../tests/schemas/suite.rs"]
#[allow(dead_code)]
mod suite;

use suite::{FORMATS, OPTIONAL};

fn remotes_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/corpus/json-schema-test-suite/remotes")
}

fn suite_dir(draft: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/corpus/json-schema-test-suite/tests")
        .join(draft)
}

/// What one run found.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tally {
    /// Tests given their expected verdict.
    passed: usize,
    /// Tests of the files run (those of refused groups included).
    tests: usize,
    refused_groups: usize,
    failures: Vec<String>,
}

impl Tally {
    /// `(passed, tests, refused_groups)`, once every failure is reported.
    fn figures(&self) -> (usize, usize, usize) {
        assert!(self.failures.is_empty(), "{}", self.failures.join("\n"));
        (self.passed, self.tests, self.refused_groups)
    }
}

/// Whether the interpreter gives `report` (its report on `data` as a `Value`) on `data`'s
/// JSON bytes read into a [`Tape`] (one pass, no `Value`). serde_json's float parsing is not
/// always correctly rounded, so a float may read back as its neighbour: the tape then equals
/// the `Value` serde_json reads back.
fn same_from_bytes(
    rules: &validgen_core::ir::RuleSet,
    data: &Value,
    report: &validgen_core::interpret::DocumentReport,
) -> Result<(), String> {
    let bytes = serde_json::to_vec(data).map_err(|e| e.to_string())?;
    let reread: Value = serde_json::from_slice(&bytes).map_err(|e| e.to_string())?;
    let expected = if &reread == data {
        report.clone()
    } else {
        evaluate_document(rules, &Plain::new(&reread), Explain::Failures)
    };
    let tape = Tape::parse(&bytes).map_err(|e| e.to_string())?;
    let from_bytes = evaluate_document(rules, &tape, Explain::Failures);
    if from_bytes == expected {
        Ok(())
    } else {
        Err(format!(
            "from bytes {from_bytes:?}\n!= from a value {expected:?}"
        ))
    }
}

/// The text of the schema that error `e` is in: the group's, or the remote document's its
/// pointer names (`http://localhost:1234/<path>#<pointer>`).
fn text_holding(e: &SchemaError, schema: &Value) -> String {
    match e
        .pointer
        .split_once('#')
        .and_then(|(url, _)| url.strip_prefix("http://localhost:1234/"))
    {
        Some(path) => std::fs::read_to_string(remotes_dir().join(path)).unwrap_or_default(),
        None => schema.to_string(),
    }
}

fn run_file(path: &Path, options: &Options, tally: &mut Tally) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let groups: Vec<Value> =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file = path.display().to_string();
    for g in &groups {
        let group = g["description"].as_str().unwrap_or_default();
        tally.tests += g["tests"].as_array().map_or(0, Vec::len);
        match compile(&g["schema"], options) {
            Err(errors) => {
                tally.refused_groups += 1;
                if std::env::var_os("SUITE_REFUSALS").is_some() {
                    eprintln!("REFUSED {file}: {group}: {}", errors[0]);
                }
                for e in &errors {
                    let schema_text = text_holding(e, &g["schema"]);
                    let justified = REFUSED.iter().any(|(words, construct)| {
                        e.message.contains(words) && schema_text.contains(construct)
                    });
                    if !justified {
                        tally
                            .failures
                            .push(format!("{file}: {group}: refused without cause: {e}"));
                    }
                }
            }
            Ok(compiled) => {
                for t in g["tests"].as_array().into_iter().flatten() {
                    let report = evaluate_document(
                        &compiled.rules,
                        &Plain::new(&t["data"]),
                        Explain::Failures,
                    );
                    if let Err(e) = same_from_bytes(&compiled.rules, &t["data"], &report) {
                        tally
                            .failures
                            .push(format!("{file}: {group}: {}: {e}", t["description"]));
                    }
                    let valid = !report.report.failed();
                    if Some(valid) == t["valid"].as_bool() {
                        tally.passed += 1;
                    } else {
                        tally.failures.push(format!(
                            "{file}: {group}: {}: expected valid={}, got {valid}: {:?}",
                            t["description"], t["valid"], report.violations
                        ));
                    }
                }
            }
        }
    }
}

fn json_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
}

/// The required files of `dir` read as `draft`, then the optional ones run ([`OPTIONAL`]).
fn run(dir: &str, draft: Draft) -> (Tally, Tally) {
    let options = Options {
        default_draft: Some(draft),
        registry: Some(suite::remotes(&suite_dir(dir), draft)),
        ..Options::default()
    };
    let mut required = Tally::default();
    for f in json_files(&suite_dir(dir)) {
        run_file(&f, &options, &mut required);
    }
    let mut optional = Tally::default();
    for name in OPTIONAL {
        let f = suite_dir(dir).join("optional").join(name);
        if f.exists() {
            run_file(&f, &options, &mut optional);
        }
    }
    (required, optional)
}

fn run_formats(dir: &str, draft: Draft) -> Tally {
    let options = Options {
        default_draft: Some(draft),
        registry: Some(suite::remotes(&suite_dir(dir), draft)),
        assert_formats: true,
        ..Options::default()
    };
    let mut tally = Tally::default();
    for name in FORMATS {
        let f = suite_dir(dir)
            .join("optional/format")
            .join(format!("{name}.json"));
        if f.exists() {
            run_file(&f, &options, &mut tally);
        }
    }
    tally
}

// Pinned `(passed, tests, refused groups)`, so that a group newly refused (or a test no
// longer run) shows up here.

#[test]
fn draft_2020_12_passes_every_compiled_group() {
    let (required, optional) = run("draft2020-12", Draft::Draft2020);
    assert_eq!(required.figures(), (1290, 1299, 4));
    assert_eq!(optional.figures(), (156, 160, 2));
    assert_eq!(
        run_formats("draft2020-12", Draft::Draft2020).figures(),
        (745, 745, 0)
    );
}

#[test]
fn draft_2019_09_passes_every_compiled_group() {
    let (required, optional) = run("draft2019-09", Draft::Draft2019);
    assert_eq!(required.figures(), (1250, 1259, 4));
    assert_eq!(optional.figures(), (158, 158, 0));
    assert_eq!(
        run_formats("draft2019-09", Draft::Draft2019).figures(),
        (738, 738, 0)
    );
}

#[test]
fn draft_07_passes_every_compiled_group() {
    let (required, optional) = run("draft7", Draft::Draft7);
    assert_eq!(required.figures(), (923, 927, 2));
    assert_eq!(optional.figures(), (108, 108, 0));
    assert_eq!(
        run_formats("draft7", Draft::Draft7).figures(),
        (657, 657, 0)
    );
}

#[test]
fn draft_06_passes_every_compiled_group() {
    let (required, optional) = run("draft6", Draft::Draft6);
    assert_eq!(required.figures(), (835, 839, 2));
    assert_eq!(optional.figures(), (106, 106, 0));
    assert_eq!(
        run_formats("draft6", Draft::Draft6).figures(),
        (318, 318, 0)
    );
}

#[test]
fn draft_04_passes_every_compiled_group() {
    let (required, optional) = run("draft4", Draft::Draft4);
    assert_eq!(required.figures(), (614, 618, 2));
    assert_eq!(optional.figures(), (99, 99, 0));
    assert_eq!(
        run_formats("draft4", Draft::Draft4).figures(),
        (212, 212, 0)
    );
}
