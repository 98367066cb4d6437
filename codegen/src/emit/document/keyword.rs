//! [`Check::Keyword`](validgen_core::ir::Check::Keyword): the keyword's checks, then its
//! location (or custom message) given to what they found.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::{Check, RuleSet};

use super::checks;
use crate::PRIVATE;

pub(super) fn check(
    location: &str,
    message: Option<&str>,
    cs: &[Check],
    set: &RuleSet,
) -> TokenStream {
    let body = checks(cs, set);
    let after = match message {
        Some(text) => quote! {
            #PRIVATE::checks::document::Budget::locate(__budget, #location);
            __out.truncate(__start);
            __out.push(__at.place(#PRIVATE::checks::document::error_message(#location, #text)));
        },
        None => quote! {
            #PRIVATE::checks::document::keyword_found(__budget, &mut __out[__start..], #location);
        },
    };
    quote! {{
        let __start = __out.len();
        #body
        if __out.len() != __start {
            #after
        }
    }}
}
