//! The SchemaStore collection (`corpus/schemastore`, see its `SOURCE.md`), shared by
//! `build.rs` (which compiles every schema of it with the emitter) and
//! `tests/it/json_schema_store.rs` (which runs every instance through the interpreter, the
//! compiled validators and the `jsonschema` crate): its schemas, named as validators, and the
//! options both back ends compile them with. Its schemas reference each other by
//! `https://json.schemastore.org/…` URLs, read offline through two schema maps.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use serde_json::Value;
use validgen_json_schema::{Options, Registry, SchemaMap};

/// The URL prefixes the collection's schemas are published under, both served from its
/// `schemas/` folder.
pub const PREFIXES: [&str; 2] = [
    "https://json.schemastore.org/",
    "https://www.schemastore.org/",
];

/// The collection's `schemas/` folder, under the corpus folder `corpus`.
pub fn schema_dir(corpus: &Path) -> PathBuf {
    corpus.join("schemas")
}

/// The entries of `dir`, sorted.
pub fn sorted_entries(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.map(|e| e.path()).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    entries.sort();
    entries
}

/// The file names of the collection's schemas, sorted.
pub fn schema_names(corpus: &Path) -> Vec<String> {
    sorted_entries(&schema_dir(corpus))
        .iter()
        .filter_map(|p| p.file_name()?.to_str().map(str::to_owned))
        .collect()
}

/// The schema file `name`, as JSON.
pub fn read_schema(corpus: &Path, name: &str) -> Value {
    let path = schema_dir(corpus).join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// The registry: the `schemas/` folder under each of [`PREFIXES`]; nothing fetched.
pub fn registry(corpus: &Path) -> Arc<Registry> {
    let mut registry = Registry::new(None);
    for prefix in PREFIXES {
        registry
            .add_map(SchemaMap {
                prefix: prefix.to_owned(),
                path: schema_dir(corpus),
            })
            .unwrap_or_else(|e| panic!("{e}"));
    }
    Arc::new(registry)
}

/// How the schema file `name` is compiled by both back ends: read as published, at
/// `https://json.schemastore.org/<name>`, `format` an annotation.
pub fn options(name: &str, registry: &Arc<Registry>) -> Options {
    Options {
        registry: Some(registry.clone()),
        base_uri: Some(format!("{}{name}", PREFIXES[0])),
        ..Options::default()
    }
}
