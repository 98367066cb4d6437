//! Every JSON-Schema-Test-Suite group validgen compiles (of the files `schemas/suite.rs`
//! compiles with the emitter), through the validators
//! `validgen-codegen` emitted for it (`build.rs`): the expected verdict on every test, and the
//! same report as the interpreter (violations, locations, keyword locations, messages), and
//! the same report and verdict from JSON bytes and by the verdict-only entry points, and the
//! same standard output (`list`).

#[path = "../../schemas/suite.rs"]
mod suite;

use std::path::PathBuf;

use validgen::interpret::{Explain, evaluate_document};
use validgen::json_schema::{OutputFormat, compile, describe, output_with};
use validgen::model::Plain;
use validgen_tests::json_schema_suite::{SCHEMAS, SUITE};

/// A file of `suite::DRAFT_FILES` that is not in the suite would be left out silently.
#[test]
fn every_listed_draft_file_is_in_the_suite() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/json-schema-test-suite/tests");
    for (draft, files) in suite::DRAFT_FILES {
        for f in *files {
            assert!(dir.join(draft).join(f).is_file(), "{draft}/{f}");
        }
    }
}

#[test]
fn compiled_validators_pass_the_suite_and_equal_the_interpreter() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/json-schema-test-suite/tests");
    let groups = suite::groups(&dir);
    assert_eq!(
        groups.len(),
        SUITE.len(),
        "build.rs compiled another list of groups"
    );
    let mut failures = Vec::new();
    let mut tests = 0;
    // Tests whose document collects annotations (valid, and annotated).
    let mut annotated = 0;
    // Tests the streamed verdict answered (else it stepped aside for the tape), by group.
    let mut streamed = 0;
    let mut aside = Vec::new();
    for ((group, (name, compiled)), validator) in groups.iter().zip(SUITE).zip(SCHEMAS) {
        assert_eq!(&group.name, name);
        assert_eq!(validator.name, *name);
        let compiled_schema = match compile(&group.schema, &group.options) {
            Ok(c) => c,
            Err(e) => panic!("{}: {e:?}", group.label),
        };
        let rules = &compiled_schema.rules;
        let annotating = compiled_schema.annotating(&group.schema);
        for (description, data, valid) in &group.tests {
            tests += 1;
            let compact = validgen::serde_json::to_vec(data).expect("a Value serializes");
            match (validator.stream)(&compact) {
                Some(_) => streamed += 1,
                None => aside.push(format!("{}: {description}", group.label)),
            }
            for explain in [Explain::All, Explain::Failures] {
                let fast = compiled(data, explain);
                let slow = evaluate_document(rules, &Plain::new(data), explain);
                if fast != slow {
                    failures.push(format!(
                        "{}: {description}: compiled {fast:?} != interpreted {slow:?}",
                        group.label
                    ));
                }
                // From bytes (one pass, no `Value`), and the verdict-only paths: the same.
                if let Some(e) = validgen_tests::bytes::differences(validator, data, explain, &fast)
                {
                    failures.push(format!("{}: {description}: {e}", group.label));
                }
                // The standard output of both: the same units.
                if explain == Explain::Failures {
                    let uri = match group.schema.get("$id").and_then(|id| id.as_str()) {
                        Some(id) => id.split('#').next().unwrap_or_default().to_owned(),
                        None => format!("validgen:///{}", validator.file),
                    };
                    // Worded from the schema as the validator holds it (its compact JSON).
                    let schema: validgen::serde_json::Value =
                        validgen::serde_json::from_str(validator.schema).expect("schema text");
                    let text = |v: &validgen::ir::Violation| {
                        v.message
                            .clone()
                            .unwrap_or_else(|| describe(v, data, &schema))
                    };
                    let annotations = if slow.violations.is_empty() {
                        annotating.collect(data)
                    } else {
                        Vec::new()
                    };
                    annotated += usize::from(!annotations.is_empty());
                    for format in [OutputFormat::List, OutputFormat::Hierarchical] {
                        let interpreted =
                            output_with(&slow.violations, &annotations, text, &uri, format);
                        if validator.output(data, format) != interpreted {
                            failures.push(format!(
                                "{}: {description}: compiled {format} output differs from {interpreted}",
                                group.label
                            ));
                        }
                    }
                }
                if fast.report.failed() == *valid {
                    failures.push(format!(
                        "{}: {description}: expected valid={valid}",
                        group.label
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Draft 2020-12's and draft-07's keyword files, the optional files run, and the asserted
    // formats; the files of draft-04, draft-06 and 2019-09 listed in `suite::DRAFT_FILES`.
    assert_eq!((groups.len(), tests), (1040, 4629));
    // Of which the valid documents with annotations, equal from both back ends (each test
    // counted once, under `Explain::Failures`).
    assert_eq!(annotated, 896);
    // Every test is answered by the stream: none steps aside for the tape (arrays compared
    // whole are read into tapes of their own inside it).
    assert_eq!(streamed, tests, "stepped aside:\n{}", aside.join("\n"));
}
