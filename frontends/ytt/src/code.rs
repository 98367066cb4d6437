//! The code lines (`#@ ...` without an annotation name) of a schema or data-values file, as far
//! as validgen reads them: `load()` of ytt's standard modules that no annotation uses,
//! `def` functions ([`crate::starlark::Module`]), and `load()` of functions from a `.star`
//! file among the run's files (ytt 0.48: a `.star` file is read only when loaded, its path
//! relative to the loading file's folder). Annotations naming a function get it in its place
//! ([`crate::starlark::functions`]); every other code line is refused, named and located.

use super::annotations::{self, each_comment};
use super::fragments;
use super::run::Loaded;
use super::starlark::functions::{MAX_TEXT, substitute};
use super::starlark::lines::logical;
use super::starlark::{CALLEE, Module, mentions, refuse_code, standard_load};

/// The `.star` files a run may load: a name as ytt names files (`helpers.star`,
/// `lib/rules.star`) to its text; `None` when the run has no such file.
pub(crate) type StarFiles<'a> = &'a dyn Fn(&str) -> Option<String>;

/// Reads the code lines of `file` and, when validgen reads them all, puts each function an
/// annotation names in its place; else each line refused (its line and validgen's text, in
/// line order), the annotations left as they were.
///
/// In a schema file (`schema`), a `.star` file that is not among the files is ytt's
/// `Templating file` error (without its `Overlaying data values schema` header, which names
/// every schema file); elsewhere validgen's refusal.
pub(crate) fn apply(file: &mut Loaded, stars: StarFiles<'_>, schema: bool) -> Vec<(usize, String)> {
    let all = annotations::all(&file.documents);
    let mut refused = Vec::new();
    let mut modules = Vec::new();
    let mut loaded: Vec<Module> = Vec::new();
    let mut visible: Vec<String> = Vec::new();
    let mut defs = Vec::new();
    for code in all.iter().filter(|a| a.name.is_empty()) {
        let line = code.pos.line;
        if let Some(module) = standard_load(&code.args) {
            modules.push(module);
            // The file's functions may use the module.
            defs.push((line, code.args.trim().to_owned()));
        } else if let Some((path, names)) = star_load(&code.args) {
            if schema && join(&file.name, &path).is_some_and(|name| stars(&name).is_none()) {
                refused.push((line, not_given(file, line, &path)));
                continue;
            }
            match load_star(&file.name, &path, &names, stars, &mut Vec::new()) {
                Ok(found) => {
                    loaded.push(found);
                    visible.extend(names);
                }
                Err(construct) => refused.push((line, refusal(&file.path, line, &construct))),
            }
        } else if code.args.trim_start().starts_with("load") {
            let construct = refuse_code(&code.args).message;
            refused.push((line, refusal(&file.path, line, &construct)));
        } else {
            defs.push((line, code.args.trim().to_owned()));
        }
    }
    let (spans, defs) = fragments::split(&file.text, defs);
    if !spans.is_empty() {
        let code: Vec<(usize, String)> = all
            .iter()
            .filter(|a| a.name.is_empty())
            .map(|a| (a.pos.line, a.args.trim().to_owned()))
            .collect();
        match fragments::evaluate(&file.text, &file.name, &spans, &code) {
            Ok(literals) => {
                fragments::drop_bodies(&mut file.documents, &spans);
                refused.extend(put_fragments(file, &defs, &literals));
            }
            Err((line, construct)) => refused.push((line, refusal(&file.path, line, &construct))),
        }
        if !refused.is_empty() {
            refused.sort_by_key(|(line, _)| *line);
            return refused;
        }
    }
    let mut own_names = Vec::new();
    let module = Module::from_lines(&file.name, defs, &visible).and_then(|own| {
        own_names = own.names().map(str::to_owned).collect();
        loaded.iter().try_fold(own, |m, other| m.merge(other))
    });
    let module = match module {
        Ok(m) => m,
        Err((line, construct)) => {
            refused.push((line, refusal(&file.path, line, &construct)));
            refused.sort_by_key(|(line, _)| *line);
            return refused;
        }
    };
    visible.extend(own_names);
    for annotation in all.iter().filter(|a| !a.name.is_empty()) {
        let line = annotation.pos.line;
        // `@overlay/...` annotations (of schema overlays and data values) may call
        // `@ytt:overlay`'s matchers.
        let overlay_ok = annotation.name.starts_with("overlay/");
        if let Some(module) = modules
            .iter()
            .filter(|m| !(overlay_ok && **m == "overlay"))
            .find(|m| mentions(&annotation.args, m))
        {
            let construct = format!("the module `{module}` (`@ytt:{module}`) in an annotation");
            refused.push((line, refusal(&file.path, line, &construct)));
        } else if let Some(global) = module.globals().find(|g| mentions(&annotation.args, g)) {
            let construct = format!("the global variable `{global}` in an annotation");
            refused.push((line, refusal(&file.path, line, &construct)));
        } else if annotation.args.contains(CALLEE) {
            refused.push((
                line,
                refusal(&file.path, line, &format!("the text `{CALLEE}`")),
            ));
        }
    }
    if refused.is_empty() && !visible.is_empty() {
        let path = file.path.clone();
        each_comment(&mut file.documents, &mut |comment| {
            let Some((name, args)) = annotation_parts(&comment.text) else {
                return;
            };
            if !visible.iter().any(|f| mentions(args, f)) {
                return;
            }
            match substitute(args, &module, &visible) {
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

/// Puts each function of YAML fragments (`literals`: its name and value as a literal) in
/// place of its calls in `@schema/examples` and `@schema/default`; a mention anywhere else
/// (another annotation, code) is refused at its line.
fn put_fragments(
    file: &mut Loaded,
    code: &[(usize, String)],
    literals: &[(String, String)],
) -> Vec<(usize, String)> {
    let mut refused = Vec::new();
    let path = file.path.clone();
    let outside = |line: usize, name: &str| {
        refusal(
            &path,
            line,
            &format!(
                "the function of YAML fragments `{name}` outside `@schema/examples` and `@schema/default` (validgen puts it in those only)"
            ),
        )
    };
    for (line, c) in code {
        if let Some((name, _)) = literals.iter().find(|(n, _)| mentions(c, n)) {
            refused.push((*line, outside(*line, name)));
        }
    }
    each_comment(&mut file.documents, &mut |comment| {
        let Some((annotation, args)) = annotation_parts(&comment.text) else {
            return;
        };
        let mut text = args.to_owned();
        for (name, lit) in literals.iter().filter(|(n, _)| mentions(args, n)) {
            let line = comment.pos.line;
            if !matches!(annotation, "schema/examples" | "schema/default") {
                refused.push((line, outside(line, name)));
                return;
            }
            match fragments::replace_calls(&text, name, lit) {
                Some(t) if t.len() <= MAX_TEXT => text = t,
                _ => {
                    refused.push((line, outside(line, name)));
                    return;
                }
            }
        }
        if text != args {
            comment.text = format!("@{annotation} {text}");
        }
    });
    refused
}

/// ytt's error for a `load()` of a file the run does not have (`pkg/workspace`
/// `TemplateLoader.Load`), as printed under the schema overlay's header.
fn not_given(file: &Loaded, line: usize, path: &str) -> String {
    let code = file
        .text
        .split('\n')
        .nth(line.saturating_sub(1))
        .unwrap_or_default();
    format!(
        "  Templating file '{0}': \n- cannot load {path}: Expected to find file '{path}' (hint: only files included via -f flag are available)\n    in <toplevel>\n      {0}:{line} | {code}\n",
        file.name
    )
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

/// Longest chain of `.star` files loading one another.
const MAX_LOAD_DEPTH: usize = 32;

/// The functions of the `.star` file `path` loaded from the file named `from` (which must
/// define `names`), with those of the `.star` files it loads in turn (`stack`: the files
/// loading it); else validgen's account of what it cannot read. A load cycle is refused:
/// ytt 0.48 recurses until its stack overflows and crashes.
fn load_star(
    from: &str,
    path: &str,
    names: &[String],
    stars: StarFiles<'_>,
    stack: &mut Vec<String>,
) -> Result<Module, String> {
    let name = join(from, path).ok_or_else(|| format!("load() of `{path}`, outside the files"))?;
    if stack.contains(&name) || stack.len() >= MAX_LOAD_DEPTH {
        let mut chain = stack.clone();
        chain.push(name);
        return Err(format!(
            "a load() cycle or a chain of more than {MAX_LOAD_DEPTH} loads ({}; ytt 0.48 overflows its stack)",
            chain.join(" -> ")
        ));
    }
    let text = stars(&name)
        .ok_or_else(|| format!("load() of `{path}`, which is not among the files (-f)"))?;
    let lines = logical(&text);
    stack.push(name.clone());
    let mut loaded = Vec::new();
    let mut visible = Vec::new();
    for (line, code) in &lines {
        if !code.starts_with("load") || standard_load(code).is_some() {
            continue;
        }
        let Some((inner, inner_names)) = star_load(code) else {
            let construct = refuse_code(code).message;
            return Err(format!("{construct}, in `{name}` (line {line})"));
        };
        let found = load_star(&name, &inner, &inner_names, stars, stack)?;
        loaded.push(found);
        visible.extend(inner_names);
    }
    stack.pop();
    let module = Module::from_lines(&name, lines, &visible)
        .and_then(|own| loaded.iter().try_fold(own, |m, other| m.merge(other)))
        .map_err(|(line, construct)| format!("{construct}, in `{name}` (line {line})"))?;
    if let Some(wanted) = names.iter().find(|n| module.params(n).is_none()) {
        return Err(format!(
            "load() of `{wanted}`, which `{name}` does not define"
        ));
    }
    Ok(module)
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
        "{file}:{line}: unsupported: {construct}: validgen runs data-values schemas whose annotations use literals, lambdas and `def` functions only\n"
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
    fn star_files_load_star_files_and_cycles_are_refused() {
        let star = |name: &str| {
            match name {
            "a.star" => Some("load(\"lib/b.star\", \"b\")\ndef a(v):\n  return b(v)\nend\n".to_owned()),
            "lib/b.star" => Some("load(\"../a.star\", \"a\")\ndef b(v):\n  return v\nend\n".to_owned()),
            "c.star" => Some("load(\"@ytt:assert\", \"assert\")\nload(\"lib/d.star\", \"d\")\ndef c(v):\n  return d(v)\nend\n".to_owned()),
            "lib/d.star" => Some("def d(v):\n  return v > 1\nend\n".to_owned()),
            _ => None,
        }
        };
        let got = load_star(
            "schema.yml",
            "c.star",
            &["c".to_owned()],
            &star,
            &mut Vec::new(),
        );
        assert_eq!(got.map(|m| m.names().count()), Ok(2));
        let cycle = load_star(
            "schema.yml",
            "a.star",
            &["a".to_owned()],
            &star,
            &mut Vec::new(),
        );
        assert_eq!(
            cycle.err().as_deref(),
            Some(
                "a load() cycle or a chain of more than 32 loads (a.star -> lib/b.star -> a.star; ytt 0.48 overflows its stack)"
            )
        );
    }

    #[test]
    fn star_files_load_or_are_refused() {
        let star = |name: &str| {
            (name == "h.star").then(|| {
                "def a(v):\n  if v > 1:\n    return True\n  end\n  return False\nend\n".to_owned()
            })
        };
        let got = load_star(
            "schema.yml",
            "h.star",
            &["a".to_owned()],
            &star,
            &mut Vec::new(),
        );
        assert_eq!(got.map(|m| m.names().count()), Ok(1));
        assert!(
            load_star(
                "schema.yml",
                "x.star",
                &["a".to_owned()],
                &star,
                &mut Vec::new()
            )
            .is_err_and(|e| e.contains("not among the files"))
        );
        assert!(
            load_star(
                "schema.yml",
                "h.star",
                &["c".to_owned()],
                &star,
                &mut Vec::new()
            )
            .is_err_and(|e| e.contains("does not define"))
        );
    }
}
