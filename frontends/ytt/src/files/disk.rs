//! The file system as a ytt run reads it (ytt 0.48 `pkg/files`): files, folders walked
//! recursively, `-` as standard input (read once), with ytt's error texts.

use std::cell::OnceCell;
use std::io::Read;
use std::path::Path;

use super::{Files, MAX_FILES};

/// The local file system and standard input.
#[derive(Debug, Default)]
pub struct Disk {
    stdin: OnceCell<Result<String, String>>,
}

impl Files for Disk {
    fn read(&self, path: &str) -> Result<String, String> {
        if path == "-" {
            return self
                .stdin
                .get_or_init(|| {
                    let mut text = String::new();
                    std::io::stdin()
                        .read_to_string(&mut text)
                        .map(|_| text)
                        .map_err(|e| format!("Reading stdin: {}\n", go_error(&e)))
                })
                .clone();
        }
        if let Err(e) = std::fs::symlink_metadata(path) {
            return Err(format!(
                "Checking file '{path}': lstat {path}: {}\n",
                go_error(&e)
            ));
        }
        std::fs::read_to_string(path)
            .map_err(|e| format!("Reading file '{path}': {}\n", go_error(&e)))
    }

    fn list(&self, path: &str) -> Result<Option<Vec<String>>, String> {
        let Ok(meta) = std::fs::symlink_metadata(path) else {
            // Not there: `read` says so, as ytt does.
            return Ok(None);
        };
        if !meta.is_dir() {
            return Ok(None);
        }
        let mut found = Vec::new();
        walk(Path::new(path), "", &mut found)
            .map_err(|e| format!("Listing files '{path}':\n  {e}\n"))?;
        Ok(Some(found))
    }
}

/// Every file under `dir` (relative names joined with `/` under `prefix`); symlinks are
/// refused as ytt refuses them by default.
fn walk(dir: &Path, prefix: &str, found: &mut Vec<String>) -> Result<(), String> {
    let entries =
        std::fs::read_dir(dir).map_err(|e| format!("open {}: {}", dir.display(), go_error(&e)))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {}", dir.display(), go_error(&e)))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let rel = if prefix.is_empty() {
            name
        } else {
            format!("{prefix}/{name}")
        };
        let kind = entry
            .file_type()
            .map_err(|e| format!("{}: {}", entry.path().display(), go_error(&e)))?;
        if kind.is_dir() {
            walk(&entry.path(), &rel, found)?;
        } else if kind.is_symlink() {
            let shown = entry.path().display().to_string();
            return Err(format!(
                "Checking symlink file '{shown}':\n    Expected symlink file '{shown}' to be allowed, but was not (hint: symlinks are disallowed as a security feature, use '--allow-symlink-destination' flags to override)"
            ));
        } else {
            found.push(rel);
        }
        if found.len() > MAX_FILES {
            return Err(format!(
                "validgen: more than {MAX_FILES} files under {}",
                dir.display()
            ));
        }
    }
    Ok(())
}

/// An I/O error as Go prints a system call's (`no such file or directory`).
fn go_error(e: &std::io::Error) -> String {
    let text = e.to_string();
    let text = text.split(" (os error").next().unwrap_or(&text);
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |c| {
        c.to_lowercase().chain(chars).collect::<String>()
    })
}
