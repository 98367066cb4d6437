//! A set of named texts as a ytt run reads files: a compiled schema's files, a recorded
//! case's. Names are relative paths joined with `/`; a name that is the prefix of others up
//! to a `/` is a folder.

use super::Files;

/// Files by name (`config/schema.yml`), each with its text.
#[derive(Debug, Clone, Copy)]
pub struct Memory<'a>(pub &'a [(&'a str, &'a str)]);

impl Files for Memory<'_> {
    fn read(&self, path: &str) -> Result<String, String> {
        let path = path.strip_prefix("./").unwrap_or(path);
        self.0
            .iter()
            .find(|(name, _)| *name == path)
            .map(|(_, text)| (*text).to_owned())
            // What the file system says (`Disk`), as ytt does.
            .ok_or_else(|| {
                format!("Checking file '{path}': lstat {path}: no such file or directory\n")
            })
    }

    fn list(&self, path: &str) -> Result<Option<Vec<String>>, String> {
        let dir = path.trim_end_matches('/');
        let prefix = if dir == "." {
            String::new()
        } else {
            format!("{dir}/")
        };
        let under: Vec<String> = self
            .0
            .iter()
            .filter_map(|(name, _)| name.strip_prefix(&prefix).map(str::to_owned))
            .collect();
        Ok((!under.is_empty()).then_some(under))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_files_and_lists_folders() {
        let files = [("a/b.yml", "b"), ("a/c/d.yml", "d"), ("e.yml", "e")];
        let m = Memory(&files);
        assert_eq!(m.read("./e.yml"), Ok("e".to_owned()));
        assert_eq!(
            m.read("x.yml"),
            Err("Checking file 'x.yml': lstat x.yml: no such file or directory\n".to_owned())
        );
        assert_eq!(
            m.list("a/"),
            Ok(Some(vec!["b.yml".to_owned(), "c/d.yml".to_owned()]))
        );
        assert_eq!(m.list(".").map(|l| l.map(|v| v.len())), Ok(Some(3)));
        assert_eq!(m.list("e.yml"), Ok(None));
    }
}
