//! A whole test file migrated: every document, rendered as one YAML stream.

use super::{migrate, to_yaml};
use crate::kubevirt::manifest;

/// The v1beta1 YAML of the v1alpha1 test file `bytes` (named `file` in errors): each document
/// migrated ([`migrate`]) and rendered ([`to_yaml`]), joined with `---` lines. Comments are
/// not kept (the documents are read as data). At most `max_bytes` bytes are read.
///
/// # Errors
/// The file does not read as YAML (its located error), or documents that do not migrate: each
/// reason prefixed with `<file>: document <n>: ` (`n` 0-based).
pub fn migrate_file(file: &str, bytes: &[u8], max_bytes: usize) -> Result<String, Vec<String>> {
    let docs = manifest::parse(file, bytes, max_bytes).map_err(|e| vec![e.to_string()])?;
    let mut out = Vec::with_capacity(docs.len());
    let mut errors = Vec::new();
    for doc in docs {
        let at = |why: String| format!("{file}: document {}: {why}", doc.index);
        match migrate(&doc.value) {
            Ok(migrated) => match to_yaml(&migrated) {
                Ok(text) => out.push(text),
                Err(why) => errors.push(at(why)),
            },
            Err(reasons) => errors.extend(reasons.into_iter().map(at)),
        }
    }
    if errors.is_empty() {
        Ok(out.join("---\n"))
    } else {
        Err(errors)
    }
}
