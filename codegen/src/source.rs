//! Reading a catalog folder: every Template with its rule texts and where each text sits in
//! its YAML file, so that a problem inside an annotation is reported at its line in the file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::Value;
use serde_saphyr::Spanned;
use validgen_core::model::yaml_message;
use validgen_kubevirt::admission::shape::{self, ObjectShape, Part, Severity, ShapeProblem};
use validgen_kubevirt::admission::{LEGACY_VALIDATIONS, VALIDATIONS, collect_files};
use validgen_kubevirt::manifest::DEFAULT_MAX_BYTES;
use validgen_kubevirt::rules::Location;

use crate::diag::{Diagnostic, Diagnostics};

/// A template read from a catalog file.
#[derive(Debug, Clone)]
pub struct SourceTemplate {
    /// `metadata.name`.
    pub name: String,
    /// `metadata.namespace`.
    pub namespace: Option<String>,
    /// The file, relative to the catalog folder, with `/` separators.
    pub file: String,
    /// 1-based line of `metadata.name`'s value in the file.
    pub name_line: usize,
    /// 1-based column of `metadata.name`'s value.
    pub name_column: usize,
    /// `objects[0].metadata.annotations["vm.kubevirt.io/validations"]`.
    pub rules: Option<RuleText>,
    /// `metadata.annotations["validations"]` (legacy).
    pub legacy_rules: Option<RuleText>,
}

impl SourceTemplate {
    /// The rule text the template's validator checks: the VM object's rules, else the legacy
    /// ones.
    pub fn rule_text(&self) -> Option<&RuleText> {
        self.rules.as_ref().or(self.legacy_rules.as_ref())
    }
}

/// A rule-set text and where it is in its file.
#[derive(Debug, Clone)]
pub struct RuleText {
    /// The annotation's value.
    pub text: String,
    /// Maps positions inside the text to the file.
    pub origin: TextOrigin,
}

/// Where an annotation's text is in its file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TextOrigin {
    /// The file (display form).
    pub file: String,
    /// 1-based line of the value's first character (for a block scalar `|`, its first content
    /// line).
    pub line: usize,
    /// 1-based column of the value's first character.
    pub column: usize,
    /// A block scalar: the text's line `k` is the file's line `line + k - 1`, at the same
    /// indentation. Otherwise positions past the first line are approximated by the start.
    pub block: bool,
}

impl TextOrigin {
    /// The file position of a position inside the text.
    pub fn locate(&self, at: Location) -> (usize, usize) {
        if self.block {
            (self.line + at.line - 1, self.column + at.column - 1)
        } else if at.line == 1 {
            // A quoted scalar: one column for the opening quote.
            (self.line, self.column + at.column)
        } else {
            (self.line, self.column)
        }
    }
}

#[derive(Deserialize)]
struct Doc {
    kind: Option<Spanned<String>>,
    metadata: Option<Meta>,
    objects: Option<Vec<Spanned<Object>>>,
}

#[derive(Deserialize)]
struct Meta {
    name: Option<Spanned<String>>,
    namespace: Option<String>,
    annotations: Option<BTreeMap<String, Spanned<Value>>>,
}

#[derive(Deserialize)]
struct Object {
    kind: Option<String>,
    metadata: Option<Meta>,
}

/// What reading a catalog folder gives: every template that could be read, and every
/// problem of every file (one file's problem never hides another's).
#[derive(Debug, Clone, Default)]
pub struct CatalogRead {
    /// The templates read, in path order (a template defined twice is here twice).
    pub templates: Vec<SourceTemplate>,
    /// Every file read (absolute), for rebuild tracking.
    pub files: Vec<PathBuf>,
    /// Problems that make the folder not the catalog it is meant to be: unreadable files,
    /// YAML syntax errors, a `kind` close to `Template`, a Template without a name.
    pub errors: Diagnostics,
    /// Problems the reference works with (see `validgen_kubevirt::admission::shape`): a
    /// template defined again in a later file (which replaces the earlier one), rules on an
    /// object other than `objects[0]`.
    pub warnings: Vec<Diagnostic>,
}

/// How diagnostics name `path`, a file under the folder `dir` named `display`: its path
/// relative to `dir` with `/` separators, and that path under `display`.
pub fn shown_path(dir: &Path, display: &str, path: &Path) -> (String, String) {
    let rel = path
        .strip_prefix(dir)
        .unwrap_or(path)
        .components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/");
    let shown = format!("{}/{rel}", display.trim_end_matches('/'));
    (rel, shown)
}

/// Reads every Template under `dir` (`*.yaml`, `*.yml`, `*.json`, recursively, sorted by path);
/// `display` is how the folder is named in diagnostics (e.g. `templates`). Every file is read
/// whatever the others hold.
pub fn read_catalog(dir: &Path, display: &str) -> CatalogRead {
    let mut read = CatalogRead::default();
    if let Err(e) = collect_files(dir, &mut read.files) {
        read.errors.push(Diagnostic::file(display, e.to_string()));
        return read;
    }
    if read.files.is_empty() {
        read.errors.push(Diagnostic::file(
            display,
            "no template files (looked for *.yaml, *.yml and *.json files)".to_owned(),
        ));
        return read;
    }
    // Where each `(namespace, name)` was defined first, to name it when it is defined again.
    let mut defined: BTreeMap<(String, String), String> = BTreeMap::new();
    for path in &read.files {
        let (rel, shown) = shown_path(dir, display, path);
        let Found {
            templates,
            errors,
            warnings,
        } = read_file(path, &rel, &shown);
        read.errors.extend(errors);
        read.warnings.extend(warnings);
        for t in templates {
            let key = (t.namespace.clone().unwrap_or_default(), t.name.clone());
            let here = format!("{shown}:{}", t.name_line);
            match defined.get(&key) {
                Some(first) => read.warnings.push(Diagnostic::at(
                    &shown,
                    t.name_line,
                    t.name_column,
                    None,
                    format!(
                        "template `{}` is also defined at {first}; this later definition replaces it, as `kubectl apply -R` (which applies files in path order) would",
                        t.name
                    ),
                )),
                None => {
                    defined.insert(key, here);
                }
            }
            read.templates.push(t);
        }
    }
    read
}

/// What one file holds.
#[derive(Default)]
struct Found {
    templates: Vec<SourceTemplate>,
    errors: Diagnostics,
    warnings: Vec<Diagnostic>,
}

fn read_file(path: &Path, rel: &str, shown: &str) -> Found {
    let mut found = Found::default();
    let text = match read_text(path, shown) {
        Ok(t) => t,
        Err(d) => {
            found.errors.push(d);
            return found;
        }
    };
    let docs: Vec<Doc> = match serde_saphyr::from_multiple(&text) {
        Ok(docs) => docs,
        Err(e) => {
            // serde-saphyr's message starts `error: line L column C:`; renderers print the
            // severity and the position already, so only what is wrong is kept.
            let text = e.to_string();
            let (line, column, message) = match e.location() {
                Some(l) => (l.line() as usize, l.column() as usize, yaml_message(&text)),
                None => {
                    let first = text.lines().next().unwrap_or_default();
                    (
                        0,
                        0,
                        first.strip_prefix("error: ").unwrap_or(first).to_owned(),
                    )
                }
            };
            found
                .errors
                .push(Diagnostic::at(shown, line, column, None, message));
            return found;
        }
    };
    for doc in docs {
        match read_doc(doc, rel, shown, &text, &mut found) {
            Ok(Some(t)) => found.templates.push(t),
            Ok(None) => {}
            Err(d) => found.errors.push(d),
        }
    }
    found
}

fn read_text(path: &Path, shown: &str) -> Result<String, Diagnostic> {
    let bytes = std::fs::read(path).map_err(|e| Diagnostic::file(shown, e.to_string()))?;
    if bytes.len() > DEFAULT_MAX_BYTES {
        return Err(Diagnostic::file(
            shown,
            format!(
                "{} bytes is over the limit of {DEFAULT_MAX_BYTES} bytes",
                bytes.len()
            ),
        ));
    }
    String::from_utf8(bytes).map_err(|e| Diagnostic::file(shown, format!("not UTF-8 text: {e}")))
}

/// The template of one document (`None` when it is not one), its shape problems in `found`.
fn read_doc(
    doc: Doc,
    rel: &str,
    shown: &str,
    text: &str,
    found: &mut Found,
) -> Result<Option<SourceTemplate>, Diagnostic> {
    let kind = doc.kind.as_ref().map(|k| k.value.as_str());
    let at = |l: &serde_saphyr::Location| (l.line() as usize, l.column() as usize);
    let objects = doc.objects.as_deref().unwrap_or_default();
    let mut problems: Vec<ShapeProblem> = shape::kind_problem(kind).into_iter().collect();
    if kind == Some(shape::TEMPLATE_KIND) {
        let shapes: Vec<ObjectShape<'_>> = objects
            .iter()
            .map(|o| ObjectShape {
                kind: o.value.kind.as_deref(),
                has_rules: o
                    .value
                    .metadata
                    .as_ref()
                    .and_then(|m| m.annotations.as_ref())
                    .is_some_and(|a| a.contains_key(VALIDATIONS)),
            })
            .collect();
        problems.extend(shape::object_problems(&shapes));
    }
    for p in problems {
        let (line, column) = match p.part {
            Part::Kind => doc.kind.as_ref().map_or((0, 0), |k| at(&k.referenced)),
            Part::Object(i) => objects.get(i).map_or((0, 0), |o| at(&o.referenced)),
        };
        let d = Diagnostic::at(shown, line, column, None, p.message);
        match p.severity {
            Severity::Error => found.errors.push(d),
            Severity::Warning => found.warnings.push(d),
        }
    }
    if kind != Some(shape::TEMPLATE_KIND) {
        return Ok(None);
    }
    let meta = doc.metadata.as_ref();
    let Some(name) = meta.and_then(|m| m.name.as_ref()) else {
        let (line, column) = doc.kind.as_ref().map_or((0, 0), |k| at(&k.referenced));
        return Err(Diagnostic::at(
            shown,
            line,
            column,
            None,
            "a Template without `metadata.name`".to_owned(),
        ));
    };
    let (name_line, name_column) = at(&name.referenced);
    let object_meta = objects.first().and_then(|o| o.value.metadata.as_ref());
    Ok(Some(SourceTemplate {
        name: name.value.clone(),
        namespace: meta.and_then(|m| m.namespace.clone()),
        file: rel.to_owned(),
        name_line,
        name_column,
        rules: annotation(object_meta, VALIDATIONS, text, shown)?,
        legacy_rules: annotation(meta, LEGACY_VALIDATIONS, text, shown)?,
    }))
}

fn annotation(
    meta: Option<&Meta>,
    key: &str,
    file_text: &str,
    shown: &str,
) -> Result<Option<RuleText>, Diagnostic> {
    let Some(v) = meta
        .and_then(|m| m.annotations.as_ref())
        .and_then(|a| a.get(key))
    else {
        return Ok(None);
    };
    let loc = &v.referenced;
    let (line, column) = (loc.line() as usize, loc.column() as usize);
    let text = match &v.value {
        Value::String(s) => s.clone(),
        Value::Null => return Ok(None),
        other => {
            return Err(Diagnostic::at(
                shown,
                line,
                column,
                None,
                format!("annotation `{key}` must be a string, found {other}"),
            ));
        }
    };
    Ok(Some(RuleText {
        text,
        origin: origin(file_text, shown, line, column, loc.span().byte_offset()),
    }))
}

/// Where the value reported at `line:column` (byte `offset`) begins its text. serde-saphyr
/// reports a block scalar (`|`, `>`) at its first content line; should it report the
/// indicator, the content starts on the next non-blank line. A quoted scalar starts one column
/// after its quote; positions past its first line are approximated by its start.
fn origin(
    file_text: &str,
    shown: &str,
    line: usize,
    column: usize,
    offset: Option<u64>,
) -> TextOrigin {
    let start = offset.and_then(|o| usize::try_from(o).ok()).unwrap_or(0);
    let rest = file_text.get(start..).unwrap_or("");
    let at = |line, column, block| TextOrigin {
        file: shown.to_owned(),
        line,
        column,
        block,
    };
    if rest.starts_with('|') || rest.starts_with('>') {
        for (k, l) in rest.lines().enumerate().skip(1) {
            if !l.trim().is_empty() {
                let indent = l.len() - l.trim_start().len();
                return at(line + k, indent + 1, true);
            }
        }
    }
    let quoted = rest.starts_with('"') || rest.starts_with('\'');
    at(line, column, !quoted)
}
