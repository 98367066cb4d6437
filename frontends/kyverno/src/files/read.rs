//! Reading the files a test names, safely: each path at most once per test, only regular
//! files up to [`Limits::max_file_bytes`], at most [`Limits::max_files`] of them, UTF-8 YAML or
//! JSON of any number of documents, with `file:line:column` in every parse error. A symlink
//! loop is an error of `std::fs::metadata` (`ELOOP`), never a hang; a FIFO or device is
//! refused before it is opened.

use std::collections::HashMap;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use serde_json::Value;

use super::Limits;
use super::fields::{FileField, Resolve};

/// The documents of a file (empty ones dropped), or why it could not be read, in words that
/// name the file as the test names it.
pub(super) type Loaded = Result<Vec<Value>, String>;

/// How deep a named directory is walked.
const MAX_DEPTH: usize = 16;

/// Reads the files named by one test.
pub(super) struct Reader<'a> {
    dir: PathBuf,
    limits: &'a Limits,
    cache: HashMap<PathBuf, Rc<Loaded>>,
}

impl<'a> Reader<'a> {
    /// A reader for the test read from `test_file`: relative paths are relative to its
    /// directory.
    pub(super) fn new(test_file: &Path, limits: &'a Limits) -> Self {
        let dir = test_file
            .parent()
            .map_or_else(|| PathBuf::from("."), Path::to_path_buf);
        Reader {
            dir,
            limits,
            cache: HashMap::new(),
        }
    }

    /// The files `name` (a value of `field`) stands for, each with the name to show and its
    /// documents: the file itself, or, for a directory where `field.dir_ok`, every `.yaml` or
    /// `.yml` file under it whose name does not start with `.` (kyverno `policy/load.go`
    /// `fsLoad`), in name order.
    pub(super) fn files(&mut self, name: &str, field: &FileField) -> Vec<(String, Rc<Loaded>)> {
        let path = match field.resolve {
            Resolve::Full if Path::new(name).is_absolute() => PathBuf::from(name),
            // `Path::join` would replace the directory by an absolute `name`; Go's
            // `filepath.Join` appends it.
            _ => self.dir.join(name.trim_start_matches('/')),
        };
        match std::fs::metadata(&path) {
            Ok(meta) if meta.is_dir() && field.dir_ok => {
                let mut found = Vec::new();
                if let Err(e) = self.walk(&path, name, 0, &mut found) {
                    return vec![(name.to_owned(), Rc::new(Err(e)))];
                }
                found
                    .into_iter()
                    .map(|(shown, p)| {
                        let loaded = self.load(&shown, &p);
                        (shown, loaded)
                    })
                    .collect()
            }
            _ => vec![(name.to_owned(), self.load(name, &path))],
        }
    }

    /// The `.yaml`/`.yml` files under `dir` (shown as under `shown`), not hidden, at most
    /// [`Limits::max_files`].
    fn walk(
        &self,
        dir: &Path,
        shown: &str,
        depth: usize,
        found: &mut Vec<(String, PathBuf)>,
    ) -> Result<(), String> {
        if depth > MAX_DEPTH {
            return Err(format!(
                "\"{shown}\" is nested more than {MAX_DEPTH} directories deep"
            ));
        }
        let entries =
            std::fs::read_dir(dir).map_err(|e| format!("\"{shown}\" cannot be read: {e}"))?;
        // Bounded before filtering: a directory of a million entries is not listed whole.
        let most = self.limits.max_files.saturating_mul(10);
        let entries: Vec<_> = entries.take(most.saturating_add(1)).collect();
        if entries.len() > most {
            return Err(format!(
                "\"{shown}\" holds more than {most} entries (the most listed for one test)"
            ));
        }
        let mut names: Vec<String> = entries
            .into_iter()
            .filter_map(|e| e.ok())
            .filter_map(|e| e.file_name().into_string().ok())
            .filter(|n| !n.starts_with('.'))
            .collect();
        names.sort();
        for n in names {
            let path = dir.join(&n);
            let child = format!("{}/{n}", shown.trim_end_matches('/'));
            match std::fs::metadata(&path) {
                Ok(m) if m.is_dir() => self.walk(&path, &child, depth + 1, found)?,
                // kyverno's walk skips what is neither a directory nor a YAML file.
                Ok(m) if !m.is_file() || !is_yaml_name(&n) => {}
                // What cannot be stat'ed (a symlink loop) is kept: `load` reports it.
                _ => {
                    if found.len() >= self.limits.max_files {
                        return Err(format!(
                            "\"{shown}\" holds more than {} files (the most read for one test)",
                            self.limits.max_files
                        ));
                    }
                    found.push((child, path));
                }
            }
        }
        Ok(())
    }

    /// The documents of the file at `path`, read once.
    fn load(&mut self, name: &str, path: &Path) -> Rc<Loaded> {
        if let Some(hit) = self.cache.get(path) {
            return Rc::clone(hit);
        }
        let loaded = if self.cache.len() >= self.limits.max_files {
            Err(format!(
                "\"{name}\" is not read: the test names more than {} files (the most read for one test)",
                self.limits.max_files
            ))
        } else {
            read(name, path, self.limits.max_file_bytes).and_then(|b| parse(name, &b))
        };
        let loaded = Rc::new(loaded);
        self.cache.insert(path.to_path_buf(), Rc::clone(&loaded));
        loaded
    }
}

/// Whether kyverno's policy loader reads a file of this name (`pkg/utils/git.IsYaml`).
pub(super) fn is_yaml_name(name: &str) -> bool {
    name.ends_with(".yaml") || name.ends_with(".yml")
}

/// The bytes of a regular file of at most `max` bytes.
fn read(name: &str, path: &Path, max: u64) -> Result<Vec<u8>, String> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => format!("\"{name}\" does not exist"),
        _ => format!("\"{name}\" cannot be read: {e}"),
    })?;
    if meta.is_dir() {
        return Err(format!("\"{name}\" is a directory, not a file"));
    }
    if !meta.is_file() {
        return Err(format!(
            "\"{name}\" is not a regular file (a FIFO, socket or device)"
        ));
    }
    let too_large =
        |size: u64| format!("\"{name}\" is {size} bytes, over the limit of {max} bytes");
    if meta.len() > max {
        return Err(too_large(meta.len()));
    }
    let file = std::fs::File::open(path).map_err(|e| format!("\"{name}\" cannot be read: {e}"))?;
    let mut bytes = Vec::new();
    // The file may grow between `metadata` and here: read one byte past the limit at most.
    file.take(max.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(|e| format!("\"{name}\" cannot be read: {e}"))?;
    let size = u64::try_from(bytes.len()).unwrap_or(u64::MAX);
    if size > max {
        return Err(too_large(size));
    }
    Ok(bytes)
}

/// The non-empty documents of a YAML (or JSON, which is YAML) stream.
fn parse(name: &str, bytes: &[u8]) -> Loaded {
    validgen_core::model::parse_stream(name, bytes)
}
