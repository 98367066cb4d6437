//! A real collection whole, on both back ends (issue #32 item 8): the SchemaStore subset
//! vendored under `corpus/schemastore` (see its `SOURCE.md`), whose schemas reference each
//! other by `https://json.schemastore.org/…` URLs, read offline through the schema map
//! (`schemas/store.rs`). Every schema compiles with the emitter (`build.rs`; the 28 of
//! `LEFT_OUT` only with the feature `store-whole`, their instances meeting the interpreter
//! alone otherwise); on every
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

/// Whether the schemas the suite leaves out of its emitter build are compiled too (the
/// feature `store-whole`).
const WHOLE: bool = cfg!(feature = "store-whole");

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/schemastore")
}

#[test]
fn every_schema_of_the_collection_compiles_with_the_emitter() {
    assert!(REFUSED.is_empty(), "{}", REFUSED.join("\n"));
    let mut files: Vec<&str> = SCHEMAS.iter().map(|v| v.file).collect();
    files.sort_unstable();
    let mut expected = store::schema_names(&corpus());
    if !WHOLE {
        expected.retain(|n| !store::LEFT_OUT.contains(&n.as_str()));
    }
    assert_eq!(files, expected);
    let compiled = if WHOLE { 92 } else { 64 };
    assert_eq!((SCHEMAS.len(), store::LEFT_OUT.len()), (compiled, 28));
    // The schemas left out compile for the interpreter (`build.rs` is asked to only with
    // `store-whole`).
    let registry = store::registry(&corpus());
    for name in store::LEFT_OUT {
        let schema = store::read_schema(&corpus(), name);
        if let Err(e) = compile(&schema, &store::options(name, &registry)) {
            panic!("{name}: {}", e[0]);
        }
    }
}

/// What the comparison found.
#[derive(Debug, Default)]
struct Tally {
    schemas: usize,
    instances: usize,
    /// Instances of the schemas compiled with the emitter, and those of them the streamed
    /// verdict answered (else it stepped aside for the tape).
    compiled: usize,
    streamed: usize,
    failures: Vec<String>,
}

impl Tally {
    /// Runs `instance` (the file `file` of a schema compiled for the interpreter as `rules`,
    /// and with the emitter as `validator` unless left out) through every path, recording
    /// disagreements.
    fn run(
        &mut self,
        validator: Option<&SchemaValidator>,
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
            let Some(validator) = validator else { continue };
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
        if let Some(validator) = validator {
            self.compiled += 1;
            let compact = serde_json::to_vec(instance).unwrap_or_else(|e| panic!("{e}"));
            if (validator.stream)(&compact).is_some() {
                self.streamed += 1;
            }
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
        let validator = SCHEMAS.iter().find(|v| v.file == name);
        if validator.is_none() && !store::LEFT_OUT.contains(&name.as_str()) {
            panic!("{name} was not compiled");
        }
        tally.schemas += 1;
        for instance in &instances {
            tally.run(validator, &rules, &instance.file, &instance.value);
            tally.instances += 1;
        }
    }
    assert!(tally.failures.is_empty(), "{}", tally.failures.join("\n"));
    assert_eq!(
        (
            tally.schemas,
            tally.instances,
            tally.compiled,
            tally.streamed
        ),
        if WHOLE {
            (57, 224, 224, 224)
        } else {
            (57, 224, 96, 96)
        }
    );
}
