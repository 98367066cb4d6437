//! The inputs of `validate`: catalogs, the paths given expanded into files, and judging one
//! file.

use std::path::PathBuf;

use validgen_runtime::admission::{Catalog, Mode, collect_files};
use validgen_runtime::manifest;

use super::{FileReport, Item, document_item};

/// A stretch of the inputs, in command-line order.
pub(super) enum Unit {
    /// Files (and unlistable paths) judged in parallel.
    Batch(Vec<Job>),
    /// Standard input, judged as it arrives.
    Stdin,
}

/// One input of a batch.
pub(super) enum Job {
    /// A manifest file.
    File(PathBuf),
    /// A path that gave no file: the error names it.
    Unusable {
        /// The path.
        name: String,
        /// Why.
        message: String,
    },
}

/// Loads the `--templates` folders into one catalog (a template without a namespace serves
/// every namespace). Returns the folders that could not be loaded with their errors.
pub fn load_catalogs(dirs: &[PathBuf]) -> (Catalog, Vec<(String, String)>) {
    let mut catalog = Catalog::new();
    catalog.set_any_namespace(true);
    let mut errors = Vec::new();
    for dir in dirs {
        match Catalog::load_dir(dir) {
            Ok(c) => c.templates().cloned().for_each(|t| catalog.insert(t)),
            Err(e) => errors.push((dir.display().to_string(), e.to_string())),
        }
    }
    (catalog, errors)
}

/// The paths given, expanded: folders become their manifest files (sorted), `-` standard
/// input; consecutive files form one batch.
pub(super) fn units(paths: &[PathBuf]) -> Vec<Unit> {
    let mut units = Vec::new();
    let mut batch = Vec::new();
    for path in paths {
        if path.as_os_str() == "-" {
            if !batch.is_empty() {
                units.push(Unit::Batch(std::mem::take(&mut batch)));
            }
            units.push(Unit::Stdin);
        } else if path.is_dir() {
            let name = path.display().to_string();
            let mut files = Vec::new();
            match collect_files(path, &mut files) {
                Err(e) => batch.push(Job::Unusable {
                    name,
                    message: e.to_string(),
                }),
                Ok(()) if files.is_empty() => batch.push(Job::Unusable {
                    message: format!(
                        "{name}: no manifests found (looked for *.yaml, *.yml and *.json files)"
                    ),
                    name,
                }),
                Ok(()) => batch.extend(files.into_iter().map(Job::File)),
            }
        } else {
            batch.push(Job::File(path.clone()));
        }
    }
    if !batch.is_empty() {
        units.push(Unit::Batch(batch));
    }
    units
}

/// Reads and judges one input.
pub(super) fn judge_job(job: &Job, catalog: &Catalog, mode: Mode, max_bytes: usize) -> FileReport {
    match job {
        Job::File(path) => {
            let name = path.display().to_string();
            let items = match manifest::read_file(path, max_bytes) {
                Ok(docs) => docs
                    .iter()
                    .map(|d| document_item(&name, d, catalog, mode))
                    .collect(),
                Err(e) => vec![Item::Error {
                    message: e.to_string(),
                }],
            };
            FileReport { name, items }
        }
        Job::Unusable { name, message } => FileReport {
            name: name.clone(),
            items: vec![Item::Error {
                message: message.clone(),
            }],
        },
    }
}
