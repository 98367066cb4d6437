//! Schema catalogs: every JSON Schema (or CRD) file of a folder compiled by the JSON Schema
//! frontend (`validgen-json-schema`) and emitted as document validators. Behind
//! `include_schemas!` and `validgen generate --schemas`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use proc_macro2::TokenStream;
use serde_json::Value;
use validgen_core::files::manifest_files;
use validgen_core::ir::RuleSet;
use validgen_json_schema::{self as json_schema, SchemaError, SchemaText};

use crate::diag::{Diagnostic, Diagnostics};
use crate::emit::schemas::SchemaItem;
use crate::names::function_name;

/// How the schemas of a folder are compiled.
#[derive(Debug, Clone, Default)]
pub struct SchemaOptions {
    /// Assert `format` (see `json_schema::Options::assert_formats`).
    pub assert_formats: bool,
    /// Unknown keywords (and annotations of the wrong shape) are errors.
    pub strict: bool,
    /// The draft of a schema file without `$schema` (see
    /// `json_schema::Options::default_draft`; `None`: 2020-12). CRD versions are OpenAPI
    /// structural schemas whatever it is.
    pub default_draft: Option<json_schema::Draft>,
    /// CRD versions reject unknown fields as Kubernetes strict field validation does
    /// ([`json_schema::reject_unknown_fields`]); other schemas are unchanged.
    pub reject_unknown_fields: bool,
    /// Where the documents of `$ref`s to other URLs are read (`--schema-map URL_PREFIX=PATH`,
    /// `schema_map = "URL_PREFIX=PATH"`), besides the folder's own schemas, which are
    /// registered under their `file://` URLs and `$id`s. Nothing is ever fetched.
    pub schema_map: Vec<json_schema::SchemaMap>,
    /// CRD versions' CEL rules are compiled (with the cargo feature `crd`; ignored without
    /// it): a rule that does not parse or type-check is an error at its `rule:`, and each
    /// version gets `<name>_judge`, the API server's whole answer (`crate::emit::crd`).
    pub cel_rules: bool,
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

/// The resource a CRD version validates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrdVersion {
    /// `spec.group` (empty when missing).
    pub group: String,
    /// `spec.names.kind` (empty when missing).
    pub kind: String,
    /// The version's `name`.
    pub version: String,
    /// The version's `subresources` as written (`null` when it has none).
    pub subresources: Value,
}

impl CrdVersion {
    /// The `apiVersion` of its resources: `<group>/<version>`.
    pub fn api_version(&self) -> String {
        format!("{}/{}", self.group, self.version)
    }
}

/// One schema found and compiled: a file's whole document, or one version of a CRD.
#[derive(Debug, Clone)]
pub struct LoadedSchema {
    /// The validator's function name (`charts_app_values_schema`, `widget_v1`).
    pub name: String,
    /// The file as the user names it.
    pub file: String,
    /// The file, and ` (version <v>)` for a CRD version.
    pub origin: String,
    /// As `origin`, with the file relative to the folder (its name when a file was given):
    /// what generated code records (`SchemaValidator::file`).
    pub relative: String,
    /// JSON Pointer of the schema inside its file (`""`, or the CRD version's
    /// `/spec/versions/<i>/schema/openAPIV3Schema`).
    pub base: String,
    /// The schema as compiled (for a CRD with [`SchemaOptions::reject_unknown_fields`], the
    /// rewritten one): what `json_schema::describe` reads keyword values from.
    pub schema: Value,
    /// The compiled rule set.
    pub rules: RuleSet,
    /// What collects a valid document's annotations
    /// (`json_schema::CompiledSchema::annotating`).
    pub annotating: json_schema::Annotating,
    /// The registry documents its `$ref`s read, by URL
    /// (`json_schema::CompiledSchema::documents`).
    pub documents: BTreeMap<String, Value>,
    /// The resource it validates, for a CRD version.
    pub crd: Option<CrdVersion>,
    /// With [`SchemaOptions::cel_rules`], for a CRD version: what its `<name>_judge` is made of.
    #[cfg(feature = "crd")]
    pub judge: Option<crate::emit::crd::CrdItem>,
}

/// The schemas of a folder or file, compiled, with every problem located.
#[derive(Debug, Clone, Default)]
pub struct SchemaCatalog {
    /// The schemas that compiled, in file order (files sorted), CRD versions in order.
    pub schemas: Vec<LoadedSchema>,
    /// Every file read (absolute when the path given was).
    pub files: Vec<PathBuf>,
    /// Unknown keywords, formats not asserted, CEL rules not evaluated: located.
    pub warnings: Vec<Diagnostic>,
    /// Unreadable files, text that is not JSON/YAML, schema errors, CRDs without versions or
    /// schemas: located (`file:line:col`).
    pub errors: Diagnostics,
}

/// One schema found in a file: a file's whole document, or one version of a CRD.
struct Found {
    name: String,
    origin: String,
    schema: Value,
    base: String,
    crd: Option<CrdVersion>,
}

/// Reads and compiles every schema of `path`: a folder (`*.json`, `*.yaml`, `*.yml`,
/// recursively, sorted) or one file. `display` names `path` in diagnostics and in
/// [`LoadedSchema::file`]. A file holding a Kubernetes `CustomResourceDefinition` gives one
/// schema per version (`<kind>_<version>`), compiled as an OpenAPI structural schema; any other
/// file is one schema, named after its path relative to the folder (or its file name). A file of
/// several YAML documents (`---`) may hold CRDs only (a bundle of CRDs, as `kubectl apply -f`
/// takes it): each other document is an error at its line, as which schema of several a
/// document should meet would be a guess.
pub fn load_schemas(path: &Path, display: &str, opts: SchemaOptions) -> SchemaCatalog {
    let mut out = SchemaCatalog::default();
    let registry = match registry(path, &opts) {
        Ok(r) => r,
        Err(e) => {
            out.errors.push(Diagnostic::file(display, e));
            return out;
        }
    };
    let dir = path.is_dir();
    if dir {
        if let Err(e) = manifest_files(path, &mut out.files) {
            out.errors.push(Diagnostic::file(display, e.to_string()));
            return out;
        }
    } else {
        out.files.push(path.to_path_buf());
    }
    // The list is lent out while the schemas found go into `out`.
    let files = std::mem::take(&mut out.files);
    for file_path in &files {
        let (rel, file) = if dir {
            let rel = file_path.strip_prefix(path).unwrap_or(file_path);
            (
                rel,
                format!("{display}/{}", rel.display()).replace('\\', "/"),
            )
        } else {
            let rel = file_path.file_name().map_or(file_path.as_path(), Path::new);
            (rel, display.to_owned())
        };
        let text = match std::fs::read_to_string(file_path) {
            Ok(t) => t,
            Err(e) => {
                out.errors.push(Diagnostic::file(&file, e.to_string()));
                continue;
            }
        };
        let sources = match read_documents(&text) {
            Ok(s) => s,
            Err(e) => {
                out.errors
                    .push(Diagnostic::at(&file, e.line, e.column, None, e.message));
                continue;
            }
        };
        let several = sources.len() > 1;
        for (index, source) in sources.iter().enumerate() {
            let at = |pointer: &str| source.span(pointer).map_or((0, 0), |s| (s.line, s.column));
            if several && !is_crd(source.value()) {
                let (line, column) = at("");
                out.errors.push(Diagnostic::at(
                    &file,
                    line,
                    column,
                    None,
                    format!(
                        "document {} is not a CustomResourceDefinition: a file of several documents holds CRDs only (put a JSON Schema in a file of its own)",
                        index + 1
                    ),
                ));
                continue;
            }
            match schemas_in(source.value(), rel) {
                Ok(found) => {
                    let read = Read {
                        source,
                        file: &file,
                        rel,
                        url: json_schema::file_url(file_path),
                    };
                    compile_found(found, &read, &opts, &registry, &mut out);
                }
                Err(problems) => {
                    for (pointer, message) in problems {
                        let (line, column) = at(&pointer);
                        out.errors
                            .push(Diagnostic::at(&file, line, column, None, message));
                    }
                }
            }
        }
    }
    out.files = files;
    out
}

/// The documents of a schema file: one (JSON or YAML), or several YAML documents separated
/// by `---` (empty ones left out), each located in the whole text.
fn read_documents(text: &str) -> Result<Vec<SchemaText>, validgen_core::model::YamlError> {
    match SchemaText::parse(text) {
        Ok(one) => Ok(vec![one]),
        Err(e) if e.message.starts_with("multiple YAML documents detected") => {
            SchemaText::parse_all(text)
        }
        Err(e) => Err(e),
    }
}

/// Whether `doc` is a Kubernetes `CustomResourceDefinition`.
fn is_crd(doc: &Value) -> bool {
    doc.get("kind").and_then(Value::as_str) == Some("CustomResourceDefinition")
}

/// The registry of a catalog: the schemas of `path` under their `file://` URLs, and those
/// of each [`SchemaOptions::schema_map`].
fn registry(path: &Path, opts: &SchemaOptions) -> Result<Arc<json_schema::Registry>, String> {
    let mut registry = json_schema::Registry::new(opts.default_draft);
    registry.add_files(path)?;
    for map in &opts.schema_map {
        registry.add_map(map.clone())?;
    }
    Ok(Arc::new(registry))
}

/// One document of a schema file, as read.
pub(crate) struct Read<'a> {
    pub(crate) source: &'a SchemaText,
    /// The file as the user names it.
    pub(crate) file: &'a str,
    /// The file relative to the folder.
    rel: &'a Path,
    /// Its `file://` URL.
    url: String,
}

/// Compiles the schemas `found` in one document of a file (`read`) into `out`.
fn compile_found(
    found: Vec<Found>,
    read: &Read<'_>,
    opts: &SchemaOptions,
    registry: &Arc<json_schema::Registry>,
    out: &mut SchemaCatalog,
) {
    let Read {
        source, file, rel, ..
    } = *read;
    let locate = |base: &str, e: &SchemaError| {
        // An error in another document of the registry is located in its file.
        if let Some((other, span)) = registry.locate(&e.pointer) {
            let (line, column) = span.map_or((0, 0), |s| (s.line, s.column));
            return Diagnostic::at(other, line, column, None, e.to_string());
        }
        let pointer = format!("{base}{}", e.pointer);
        let (line, column) = source.span(&pointer).map_or((0, 0), |s| (s.line, s.column));
        Diagnostic::at(file, line, column, None, e.to_string())
    };
    for mut found in found {
        let openapi = found.crd.is_some();
        let options = json_schema::Options {
            assert_formats: opts.assert_formats,
            strict: opts.strict,
            default_draft: if openapi { None } else { opts.default_draft },
            openapi,
            // A CRD version is one document (OpenAPI has no `$id`).
            registry: (!openapi).then(|| Arc::clone(registry)),
            base_uri: (!openapi).then(|| read.url.clone()),
            // `SchemaItem::annotating` compiles again with it.
            annotations: false,
        };
        #[cfg(feature = "crd")]
        let judge = if openapi && opts.cel_rules {
            match crate::crd::judge_item(
                &found.name,
                &format!("{}{}", rel.display(), found.origin).replace('\\', "/"),
                &found.schema,
                found.crd.as_ref().map_or(&Value::Null, |c| &c.subresources),
                opts,
                read,
                &found.base,
            ) {
                Ok(item) => Some(item),
                Err(diags) => {
                    diags.into_iter().for_each(|d| out.errors.push(d));
                    continue;
                }
            }
        } else {
            None
        };
        let evaluated = openapi && opts.cel_rules && cfg!(feature = "crd");
        if openapi && opts.reject_unknown_fields {
            json_schema::reject_unknown_fields(&mut found.schema);
        }
        match json_schema::compile(&found.schema, &options) {
            Ok(compiled) => {
                let annotating = compiled.annotating(&found.schema);
                out.warnings.extend(
                    compiled
                        .warnings
                        .iter()
                        // `<name>_judge` evaluates the rules and checks list uniqueness.
                        .filter(|e| {
                            !(evaluated
                                && [
                                    json_schema::CEL_NOT_EVALUATED,
                                    json_schema::LIST_MAP_KEYS_NOT_CHECKED,
                                ]
                                .contains(&e.message.as_str()))
                        })
                        .map(|e| locate(&found.base, e)),
                );
                out.schemas.push(LoadedSchema {
                    name: found.name,
                    relative: format!("{}{}", rel.display(), found.origin).replace('\\', "/"),
                    origin: format!("{file}{}", found.origin),
                    file: file.to_owned(),
                    base: found.base,
                    schema: found.schema,
                    rules: compiled.rules,
                    annotating,
                    documents: compiled.documents,
                    crd: found.crd,
                    #[cfg(feature = "crd")]
                    judge,
                });
            }
            Err(errors) => errors
                .iter()
                .map(|e| locate(&found.base, e))
                .for_each(|d| out.errors.push(d)),
        }
    }
}

/// Compiles every schema file under `dir` (`*.json`, `*.yaml`, `*.yml`, recursively; or
/// `dir` itself when it is a file, see [`load_schemas`]); `display` names it in diagnostics. A file holding a Kubernetes
/// `CustomResourceDefinition` gives one validator per version (`<kind>_<version>`), compiled
/// as an OpenAPI structural schema; any other file is one schema, named after its path
/// (`charts/app/values.schema.json` → `charts_app_values_schema`).
///
/// # Errors
/// Every problem, collected and located (`file:line:col`): unreadable files, text that is not
/// JSON/YAML, schema errors, a CRD without versions or a version without a schema, two
/// schemas with one function name.
pub fn compile_schema_dir(
    dir: &Path,
    display: &str,
    opts: SchemaOptions,
) -> Result<GeneratedSchemas, Diagnostics> {
    let maps = opts.schema_map.clone();
    let SchemaCatalog {
        schemas,
        mut files,
        warnings,
        errors: mut diags,
    } = load_schemas(dir, display, opts);
    // The mapped documents are read too: tracked for rebuilds.
    for map in &maps {
        if map.path.is_dir() {
            let _listed_by_the_registry_first = manifest_files(&map.path, &mut files);
        } else {
            files.push(map.path.clone());
        }
    }
    let mut sets: BTreeMap<String, SchemaItem> = BTreeMap::new();
    #[cfg(feature = "crd")]
    let mut judges: Vec<crate::emit::crd::CrdItem> = Vec::new();
    for s in schemas {
        if let Some(other) = sets.get(&s.name) {
            diags.push(Diagnostic::file(
                &s.file,
                format!(
                    "`{}` and `{}` both become the validator `{}`",
                    other.file, s.relative, s.name
                ),
            ));
            continue;
        }
        #[cfg(feature = "crd")]
        judges.extend(s.judge);
        sets.insert(
            s.name.clone(),
            SchemaItem {
                name: s.name,
                file: s.relative,
                schema: s.schema,
                rules: s.rules,
                annotating: s.annotating,
            },
        );
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    let items: Vec<SchemaItem> = sets.into_values().collect();
    #[cfg(not(feature = "crd"))]
    let tokens = crate::emit::schemas::catalog(&items);
    #[cfg(feature = "crd")]
    let tokens = {
        let extra: Vec<(String, RuleSet)> = judges
            .iter()
            .filter_map(|j| Some((j.structural_name(), j.api_rules.clone()?)))
            .collect();
        let catalog = crate::emit::schemas::catalog_with(&items, &extra);
        let judges = crate::emit::crd::items(&judges);
        quote::quote!(#catalog #judges)
    };
    Ok(GeneratedSchemas {
        tokens,
        files,
        schemas: items
            .iter()
            .map(|i| (i.name.clone(), i.file.clone()))
            .collect(),
        warnings,
    })
}

/// The schemas of one file's document; for a CRD without versions, or a version without a
/// name or a schema, the problems (JSON Pointer in the file, message).
fn schemas_in(doc: &Value, rel: &Path) -> Result<Vec<Found>, Vec<(String, String)>> {
    if is_crd(doc) {
        let kind = doc
            .pointer("/spec/names/kind")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let group = doc
            .pointer("/spec/group")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let Some(versions) = doc.pointer("/spec/versions").and_then(Value::as_array) else {
            return Err(vec![(
                "/spec".to_owned(),
                "a CustomResourceDefinition without `spec.versions` (a list)".to_owned(),
            )]);
        };
        let mut found = Vec::new();
        let mut problems = Vec::new();
        for (i, v) in versions.iter().enumerate() {
            let at = format!("/spec/versions/{i}");
            let Some(version) = v.get("name").and_then(Value::as_str) else {
                problems.push((at, "a CRD version without a `name`".to_owned()));
                continue;
            };
            let Some(schema) = v.pointer("/schema/openAPIV3Schema") else {
                problems.push((
                    at,
                    format!("CRD version `{version}` has no `schema.openAPIV3Schema`"),
                ));
                continue;
            };
            found.push(Found {
                name: function_name(&format!(
                    "{}_{version}",
                    if kind.is_empty() { "crd" } else { kind }
                )),
                origin: format!(" (version {version})"),
                schema: schema.clone(),
                base: format!("{at}/schema/openAPIV3Schema"),
                crd: Some(CrdVersion {
                    group: group.to_owned(),
                    kind: kind.to_owned(),
                    version: version.to_owned(),
                    subresources: v.get("subresources").cloned().unwrap_or(Value::Null),
                }),
            });
        }
        return if problems.is_empty() {
            Ok(found)
        } else {
            Err(problems)
        };
    }
    let stem = rel.with_extension("");
    Ok(vec![Found {
        name: function_name(&stem.display().to_string()),
        origin: String::new(),
        schema: doc.clone(),
        base: String::new(),
        crd: None,
    }])
}
