//! The architecture, checked: the modules of `validgen-runtime` form no cycle, and the
//! format-neutral core (everything outside `kubevirt/`) names nothing of the KubeVirt frontend.
//! A module is a top-level module of the crate, or a module of `kubevirt/`; its dependencies
//! are the `crate::…` paths its code names (comments and unit tests aside).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        panic!("cannot read {}", dir.display());
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module a file belongs to: `interpret`, `kubevirt::typed`, …; `None` for the crate root
/// and `kubevirt/mod.rs`.
fn module_of(rel: &Path) -> Option<String> {
    let parts: Vec<String> = rel
        .iter()
        .map(|c| c.to_string_lossy().trim_end_matches(".rs").to_owned())
        .collect();
    match parts.as_slice() {
        [first, ..] if first == "lib" => None,
        [first, second, ..] if first == "kubevirt" && second != "mod" => {
            Some(format!("kubevirt::{second}"))
        }
        [first, ..] if first == "kubevirt" => None,
        [first, ..] => Some(first.clone()),
        [] => None,
    }
}

/// The code of a file without comments and without its unit-test module.
fn code(text: &str) -> String {
    let text = text
        .split("#[cfg(test)]\nmod tests")
        .next()
        .unwrap_or_default();
    text.lines()
        .map(|l| l.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The `crate::…` modules named in `code`.
fn named(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        let word = |s: &str| -> String {
            s.chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect()
        };
        let first = word(rest);
        if first == "kubevirt" {
            let sub = word(rest.strip_prefix("kubevirt::").unwrap_or_default());
            if !sub.is_empty() {
                out.insert(format!("kubevirt::{sub}"));
            }
        } else if !first.is_empty() {
            out.insert(first);
        }
    }
    out
}

fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src, &mut files);
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for f in files {
        let rel = f.strip_prefix(&src).unwrap_or(&f);
        if rel.file_name().is_some_and(|n| n == "tests.rs") {
            continue;
        }
        let Some(module) = module_of(rel) else {
            continue;
        };
        let text = std::fs::read_to_string(&f).unwrap_or_default();
        let deps = named(&code(&text));
        let entry = graph.entry(module.clone()).or_default();
        entry.extend(deps.into_iter().filter(|d| *d != module));
    }
    graph
}

/// A cycle through `start`, if there is one (depth-first search).
fn cycle_from(
    graph: &BTreeMap<String, BTreeSet<String>>,
    start: &str,
    at: &str,
    path: &mut Vec<String>,
    seen: &mut BTreeSet<String>,
) -> Option<Vec<String>> {
    for next in graph.get(at).into_iter().flatten() {
        if next == start {
            let mut c = path.clone();
            c.push(next.clone());
            return Some(c);
        }
        if graph.contains_key(next) && seen.insert(next.clone()) {
            path.push(next.clone());
            if let Some(c) = cycle_from(graph, start, next, path, seen) {
                return Some(c);
            }
            path.pop();
        }
    }
    None
}

#[test]
fn the_modules_form_no_cycle() {
    let graph = graph();
    assert!(graph.contains_key("interpret") && graph.contains_key("kubevirt::typed"));
    let cycles: Vec<String> = graph
        .keys()
        .filter_map(|m| {
            let mut path = vec![m.clone()];
            cycle_from(&graph, m, m, &mut path, &mut BTreeSet::new()).map(|c| c.join(" -> "))
        })
        .collect();
    assert!(cycles.is_empty(), "module cycles:\n{}", cycles.join("\n"));
}

#[test]
fn the_core_names_nothing_of_the_kubevirt_frontend() {
    let offending: Vec<String> = graph()
        .iter()
        .filter(|(m, _)| !m.starts_with("kubevirt"))
        .flat_map(|(m, deps)| {
            deps.iter()
                .filter(|d| d.starts_with("kubevirt"))
                .map(move |d| format!("{m} -> {d}"))
        })
        .collect();
    assert!(offending.is_empty(), "{}", offending.join("\n"));
}

#[test]
fn the_scanner_sees_dependencies() {
    let deps = named(&code(
        "use crate::ir::Path; // crate::typed\nuse crate::kubevirt::rules;",
    ));
    assert_eq!(
        deps.into_iter().collect::<Vec<_>>(),
        ["ir", "kubevirt::rules"]
    );
}
