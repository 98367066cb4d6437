//! The vendored Kyverno test corpus (`tests/corpus/kyverno-tests`, see its SOURCE.md): every
//! `kyverno-test.yaml`, hidden directories included, split into YAML documents. Shared by
//! the Kyverno tests (`#[path]`-included; not a test target of its own).

use std::path::{Path, PathBuf};

/// The corpus root, from the manifest folder of any crate of the workspace (`frontends/kyverno`,
/// `tests`): the nearest ancestor's `tests/corpus/kyverno-tests`.
pub fn root(manifest_dir: &str) -> PathBuf {
    Path::new(manifest_dir)
        .ancestors()
        .map(|dir| dir.join("tests/corpus/kyverno-tests"))
        .find(|corpus| corpus.is_dir())
        .unwrap_or_else(|| panic!("no tests/corpus/kyverno-tests above {manifest_dir}"))
}

/// One document of a corpus file.
pub struct Doc {
    /// The file, relative to the corpus root (`test/cli/test/simple/kyverno-test.yaml`).
    pub file: String,
    /// The document's text.
    pub text: String,
}

/// Every document of every file named `name` under `root`, files sorted by path.
pub fn documents(root: &Path, name: &str) -> Vec<Doc> {
    let mut files = Vec::new();
    walk(root, name, &mut files);
    files.sort();
    let mut out = Vec::new();
    for path in files {
        let text = std::fs::read_to_string(&path).expect("read a corpus file");
        let file = path
            .strip_prefix(root)
            .expect("under the root")
            .to_string_lossy()
            .into_owned();
        for text in split(&text) {
            out.push(Doc {
                file: file.clone(),
                text,
            });
        }
    }
    out
}

/// The documents of a YAML stream: split at `---` lines, empty ones dropped.
pub fn split(text: &str) -> Vec<String> {
    let mut docs = vec![String::new()];
    for line in text.lines() {
        if line.trim_end() == "---" || line.starts_with("--- ") {
            docs.push(String::new());
        } else if let Some(last) = docs.last_mut() {
            last.push_str(line);
            last.push('\n');
        }
    }
    docs.retain(|d| {
        d.lines()
            .any(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
    });
    docs
}

fn walk(dir: &Path, name: &str, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("read a corpus directory") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            walk(&path, name, out);
        } else if path.file_name().is_some_and(|n| n == name) {
            out.push(path);
        }
    }
}
