//! The annotation tables of generated validators (`SchemaValidator::annotations`) equal the
//! interpreter's (`RuleSet::annotations`): on the real schemas of `corpus/json-schema` (the
//! tables `build.rs` emits as `include_schemas!` does) and, end to end through
//! `include_schemas!`, on annotated schemas, where each violation finds the same annotations
//! with either back end.

mod annotated {
    validgen::include_schemas!("schemas/annotated");
}

use std::path::PathBuf;

use validgen::interpret::{Explain, evaluate_document};
use validgen::json_schema::{Options, annotation_of, compile, read_annotations};
use validgen::model::Plain;
use validgen::serde_json::{self, Value, json};
use validgen_tests::json_schema_annotations::CORPUS_ANNOTATIONS;

#[test]
fn emitted_corpus_tables_equal_the_interpreters() {
    assert_eq!(CORPUS_ANNOTATIONS.len(), 20);
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/json-schema");
    let mut total = 0;
    for (file, openapi, table) in CORPUS_ANNOTATIONS {
        let text = std::fs::read_to_string(root.join(file)).expect("the file reads");
        let schema: Value = serde_json::from_str(&text).expect("JSON");
        let options = Options {
            openapi: *openapi,
            ..Options::default()
        };
        let interpreted = compile(&schema, &options)
            .expect("the schema compiles")
            .rules
            .annotations;
        let compiled = read_annotations(table);
        let differing: Vec<_> = interpreted
            .iter()
            .filter(|(at, a)| compiled.get(at) != Some(a))
            .map(|(at, a)| format!("{at}: {a:?} != {:?}", compiled.get(at)))
            .collect();
        assert!(differing.is_empty(), "{file}: {differing:#?}");
        assert_eq!(compiled, interpreted, "{file}");
        // Static data in location order, so that lookups can search it.
        assert!(table.windows(2).all(|w| w[0].0 < w[1].0), "{file}");
        total += compiled.len();
    }
    assert!(total > 1000, "{total}");
}

#[test]
fn generated_validators_find_the_interpreters_annotations() {
    assert_eq!(annotated::SCHEMAS.len(), 2);
    let docs = [
        json!({"port": 70000, "mode": "test", "tags": ["", 3], "password": "short", "x": 1}),
        json!({"mode": "prod"}),
        json!({"port": 80}),
        json!(["a", 1, "two"]),
        json!([1]),
    ];
    let mut found = 0;
    for validator in annotated::SCHEMAS {
        let schema: Value = serde_json::from_str(validator.schema).expect("JSON");
        let rules = compile(&schema, &Options::default())
            .expect("the schema compiles")
            .rules;
        assert_eq!(
            validator.annotations(),
            rules.annotations,
            "{}",
            validator.name
        );
        for doc in &docs {
            let slow = evaluate_document(&rules, &Plain::new(doc), Explain::Failures);
            let fast = (validator.validate)(doc, Explain::Failures);
            assert_eq!(fast, slow);
            for v in &fast.violations {
                let want = annotation_of(&rules.annotations, v).cloned();
                assert_eq!(
                    validator.annotation_of(v),
                    want,
                    "{} {}",
                    validator.name,
                    v.keyword
                );
                found += usize::from(want.is_some());
            }
        }
    }
    // Port, Mode, Tag (twice), the password's writeOnly, the root's (additionalProperties,
    // required, type twice), Rest.
    assert_eq!(found, 10);
    let server = annotated::SCHEMAS
        .iter()
        .find(|s| s.file == "server.schema.json")
        .expect("the server schema");
    let port = server
        .annotation("/properties/port")
        .expect("an annotation");
    assert_eq!(port.default, Some(json!(8080)));
    assert_eq!(port.examples, Some(vec![json!(80), json!(443)]));
    assert_eq!(server.annotation("/properties/tags"), None);
}
