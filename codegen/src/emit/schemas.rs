//! A schema catalog's items: for each schema the document validator of [`super::documents`],
//! a `_text` twin reading JSON or YAML with positions, and `SCHEMAS`, the table of all.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use validgen_runtime::ir::RuleSet;

use super::path::ident;

/// The items of the schemas `sets` (`(function name, rule set)`, sorted by name).
pub fn catalog(sets: &[(String, RuleSet)]) -> TokenStream {
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
    let entries = sets.iter().map(|(name, _)| {
        let f = ident(name);
        quote!((#name, #f as fn(&::validgen::__private::serde_json::Value, ::validgen::__private::interpret::Explain) -> ::validgen::__private::interpret::DocumentReport))
    });
    quote! {
        #validators
        #(#texts)*
        /// Every validator of the catalog by name, sorted.
        pub static SCHEMAS: &[(&str, fn(&::validgen::__private::serde_json::Value, ::validgen::__private::interpret::Explain) -> ::validgen::__private::interpret::DocumentReport)] = &[#(#entries),*];
    }
}
