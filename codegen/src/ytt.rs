//! ytt data-values schemas compiled by the ytt frontend of `validgen-ytt` (typed as ytt
//! types them, their validations lowered into the IR) and emitted as validators: every schema
//! file of a folder ([`compile_ytt_dir`]), or named schemas each made of several files or a
//! package's folder ([`compile_ytt_schemas`]). Behind `include_ytt_schemas!`.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use proc_macro2::TokenStream;
use validgen_core::files::manifest_files;
use validgen_gotext::yaml;
use validgen_ytt::compiled::compilable;
use validgen_ytt::files::{Disk, Files};
use validgen_ytt::lower::{rule_set, schema_checks};
use validgen_ytt::schema::{self, BuildError};
use validgen_ytt::validation::ValidationError;

use crate::diag::{Diagnostic, Diagnostics};
use crate::emit::ytt::YttItem;
use crate::names::function_name;

/// The generated code of a folder of ytt schemas.
#[derive(Debug, Clone)]
pub struct GeneratedYtt {
    /// The items: per schema a validator, a static and a function; `YTT_SCHEMAS`.
    pub tokens: TokenStream,
    /// Every file read (absolute when the folder was), for rebuild tracking.
    pub files: Vec<PathBuf>,
}

/// Compiles every ytt schema (`*.yml`, `*.yaml`, recursively, sorted) of `dir`, each file a
/// schema of its own; `display` names it in diagnostics. Each schema is named after its path
/// relative to the folder, and so are its positions in reports. With `seed_extensions`, the
/// validations may use the seed extensions (`format=`, `regexp=`, `prefix=`, `unique=`).
///
/// # Errors
/// Every file that cannot be read, is not YAML, or is not a schema ytt accepts (ytt's error,
/// at the line of the annotation concerned where ytt names one), and names clashing.
pub fn compile_ytt_dir(
    dir: &Path,
    display: &str,
    seed_extensions: bool,
) -> Result<GeneratedYtt, Diagnostics> {
    let mut files = Vec::new();
    let mut diags = Diagnostics::default();
    if let Err(e) = manifest_files(dir, &mut files) {
        diags.push(Diagnostic::file(display, e.to_string()));
        return Err(diags);
    }
    let mut items: BTreeMap<String, YttItem> = BTreeMap::new();
    for path in &files {
        let rel = path
            .strip_prefix(dir)
            .unwrap_or(path)
            .display()
            .to_string()
            .replace('\\', "/");
        let shown = format!("{display}/{rel}");
        match compile_file(path, &rel, seed_extensions) {
            Ok(item) => {
                if let Some(other) = items.get(&item.name) {
                    diags.push(Diagnostic::file(
                        &shown,
                        format!(
                            "`{}` and `{rel}` both become `{}`",
                            other.files[0].0, item.name
                        ),
                    ));
                } else {
                    items.insert(item.name.clone(), item);
                }
            }
            Err((line, message)) => diags.push(Diagnostic::at(&shown, line, 0, None, message)),
        }
    }
    if !diags.0.is_empty() {
        return Err(diags);
    }
    let items: Vec<YttItem> = items.into_values().collect();
    Ok(GeneratedYtt {
        tokens: crate::emit::ytt::catalog(&items),
        files,
    })
}

/// One schema file compiled, or its first error (line, 0 when ytt names none, and text).
fn compile_file(path: &Path, rel: &str, seed_extensions: bool) -> Result<YttItem, (usize, String)> {
    let text = std::fs::read_to_string(path).map_err(|e| (0, e.to_string()))?;
    let set = yaml::parse(&text, rel).map_err(|e| (e.pos.line, e.message))?;
    let built = schema::build_with(&set, &text, seed_extensions).map_err(|e| match e {
        BuildError::Arguments { annotation, error } => (annotation.pos.line, error.ytt_message()),
        BuildError::Report(report) => (0, report.trim().to_owned()),
        BuildError::Message(message) => (0, message),
        BuildError::Unsupported { pos, construct } => {
            (pos.line, format!("unsupported: {construct}"))
        }
    })?;
    let checks = schema_checks(&built).map_err(|e| {
        let message = match &e.error {
            ValidationError::Invalid(line) => line.clone(),
            ValidationError::Starlark(error) => error.ytt_message(),
        };
        (e.annotation.pos.line, message)
    })?;
    let stem = rel.rsplit_once('.').map_or(rel, |(stem, _)| stem);
    Ok(YttItem {
        name: function_name(stem),
        files: vec![(rel.to_owned(), text)],
        seed_extensions,
        rules: rule_set(checks, Vec::new()),
    })
}

/// A schema of [`compile_ytt_schemas`]: its name and its files, as `ytt -f` takes them.
#[derive(Debug, Clone)]
pub struct YttEntry {
    /// The function's name (a Rust identifier).
    pub name: String,
    /// The files and folders, in `-f` order (a folder stands for every file under it).
    pub paths: Vec<PathBuf>,
    /// How diagnostics name the entry (its paths as the user wrote them).
    pub display: String,
}

/// Compiles each entry of `entries` into one schema: its files and folders read as `ytt -f`
/// reads them (every `#@data/values-schema` document overlaid on the ones before, the
/// `#@data/values` files kept for the run; names in reports as ytt gives them: a file's base
/// name, a path relative to a folder). With `seed_extensions`, as [`compile_ytt_dir`].
///
/// # Errors
/// Per entry, ytt's error for its files (a file that cannot be read or is not YAML, a schema
/// or overlay ytt refuses, a malformed validation) or validgen's refusal, and names clashing.
pub fn compile_ytt_schemas(
    entries: &[YttEntry],
    seed_extensions: bool,
) -> Result<GeneratedYtt, Diagnostics> {
    let mut diags = Diagnostics::default();
    let mut items: BTreeMap<String, YttItem> = BTreeMap::new();
    let mut read = Vec::new();
    for entry in entries {
        let disk = Recorded::default();
        let args: Vec<String> = entry
            .paths
            .iter()
            .map(|p| p.display().to_string())
            .collect();
        let compiled = compilable(&args, &disk, seed_extensions);
        read.extend(disk.read.into_inner().into_iter().map(PathBuf::from));
        match compiled {
            Ok(_) if items.contains_key(&entry.name) => diags.push(Diagnostic::file(
                &entry.display,
                format!("two schemas are named `{}`", entry.name),
            )),
            Ok(c) => {
                let item = YttItem {
                    name: entry.name.clone(),
                    files: c.files,
                    seed_extensions,
                    rules: c.rules,
                };
                items.insert(entry.name.clone(), item);
            }
            Err(stop) => diags.push(Diagnostic::file(
                &entry.display,
                format!("ytt: Error: {}", stop.text().trim_end()),
            )),
        }
    }
    if !diags.0.is_empty() {
        return Err(diags);
    }
    let items: Vec<YttItem> = items.into_values().collect();
    Ok(GeneratedYtt {
        tokens: crate::emit::ytt::catalog(&items),
        files: read,
    })
}

/// The file system, remembering every file read (for rebuild tracking).
#[derive(Default)]
struct Recorded {
    disk: Disk,
    read: RefCell<Vec<String>>,
}

impl Files for Recorded {
    fn read(&self, path: &str) -> Result<String, String> {
        self.read.borrow_mut().push(path.to_owned());
        self.disk.read(path)
    }

    fn list(&self, path: &str) -> Result<Option<Vec<String>>, String> {
        self.disk.list(path)
    }
}
