//! The Annotations Test Suite of JSON-Schema-Test-Suite (vendored under
//! `tests/corpus/json-schema-test-suite/annotations`) through the interpreter's standard
//! output (`CompiledSchema::output`, `list`): every case of draft-07, 2019-09 and 2020-12,
//! the annotations collected at each instance location exactly those its assertions expect.

#[path = "../../../../tests/schemas/annotation_suite.rs"]
pub(crate) mod annotation_suite;

use std::path::PathBuf;

use validgen_json_schema::{Draft, Options, OutputFormat, compile};

use crate::annotation_oracle::{self, Comparison};

#[test]
fn the_annotation_suite_passes_in_every_draft_that_annotates() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/corpus/json-schema-test-suite/annotations/tests");
    let mut failures = Vec::new();
    let mut tallies = Vec::new();
    for (release, draft) in [
        (7, Draft::Draft7),
        (2019, Draft::Draft2019),
        (2020, Draft::Draft2020),
    ] {
        let options = Options {
            default_draft: Some(draft),
            ..Options::default()
        };
        let mut tests = 0;
        for case in annotation_suite::cases(&dir, release) {
            let compiled = match compile(&case.schema, &options) {
                Ok(c) => c,
                Err(e) => {
                    failures.push(format!(
                        "{release} {} ({}): refused: {e:?}",
                        case.label, case.name
                    ));
                    continue;
                }
            };
            let annotating = compiled.annotating(&case.schema);
            for (instance, assertions) in &case.tests {
                tests += 1;
                let list = compiled.output(
                    (&case.schema, &annotating),
                    instance,
                    "",
                    OutputFormat::List,
                );
                for f in annotation_suite::failures(&list, assertions) {
                    failures.push(format!("{release} {}: {instance}: {f}", case.label));
                }
            }
        }
        tallies.push((release, tests));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Every test of the suite that each release admits (the other 3 are for a release to
    // come, `9999`).
    assert_eq!(tallies, [(7, 24), (2019, 43), (2020, 55)]);
}

/// The oracle's annotations on the suite's 2020-12 cases: each key it and validgen both give
/// agrees; [`ORACLE_DIFFERENCES`] pins, by keyword, those only one side gives.
#[test]
fn the_annotation_suite_against_the_oracle() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/corpus/json-schema-test-suite/annotations/tests");
    let mut comparison = Comparison::default();
    for case in annotation_suite::cases(&dir, 2020) {
        let compiled = compile(&case.schema, &Options::default()).expect("it compiles");
        let annotating = compiled.annotating(&case.schema);
        let oracle = jsonschema::options()
            .should_validate_formats(false)
            .build(&case.schema)
            .expect("the oracle compiles it");
        let documents = [(
            annotation_oracle::root(&case.schema, "json-schema:///"),
            String::new(),
        )]
        .into();
        for (instance, _) in &case.tests {
            let ours = annotating.collect(instance);
            let theirs = oracle.evaluate(instance);
            comparison.add(
                &case.label,
                &annotation_oracle::ours(&ours),
                &annotation_oracle::theirs(&theirs, &documents),
            );
        }
    }
    // Every annotation both give is the same value.
    assert!(comparison.differ.is_empty(), "{comparison:#?}");
    assert_eq!(comparison.agree, 99, "{comparison:#?}");
    // Given by validgen alone: the empty `properties`/`patternProperties` lists and those of
    // a case where `jsonschema` gives none for either; `unevaluatedProperties` and
    // `unevaluatedItems`, which `jsonschema` never annotates; `contentSchema`, which it
    // writes as the subschema's keywords (its `type` below); and the `$dynamicRef` case's,
    // which it locates through the reference (`/properties/list`) where validgen locates
    // them where they are written (`/$defs/genericList/properties/list`).
    let ours: Vec<(&str, usize)> = comparison
        .only_ours
        .iter()
        .map(|(k, n)| (k.as_str(), *n))
        .collect();
    assert_eq!(
        ours,
        [
            ("contentSchema", 1),
            ("items", 2),
            ("patternProperties", 2),
            ("properties", 4),
            ("title", 2),
            ("unevaluatedItems", 9),
            ("unevaluatedProperties", 11),
        ]
    );
    // Given by `jsonschema` alone: the `$dynamicRef` case's (above), the `contentSchema`
    // split into keywords, and the `title` of a `propertyNames` subschema, which the suite
    // says must not annotate the object (`applicators`: "`propertyNames` doesn't annotate
    // property values").
    let theirs: Vec<(&str, usize)> = comparison
        .only_theirs
        .iter()
        .map(|(k, n)| (k.as_str(), *n))
        .collect();
    assert_eq!(
        theirs,
        [("items", 2), ("properties", 2), ("title", 3), ("type", 1)]
    );
}
