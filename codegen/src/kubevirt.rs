//! KubeVirt template catalogs: a folder's templates ([`crate::source`]) → rule sets, parsed by
//! `validgen-kubevirt`'s parser and lowered to the IR ([`crate::analyze`]) → paths planned
//! against the KubeVirt Go types ([`crate::plan`]) → Rust tokens ([`crate::emit`]). Behind
//! `include_validators!` and `validgen generate`.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use proc_macro2::TokenStream;
use validgen_core::ir;

use crate::analyze::{self, Options};
use crate::diag::{Diagnostic, Diagnostics};
use crate::emit::{self, TemplateItem};
use crate::names;
use crate::source::{self, RuleText, read_catalog};

/// The generated code of a catalog.
#[derive(Debug, Clone)]
pub struct Generated {
    /// The items: a function per template, `CATALOG`, and their private helpers. They refer to
    /// the runtime as `::validgen`.
    pub tokens: TokenStream,
    /// Every file read (absolute), for rebuild tracking.
    pub files: Vec<PathBuf>,
    /// The templates compiled, sorted by name.
    pub templates: Vec<String>,
    /// What the catalog has that compiles but is probably not meant (a template defined
    /// twice, rules off `objects[0]`; see [`source::CatalogRead::warnings`]).
    pub warnings: Vec<Diagnostic>,
}

/// Compiles the catalog folder `dir`; `display` names it in diagnostics (e.g. `templates`).
///
/// # Errors
/// Every problem of the catalog, collected: unreadable files (the others are still analysed),
/// documents meant to be Templates that cannot be, rule sets that do not parse, and (unless
/// [`Options::reference_failures`]) rules the reference fails whatever the VM, in every
/// template, replaced or not.
pub fn compile_dir(dir: &Path, display: &str, opts: Options) -> Result<Generated, Diagnostics> {
    let source::CatalogRead {
        templates: read,
        files,
        errors: mut diags,
        warnings,
    } = read_catalog(dir, display);
    // Each distinct text is analysed once per file it appears in, so every file with a
    // problem is named; a template replaced by a later file is analysed too.
    let mut analyzed: BTreeMap<String, ir::RuleSet> = BTreeMap::new();
    let mut reported: BTreeSet<(String, String)> = BTreeSet::new();
    let texts = read
        .iter()
        .flat_map(|t| t.rules.iter().chain(t.legacy_rules.iter()));
    for RuleText { text, origin } in texts {
        if !reported.insert((text.clone(), origin.file.clone())) {
            continue;
        }
        match analyze::analyze(text, origin, opts) {
            Ok(set) => {
                analyzed.entry(text.clone()).or_insert(set);
            }
            Err(d) => diags.extend(d),
        }
    }
    // A later file replaces a template of the same namespace and name, as a catalog folder
    // loaded by the runtime (and `kubectl apply -R`) does; `read_catalog` warned about it.
    let mut by_key: BTreeMap<(Option<String>, String), source::SourceTemplate> = BTreeMap::new();
    for t in read {
        let ns = t.namespace.clone().filter(|ns| !ns.is_empty());
        by_key.insert((ns, t.name.clone()), t);
    }
    let mut templates: Vec<source::SourceTemplate> = by_key.into_values().collect();
    templates
        .sort_by(|a, b| (&a.name, &a.namespace, &a.file).cmp(&(&b.name, &b.namespace, &b.file)));
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    for t in &templates {
        let f = names::function_name(&t.name);
        if let Some(other) = names.insert(f.clone(), t.name.clone())
            && other != t.name
        {
            // At the second template's name, the one to rename.
            diags.push(Diagnostic::at(
                &format!("{}/{}", display.trim_end_matches('/'), t.file),
                t.name_line,
                t.name_column,
                None,
                format!(
                    "templates `{other}` and `{}` both become the function `{f}`",
                    t.name
                ),
            ));
        }
    }
    if !diags.is_empty() {
        return Err(diags);
    }
    let rule_sets: Vec<(String, ir::RuleSet)> = analyzed.into_iter().collect();
    let index = |text: &str| rule_sets.iter().position(|(t, _)| t == text);
    let mut seen = BTreeSet::new();
    let items: Vec<TemplateItem> = templates
        .iter()
        .map(|t| {
            let f = names::function_name(&t.name);
            // Templates of one name in several namespaces: the first (sorted) gets the function.
            let function = seen.insert(f.clone()).then(|| emit::path::ident(&f));
            TemplateItem {
                name: t.name.clone(),
                namespace: t.namespace.clone(),
                file: t.file.clone(),
                rules: t.rules.as_ref().map(|r| r.text.clone()),
                legacy_rules: t.legacy_rules.as_ref().map(|r| r.text.clone()),
                function,
                rule_set: t.rule_text().and_then(|r| index(&r.text)),
            }
        })
        .collect();
    Ok(Generated {
        tokens: emit::catalog(&items, &rule_sets, display),
        files,
        templates: templates.iter().map(|t| t.name.clone()).collect(),
        warnings,
    })
}

/// Compiles bare rule-set texts (no templates): `CATALOG` then runs the compiled validator
/// for any VM carrying one of these texts. Used to compile test corpora.
///
/// # Errors
/// Every text that does not parse, and with the default options every rule the reference
/// fails whatever the VM.
pub fn compile_texts<'a>(
    texts: impl IntoIterator<Item = &'a str>,
    opts: Options,
) -> Result<TokenStream, Diagnostics> {
    let mut diags = Diagnostics::default();
    let mut sets: BTreeMap<String, ir::RuleSet> = BTreeMap::new();
    for (i, text) in texts.into_iter().enumerate() {
        if sets.contains_key(text) {
            continue;
        }
        match analyze::analyze(
            text,
            &analyze::unlocated(&format!("rule set #{}", i + 1)),
            opts,
        ) {
            Ok(set) => {
                sets.insert(text.to_owned(), set);
            }
            Err(d) => diags.extend(d),
        }
    }
    let rule_sets: Vec<(String, ir::RuleSet)> = sets.into_iter().collect();
    diags.into_result(emit::catalog(&[], &rule_sets, "rule sets"))
}
