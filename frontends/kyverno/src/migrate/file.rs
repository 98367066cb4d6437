//! A whole test file migrated: every document, rendered as one YAML stream.

use super::{migrate, to_yaml};
use validgen_core::model::parse_stream;

/// The v1beta1 YAML of the v1alpha1 test file `bytes` (named `file` in errors): each document
/// migrated ([`migrate`]) and rendered ([`to_yaml`]), joined with `---` lines. Comments are
/// not kept (the documents are read as data; `null` documents are left out). At most
/// `max_bytes` bytes are read.
///
/// # Errors
/// The file is over `max_bytes`, does not read as YAML (its located error) or holds no
/// document, or documents do not migrate: each
/// reason prefixed with `<file>: document <n>: ` (`n` 0-based).
pub fn migrate_file(file: &str, bytes: &[u8], max_bytes: usize) -> Result<String, Vec<String>> {
    if bytes.len() > max_bytes {
        return Err(vec![format!(
            "{file}: {} bytes, over the limit of {max_bytes} bytes",
            bytes.len()
        )]);
    }
    let docs = parse_stream(file, bytes).map_err(|e| vec![e])?;
    if docs.is_empty() {
        return Err(vec![format!("{file}: no document in the file")]);
    }
    let mut out = Vec::with_capacity(docs.len());
    let mut errors = Vec::new();
    for (index, doc) in docs.iter().enumerate() {
        let at = |why: String| format!("{file}: document {index}: {why}");
        match migrate(doc) {
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
