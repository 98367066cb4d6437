//! Kyverno CLI test manifests, with the files they name.

use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use validgen::kyverno::files::Limits;
use validgen::kyverno::{TEST_FILE_NAME, check_files, recognise, validate};
use validgen::model::Yaml;

use super::{files, text};

/// What the file checks may read per test document in a run: small, so that a test naming
/// `/` or a large folder stays cheap.
const LIMITS: Limits = Limits {
    max_file_bytes: 1 << 20,
    max_files: 50,
};

/// A folder of this process's own for the files of one input.
static FOLDER: LazyLock<PathBuf> = LazyLock::new(|| {
    std::env::temp_dir().join(format!("validgen-fuzz-kyverno-{}", std::process::id()))
});

/// Removes the folder when dropped, so that no run leaves it behind in the temporary folder.
struct Removed<'a>(&'a Path);

impl Drop for Removed<'_> {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(self.0);
    }
}

/// The input is files ([`super::files`]; the first is `kyverno-test.yaml`), written to a folder
/// of this process's own (emptied first, in case an aborted run left it, and removed after).
/// Every document of the test file that is a test is validated (schema, load checks) and its
/// named files checked as `validgen validate` does. No panic, bounded time and memory
/// ([`LIMITS`]), and every finding has a message.
pub fn kyverno(data: &[u8]) {
    let Some(text) = text(data) else {
        return;
    };
    let files = files(text, TEST_FILE_NAME);
    let folder = &*FOLDER;
    let _ = std::fs::remove_dir_all(folder);
    std::fs::create_dir_all(folder).expect("a temporary folder");
    let _removed = Removed(folder);
    for (name, text) in &files {
        std::fs::write(folder.join(name), text).expect("a temporary file");
    }
    let test_file = folder.join(TEST_FILE_NAME);
    let Ok(docs) = Yaml::parse_all(&files[0].1) else {
        return;
    };
    for doc in &docs {
        let Some(version) = recognise(doc.value(), TEST_FILE_NAME, TEST_FILE_NAME) else {
            continue;
        };
        let mut findings = validate(version, TEST_FILE_NAME, doc);
        findings.extend(check_files(version, doc.value(), &test_file, &LIMITS));
        for f in &findings {
            assert!(!f.message.is_empty(), "a finding without a message: {f:?}");
        }
    }
}
