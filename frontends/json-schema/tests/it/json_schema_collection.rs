//! A real collection whole against the oracle (issue #32 item 8): the SchemaStore subset
//! vendored under `tests/corpus/schemastore` (see its `SOURCE.md`), whose schemas reference
//! each other by `https://json.schemastore.org/…` URLs, read offline through the schema map.
//! Every schema compiles; on every instance SchemaStore ships (valid and invalid; JSON, YAML,
//! TOML), validgen's verdict, from a `Value` and from the JSON bytes, equals the `jsonschema`
//! crate's, given the same files by a retriever. `format` is an annotation on both sides.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::model::{Plain, Tape, Yaml, YamlVersion};
use validgen_json_schema::{Options, Registry, SchemaMap, compile};

/// The URL prefixes the collection's schemas are published under, both served from its
/// `schemas/` folder.
const PREFIXES: [&str; 2] = [
    "https://json.schemastore.org/",
    "https://www.schemastore.org/",
];

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/schemastore")
}

fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.map(|e| e.path()).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    entries.sort();
    entries
}

fn registry() -> Arc<Registry> {
    let mut registry = Registry::new(None);
    for prefix in PREFIXES {
        registry
            .add_map(SchemaMap {
                prefix: prefix.to_owned(),
                path: corpus().join("schemas"),
            })
            .unwrap_or_else(|e| panic!("{e}"));
    }
    Arc::new(registry)
}

fn read_schema(name: &str) -> Value {
    let path = corpus().join("schemas").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn options(name: &str, registry: &Arc<Registry>) -> Options {
    Options {
        registry: Some(registry.clone()),
        base_uri: Some(format!("{}{name}", PREFIXES[0])),
        ..Options::default()
    }
}

/// The oracle's way to the same files: the URLs of [`PREFIXES`], nothing fetched.
struct Files;

impl jsonschema::Retrieve for Files {
    fn retrieve(
        &self,
        uri: &jsonschema::Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        let name = PREFIXES
            .iter()
            .find_map(|p| uri.as_str().strip_prefix(p))
            .ok_or_else(|| format!("{uri} is outside the collection"))?;
        let text = std::fs::read_to_string(corpus().join("schemas").join(name))?;
        Ok(serde_json::from_str(&text)?)
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

/// Verdicts known to differ from the oracle, `(schema, instance file)`, each with the reason
/// the specification gives validgen right. Each must still differ.
const ORACLE_WRONG: &[(&str, &str, &str)] = &[];

#[test]
fn every_schema_of_the_collection_compiles_through_the_schema_map() {
    let registry = registry();
    let mut compiled = 0;
    let mut failures = Vec::new();
    for path in sorted_entries(&corpus().join("schemas")) {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
        match compile(&read_schema(name), &options(name, &registry)) {
            Ok(_) => compiled += 1,
            Err(errors) => failures.push(format!("{name}: {}", errors[0])),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(compiled, 92);
}

/// What the oracle comparison found.
#[derive(Debug, Default)]
struct Tally {
    schemas: usize,
    instances: usize,
    /// Instances whose verdict is SchemaStore's expectation (its `test/` valid, its
    /// `negative_test/` invalid).
    as_expected: usize,
    /// The verdicts that differ from the oracle's, `(schema, file)`.
    differ: Vec<(String, String)>,
    failures: Vec<String>,
}

#[test]
fn every_verdict_equals_the_oracles() {
    let registry = registry();
    let mut tally = Tally::default();
    let mut names: Vec<String> = ["test", "negative_test"]
        .iter()
        .flat_map(|d| sorted_entries(&corpus().join(d)))
        .filter_map(|p| p.file_name()?.to_str().map(|n| format!("{n}.json")))
        .collect();
    names.sort();
    names.dedup();
    for name in &names {
        let schema = read_schema(name);
        let compiled = compile(&schema, &options(name, &registry))
            .unwrap_or_else(|e| panic!("{name}: {}", e[0]));
        let oracle = jsonschema::options()
            .should_validate_formats(false)
            .with_retriever(Files)
            .build(&schema)
            .unwrap_or_else(|e| panic!("{name}: the oracle: {e}"));
        tally.schemas += 1;
        for (dir, expected) in [("test", true), ("negative_test", false)] {
            let folder = corpus().join(dir).join(name.trim_end_matches(".json"));
            if !folder.is_dir() {
                continue;
            }
            for path in sorted_entries(&folder) {
                let file = format!("{dir}/{}", path.strip_prefix(corpus().join(dir)).map(|p| p.display().to_string()).unwrap_or_default());
                let instance = read_instance(&path);
                let report =
                    evaluate_document(&compiled.rules, &Plain::new(&instance), Explain::Failures);
                let ours = !report.report.failed();
                let bytes = serde_json::to_vec(&instance).unwrap_or_else(|e| panic!("{e}"));
                let tape = Tape::parse(&bytes).unwrap_or_else(|e| panic!("{file}: {e}"));
                let from_bytes = evaluate_document(&compiled.rules, &tape, Explain::Failures);
                if from_bytes != report {
                    tally.failures.push(format!("{file}: from bytes {from_bytes:?} != {report:?}"));
                }
                tally.instances += 1;
                tally.as_expected += usize::from(ours == expected);
                if ours != oracle.is_valid(&instance) {
                    let pinned = ORACLE_WRONG.iter().any(|(s, f, _)| s == name && *f == file);
                    if !pinned {
                        tally.failures.push(format!(
                            "{file}: validgen says valid={ours}, the oracle {}: {:?}",
                            !ours, report.violations
                        ));
                    }
                    tally.differ.push((name.clone(), file));
                }
            }
        }
    }
    for (s, f, _) in ORACLE_WRONG {
        if !tally.differ.iter().any(|(n, file)| n == s && file == f) {
            tally.failures.push(format!("{s} {f}: pinned as differing, but agrees"));
        }
    }
    assert!(tally.failures.is_empty(), "{}", tally.failures.join("\n"));
    assert_eq!(
        (tally.schemas, tally.instances, tally.as_expected, tally.differ.len()),
        (58, 225, 0, ORACLE_WRONG.len())
    );
}
