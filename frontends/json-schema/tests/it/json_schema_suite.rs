//! The official JSON-Schema-Test-Suite (vendored under `tests/corpus/json-schema-test-suite`),
//! all five drafts (draft-04, draft-06, draft-07, 2019-09, 2020-12), through the JSON Schema
//! frontend and the interpreter: every group compiles (the suite's `remotes/` through the
//! registry, the drafts' meta-schemas bundled) and gives every expected verdict. Each test's
//! data is judged from its JSON bytes too ([`Tape`]), with the same report. The tallies are
//! pinned per draft, the required files (the top level) apart from the optional ones run.

use std::path::{Path, PathBuf};

use serde_json::Value;
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::model::{Plain, Tape};
use validgen_json_schema::{Draft, Options, compile};

/// The optional files run and the formats asserted: the list the compiled-code test uses
/// (`tests/schemas/suite.rs`).
#[path = "../../../../tests/schemas/suite.rs"]
#[allow(dead_code)]
mod suite;

use suite::{FORMATS, OPTIONAL};

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
    /// Tests of the files run (those of groups that do not compile included).
    tests: usize,
    failures: Vec<String>,
}

impl Tally {
    /// `(passed, tests)`, once every failure is reported.
    fn figures(&self) -> (usize, usize) {
        assert!(self.failures.is_empty(), "{}", self.failures.join("\n"));
        (self.passed, self.tests)
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

fn run_file(path: &Path, options: &Options, tally: &mut Tally) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let groups: Vec<Value> =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file = path.display().to_string();
    for g in &groups {
        let group = g["description"].as_str().unwrap_or_default();
        tally.tests += g["tests"].as_array().map_or(0, Vec::len);
        match compile(&g["schema"], options) {
            Err(errors) => tally.failures.push(format!(
                "{file}: {group}: refused: {}",
                errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            )),
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

// Pinned `(passed, tests)`, so that a test no longer run shows up here.

#[test]
fn draft_2020_12_passes_every_compiled_group() {
    let (required, optional) = run("draft2020-12", Draft::Draft2020);
    assert_eq!(required.figures(), (1299, 1299));
    assert_eq!(optional.figures(), (160, 160));
    assert_eq!(
        run_formats("draft2020-12", Draft::Draft2020).figures(),
        (745, 745)
    );
}

#[test]
fn draft_2019_09_passes_every_compiled_group() {
    let (required, optional) = run("draft2019-09", Draft::Draft2019);
    assert_eq!(required.figures(), (1259, 1259));
    assert_eq!(optional.figures(), (158, 158));
    assert_eq!(
        run_formats("draft2019-09", Draft::Draft2019).figures(),
        (738, 738)
    );
}

#[test]
fn draft_07_passes_every_compiled_group() {
    let (required, optional) = run("draft7", Draft::Draft7);
    assert_eq!(required.figures(), (927, 927));
    assert_eq!(optional.figures(), (108, 108));
    assert_eq!(run_formats("draft7", Draft::Draft7).figures(), (657, 657));
}

#[test]
fn draft_06_passes_every_compiled_group() {
    let (required, optional) = run("draft6", Draft::Draft6);
    assert_eq!(required.figures(), (839, 839));
    assert_eq!(optional.figures(), (106, 106));
    assert_eq!(run_formats("draft6", Draft::Draft6).figures(), (318, 318));
}

#[test]
fn draft_04_passes_every_compiled_group() {
    let (required, optional) = run("draft4", Draft::Draft4);
    assert_eq!(required.figures(), (618, 618));
    assert_eq!(optional.figures(), (99, 99));
    assert_eq!(run_formats("draft4", Draft::Draft4).figures(), (212, 212));
}
