//! The files of a run as ytt 0.48 finds and names them (`pkg/files/file.go`
//! `NewSortedFilesFromPaths`, `pkg/files/sources.go`): a file given by its path is named by
//! its base name, `-` is standard input named `stdin.yml`, `name=path` names the file `name`,
//! and a folder stands for every file under it, named by its path relative to the folder and
//! sorted by that name (each argument's files stay in argument order). Which files hold data
//! values or schemas is ytt's `pkg/workspace/library_execution.go`: only YAML templates (not
//! `*.lib.yml`, not under a `_ytt_lib` folder) are read for them.
//!
//! [`Disk`] is the file system, [`Memory`] a set of named texts.

mod disk;
mod memory;

pub use disk::Disk;
pub use memory::Memory;

/// Where a run reads its files.
pub trait Files {
    /// The text of the file at `path` (`-`: standard input), or the error text ytt prints for
    /// it (ending with a line break).
    ///
    /// # Errors
    /// The file cannot be read.
    fn read(&self, path: &str) -> Result<String, String>;

    /// The files under `path` when it is a folder: every file at any depth, as paths relative
    /// to `path` joined with `/`; `None` when `path` is not a folder.
    ///
    /// # Errors
    /// The folder cannot be listed, or holds more than [`MAX_FILES`] files.
    fn list(&self, path: &str) -> Result<Option<Vec<String>>, String>;
}

/// A function from a path to its text is a set of files without folders.
impl<F: Fn(&str) -> Result<String, String>> Files for F {
    fn read(&self, path: &str) -> Result<String, String> {
        self(path)
    }

    fn list(&self, _path: &str) -> Result<Option<Vec<String>>, String> {
        Ok(None)
    }
}

/// The most files a folder may hold (a bound on untrusted input; ytt has none).
pub const MAX_FILES: usize = 10_000;

/// One file of a run: where it is read, and its name as ytt prints it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Input {
    /// The path it is read from (`-` for standard input).
    pub path: String,
    /// Its name in ytt's messages (`schema.yml`, `services/schema.dns.yaml`, `stdin.yml`).
    pub name: String,
    /// Whether it was found in a folder rather than named by its own argument (ytt's
    /// `IsImplied`).
    pub implied: bool,
}

impl Input {
    /// The file at `path`, named by `path` itself (validgen's own reports, which name files
    /// as the user gave them).
    pub fn as_given(path: &str) -> Self {
        Input {
            path: path.to_owned(),
            name: path.to_owned(),
            implied: false,
        }
    }

    /// The file at `path`, named as ytt names a file given by its path (its base name).
    pub fn of(path: &str) -> Self {
        Input {
            path: path.to_owned(),
            name: base_name(path).to_owned(),
            implied: false,
        }
    }

    /// Whether ytt reads it for data values and schemas: a YAML template (`.yml`/`.yaml`, not
    /// `*.lib.yml`) outside the private `_ytt_lib` libraries (ytt 0.48 `File.IsTemplate`,
    /// `Library.ListAccessibleFiles`).
    pub fn is_yaml_template(&self) -> bool {
        is_yaml(&self.name) && !is_library(&self.name) && !self.is_private()
    }

    /// Whether its name ends with `.yml` or `.yaml`.
    pub fn is_yaml(&self) -> bool {
        is_yaml(&self.name)
    }

    /// Whether it is a Starlark file (`.star`), which only `load()` reads.
    pub fn is_starlark(&self) -> bool {
        base_name(&self.name).ends_with(".star")
    }

    fn is_private(&self) -> bool {
        self.name
            .split('/')
            .rev()
            .skip(1)
            .any(|dir| dir == "_ytt_lib")
    }
}

/// The files that the arguments `args` (of `-f` or `--data-values-file`) stand for, in ytt's
/// order; with `as_given`, a file named by its own argument keeps that argument as its name
/// (validgen's own reports, located by the paths the user gave).
///
/// # Errors
/// ytt's texts: an argument with two `=` (`Expected file 'a=b=c' to only have single '=' sign
/// to for relative path assignment`), a folder that cannot be listed.
pub fn expand(args: &[String], files: &dyn Files, as_given: bool) -> Result<Vec<Input>, String> {
    let mut all = Vec::new();
    for arg in args {
        let (name, path) = match arg.split('=').collect::<Vec<_>>().as_slice() {
            [_] => (None, arg.as_str()),
            [name, path] => (Some(*name), *path),
            _ => {
                return Err(format!(
                    "Expected file '{arg}' to only have single '=' sign to for relative path assignment\n"
                ));
            }
        };
        if as_given && name.is_none() && files.list(path)?.is_none() {
            all.push(Input::as_given(path));
            continue;
        }
        if path == "-" {
            all.push(Input {
                path: path.to_owned(),
                name: name.unwrap_or("stdin.yml").to_owned(),
                implied: false,
            });
            continue;
        }
        match files.list(path)? {
            Some(mut under) => {
                // ytt sorts a folder's files by their relative path, as Go compares strings.
                under.sort();
                all.extend(under.into_iter().map(|rel| Input {
                    path: format!("{}/{rel}", path.trim_end_matches('/')),
                    name: rel,
                    implied: true,
                }));
            }
            None => all.push(match name {
                Some(name) => Input {
                    name: name.to_owned(),
                    ..Input::of(path)
                },
                None => Input::of(path),
            }),
        }
    }
    Ok(all)
}

/// Go's `filepath.Base`: the last element of a path, trailing slashes removed.
fn base_name(path: &str) -> &str {
    let trimmed = path.trim_end_matches('/');
    if trimmed.is_empty() {
        return if path.is_empty() { "." } else { "/" };
    }
    trimmed.rsplit('/').next().unwrap_or(trimmed)
}

fn is_yaml(name: &str) -> bool {
    let base = base_name(name);
    base.ends_with(".yml") || base.ends_with(".yaml")
}

/// `x.lib.yml`: a library file, not a template.
fn is_library(name: &str) -> bool {
    let parts: Vec<&str> = base_name(name).split('.').collect();
    parts.len() > 2 && parts.get(parts.len() - 2) == Some(&"lib")
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Tree(Vec<&'static str>);

    impl Files for Tree {
        fn read(&self, path: &str) -> Result<String, String> {
            Err(format!("no {path}"))
        }

        fn list(&self, path: &str) -> Result<Option<Vec<String>>, String> {
            let prefix = format!("{}/", path.trim_end_matches('/'));
            let under: Vec<String> = self
                .0
                .iter()
                .filter_map(|f| f.strip_prefix(&prefix).map(str::to_owned))
                .collect();
            Ok((!under.is_empty()).then_some(under))
        }
    }

    #[test]
    fn names_as_ytt() {
        let tree = Tree(vec![
            "cfg/z.yml",
            "cfg/a/b.yaml",
            "cfg/_ytt_lib/x/l.yml",
            "cfg/r.star",
        ]);
        let args: Vec<String> = ["config/schema.yml", "cfg/", "-", "n.yml=dir/v.yml"]
            .map(str::to_owned)
            .to_vec();
        let got = expand(&args, &tree, false).map(|v| {
            v.into_iter()
                .map(|i| (i.is_yaml_template(), i))
                .map(|(t, i)| (i.path, i.name, t))
                .collect::<Vec<_>>()
        });
        let row = |p: &str, n: &str, t| (p.to_owned(), n.to_owned(), t);
        assert_eq!(
            got,
            Ok(vec![
                row("config/schema.yml", "schema.yml", true),
                row("cfg/_ytt_lib/x/l.yml", "_ytt_lib/x/l.yml", false),
                row("cfg/a/b.yaml", "a/b.yaml", true),
                row("cfg/r.star", "r.star", false),
                row("cfg/z.yml", "z.yml", true),
                row("-", "stdin.yml", true),
                row("dir/v.yml", "n.yml", true),
            ])
        );
        assert!(expand(&["a=b=c".to_owned()], &tree, false).is_err());
        assert!(
            !Input {
                path: String::new(),
                name: "x.lib.yaml".to_owned(),
                implied: false
            }
            .is_yaml_template()
        );
    }
}
