//! The inputs of `validate`: catalogs, the paths given expanded into files, and judging one
//! file.

use std::path::PathBuf;

use validgen_kubevirt::admission::{Catalog, collect_files};

use super::stream::{Judge, judge_stream};
use super::{Against, FileReport, Item};

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

/// The `--templates` folders loaded into one catalog.
pub struct Catalogs {
    /// Their templates (a template without a namespace serves every namespace; a later
    /// folder's template replaces an earlier one's with the same key).
    pub catalog: Catalog,
    /// Every problem that stops the run: the folder and one message (naming its file) per
    /// problem. VMs must not be judged against a catalog missing what a failed file holds.
    pub errors: Vec<(String, String)>,
    /// What loading found that changes no verdict (see `Catalog::warnings`).
    pub warnings: Vec<String>,
}

/// Loads the `--templates` folders, collecting every error of every folder.
pub fn load_catalogs(dirs: &[PathBuf]) -> Catalogs {
    let mut out = Catalogs {
        catalog: Catalog::new(),
        errors: Vec::new(),
        warnings: Vec::new(),
    };
    out.catalog.set_any_namespace(true);
    for dir in dirs {
        match Catalog::load_dir(dir) {
            Ok(c) => {
                out.warnings.extend_from_slice(c.warnings());
                for t in c.templates() {
                    // Folders overriding one another is documented, not a warning.
                    let _replaced = out.catalog.insert(t.clone());
                }
            }
            Err(e) => {
                let name = dir.display().to_string();
                out.errors
                    .extend(e.0.iter().map(|e| (name.clone(), e.to_string())));
            }
        }
    }
    out
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

/// Reads and judges one input. A file is read as a stream of documents, as standard input
/// is, so that `max_bytes` bounds each document and not the file.
pub(super) fn judge_job(job: &Job, against: &Against<'_>, max_bytes: usize) -> FileReport {
    match job {
        Job::File(path) => {
            let name = path.display().to_string();
            let mut items = Vec::new();
            match std::fs::File::open(path) {
                Ok(f) => {
                    let judge = Judge {
                        file: &name,
                        against,
                        max_bytes,
                    };
                    judge_stream(&judge, std::io::BufReader::new(f), |item| {
                        items.push(item);
                        true
                    });
                }
                Err(e) => items.push(Item::Error {
                    source: name.clone(),
                    message: format!("{name}: {e}"),
                }),
            }
            FileReport { name, items }
        }
        Job::Unusable { name, message } => FileReport {
            name: name.clone(),
            items: vec![Item::Error {
                source: name.clone(),
                message: message.clone(),
            }],
        },
    }
}
