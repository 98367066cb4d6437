//! A schema catalog's items: for each schema the document validator of [`super::documents`],
//! a `_text` twin reading JSON or YAML with positions, and `SCHEMAS`, the table of all.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use serde_json::Value;
use validgen_runtime::ir::{Annotations, RuleSet};

use super::path::ident;

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
}

/// The items of the schemas `items` (sorted by name).
pub fn catalog(items: &[SchemaItem]) -> TokenStream {
    let sets: Vec<(String, RuleSet)> = items
        .iter()
        .map(|i| (i.name.clone(), i.rules.clone()))
        .collect();
    let sets = sets.as_slice();
    let validators = super::documents(sets);
    let texts = sets.iter().map(|(name, _)| {
        let f = ident(name);
        let text = format_ident!("{}_text", name);
        let doc = format!(
            "[`{name}`] on a document written as JSON or YAML: each violation gets the `line:column` of its value.\n\n# Errors\nThe text is not one JSON/YAML document."
        );
        quote! {
            #[doc = #doc]
            pub fn #text(
                text: &str,
                explain: ::validgen::__private::interpret::Explain,
            ) -> ::core::result::Result<::validgen::__private::interpret::DocumentReport, ::validgen::__private::model::YamlError> {
                ::validgen::__private::json_schema::validate_text(#f, text, explain)
            }
        }
    });
    let entries = items.iter().map(|i| {
        let (name, file) = (&i.name, &i.file);
        let schema = i.schema.to_string();
        let f = ident(name);
        let annotations = annotation_table(&i.rules.annotations);
        quote!(::validgen::__private::json_schema::SchemaValidator {
            name: #name,
            file: #file,
            schema: #schema,
            validate: #f,
            annotations: #annotations,
        })
    });
    quote! {
        #validators
        #(#texts)*
        /// Every validator of the catalog, sorted by name.
        pub static SCHEMAS: &[::validgen::__private::json_schema::SchemaValidator] = &[#(#entries),*];
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
