//! Schema catalogs: every JSON Schema (or CRD) file of a folder compiled by the JSON Schema
//! frontend of `validgen-runtime` and emitted as document validators. Behind
//! `include_schemas!` and `validgen generate --schemas`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use proc_macro2::TokenStream;
use serde_json::Value;
use validgen_runtime::json_schema::{self, SchemaError, SchemaText};
use validgen_runtime::kubevirt::admission::collect_files;

use crate::diag::{Diagnostic, Diagnostics};
use crate::emit::schemas::SchemaItem;
use crate::names::function_name;

/// How the schemas of a folder are compiled.
#[derive(Debug, Clone, Copy, Default)]
pub struct SchemaOptions {
    /// Assert `format` (see `json_schema::Options::assert_formats`).
    pub assert_formats: bool,
    /// Unknown keywords are errors.
    pub strict: bool,
}

/// The generated code of a schema catalog.
#[derive(Debug, Clone)]
pub struct GeneratedSchemas {
    /// The items: a validator per schema and `SCHEMAS`.
    pub tokens: TokenStream,
    /// Every file read (absolute), for rebuild tracking.
    pub files: Vec<PathBuf>,
    /// Each validator's function name, with the file (relative to the folder, and CRD
    /// version) it comes from, sorted by name.
    pub schemas: Vec<(String, String)>,
    /// Unknown keywords, formats not asserted, CEL rules not evaluated: located.
    pub warnings: Vec<Diagnostic>,
}

/// One schema found in a file: a file's whole document, or one version of a CRD.
struct Found {
    name: String,
    origin: String,
    schema: Value,
    /// JSON Pointer of the schema inside its file (`""`, or the CRD version's
    /// `/spec/versions/<i>/schema/openAPIV3Schema`).
    base: String,
    openapi: bool,
}

/// Compiles every schema file under `dir` (`*.json`, `*.yaml`, `*.yml`, recursively);
/// `display` names the folder in diagnostics. A file holding a Kubernetes
/// `CustomResourceDefinition` gives one validator per version (`<kind>_<version>`), compiled
/// as an OpenAPI structural schema; any other file is one schema, named after its path
/// (`charts/app/values.schema.json` → `charts_app_values_schema`).
///
/// # Errors
/// Every problem, collected and located (`file:line:col`): unreadable files, text that is not
/// JSON/YAML, schema errors, two schemas with one function name.
pub fn compile_schema_dir(
    dir: &Path,
    display: &str,
    opts: SchemaOptions,
) -> Result<GeneratedSchemas, Diagnostics> {
    let mut diags = Diagnostics::default();
    let mut files = Vec::new();
    if let Err(e) = collect_files(dir, &mut files) {
        diags.push(Diagnostic::file(display, e.to_string()));
        return Err(diags);
    }
    let mut warnings = Vec::new();
    let mut sets: BTreeMap<String, SchemaItem> = BTreeMap::new();
    for path in &files {
        let rel = path.strip_prefix(dir).unwrap_or(path);
        let file = format!("{display}/{}", rel.display()).replace('\\', "/");
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) => {
                diags.push(Diagnostic::file(&file, e.to_string()));
                continue;
            }
        };
        let source = match SchemaText::parse(&text) {
            Ok(s) => s,
            Err(e) => {
                diags.push(Diagnostic::at(&file, e.line, e.column, None, e.message));
                continue;
            }
        };
        for found in schemas_in(source.value(), rel) {
            let options = json_schema::Options {
                assert_formats: opts.assert_formats,
                strict: opts.strict,
                openapi: found.openapi,
                ..json_schema::Options::default()
            };
            let locate = |e: &SchemaError| {
                let pointer = format!("{}{}", found.base, e.pointer);
                let (line, column) = source.span(&pointer).map_or((0, 0), |s| (s.line, s.column));
                Diagnostic::at(&file, line, column, None, e.to_string())
            };
            match json_schema::compile(&found.schema, &options) {
                Ok(compiled) => {
                    warnings.extend(compiled.warnings.iter().map(locate));
                    let origin = format!("{}{}", rel.display(), found.origin).replace('\\', "/");
                    if let Some(other) = sets.get(&found.name) {
                        diags.push(Diagnostic::file(
                            &file,
                            format!(
                                "`{}` and `{origin}` both become the validator `{}`",
                                other.file, found.name
                            ),
                        ));
                        continue;
                    }
                    sets.insert(
                        found.name.clone(),
                        SchemaItem {
                            name: found.name,
                            file: origin,
                            schema: found.schema,
                            rules: compiled.rules,
                        },
                    );
                }
                Err(errors) => errors.iter().map(locate).for_each(|d| diags.push(d)),
            }
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    let items: Vec<SchemaItem> = sets.into_values().collect();
    Ok(GeneratedSchemas {
        tokens: crate::emit::schemas::catalog(&items),
        files,
        schemas: items
            .iter()
            .map(|i| (i.name.clone(), i.file.clone()))
            .collect(),
        warnings,
    })
}

/// The schemas of one file's document.
fn schemas_in(doc: &Value, rel: &Path) -> Vec<Found> {
    if doc.get("kind").and_then(Value::as_str) == Some("CustomResourceDefinition") {
        let kind = doc
            .pointer("/spec/names/kind")
            .and_then(Value::as_str)
            .unwrap_or("crd");
        let versions = doc
            .pointer("/spec/versions")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default();
        return versions
            .iter()
            .enumerate()
            .filter_map(|(i, v)| {
                let version = v.get("name").and_then(Value::as_str)?;
                let schema = v.pointer("/schema/openAPIV3Schema")?.clone();
                Some(Found {
                    name: function_name(&format!("{kind}_{version}")),
                    origin: format!(" (version {version})"),
                    schema,
                    base: format!("/spec/versions/{i}/schema/openAPIV3Schema"),
                    openapi: true,
                })
            })
            .collect();
    }
    let stem = rel.with_extension("");
    vec![Found {
        name: function_name(&stem.display().to_string()),
        origin: String::new(),
        schema: doc.clone(),
        base: String::new(),
        openapi: false,
    }]
}
