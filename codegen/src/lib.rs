//! `validgen-codegen`: rule sets compiled into specialised Rust validators, one library behind
//! the macros (`include_validators!`, `include_schemas!`, `include_ytt_schemas!`) and the
//! `validgen generate` command.
//!
//! - KubeVirt: catalog folder → templates ([`source`]) → rule sets, parsed by
//!   `validgen-kubevirt`'s parser and lowered to the IR ([`analyze`]) → paths planned against
//!   the KubeVirt Go types ([`plan`]) → Rust tokens ([`emit`], one emitter per rule kind):
//!   [`compile_dir`];
//! - JSON Schemas and CRDs of a folder ([`schemas`]): [`compile_schema_dir`];
//! - ytt data-values schemas of a folder ([`ytt`]): [`compile_ytt_dir`];
//! - IR rule sets of plain documents: [`compile_documents`].
//!
//! The output is deterministic: items sorted by name, one function per distinct rule text.

pub mod analyze;
pub mod diag;
pub mod emit;
pub mod lint;
pub mod names;
pub mod plan;
pub mod schemas;
pub mod source;
pub mod ytt;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote};
use validgen_core::ir;

pub use analyze::Options;
pub use diag::{Diagnostic, Diagnostics};
pub use schemas::{
    CrdVersion, GeneratedSchemas, LoadedSchema, SchemaCatalog, SchemaOptions, compile_schema_dir,
    load_schemas,
};

pub use ytt::{GeneratedYtt, compile_ytt_dir};

use emit::TemplateItem;
use source::{RuleText, read_catalog};

/// The path generated code calls the runtime through: the facade's private module named after
/// this crate's version (`::validgen::__private_0_1_0`), so that generated code and a facade
/// of another version fail to compile instead of drifting.
pub(crate) const PRIVATE: Private = Private;

/// Writes [`PRIVATE`]'s path.
pub(crate) struct Private;

impl ToTokens for Private {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let version = env!("CARGO_PKG_VERSION").replace(['.', '-', '+'], "_");
        let module = format_ident!("__private_{version}");
        tokens.extend(quote!(::validgen::#module));
    }
}

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

/// Validators of plain JSON documents from rule sets already in the IR (frontends other than
/// KubeVirt's): see [`emit::documents`].
pub fn compile_documents(sets: &[(String, ir::RuleSet)]) -> TokenStream {
    emit::documents(sets)
}

/// Formats generated tokens as a Rust file (prettyplease).
///
/// # Errors
/// The tokens do not parse as a file (a bug of the generator), with syn's message.
pub fn pretty(tokens: &TokenStream) -> Result<String, String> {
    let file: syn::File = syn::parse2(tokens.clone()).map_err(|e| e.to_string())?;
    Ok(prettyplease::unparse(&file))
}
