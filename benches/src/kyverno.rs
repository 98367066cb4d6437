//! Fixtures of the Kyverno benchmark (`benches/kyverno.rs`): every real `kyverno-test.yaml` of
//! `tests/corpus/kyverno-tests` (206 files, hidden folders included, as `kyverno test` walks
//! them), read once, and the paths the benchmark measures on them.

use std::path::{Path, PathBuf};

use validgen::kyverno::{self, Finding, TEST_FILE_NAME, Version, files::Limits};
use validgen::model::Yaml;

/// The corpus folder.
pub const KYVERNO_CORPUS: &str =
    concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/kyverno-tests");

/// One real test manifest.
pub struct TestFile {
    /// Its path.
    pub path: PathBuf,
    /// Its path relative to the corpus (what findings name).
    pub rel: String,
    /// Its text.
    pub text: String,
}

/// One document of a test manifest, parsed and recognised.
pub struct TestDocument<'a> {
    /// The file it is in.
    pub file: &'a TestFile,
    /// The document.
    pub yaml: Yaml,
    /// Its version.
    pub version: Version,
}

/// Every `kyverno-test.yaml` of the corpus, sorted by path.
///
/// # Panics
/// When the corpus cannot be read (the checkout is broken).
pub fn kyverno_tests() -> Vec<TestFile> {
    let root = Path::new(KYVERNO_CORPUS);
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).expect("read a corpus folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.file_name().is_some_and(|n| n == TEST_FILE_NAME) {
                let text = std::fs::read_to_string(&path).expect("read a test manifest");
                let rel = path
                    .strip_prefix(root)
                    .unwrap_or(&path)
                    .display()
                    .to_string();
                out.push(TestFile { path, rel, text });
            }
        }
    }
    out.sort_by(|a, b| a.path.cmp(&b.path));
    out
}

/// The YAML documents of `text`: split at `---` lines (3 real tests have two documents), empty
/// ones dropped.
pub fn split_documents(text: &str) -> impl Iterator<Item = &str> {
    text.split("\n---")
        .map(|piece| piece.strip_prefix("---").unwrap_or(piece))
        .filter(|piece| !piece.trim().is_empty())
}

/// Each document of `file` parsed and recognised (a document that does not parse or is not a
/// test is left out).
pub fn documents(file: &TestFile) -> Vec<TestDocument<'_>> {
    split_documents(&file.text)
        .filter_map(|piece| {
            let yaml = Yaml::parse(piece).ok()?;
            let version = kyverno::recognise(yaml.value(), TEST_FILE_NAME, TEST_FILE_NAME)?;
            Some(TestDocument {
                file,
                yaml,
                version,
            })
        })
        .collect()
}

/// `validate` on every document of `file`, from its text (split, parsed, recognised).
pub fn validate_text(file: &TestFile) -> Vec<Finding> {
    documents(file).iter().flat_map(validate_document).collect()
}

/// `validate` on a parsed document.
pub fn validate_document(doc: &TestDocument<'_>) -> Vec<Finding> {
    kyverno::validate(doc.version, &doc.file.rel, &doc.yaml)
}

/// `check_files` on a parsed document (reads the files it names).
pub fn check_document(doc: &TestDocument<'_>) -> Vec<Finding> {
    kyverno::check_files(
        doc.version,
        doc.yaml.value(),
        &doc.file.path,
        &Limits::default(),
    )
}
