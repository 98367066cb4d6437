//! `validate --ytt-schema`: data-values files judged over a ytt data-values schema by
//! [`validgen_ytt::check::judge`] (ytt's own pipeline), its verdict as one
//! document item, so that every output format of `--schema` shows it.
//!
//! The files are ytt's `--data-values-file`s: merged in order into one configuration and
//! judged in one run (a CI job passing several files means one configuration; each alone may
//! well be incomplete), so there is one verdict for all of them.

use std::io::Read as _;
use std::path::PathBuf;

use validgen_ytt::check::judge as judge_values;
use validgen_ytt::files::Files;

use validgen_ytt::files::Disk;
use validgen_ytt::run::{Stop, Violation, ViolationKind};

use super::schema::display_path;
use super::{DocVerdict, FileReport, Item, SchemaViolation};

/// The verdict on the data-values files `paths` over the schema files `schemas` (overlaid in
/// order, as `ytt -f` overlays them; with the seed proposals' rules when `seed_extensions`):
/// one document
/// item named by the files (`a.yml + b.yml`), or one error item (a file that cannot be read,
/// is larger than `max_bytes`, is not YAML, or a schema refused), with ytt's text.
pub fn judge(
    schemas: &[PathBuf],
    paths: &[PathBuf],
    max_bytes: usize,
    seed_extensions: bool,
) -> FileReport {
    let schema_names: Vec<String> = schemas.iter().map(|p| display_path(p)).collect();
    let schema_name = schema_names.join(" + ");
    let names: Vec<String> = paths.iter().map(|p| display_path(p)).collect();
    let source = names.join(" + ");
    let files = Bounded(max_bytes);
    let item = match judge_values(&schema_names, &names, &files, seed_extensions) {
        Ok(judgement) => Item::Document(Box::new(DocVerdict {
            source: source.clone(),
            line: 1,
            name: None,
            violations: judgement
                .violations
                .iter()
                .map(|v| violation(v, &schema_name))
                .collect(),
            schemas: schema_names,
            warnings: Vec::new(),
            annotations: Vec::new(),
        })),
        Err(stop) => Item::Error {
            source: match stop {
                Stop::Refused(_) => schema_name,
                _ => source.clone(),
            },
            message: format!("ytt: Error: {}", stop.text().trim_end()),
        },
    };
    FileReport {
        name: source,
        items: vec![item],
    }
}

/// The file system, each file read at most this many bytes long; folders listed as `validgen
/// ytt` lists them.
struct Bounded(usize);

impl Files for Bounded {
    fn read(&self, path: &str) -> Result<String, String> {
        read_file(path, self.0)
    }

    fn list(&self, path: &str) -> Result<Option<Vec<String>>, String> {
        Disk::default().list(path)
    }
}

/// A file's text (`-` is standard input), at most `max_bytes` long; else the error ytt's
/// command prints (`Checking file 'values.yml': ...`).
fn read_file(name: &str, max_bytes: usize) -> Result<String, String> {
    let limit = u64::try_from(max_bytes)
        .unwrap_or(u64::MAX)
        .saturating_add(1);
    let mut bytes = Vec::new();
    let read = if name == "-" {
        std::io::stdin().lock().take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(name).and_then(|f| f.take(limit).read_to_end(&mut bytes))
    };
    read.map_err(|e| format!("Checking file '{name}': {e}\n"))?;
    if bytes.len() > max_bytes {
        return Err(format!(
            "Checking file '{name}': larger than --max-bytes ({max_bytes} bytes)\n"
        ));
    }
    String::from_utf8(bytes).map_err(|_| format!("Checking file '{name}': not UTF-8 text\n"))
}

/// A ytt violation as a schema violation: its file and line, its path as the instance, the
/// rule's position (or the schema file, for a merge error) as the schema, and as the message
/// its `must be:` text, or a type error's description, `expected:` text and hints.
fn violation(v: &Violation, schema: &str) -> SchemaViolation {
    let (hints, notes): (Vec<&String>, Vec<&String>) =
        v.notes.iter().partition(|n| n.starts_with("hint: "));
    let rule = match v.kind {
        // A `when=` that failed to run says so in its note.
        ViolationKind::Validation if !v.notes.is_empty() => None,
        ViolationKind::Validation => Some(format!("must be: {}", v.expected)),
        _ if v.expected.is_empty() => None,
        _ => Some(format!("expected: {}", v.expected)),
    };
    // An overlay's message says what `expected:` and `found:` already say.
    let notes = if v.kind == ViolationKind::Overlay && rule.is_some() {
        Vec::new()
    } else {
        notes
    };
    let parts: Vec<String> = notes
        .into_iter()
        .cloned()
        .chain(rule)
        .chain(hints.into_iter().cloned())
        .collect();
    SchemaViolation {
        file: v.pos.file.to_string(),
        line: v.pos.line,
        column: 0,
        instance: v.path.clone(),
        schema: if v.by.is_empty() {
            schema.to_owned()
        } else {
            v.by.clone()
        },
        keyword: String::new(),
        message: parts.join("; "),
        found: v.found.clone(),
        annotations: None,
    }
}
