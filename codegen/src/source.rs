//! Reading a catalog folder: every Template with its rule texts and where each text sits in
//! its YAML file, so that a problem inside an annotation is reported at its line in the file.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde_json::Value;
use serde_saphyr::Spanned;
use validgen_runtime::admission::{LEGACY_VALIDATIONS, VALIDATIONS, collect_files};
use validgen_runtime::manifest::DEFAULT_MAX_BYTES;
use validgen_runtime::rules::Location;

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
    kind: Option<String>,
    metadata: Option<Meta>,
    objects: Option<Vec<Object>>,
}

#[derive(Deserialize)]
struct Meta {
    name: Option<String>,
    namespace: Option<String>,
    annotations: Option<BTreeMap<String, Spanned<Value>>>,
}

#[derive(Deserialize)]
struct Object {
    metadata: Option<Meta>,
}

/// Reads every Template under `dir` (`*.yaml`, `*.yml`, `*.json`, recursively, sorted by path);
/// `display` is how the folder is named in diagnostics (e.g. `templates`).
///
/// # Errors
/// Every unreadable or unparsable file, collected.
pub fn read_catalog(
    dir: &Path,
    display: &str,
) -> Result<(Vec<SourceTemplate>, Vec<PathBuf>), Diagnostics> {
    let mut diags = Diagnostics::default();
    let mut files = Vec::new();
    if let Err(e) = collect_files(dir, &mut files) {
        diags.push(Diagnostic::file(display, e.to_string()));
        return Err(diags);
    }
    if files.is_empty() {
        diags.push(Diagnostic::file(
            display,
            "no template files (looked for *.yaml, *.yml and *.json files)".to_owned(),
        ));
        return Err(diags);
    }
    let mut templates = Vec::new();
    for path in &files {
        let rel = path
            .strip_prefix(dir)
            .unwrap_or(path)
            .components()
            .map(|c| c.as_os_str().to_string_lossy())
            .collect::<Vec<_>>()
            .join("/");
        let shown = format!("{}/{rel}", display.trim_end_matches('/'));
        match read_file(path, &rel, &shown) {
            Ok(t) => templates.extend(t),
            Err(d) => diags.push(d),
        }
    }
    diags.into_result((templates, files))
}

fn read_file(path: &Path, rel: &str, shown: &str) -> Result<Vec<SourceTemplate>, Diagnostic> {
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
    let text = String::from_utf8(bytes)
        .map_err(|e| Diagnostic::file(shown, format!("not UTF-8 text: {e}")))?;
    let docs: Vec<Doc> = serde_saphyr::from_multiple(&text).map_err(|e| {
        let (line, column) = e
            .location()
            .map_or((0, 0), |l| (l.line() as usize, l.column() as usize));
        let message = e.to_string().lines().next().unwrap_or_default().to_owned();
        Diagnostic::at(shown, line, column, None, message)
    })?;
    let mut out = Vec::new();
    for doc in docs {
        if doc.kind.as_deref() != Some("Template") {
            continue;
        }
        let meta = doc.metadata.as_ref();
        let Some(name) = meta.and_then(|m| m.name.clone()) else {
            return Err(Diagnostic::file(
                shown,
                "a Template without metadata.name".to_owned(),
            ));
        };
        let object_meta = doc
            .objects
            .as_ref()
            .and_then(|o| o.first())
            .and_then(|o| o.metadata.as_ref());
        out.push(SourceTemplate {
            name,
            namespace: meta.and_then(|m| m.namespace.clone()),
            file: rel.to_owned(),
            rules: annotation(object_meta, VALIDATIONS, &text, shown)?,
            legacy_rules: annotation(meta, LEGACY_VALIDATIONS, &text, shown)?,
        });
    }
    Ok(out)
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
