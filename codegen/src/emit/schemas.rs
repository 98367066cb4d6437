//! A schema catalog's items: for each schema the document validator of
//! `super::schema_documents`, a `_text` twin reading JSON or YAML with positions, a `_bytes`
//! twin reading JSON bytes in one pass ([`validgen_core::model::Tape`], positions too), the
//! verdict-only `_is_valid` and `_bytes_is_valid` (streamed, [`super::stream`], where it can
//! be), `_output` (the standard output formats), and `SCHEMAS`, the table of all. The
//! definitions every schema reaches are emitted once for the catalog (`super::shared`).

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use serde_json::Value;
use validgen_core::ir::{Annotations, Check, RuleSet};

use super::path::ident;
use crate::PRIVATE;

/// One schema of a catalog.
#[derive(Debug, Clone)]
pub struct SchemaItem {
    /// The validator's function name.
    pub name: String,
    /// Where it comes from (file relative to the catalog, CRD version).
    pub file: String,
    /// The schema.
    pub schema: Value,
    /// Its rule set.
    pub rules: RuleSet,
    /// What collects a valid document's annotations (`<name>_output`):
    /// `json_schema::CompiledSchema::annotating`.
    pub annotating: validgen_json_schema::Annotating,
}

/// The items of the schemas `items` (sorted by name).
pub fn catalog(items: &[SchemaItem]) -> TokenStream {
    catalog_with(items, &[])
}

/// [`catalog`], with the document validators alone of the rule sets `extra` (named apart from
/// the items').
pub fn catalog_with(items: &[SchemaItem], extra: &[(String, RuleSet)]) -> TokenStream {
    let sets: Vec<(String, RuleSet)> = items
        .iter()
        .map(|i| (i.name.clone(), i.rules.clone()))
        .chain(extra.iter().cloned())
        .collect();
    let names: Vec<&str> = sets.iter().map(|(n, _)| n.as_str()).collect();
    // The annotation plans' definitions are shared too (most are the validators' own).
    let all: Vec<&RuleSet> = sets
        .iter()
        .map(|(_, s)| s)
        .chain(items.iter().map(|i| &i.annotating.rules))
        .collect();
    let shared = super::shared::share(&all);
    let (views, plans) = shared.sets.split_at(sets.len());
    let plans = plans
        .iter()
        .enumerate()
        .map(|(i, view)| (sets.len() + i, view));
    let catalog = names.first().map(|n| super::shared::module_name(n));
    // Each annotation branch's verdict, emitted once for the branch function and the verdict
    // code that reaches it.
    let branches = items.iter().enumerate().flat_map(|(i, item)| {
        let at = sets.len() + i;
        validgen_json_schema::annotate::branches(&item.annotating.rules)
            .into_iter()
            .map(move |cs| (at, cs))
    });
    let _hoisted = super::document::hoist::install(
        branches
            .map(|(at, cs)| shared.renamed(at, cs))
            .collect::<Vec<_>>(),
    );
    let streamed: Vec<(Ident, &RuleSet)> = items
        .iter()
        .zip(views)
        .map(|(item, view)| (format_ident!("__{}_stream", item.name), view))
        .collect();
    let streams = super::stream::catalog(&streamed, &shared.catalog);
    let validators = super::schema_documents(&names, &shared, streams);
    let texts = items.iter().zip(&names).zip(plans).map(|((item, name), (at, plan))| {
        let f = ident(name);
        let schema_const = format_ident!("__{}_SCHEMA", name);
        let schema_text = item.schema.to_string();
        let private = format_ident!("__{}", name);
        let valid = format_ident!("__{}_valid", name);
        let text = format_ident!("{}_text", name);
        let bytes = format_ident!("{}_bytes", name);
        let is_valid = format_ident!("{}_is_valid", name);
        let bytes_is_valid = format_ident!("{}_bytes_is_valid", name);
        let output = format_ident!("{}_output", name);
        let branch = format_ident!("__{}_branch", name);
        let branch_fn = branch_function(
            &branch,
            &item.annotating.rules,
            plan,
            |cs| shared.renamed(at, cs),
            catalog.as_ref(),
        );
        let plan = serde_json::to_string(&item.annotating.plan).unwrap_or_default();
        let file = &item.file;
        let output_doc = format!(
            "The verdict, and the errors or (in `list` and `hierarchical`) the annotations, of [`{name}`] on a document in a standard output format of JSON Schema 2020-12 (core §12.4; `json_schema::schema_output`)."
        );
        let doc = format!(
            "[`{name}`] on a document written as JSON or YAML: each violation gets the `line:column` of its value.\n\n# Errors\nThe text is not one JSON/YAML document."
        );
        let bytes_doc = format!(
            "[`{name}`] on JSON bytes, read in one pass without a `serde_json::Value` (`model::Tape`, as `serde_json::from_slice` reads JSON): the same report, each violation with the `line:column` of its value and its text as `message` (`json_schema::describe`'s, read from the bytes).\n\n# Errors\nThe bytes are not one JSON document (serde_json's words, located)."
        );
        let is_valid_doc = format!(
            "Whether a document passes [`{name}`] (its report would not fail), by the verdict path alone: no report built."
        );
        let bytes_is_valid_doc = format!(
            "[`{name}_is_valid`] on JSON bytes, judged as they are read in one pass (no tape, no `serde_json::Value`) where the schema allows; else read as [`{name}_bytes`] reads them.\n\n# Errors\nThe bytes are not one JSON document."
        );
        let streamed = format_ident!("__{}_stream", name);
        let first = super::stream::streams(&item.rules).then(|| {
            quote! {
                if let ::core::option::Option::Some(__valid) = #catalog::#streamed(bytes) {
                    return ::core::result::Result::Ok(__valid);
                }
            }
        });
        quote! {
            /// The schema, as compact JSON.
            #[allow(non_upper_case_globals)]
            const #schema_const: &str = #schema_text;
            #[doc = #doc]
            pub fn #text(
                text: &str,
                explain: #PRIVATE::interpret::Explain,
            ) -> ::core::result::Result<#PRIVATE::interpret::DocumentReport, #PRIVATE::model::YamlError> {
                #PRIVATE::json_schema::validate_text(#f, text, explain)
            }
            #[doc = #bytes_doc]
            pub fn #bytes(
                bytes: &[u8],
                explain: #PRIVATE::interpret::Explain,
            ) -> ::core::result::Result<#PRIVATE::interpret::DocumentReport, #PRIVATE::model::JsonError> {
                let tape = #PRIVATE::model::Tape::parse(bytes)?;
                let mut report = #private(&tape, explain);
                tape.locate(&mut report);
                if !report.violations.is_empty() {
                    // The schema read once, when a first report needs its texts.
                    static SCHEMA: ::std::sync::LazyLock<#PRIVATE::serde_json::Value> =
                        ::std::sync::LazyLock::new(|| {
                            #PRIVATE::serde_json::from_str(#schema_const)
                                .unwrap_or(#PRIVATE::serde_json::Value::Null)
                        });
                    #PRIVATE::json_schema::with_messages(&mut report, &tape, &SCHEMA);
                }
                ::core::result::Result::Ok(report)
            }
            #branch_fn
            #[doc = #output_doc]
            pub fn #output(
                doc: &#PRIVATE::serde_json::Value,
                format: #PRIVATE::json_schema::OutputFormat,
            ) -> #PRIVATE::serde_json::Value {
                let report = #f(doc, #PRIVATE::interpret::Explain::Failures);
                #PRIVATE::json_schema::schema_output(
                    &report.violations,
                    doc,
                    (#schema_const, #file),
                    (#plan, #branch),
                    format,
                )
            }
            #[doc = #is_valid_doc]
            pub fn #is_valid(doc: &#PRIVATE::serde_json::Value) -> bool {
                #valid(#PRIVATE::model::Plain::new(doc))
            }
            #[doc = #bytes_is_valid_doc]
            pub fn #bytes_is_valid(bytes: &[u8]) -> ::core::result::Result<bool, #PRIVATE::model::JsonError> {
                #first
                #PRIVATE::model::Tape::parse(bytes).map(|tape| #valid(&tape))
            }
        }
    });
    let entries = items.iter().map(|i| {
        let (name, file) = (&i.name, &i.file);
        let schema = format_ident!("__{}_SCHEMA", name);
        let f = ident(name);
        let bytes = format_ident!("{}_bytes", name);
        let is_valid = format_ident!("{}_is_valid", name);
        let bytes_is_valid = format_ident!("{}_bytes_is_valid", name);
        let output = format_ident!("{}_output", name);
        let stream = if super::stream::streams(&i.rules) {
            let f = format_ident!("__{}_stream", name);
            quote!(#catalog::#f)
        } else {
            quote!(|_: &[u8]| ::core::option::Option::None)
        };
        let annotations = annotation_table(&i.rules.annotations);
        quote!(#PRIVATE::json_schema::SchemaValidator {
            name: #name,
            file: #file,
            schema: #schema,
            validate: #f,
            validate_bytes: #bytes,
            is_valid: #is_valid,
            is_valid_bytes: #bytes_is_valid,
            stream: #stream,
            annotations: #annotations,
            output: #output,
        })
    });
    quote! {
        #validators
        #(#texts)*
        /// Every validator of the catalog, sorted by name.
        pub static SCHEMAS: &[#PRIVATE::json_schema::SchemaValidator] = &[#(#entries),*];
    }
}

/// `fn <name>(id, value) -> bool`: whether the subschema numbered `id` of the annotation plan
/// of `set` (`json_schema::annotate::branches`, which numbers them in the order of its
/// definitions' names) holds for `value`, by the verdict path (what the interpreter's
/// `interpret::holds` answers): each subschema `renamed` as `view`, `set` shared
/// (`shared::Shared::renamed`), whose definitions' verdicts are the catalog's module
/// `catalog`'s. Only `<name>_output` calls it.
fn branch_function(
    name: &Ident,
    set: &RuleSet,
    view: &RuleSet,
    renamed: impl Fn(&[Check]) -> Vec<Check>,
    catalog: Option<&Ident>,
) -> TokenStream {
    let branches = validgen_json_schema::annotate::branches(set);
    if branches.is_empty() {
        return quote! {
            fn #name(_: usize, _: &#PRIVATE::serde_json::Value) -> bool {
                false
            }
        };
    }
    let import = catalog
        .filter(|_| !view.definitions.is_empty() || super::document::hoist::any())
        .map(|c| quote!(use #c::*;));
    let arms = branches.iter().enumerate().map(|(i, cs)| {
        let holds = super::document::verdict::holds(&renamed(cs), view);
        quote!(#i => #holds,)
    });
    quote! {
        #[allow(clippy::all, unused_variables, unused_parens, unused_imports, dead_code)]
        fn #name(__id: usize, __v: &#PRIVATE::serde_json::Value) -> bool {
            #import
            let __depth = 0usize;
            let __budget = &#PRIVATE::checks::document::Budget::default();
            let __held = match __id {
                #(#arms)*
                _ => false,
            };
            // A `$ref` evaluation refused makes the verdict "no", as the report's would.
            __held && !__budget.spent()
        }
    }
}

/// `table` as static data: `&[(location, annotation as compact JSON)]`, in location order
/// (what `SchemaValidator::annotations` reads).
pub fn annotation_table(table: &Annotations) -> TokenStream {
    let entries = table.iter().map(|(location, annotation)| {
        let json = serde_json::to_string(annotation).unwrap_or_default();
        quote!((#location, #json))
    });
    quote!(&[#(#entries),*])
}
