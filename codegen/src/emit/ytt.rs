//! A folder of ytt schemas' items: for each schema the validator of its validations
//! ([`super::documents`]), a function running ytt's whole data-values pipeline with it, and
//! `YTT_SCHEMAS`, the table of all.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use validgen_core::ir::RuleSet;

use super::path::ident;
use crate::PRIVATE;

/// One ytt schema of a folder.
#[derive(Debug, Clone)]
pub struct YttItem {
    /// The function's name.
    pub name: String,
    /// The file, relative to the folder.
    pub file: String,
    /// The schema's text.
    pub text: String,
    /// Its validations' rule set.
    pub rules: RuleSet,
}

/// The items of the schemas `items` (sorted by name).
pub fn catalog(items: &[YttItem]) -> TokenStream {
    let sets: Vec<(String, RuleSet)> = items
        .iter()
        .map(|i| (format!("{}_validations", i.name), i.rules.clone()))
        .collect();
    let validators = super::documents(&sets);
    let statics = items.iter().map(|i| {
        let (name, file, text) = (&i.name, &i.file, &i.text);
        let item = format_ident!("{}", i.name.to_uppercase());
        let validate = ident(&format!("{}_validations", i.name));
        let f = ident(name);
        let doc = format!(
            "ytt's data values of `{file}`: the given plain YAML data-values files (name, text), merged in order over the schema's defaults as `ytt --data-values-file` merges them, type-checked and validated (the validations compiled). The outcome is ytt 0.48.0's for `--data-values-inspect`: exit code 0 and the final data values, or 1 and ytt's error text."
        );
        quote! {
            #[doc = concat!("The compiled schema `", #file, "`.")]
            pub static #item: #PRIVATE::ytt::compiled::YttSchema =
                #PRIVATE::ytt::compiled::YttSchema {
                    name: #name,
                    file: #file,
                    schema: #text,
                    validate: #validate,
                    prepared: {
                        static PREPARED: #PRIVATE::ytt::compiled::Prepared =
                            #PRIVATE::ytt::compiled::Prepared::new();
                        &PREPARED
                    },
                };
            #[doc = #doc]
            pub fn #f(values: &[(&str, &str)]) -> #PRIVATE::ytt::run::Outcome {
                #item.check(values)
            }
        }
    });
    let entries = items
        .iter()
        .map(|i| format_ident!("{}", i.name.to_uppercase()));
    quote! {
        #validators
        #(#statics)*
        /// Every compiled ytt schema of the folder, sorted by name.
        pub static YTT_SCHEMAS: &[&#PRIVATE::ytt::compiled::YttSchema] = &[#(&#entries),*];
    }
}
