//! Compiled ytt schemas' items: for each schema the validator of its validations
//! ([`super::documents`]), a function running ytt's whole data-values pipeline with it, and
//! `YTT_SCHEMAS`, the table of all.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use validgen_core::ir::RuleSet;

use super::path::ident;
use crate::PRIVATE;

/// One compiled ytt schema.
#[derive(Debug, Clone)]
pub struct YttItem {
    /// The function's name.
    pub name: String,
    /// Its files as ytt names them, with their texts (`YttSchema::files`).
    pub files: Vec<(String, String)>,
    /// Whether its validations may use the seed extensions.
    pub seed_extensions: bool,
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
        let name = &i.name;
        let names: Vec<&str> = i.files.iter().map(|(n, _)| n.as_str()).collect();
        let shown = names.join("`, `");
        let texts = i.files.iter().map(|(n, t)| quote!((#n, #t)));
        let seed = i.seed_extensions;
        let item = format_ident!("{}", i.name.to_uppercase());
        let validate = ident(&format!("{}_validations", i.name));
        let f = ident(name);
        let doc = format!(
            "ytt's data values of `{shown}`: the given plain YAML data-values files (name, text), merged in order over the schema's defaults as `ytt --data-values-file` merges them, type-checked and validated (the validations compiled). The outcome is ytt 0.48.0's for `--data-values-inspect`: exit code 0 and the final data values, or 1 and ytt's error text."
        );
        quote! {
            #[doc = concat!("The compiled schema of `", #shown, "`.")]
            pub static #item: #PRIVATE::ytt::compiled::YttSchema =
                #PRIVATE::ytt::compiled::YttSchema {
                    name: #name,
                    files: &[#(#texts),*],
                    seed_extensions: #seed,
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
        /// Every compiled ytt schema, sorted by name.
        pub static YTT_SCHEMAS: &[&#PRIVATE::ytt::compiled::YttSchema] = &[#(&#entries),*];
    }
}
