//! The files of a folder that every frontend reads documents from: catalogs of templates,
//! folders of schemas, data values, test manifests.

use std::path::{Path, PathBuf};

/// A folder that could not be listed: `<folder>: <OS error>`.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", path.display())]
pub struct ListError {
    /// The folder.
    pub path: PathBuf,
    /// The OS error.
    #[source]
    pub source: std::io::Error,
}

/// Appends the manifest files (`*.yaml`, `*.yml`, `*.json`) under `dir` to `out`, recursively,
/// each folder's entries sorted by path (so the order is the same on every machine).
///
/// # Errors
/// The first folder that cannot be listed (what was found before it stays in `out`).
pub fn manifest_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), ListError> {
    let error = |source| ListError {
        path: dir.to_path_buf(),
        source,
    };
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(error)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()
        .map_err(error)?;
    entries.sort();
    for p in entries {
        if p.is_dir() {
            manifest_files(&p, out)?;
        } else if matches!(
            p.extension().and_then(|e| e.to_str()),
            Some("yaml" | "yml" | "json")
        ) {
            out.push(p);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_manifests_sorted_and_names_a_missing_folder() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut out = Vec::new();
        manifest_files(&root, &mut out).expect("src lists");
        assert!(out.is_empty(), "no manifests among the sources: {out:?}");
        let missing = root.join("no-such-folder");
        let err = manifest_files(&missing, &mut out).expect_err("missing");
        assert!(
            err.to_string()
                .starts_with(&format!("{}: ", missing.display()))
        );
    }
}
