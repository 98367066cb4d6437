//! The code lines (`#@ ...` without an annotation name) of a schema or data-values file, as far
//! as validgen reads them: `load()` of ytt's standard modules that no annotation uses,
//! `def` functions of one `return` ([`crate::starlark::functions`]), and `load()` of such
//! functions from a `.star` file among the run's files (ytt 0.48: a `.star` file is read only
//! when loaded, its path relative to the loading file's folder). Annotations naming a function
//! get its lambda in its place; every other code line is refused, named and located.

use super::annotations::{self, each_comment};
use super::run::Loaded;
use super::starlark::functions::{Function, read_functions, substitute};
use super::starlark::{mentions, refuse_code, standard_load};

/// The `.star` files a run may load: a name as ytt names files (`helpers.star`,
/// `lib/rules.star`) to its text; `None` when the run has no such file.
pub(crate) type StarFiles<'a> = &'a dyn Fn(&str) -> Option<String>;

/// Reads the code lines of `file` and, when validgen reads them all, puts each function an
/// annotation names in its place; else each line refused (its line and validgen's text, in
/// line order), the annotations left as they were.
pub(crate) fn apply(file: &mut Loaded, stars: StarFiles<'_>) -> Vec<(usize, String)> {
    let all = annotations::all(&file.documents);
    let mut refused = Vec::new();
    let mut modules = Vec::new();
    let mut functions: Vec<Function> = Vec::new();
    let mut defs = Vec::new();
    for code in all.iter().filter(|a| a.name.is_empty()) {
        let line = code.pos.line;
        if let Some(module) = standard_load(&code.args) {
            modules.push(module);
        } else if let Some((path, names)) = star_load(&code.args) {
            match load_star(&file.name, &path, &names, stars) {
                Ok(found) => functions.extend(found),
                Err(construct) => refused.push((line, refusal(&file.path, line, &construct))),
            }
        } else if code.args.trim_start().starts_with("load") {
            let construct = refuse_code(&code.args).message;
            refused.push((line, refusal(&file.path, line, &construct)));
        } else {
            defs.push((line, code.args.trim().to_owned()));
        }
    }
    match read_functions(&defs, true) {
        Ok(found) => functions.extend(found),
        Err((line, construct)) => refused.push((line, refusal(&file.path, line, &construct))),
    }
    for annotation in all.iter().filter(|a| !a.name.is_empty()) {
        if let Some(module) = modules.iter().find(|m| mentions(&annotation.args, m)) {
            let construct = format!("the module `{module}` (`@ytt:{module}`) in an annotation");
            let line = annotation.pos.line;
            refused.push((line, refusal(&file.path, line, &construct)));
        }
    }
    if refused.is_empty() && !functions.is_empty() {
        let path = file.path.clone();
        each_comment(&mut file.documents, &mut |comment| {
            let Some((name, args)) = annotation_parts(&comment.text) else {
                return;
            };
            if !functions.iter().any(|f| mentions(args, &f.name)) {
                return;
            }
            match substitute(args, &functions) {
                Ok(text) => comment.text = format!("@{name} {text}"),
                Err(construct) => {
                    let line = comment.pos.line;
                    refused.push((line, refusal(&path, line, &construct)));
                }
            }
        });
    }
    refused.sort_by_key(|(line, _)| *line);
    refused
}

/// An annotation comment's name and arguments (`@schema/validation min=1`); `None` for code
/// and other comments.
fn annotation_parts(text: &str) -> Option<(&str, &str)> {
    let text = text.strip_prefix('@')?;
    let end = text.find(char::is_whitespace).unwrap_or(text.len());
    let (name, args) = text.split_at(end);
    (!name.is_empty()).then_some((name, args.trim()))
}

/// `load("path.star", "a", "b")`: the path and the names, when every argument is a plain
/// string literal and the path names a `.star` file.
fn star_load(code: &str) -> Option<(String, Vec<String>)> {
    let inner = code.trim().strip_prefix("load")?.trim_start();
    let inner = inner.strip_prefix('(')?.strip_suffix(')')?;
    let mut args = inner
        .split(',')
        .map(str::trim)
        .filter(|a| !a.is_empty())
        .map(|a| {
            a.strip_prefix('"')
                .and_then(|s| s.strip_suffix('"'))
                .or_else(|| a.strip_prefix('\'').and_then(|s| s.strip_suffix('\'')))
                .filter(|s| !s.contains(['"', '\'', '\\']))
                .map(str::to_owned)
        })
        .collect::<Option<Vec<String>>>()?;
    if args.len() < 2 || !args.first()?.ends_with(".star") {
        return None;
    }
    let path = args.remove(0);
    Some((path, args))
}

/// The functions `names` of the `.star` file `path` loaded from the file named `from`, each
/// with the file's other functions substituted into its body; else validgen's account of
/// what it cannot read.
fn load_star(
    from: &str,
    path: &str,
    names: &[String],
    stars: StarFiles<'_>,
) -> Result<Vec<Function>, String> {
    let name = join(from, path).ok_or_else(|| format!("load() of `{path}`, outside the files"))?;
    let text = stars(&name)
        .ok_or_else(|| format!("load() of `{path}`, which is not among the files (-f)"))?;
    let lines: Vec<(usize, String)> = text
        .split('\n')
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim().to_owned()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    if let Some((line, _)) = lines.iter().find(|(_, l)| l.starts_with("load")) {
        return Err(format!("load() in `{name}` (line {line})"));
    }
    let all = read_functions(&lines, false)
        .map_err(|(line, construct)| format!("{construct}, in `{name}` (line {line})"))?;
    names
        .iter()
        .map(|wanted| {
            let f = all
                .iter()
                .find(|f| f.name == *wanted)
                .ok_or_else(|| format!("load() of `{wanted}`, which `{name}` does not define"))?;
            let others: Vec<Function> = all.iter().filter(|g| g.name != f.name).cloned().collect();
            let body = substitute(&f.body, &others)?;
            Ok(Function { body, ..f.clone() })
        })
        .collect()
}

/// `path` relative to the folder of the file named `from` (`a/b.yml` + `../c.star` = `c.star`);
/// `None` when it leaves the files' root.
fn join(from: &str, path: &str) -> Option<String> {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop()?;
            }
            p => parts.push(p),
        }
    }
    Some(parts.join("/"))
}

/// validgen's own refusal of Starlark beyond what it compiles.
pub(crate) fn refusal(file: &str, line: usize, construct: &str) -> String {
    format!(
        "{file}:{line}: unsupported: {construct}: validgen compiles data-values schemas whose annotations use literals, simple lambdas and functions of one `return` only\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_star_loads_and_paths() {
        assert_eq!(
            star_load(r#"load("helpers.star", "small", 'big')"#),
            Some((
                "helpers.star".to_owned(),
                vec!["small".to_owned(), "big".to_owned()]
            ))
        );
        assert_eq!(star_load(r#"load("helpers.star", f="small")"#), None);
        assert_eq!(star_load(r#"load("@ytt:overlay", "overlay")"#), None);
        assert_eq!(
            join("config/schema.yml", "lib/h.star").as_deref(),
            Some("config/lib/h.star")
        );
        assert_eq!(
            join("config/schema.yml", "../h.star").as_deref(),
            Some("h.star")
        );
        assert_eq!(join("schema.yml", "../h.star"), None);
    }

    #[test]
    fn star_functions_carry_their_files_functions() {
        let star = |name: &str| {
            (name == "h.star")
                .then(|| "def a(v):\n  return v > 1\n\ndef b(v):\n  return a(v)\n".to_owned())
        };
        let got = load_star("schema.yml", "h.star", &["b".to_owned()], &star);
        assert_eq!(
            got.map(|fs| fs.into_iter().map(|f| f.body).collect::<Vec<_>>()),
            Ok(vec!["((v) > 1)".to_owned()])
        );
        assert!(
            load_star("schema.yml", "x.star", &["b".to_owned()], &star)
                .is_err_and(|e| e.contains("not among the files"))
        );
        assert!(
            load_star("schema.yml", "h.star", &["c".to_owned()], &star)
                .is_err_and(|e| e.contains("does not define"))
        );
    }
}
