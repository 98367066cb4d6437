//! `enum` ([`Check::Enum`](validgen_core::ir::Check::Enum)): literal values become a
//! `match`; path-valued ones are resolved first, as the reference does.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::{Arg, Path};

use super::Paths;
use super::arg::str_arg;
use super::path::Use;
use super::walk::Walks;
use crate::PRIVATE;

/// The body of the rule's check: `Result<(bool, String), String>`.
pub fn check(values: &[Arg<String>], path: &Path, paths: &Paths, walks: &Walks) -> TokenStream {
    let found = paths.get(path).values(Use::Strings, path, walks);
    let literals: Option<Vec<&str>> = values
        .iter()
        .map(|v| match v {
            Arg::Literal(s) => Some(s.as_str()),
            Arg::Path(_) => None,
        })
        .collect();
    match literals {
        Some(lits) => {
            // The explanation lists every value as written; the match needs each once.
            let allowed = quote! {{
                static ALLOWED: #PRIVATE::compiled::AllowedValues =
                    #PRIVATE::compiled::AllowedValues::new(&[#(#lits),*]);
                &ALLOWED
            }};
            let mut lits = lits;
            lits.sort_unstable();
            lits.dedup();
            let test = if lits.is_empty() {
                quote!(false)
            } else {
                quote!(matches!(v, #(#lits)|*))
            };
            match paths.get(path).str_view(path, walks) {
                Some(view) => quote! {
                    let values = #view?;
                    ::core::result::Result::Ok(#PRIVATE::compiled::one_of_view(values, |v: &str| #test, #allowed, explain))
                },
                None => quote! {
                    let values = #found?;
                    ::core::result::Result::Ok(#PRIVATE::compiled::one_of_with(&values[..], |v: &str| #test, #allowed, explain))
                },
            }
        }
        None => {
            let args = values.iter().map(|v| str_arg(v, paths, walks));
            quote! {
                let allowed: ::std::vec::Vec<::std::borrow::Cow<'_, str>> = ::std::vec::Vec::from([#(#args?),*]);
                let values = #found?;
                ::core::result::Result::Ok(#PRIVATE::compiled::one_of(&values[..], &allowed, explain))
            }
        }
    }
}
