//! The instances of the SchemaStore collection (`corpus/schemastore`, see its `SOURCE.md`),
//! for the two tests that run them: `frontends/json-schema/tests/it/json_schema_collection.rs`
//! (the interpreter against the `jsonschema` crate: verdicts and annotations) and
//! `tests/it/json_schema_store.rs` (the compiled validators against the interpreter). Beside
//! `store.rs` (the schemas, which `build.rs` reads too), in a file of its own: `build.rs` reads
//! no instance and has no TOML reader.

use std::path::Path;

use serde_json::Value;
use validgen_core::model::{Yaml, YamlVersion};

use super::store::sorted_entries;

/// One instance file SchemaStore ships for a schema.
pub struct Instance {
    /// Its path under the corpus folder: `test/<schema>/<file>` (SchemaStore expects it
    /// valid) or `negative_test/<schema>/<file>` (invalid).
    pub file: String,
    /// The document, read as `validate --schema` reads it.
    pub value: Value,
}

/// The schemas SchemaStore ships instances for (their file names under `schemas/`, sorted),
/// each with its instances: the valid ones, then the invalid ones, each sorted by file name.
pub fn instances(corpus: &Path) -> Vec<(String, Vec<Instance>)> {
    let mut names: Vec<String> = ["test", "negative_test"]
        .iter()
        .flat_map(|d| sorted_entries(&corpus.join(d)))
        .filter_map(|p| p.file_name()?.to_str().map(|n| format!("{n}.json")))
        .collect();
    names.sort();
    names.dedup();
    names
        .into_iter()
        .map(|name| {
            let mut found = Vec::new();
            for dir in ["test", "negative_test"] {
                let folder = corpus.join(dir).join(name.trim_end_matches(".json"));
                if !folder.is_dir() {
                    continue;
                }
                for path in sorted_entries(&folder) {
                    let under = path.strip_prefix(corpus.join(dir)).unwrap_or(&path);
                    found.push(Instance {
                        file: format!("{dir}/{}", under.display()),
                        value: read_instance(&path),
                    });
                }
            }
            (name, found)
        })
        .collect()
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
