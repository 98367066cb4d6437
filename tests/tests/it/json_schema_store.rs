//! A real collection whole, on both back ends (issue #32 item 8): the SchemaStore subset
//! vendored under `corpus/schemastore` (see its `SOURCE.md`), whose schemas reference each
//! other by `https://json.schemastore.org/…` URLs, read offline through the schema map
//! (`schemas/store.rs`). Every schema compiles with the emitter (`build.rs`); on every
//! instance SchemaStore ships (valid and invalid; JSON, YAML, TOML: `schemas/store_instances.rs`),
//! the compiled validator's report equals the interpreter's, from a `Value` and from JSON
//! bytes (located, with messages), and its verdicts (`is_valid`, `is_valid_bytes`, the
//! streamed verdict) agree. The interpreter's verdicts and annotations on the same instances
//! are held to the `jsonschema` crate's by `validgen-json-schema`'s
//! `tests/it/json_schema_collection.rs`, which builds each schema's oracle once for both.

#[path = "../../schemas/store.rs"]
mod store;
#[path = "../../schemas/store_instances.rs"]
mod store_instances;

use std::path::PathBuf;

use validgen::interpret::{Explain, evaluate_document};
use validgen::json_schema::{SchemaValidator, compile};
use validgen::model::{Plain, Tape};
use validgen::serde_json::{self, Value};
use validgen_tests::json_schema_store::{REFUSED, SCHEMAS};

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/schemastore")
}

#[test]
fn every_schema_of_the_collection_compiles_with_the_emitter() {
    assert!(REFUSED.is_empty(), "{}", REFUSED.join("\n"));
    let mut files: Vec<&str> = SCHEMAS.iter().map(|v| v.file).collect();
    files.sort_unstable();
    assert_eq!(files, store::schema_names(&corpus()));
    assert_eq!(SCHEMAS.len(), 92);
}

/// What the comparison found.
#[derive(Debug, Default)]
struct Tally {
    schemas: usize,
    instances: usize,
    /// The instances the streamed verdict answered (else it stepped aside for the tape).
    streamed: usize,
    failures: Vec<String>,
}

impl Tally {
    /// Runs `instance` (the file `file` of a schema compiled for the interpreter as `rules`,
    /// and with the emitter as `validator`) through every path, recording
    /// disagreements.
    fn run(
        &mut self,
        validator: &SchemaValidator,
        rules: &validgen::ir::RuleSet,
        file: &str,
        instance: &Value,
    ) {
        for explain in [Explain::All, Explain::Failures] {
            let interpreted = evaluate_document(rules, &Plain::new(instance), explain);
            let bytes = serde_json::to_vec(instance).unwrap_or_else(|e| panic!("{e}"));
            let tape = Tape::parse(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
            let from_tape = evaluate_document(rules, &tape, explain);
            if from_tape != interpreted {
                self.failures.push(format!(
                    "{file}: interpreted from bytes {from_tape:?} != {interpreted:?}"
                ));
            }
            let compiled = (validator.validate)(instance, explain);
            if compiled != interpreted {
                self.failures.push(format!(
                    "{file} ({explain:?}): compiled {compiled:?} != interpreted {interpreted:?}"
                ));
            }
            // From bytes (located, with messages), `is_valid`, `is_valid_bytes`, the stream.
            if let Some(e) =
                validgen_tests::bytes::differences(validator, instance, explain, &compiled)
            {
                self.failures.push(format!("{file} ({explain:?}): {e}"));
            }
        }
        let compact = serde_json::to_vec(instance).unwrap_or_else(|e| panic!("{e}"));
        if (validator.stream)(&compact).is_some() {
            self.streamed += 1;
        }
    }
}

#[test]
fn every_report_of_both_back_ends_is_the_same() {
    let corpus = corpus();
    let registry = store::registry(&corpus);
    let mut tally = Tally::default();
    for (name, instances) in store_instances::instances(&corpus) {
        let schema = store::read_schema(&corpus, &name);
        let rules = compile(&schema, &store::options(&name, &registry))
            .unwrap_or_else(|e| panic!("{name}: {}", e[0]))
            .rules;
        let validator = SCHEMAS
            .iter()
            .find(|v| v.file == name)
            .unwrap_or_else(|| panic!("{name} was not compiled"));
        tally.schemas += 1;
        for instance in &instances {
            tally.run(validator, &rules, &instance.file, &instance.value);
            tally.instances += 1;
        }
    }
    assert!(tally.failures.is_empty(), "{}", tally.failures.join("\n"));
    // Every instance of the collection streams: none steps aside for the tape.
    assert_eq!(
        (tally.schemas, tally.instances, tally.streamed),
        (57, 224, 224)
    );
}
