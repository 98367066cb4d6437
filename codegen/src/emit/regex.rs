//! `regex` ([`Check::Pattern`](validgen_core::ir::Check::Pattern)): the pattern checked and
//! translated at build time, built once at run time.

use proc_macro2::{Ident, TokenStream};
use quote::quote;
use validgen_core::ir::Path;
use validgen_goregex::GoRegex;

use super::Paths;
use super::path::Use;
use super::walk::Walks;
use crate::PRIVATE;

/// The `static` holding the compiled pattern.
pub fn item(name: &Ident, re: &GoRegex) -> TokenStream {
    let source = re.as_str();
    let rust = re.rust_pattern();
    let doc = format!("The RE2 pattern `{source}` (Go syntax), translated for the `regex` crate.");
    quote! {
        #[doc = #doc]
        static #name: ::std::sync::LazyLock<::core::result::Result<#PRIVATE::goregex::GoRegex, ::std::string::String>> =
            ::std::sync::LazyLock::new(|| {
                #PRIVATE::goregex::GoRegex::from_translated(#source, #rust).map_err(|e| e.to_string())
            });
    }
}

/// The body of the rule's check: `Result<(bool, String), String>`.
pub fn check(name: &Ident, path: &Path, paths: &Paths, walks: &Walks) -> TokenStream {
    let values = paths.get(path).values(Use::Strings, path, walks);
    quote! {
        let re = #name.as_ref().map_err(::std::clone::Clone::clone)?;
        let values = #values?;
        ::core::result::Result::Ok(#PRIVATE::compiled::pattern(&values[..], re, explain))
    }
}
