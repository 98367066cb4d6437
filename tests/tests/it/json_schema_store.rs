//! A real collection whole, on both back ends, against the oracle (issue #32 item 8): the
//! SchemaStore subset vendored under `corpus/schemastore` (see its `SOURCE.md`), whose
//! schemas reference each other by `https://json.schemastore.org/…` URLs, read offline
//! through the schema map (`schemas/store.rs`). Every schema compiles with the emitter
//! (`build.rs`); on every instance SchemaStore ships (valid and invalid; JSON, YAML, TOML),
//! the compiled validator's report equals the interpreter's, from a `Value` and from JSON
//! bytes (located, with messages), its verdicts (`is_valid`, `is_valid_bytes`, the streamed
//! verdict) agree, and the verdict is the `jsonschema` crate's, given the same files by a
//! retriever. `format` is an annotation on both sides.

#[path = "../../schemas/store.rs"]
mod store;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use validgen::interpret::{Explain, evaluate_document};
use validgen::json_schema::{SchemaValidator, compile};
use validgen::model::{Plain, Tape, Yaml, YamlVersion};
use validgen::serde_json::{self, Value};
use validgen_tests::json_schema_store::{REFUSED, SCHEMAS};

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("corpus/schemastore")
}

/// The oracle's way to the same files: each under the URLs of [`store::PREFIXES`] and under
/// its `$id` (draft-04: `id`), the first one under a URI keeping it, as validgen's registry
/// registers them; nothing fetched.
struct Files(BTreeMap<String, Value>);

impl Files {
    fn new() -> Files {
        let mut by_uri = BTreeMap::new();
        for name in store::schema_names(&corpus()) {
            let schema = store::read_schema(&corpus(), &name);
            for key in ["$id", "id"] {
                if let Some(id) = schema.get(key).and_then(Value::as_str) {
                    let id = id.trim_end_matches('#').to_owned();
                    by_uri.entry(id).or_insert_with(|| schema.clone());
                }
            }
            for prefix in store::PREFIXES {
                by_uri
                    .entry(format!("{prefix}{name}"))
                    .or_insert_with(|| schema.clone());
            }
        }
        Files(by_uri)
    }
}

impl jsonschema::Retrieve for Files {
    fn retrieve(
        &self,
        uri: &jsonschema::Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        let uri = uri.as_str();
        self.0
            .get(uri)
            .cloned()
            .ok_or_else(|| format!("{uri} is not in the collection").into())
    }
}

/// A TOML value as JSON: a date or time is its RFC 3339 text, as TOML tools hand it to a
/// JSON Schema validator.
fn toml_to_json(v: toml::Value) -> Value {
    match v {
        toml::Value::String(s) => Value::String(s),
        toml::Value::Integer(i) => Value::from(i),
        toml::Value::Float(f) => Value::from(f),
        toml::Value::Boolean(b) => Value::Bool(b),
        toml::Value::Datetime(d) => Value::String(d.to_string()),
        toml::Value::Array(list) => Value::Array(list.into_iter().map(toml_to_json).collect()),
        toml::Value::Table(t) => {
            Value::Object(t.into_iter().map(|(k, v)| (k, toml_to_json(v))).collect())
        }
    }
}

/// An instance file read as `validate --schema` reads it: JSON, YAML 1.2 (a file without a
/// document is `null`), or TOML.
fn read_instance(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let fail = |e: String| -> Value { panic!("{}: {e}", path.display()) };
    match path.extension().and_then(|e| e.to_str()) {
        Some("json") => serde_json::from_str(&text).unwrap_or_else(|e| fail(e.to_string())),
        Some("toml") => toml::from_str::<toml::Table>(&text)
            .map(|t| toml_to_json(toml::Value::Table(t)))
            .unwrap_or_else(|e| fail(e.to_string())),
        _ => Yaml::parse_as(&text, YamlVersion::Core12)
            .map(|doc| doc.value().clone())
            .unwrap_or_else(|e| fail(e.to_string())),
    }
}

/// Verdicts known to differ from the oracle, `(schema, instance file, why validgen is
/// right)`. Each must still differ.
const ORACLE_WRONG: &[(&str, &str, &str)] = &[(
    "azure-iot-edge-deployment-template-1.0.json",
    "test/azure-iot-edge-deployment-template-1.0/deployment.template.json",
    "the oracle asserts draft-07's `contentMediaType: application/json` on `createOptions: \"\"`; \
     draft-07 validation §8 leaves that to the implementation (and 2019-09 on make it an \
     annotation), validgen keeps it an annotation, and SchemaStore expects the file valid",
)];

/// Instances whose verdict (validgen's and the oracle's) is not the one SchemaStore expects,
/// with the reason the specification gives.
const NOT_AS_SCHEMASTORE_EXPECTS: &[(&str, &str)] = &[(
    "negative_test/pre-commit-config/local-missing-entry.json",
    "its `required: [..., \"entry\", ...]` is a sibling of `$ref` in a draft-07 schema, where \
     `$ref` makes its siblings ignored (draft-07 core §8.3); SchemaStore's validator applies them",
)];

#[test]
fn every_schema_of_the_collection_compiles_with_the_emitter() {
    assert!(REFUSED.is_empty(), "{}", REFUSED.join("\n"));
    let mut files: Vec<&str> = SCHEMAS.iter().map(|v| v.file).collect();
    files.sort_unstable();
    let mut expected = store::schema_names(&corpus());
    expected.retain(|n| !store::LEFT_OUT.contains(&n.as_str()));
    assert_eq!(files, expected);
    assert_eq!((SCHEMAS.len(), store::LEFT_OUT.len()), (64, 28));
    // The schemas left out compile for the interpreter (`build.rs` is not asked to).
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
    /// Instances whose verdict is SchemaStore's expectation (its `test/` valid, its
    /// `negative_test/` invalid), and the others.
    as_expected: usize,
    unexpected: Vec<String>,
    /// The verdicts that differ from the oracle's, `(schema, file)`.
    differ: Vec<(String, String)>,
    failures: Vec<String>,
}

impl Tally {
    /// Runs `instance` (the file `file` of a schema compiled for the interpreter as `rules`,
    /// and with the emitter as `validator` unless left out) through every path, recording
    /// disagreements; returns the verdict.
    fn run(
        &mut self,
        validator: Option<&SchemaValidator>,
        rules: &validgen::ir::RuleSet,
        file: &str,
        instance: &Value,
    ) -> bool {
        let mut valid = false;
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
            valid = !interpreted.report.failed();
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
        valid
    }
}

#[test]
fn every_verdict_of_both_back_ends_equals_the_oracles() {
    let corpus = corpus();
    let registry = store::registry(&corpus);
    let mut tally = Tally::default();
    let mut names: Vec<String> = ["test", "negative_test"]
        .iter()
        .flat_map(|d| store::sorted_entries(&corpus.join(d)))
        .filter_map(|p| p.file_name()?.to_str().map(|n| format!("{n}.json")))
        .collect();
    names.sort();
    names.dedup();
    for name in &names {
        let schema = store::read_schema(&corpus, name);
        let rules = compile(&schema, &store::options(name, &registry))
            .unwrap_or_else(|e| panic!("{name}: {}", e[0]))
            .rules;
        let validator = SCHEMAS.iter().find(|v| v.file == name);
        if validator.is_none() && !store::LEFT_OUT.contains(&name.as_str()) {
            panic!("{name} was not compiled");
        }
        let oracle = jsonschema::options()
            .should_validate_formats(false)
            .with_base_uri(format!("{}{name}", store::PREFIXES[0]))
            .with_retriever(Files::new())
            .build(&schema)
            .unwrap_or_else(|e| panic!("{name}: the oracle: {e}"));
        tally.schemas += 1;
        for (dir, expected) in [("test", true), ("negative_test", false)] {
            let folder = corpus.join(dir).join(name.trim_end_matches(".json"));
            if !folder.is_dir() {
                continue;
            }
            for path in store::sorted_entries(&folder) {
                let file = format!(
                    "{dir}/{}",
                    path.strip_prefix(corpus.join(dir))
                        .map(|p| p.display().to_string())
                        .unwrap_or_default()
                );
                let instance = read_instance(&path);
                let ours = tally.run(validator, &rules, &file, &instance);
                tally.instances += 1;
                if ours == expected {
                    tally.as_expected += 1;
                } else {
                    tally.unexpected.push(file.clone());
                }
                if ours != oracle.is_valid(&instance) {
                    let pinned = ORACLE_WRONG.iter().any(|(s, f, _)| s == name && *f == file);
                    if !pinned {
                        let theirs: Vec<String> = oracle
                            .iter_errors(&instance)
                            .map(|e| format!("{}: {e}", e.instance_path()))
                            .collect();
                        tally.failures.push(format!(
                            "{file}: validgen says valid={ours}, the oracle {}: {theirs:?}",
                            !ours
                        ));
                    }
                    tally.differ.push((name.clone(), file));
                }
            }
        }
    }
    for (s, f, _) in ORACLE_WRONG {
        if !tally.differ.iter().any(|(n, file)| n == s && file == f) {
            tally
                .failures
                .push(format!("{s} {f}: pinned as differing, but agrees"));
        }
    }
    assert!(tally.failures.is_empty(), "{}", tally.failures.join("\n"));
    assert_eq!(
        (
            tally.schemas,
            tally.instances,
            tally.as_expected,
            tally.differ.len(),
            tally.compiled,
            tally.streamed
        ),
        (57, 224, 223, ORACLE_WRONG.len(), 96, 96)
    );
    let expected: Vec<&str> = NOT_AS_SCHEMASTORE_EXPECTS.iter().map(|(f, _)| *f).collect();
    assert_eq!(tally.unexpected, expected);
}
