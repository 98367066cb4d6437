//! The schema registry: documents a `$ref` may name by URI, read from local files only.
//! Nothing is ever fetched: a URI is found when a document registered under it (its URL, its
//! `$id`, an embedded `$id`, or draft-04's `id`) was read from a folder or file the caller
//! named, through a [`SchemaMap`] (`--schema-map URL_PREFIX=PATH`), or is one of the drafts'
//! meta-schemas, bundled (answered after the caller's documents).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use validgen_core::files::manifest_files;
use validgen_core::ir::Span;

use super::draft::Draft;
use super::resources::{Resources, percent_encode};
use super::text::SchemaText;
use super::vocabulary::{Dialect, dialect};

/// How many documents one registry may hold: a bound on the files read (each is parsed and
/// indexed once; a `$ref` looks a URI up in a sorted map).
pub const MAX_REGISTRY_DOCUMENTS: usize = 100_000;

/// A mapping of URLs to local files: every URL starting with [`SchemaMap::prefix`] is read
/// from [`SchemaMap::path`] (a folder: the rest of the URL is the path under it; a file: the
/// document of the URL `prefix` itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaMap {
    /// The URL prefix (`https://example.com/schemas/`).
    pub prefix: String,
    /// A folder or a file.
    pub path: PathBuf,
}

impl SchemaMap {
    /// Reads `URL_PREFIX=PATH`, as `--schema-map` and `include_schemas!`'s `schema_map` take it.
    ///
    /// # Errors
    /// No `=`, or an empty prefix or path.
    pub fn parse(text: &str) -> Result<SchemaMap, String> {
        match text.split_once('=') {
            Some((prefix, path)) if !prefix.is_empty() && !path.is_empty() => Ok(SchemaMap {
                prefix: prefix.to_owned(),
                path: PathBuf::from(path),
            }),
            _ => Err(format!(
                "`{text}` is not URL_PREFIX=PATH (e.g. `https://example.com/schemas/=schemas`)"
            )),
        }
    }
}

/// One document of the registry.
#[derive(Debug)]
pub(crate) struct Document {
    /// The URL it was registered under (its retrieval URL).
    pub(crate) url: String,
    /// The file it was read from, as the caller names it.
    pub(crate) file: String,
    /// The schema, with the positions of its values.
    pub(crate) text: SchemaText,
    /// Its draft and vocabularies (`$schema`, else the registry's default), or why it has
    /// none validgen reads.
    pub(crate) draft: Result<Dialect, String>,
    /// Its resources and anchors (empty when its draft is unknown).
    pub(crate) resources: Resources,
}

/// Documents by URI, read from local files (see the module docs).
#[derive(Debug, Default)]
pub struct Registry {
    default_draft: Option<Draft>,
    docs: Vec<Document>,
    /// Every resource URI (no fragment) → the document holding it (the first registered wins).
    by_uri: BTreeMap<String, usize>,
    /// URL → why the file there could not be read as a schema.
    unreadable: BTreeMap<String, String>,
    maps: Vec<SchemaMap>,
    /// Whether the bundled meta-schemas are left out (only in their own registry).
    no_bundle: bool,
}

impl Registry {
    /// An empty registry; documents without `$schema` are read as `default_draft` (`None`:
    /// 2020-12), as [`crate::Options::default_draft`].
    pub fn new(default_draft: Option<Draft>) -> Registry {
        Registry {
            default_draft,
            ..Registry::default()
        }
    }

    /// An empty registry that does not answer the bundled meta-schemas: theirs.
    pub(crate) fn without_bundle() -> Registry {
        Registry {
            no_bundle: true,
            ..Registry::default()
        }
    }

    /// Registers every schema file under `map.path` (`*.json`, `*.yaml`, `*.yml`,
    /// recursively; or the file itself) under the URL `map.prefix` + its path under the folder
    /// (`/`-separated), and under every `$id` it declares. A file that cannot be read or parsed
    /// is recorded, and named by the error of any `$ref` to it.
    ///
    /// # Errors
    /// `map.path` does not exist or a folder cannot be listed, or the registry would hold more
    /// than [`MAX_REGISTRY_DOCUMENTS`].
    pub fn add_map(&mut self, map: SchemaMap) -> Result<(), String> {
        let files = if map.path.is_dir() {
            let mut files = Vec::new();
            manifest_files(&map.path, &mut files).map_err(|e| e.to_string())?;
            files
        } else if map.path.is_file() {
            vec![map.path.clone()]
        } else {
            return Err(format!(
                "schema map `{}={}`: no such file or folder",
                map.prefix,
                map.path.display()
            ));
        };
        if self.docs.len() + files.len() > MAX_REGISTRY_DOCUMENTS {
            return Err(format!(
                "schema map `{}={}`: more than {MAX_REGISTRY_DOCUMENTS} schema files in the registry",
                map.prefix,
                map.path.display()
            ));
        }
        for file in files {
            let url = match file.strip_prefix(&map.path) {
                Ok(rel) if !rel.as_os_str().is_empty() => {
                    let rel = rel.to_string_lossy().replace('\\', "/");
                    format!("{}{}", map.prefix, percent_encode(&rel))
                }
                _ => map.prefix.clone(),
            };
            let display = file.display().to_string();
            match std::fs::read_to_string(&file) {
                Ok(text) => self.add_text(&url, &text, &display),
                Err(e) => {
                    self.unreadable.insert(url, format!("{display}: {e}"));
                }
            }
        }
        self.maps.push(map);
        Ok(())
    }

    /// Registers the folder (or file) `path` under its `file://` URL, as [`Registry::add_map`]
    /// does: schemas without `$id` reference each other by relative paths
    /// (`"$ref": "common.json#/$defs/port"`).
    ///
    /// # Errors
    /// As [`Registry::add_map`].
    pub fn add_files(&mut self, path: &Path) -> Result<(), String> {
        let mut prefix = file_url(path);
        if path.is_dir() {
            prefix.push('/');
        }
        self.add_map(SchemaMap {
            prefix,
            path: path.to_path_buf(),
        })
    }

    /// Registers the schema `text` (JSON or YAML) under `url` and its `$id`s; `file` names it
    /// in errors. Text that does not parse is recorded as unreadable.
    pub fn add_text(&mut self, url: &str, text: &str, file: &str) {
        let parsed = match SchemaText::parse(text) {
            Ok(t) => t,
            Err(e) => {
                self.unreadable.insert(
                    url.to_owned(),
                    format!("{file}:{}:{}: {}", e.line, e.column, e.message),
                );
                return;
            }
        };
        // A custom meta-schema is found among the documents registered before this one.
        let draft = dialect(
            parsed.value().get("$schema"),
            self.default_draft.unwrap_or(Draft::Draft2020),
            |uri| self.find(uri).map(|d| (d.text.value(), d.draft.clone())),
        );
        let (draft, resources) = match draft {
            Ok(d) => match Resources::collect(parsed.value(), d.draft, url) {
                Ok(r) => (Ok(d), r),
                Err(errors) => {
                    let (pointer, message) = &errors[0];
                    (
                        Err(format!("its identifier at `{pointer}`: {message}")),
                        Resources::default(),
                    )
                }
            },
            Err(e) => (Err(e), Resources::default()),
        };
        let index = self.docs.len();
        for uri in resources.uris().chain(std::iter::once(url)) {
            self.by_uri.entry(uri.to_owned()).or_insert(index);
        }
        self.docs.push(Document {
            url: url.to_owned(),
            file: file.to_owned(),
            text: parsed,
            draft,
            resources,
        });
    }

    /// How many documents are registered.
    pub fn len(&self) -> usize {
        self.docs.len()
    }

    /// Whether no document is registered.
    pub fn is_empty(&self) -> bool {
        self.docs.is_empty()
    }

    /// The document registered under `uri` (absolute, no fragment), else the bundled
    /// meta-schema of that URL.
    pub(crate) fn find(&self, uri: &str) -> Option<&Document> {
        match self.by_uri.get(uri) {
            Some(&i) => Some(&self.docs[i]),
            None if self.no_bundle => None,
            None => super::metaschemas::bundled().find(uri),
        }
    }

    /// The URI that names `doc` in keyword locations (`absoluteKeywordLocation`): its
    /// canonical URI, the root `$id` resolved against the URL it was registered under (2020-12
    /// core §12.3.2, as the `jsonschema` crate names it), where that `$id` leads back to `doc`;
    /// else (no `$id`, or one an earlier document of other content holds) that URL. The
    /// same file mapped under two URL prefixes is two documents of one content, named alike.
    pub(crate) fn name<'d>(&self, doc: &'d Document) -> &'d str {
        let id = doc.resources.base_at("");
        match self.find(id) {
            Some(d) if std::ptr::eq(d, doc) || d.text.value() == doc.text.value() => id,
            _ => &doc.url,
        }
    }

    /// Why `uri` names no document: the unreadable file registered under it, or the mappings
    /// whose prefix it starts with, or that none covers it.
    pub(crate) fn why_not(&self, uri: &str) -> String {
        if let Some(why) = self.unreadable.get(uri) {
            return format!("the file registered under it is not a schema ({why})");
        }
        let tried: Vec<String> = self
            .maps
            .iter()
            .filter(|m| uri.starts_with(&m.prefix))
            .map(|m| {
                let rest = &uri[m.prefix.len()..];
                let at = if rest.is_empty() {
                    m.path.clone()
                } else {
                    m.path.join(rest)
                };
                format!(
                    "`{}={}` (no schema at {})",
                    m.prefix,
                    m.path.display(),
                    at.display()
                )
            })
            .collect();
        if tried.is_empty() {
            // The caller's own mappings: the `file://` ones of the folders compiled are
            // machine-specific and named in the URL already.
            let maps: Vec<String> = self
                .maps
                .iter()
                .filter(|m| !m.prefix.starts_with("file://"))
                .map(|m| format!("`{}`", m.prefix))
                .collect();
            let maps = if maps.is_empty() {
                "none".to_owned()
            } else {
                maps.join(", ")
            };
            format!(
                "no schema map covers it (nothing is fetched; maps: {maps}); map the URL to a local file or folder (`--schema-map URL_PREFIX=PATH`, `schema_map = \"URL_PREFIX=PATH\"`)"
            )
        } else {
            format!("mappings tried: {}", tried.join(", "))
        }
    }

    /// The file and position of the value at `located` (`<uri>#<JSON Pointer>`, the document
    /// named as `Registry::name` names it in errors), if a registered document holds it.
    pub fn locate(&self, located: &str) -> Option<(&str, Option<Span>)> {
        let (uri, pointer) = located.split_once('#')?;
        let doc = self.docs.iter().find(|d| self.name(d) == uri)?;
        Some((&doc.file, doc.text.span(pointer)))
    }
}

/// The `file://` URL of `path` (made absolute, characters a URI cannot hold percent-encoded).
pub fn file_url(path: &Path) -> String {
    let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let text = absolute.to_string_lossy().replace('\\', "/");
    let text = if text.starts_with('/') {
        text
    } else {
        format!("/{text}")
    };
    format!("file://{}", percent_encode(&text))
}
