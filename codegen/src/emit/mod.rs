//! Rust tokens from the rule IR: one file per rule kind (`integer`, `string`, `regex`,
//! `enum_`), paths and arguments, a rule set, and the catalog root assembled here.

mod arg;
#[cfg(feature = "kubevirt")]
mod capture;
#[cfg(feature = "crd")]
pub mod crd;
mod document;
mod document_verdict;
mod enum_;
mod guard;
mod integer;
mod minimise;
pub mod path;
mod regex;
mod rule_set;
#[cfg(feature = "json-schema")]
pub mod schemas;
mod shared;
pub mod stream;
mod string;
mod walk;
#[cfg(feature = "ytt")]
pub mod ytt;

use std::collections::BTreeMap;

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use validgen_core::ir::{Check, Path, Regex, RuleSet};

use crate::PRIVATE;
use path::PathCode;

/// The document model generated code reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Model {
    /// A KubeVirt VM decoded as the reference decodes it (`&impl JsonView`), paths planned
    /// against the Go types, with the reference-VM fallback.
    #[cfg(feature = "kubevirt")]
    KubeVirt,
    /// A plain JSON document (`&serde_json::Value`), paths evaluated by the runtime.
    Plain,
}

/// Every distinct path of a catalog, planned once and emitted once.
pub struct Paths {
    codes: BTreeMap<String, PathCode>,
}

impl Paths {
    /// Collects the paths of `sets`, numbered in sorted order of their text, planned for
    /// `model`.
    pub fn collect<'a>(sets: impl IntoIterator<Item = &'a RuleSet>, model: Model) -> Paths {
        let mut found: BTreeMap<String, &Path> = BTreeMap::new();
        for set in sets {
            for r in &set.rules {
                for (_, p) in r.paths() {
                    found.entry(p.source.clone()).or_insert(p);
                }
            }
        }
        let codes = found
            .into_iter()
            .enumerate()
            .map(|(i, (k, p))| (k, PathCode::new(i, p, model)))
            .collect();
        Paths { codes }
    }

    /// The code of a collected path.
    ///
    /// Every path given to an emitter was collected first; a miss is a bug of this crate.
    fn get(&self, p: &Path) -> &PathCode {
        match self.codes.get(&p.source) {
            Some(c) => c,
            None => unreachable!("path {} was not collected", p.source),
        }
    }

    /// The module-level items of the paths (parsed dynamic paths).
    fn items(&self) -> impl Iterator<Item = TokenStream> + '_ {
        self.codes.values().map(PathCode::items)
    }
}

/// A template of the generated catalog.
#[cfg(feature = "kubevirt")]
pub struct TemplateItem {
    /// `metadata.name`.
    pub name: String,
    /// `metadata.namespace`.
    pub namespace: Option<String>,
    /// File relative to the catalog folder.
    pub file: String,
    /// The object rules text.
    pub rules: Option<String>,
    /// The legacy rules text.
    pub legacy_rules: Option<String>,
    /// The public function's name; `None` for no function.
    pub function: Option<Ident>,
    /// Index into the rule sets of the text the function checks.
    pub rule_set: Option<usize>,
}

/// The whole generated catalog: one function per distinct rule text (sorted by text), one
/// public function per template, and `CATALOG`.
#[cfg(feature = "kubevirt")]
pub fn catalog(
    templates: &[TemplateItem],
    rule_sets: &[(String, RuleSet)],
    origin: &str,
) -> TokenStream {
    let paths = Paths::collect(rule_sets.iter().map(|(_, s)| s), Model::KubeVirt);
    let (regex_names, regex_items) = regexes(rule_sets.iter().map(|(_, s)| s));
    let set_names: Vec<Ident> = (0..rule_sets.len())
        .map(|i| format_ident!("__rule_set_{}", i))
        .collect();
    let set_fns = rule_sets.iter().zip(&set_names).map(|((text, set), name)| {
        let users: Vec<&str> = templates
            .iter()
            .filter(|t| t.rules.as_deref() == Some(text) || t.legacy_rules.as_deref() == Some(text))
            .map(|t| t.name.as_str())
            .collect();
        let doc = if users.is_empty() {
            format!("A rule set of {} rule(s).", set.rules.len())
        } else {
            format!("The {} rule(s) of: {}.", set.rules.len(), users.join(", "))
        };
        let no_imports = TokenStream::new();
        rule_set::function(
            name,
            &doc,
            set,
            &paths,
            &regex_names,
            Model::KubeVirt,
            &no_imports,
        )
    });
    let public_fns = templates.iter().filter_map(|t| {
        let f = t.function.as_ref()?;
        let doc = format!(
            "Evaluates the rules of template `{}` (`{origin}/{}`) on a decoded VM, as the reference's `Evaluate`: one report per rule, in order, explained as `explain` asks.",
            t.name, t.file
        );
        let body = match t.rule_set.and_then(|i| set_names.get(i)) {
            Some(set) => quote!(#set(vm, explain)),
            None => quote!({
                let _ = explain;
                #PRIVATE::interpret::Report::default()
            }),
        };
        Some(quote! {
            #[doc = #doc]
            pub fn #f(vm: &#PRIVATE::serde_json::Value, explain: #PRIVATE::interpret::Explain) -> #PRIVATE::interpret::Report { #body }
        })
    });
    let opt = |s: &Option<String>| match s {
        Some(s) => quote!(::core::option::Option::Some(#s)),
        None => quote!(::core::option::Option::None),
    };
    let template_entries = templates.iter().map(|t| {
        let (name, file) = (&t.name, &t.file);
        let (ns, rules, legacy) = (opt(&t.namespace), opt(&t.rules), opt(&t.legacy_rules));
        quote! {
            #PRIVATE::compiled::CompiledTemplate { name: #name, namespace: #ns, file: #file, rules: #rules, legacy_rules: #legacy }
        }
    });
    let set_entries = rule_sets
        .iter()
        .zip(&set_names)
        .map(|((text, _), name)| {
            quote!((
                #text,
                #name::<#PRIVATE::serde_json::Value> as #PRIVATE::compiled::RuleSetFn,
                (|vm: &#PRIVATE::compiled::Kept<'_>, explain| #name(vm, explain)) as #PRIVATE::compiled::KeptFn,
            ))
        });
    let captures = rule_sets.iter().map(|(_, set)| capture::paths(set));
    let path_items = paths.items();
    let catalog_doc = if templates.is_empty() {
        format!(
            "{} compiled rule sets: the full admission decision (skip key, VM rules override, CPU defaulting), running them for VMs that carry one.",
            rule_sets.len()
        )
    } else {
        format!(
            "The {} templates of `{origin}` with their compiled rule sets: the full admission decision (skip key, VM rules override, template lookup, CPU defaulting).",
            templates.len()
        )
    };
    quote! {
        #(#path_items)*
        #(#regex_items)*
        #(#set_fns)*
        #(#public_fns)*
        /// The single-pass extraction plan of `CATALOG`, merged on first use.
        static __EXTRACTION: ::std::sync::OnceLock<#PRIVATE::capture::ExtractionPlan> = ::std::sync::OnceLock::new();
        #[doc = #catalog_doc]
        pub static CATALOG: #PRIVATE::compiled::CompiledCatalog = #PRIVATE::compiled::CompiledCatalog::new(
            &[#(#template_entries),*],
            &[#(#set_entries),*],
        )
        .with_extraction(&[#(#captures),*], &__EXTRACTION);
    }
}

/// Validators of plain JSON documents: for each `(name, set)`, in order,
/// `pub fn <name>(doc: &serde_json::Value, explain: Explain) -> DocumentReport` evaluating `set` as
/// `interpret::evaluate_document` on a `model::Plain` document does. `name`s must be Rust
/// identifiers.
pub fn documents(sets: &[(String, RuleSet)]) -> TokenStream {
    let names: Vec<&str> = sets.iter().map(|(n, _)| n.as_str()).collect();
    let shared = shared::share(&sets.iter().map(|(_, s)| s).collect::<Vec<_>>());
    document_items(&names, &shared, false, TokenStream::new())
}

/// As [`documents`] for the first `names.len()` rule sets of `shared` (the others, an
/// annotation plan's, only share their definitions), and for each set the private functions
/// a schema catalog wraps: the report `__<name>` and the verdict `__<name>_valid` (the
/// `document_verdict` module), generic over the `model::Document` they read (a `Plain`
/// value, a `Tape` of bytes). `nested` goes in the catalog's shared module besides the
/// definitions: the streamed verdicts (`stream::catalog`), which import it as `super::*`.
pub(crate) fn schema_documents(
    names: &[&str],
    shared: &shared::Shared,
    nested: TokenStream,
) -> TokenStream {
    document_items(names, shared, true, nested)
}

fn document_items(
    names: &[&str],
    shared: &shared::Shared,
    verdicts: bool,
    nested: TokenStream,
) -> TokenStream {
    let sets = &shared.sets[..names.len()];
    let paths = Paths::collect(sets, Model::Plain);
    let path_items = paths.items();
    let (regexes, regex_items) = regexes(sets);
    let catalog = names.first().map(|first| shared::module_name(first));
    let mut rule_modules = Vec::new();
    let fns: Vec<TokenStream> = names.iter().zip(sets).map(|(name, set)| {
        let private = format_ident!("__{}", name);
        let public = path::ident(name);
        let doc = format!("The {} rule(s) of `{name}` on a plain JSON document.", set.rules.len());
        let defs = document::module_name(&private);
        let own = document::module(&defs, set);
        let imports = match &catalog {
            Some(c) if own.is_some() => quote!(use #c::*; use #c::#defs::*;),
            Some(c) if !set.definitions.is_empty() || document::hoist::any() => quote!(use #c::*;),
            _ => TokenStream::new(),
        };
        rule_modules.extend(own);
        let body = rule_set::function(&private, &doc, set, &paths, &regexes, Model::Plain, &imports);
        let verdict = verdicts.then(|| {
            let valid = format_ident!("__{}_valid", name);
            document_verdict::function(&valid, &private, set, &paths, &imports)
        });
        quote! {
            #body
            #verdict
            #[doc = #doc]
            pub fn #public(doc: &#PRIVATE::serde_json::Value, explain: #PRIVATE::interpret::Explain) -> #PRIVATE::interpret::DocumentReport {
                #private(#PRIVATE::model::Plain::new(doc), explain)
            }
        }
    }).collect();
    let needed = !rule_modules.is_empty()
        || !nested.is_empty()
        || !shared.catalog.definitions.is_empty()
        || document::hoist::any();
    let module = catalog.filter(|_| needed).map(|name| {
        let nested = quote!(#(#rule_modules)* #nested);
        shared::module(&name, shared, names.len(), nested)
    });
    quote! {
        #(#path_items)*
        #(#regex_items)*
        #module
        #(#fns)*
    }
}

/// The `static` of each distinct pattern of `sets` (numbered in sorted order of the pattern),
/// and their names by pattern.
fn regexes<'a>(
    sets: impl IntoIterator<Item = &'a RuleSet>,
) -> (BTreeMap<String, Ident>, Vec<TokenStream>) {
    let mut patterns: BTreeMap<String, validgen_goregex::GoRegex> = BTreeMap::new();
    for set in sets {
        for r in &set.rules {
            if let Check::Pattern {
                regex: Ok(Regex::Re2(re)),
            } = &r.check
            {
                patterns
                    .entry(re.as_str().to_owned())
                    .or_insert_with(|| re.clone());
            }
        }
    }
    let names: BTreeMap<String, Ident> = patterns
        .keys()
        .enumerate()
        .map(|(i, p)| (p.clone(), format_ident!("__REGEX_{}", i)))
        .collect();
    let items = patterns
        .iter()
        .filter_map(|(p, re)| names.get(p).map(|n| regex::item(n, re)))
        .collect();
    (names, items)
}
