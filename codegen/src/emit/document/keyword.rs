//! [`Check::Keyword`](validgen_core::ir::Check::Keyword): the keyword's checks, then its
//! location given to what they found; or, with a custom message, the message where their
//! verdict fails.

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
    if let Some(text) = message {
        // The message replaces whatever the checks find: their verdict decides, no violation
        // built to be dropped (as the interpreter).
        let held = super::holds(cs, set);
        return quote! {
            if !(#held) {
                #PRIVATE::checks::document::Budget::locate(__budget, #location);
                __out.push(__at.place(#PRIVATE::checks::document::error_message(#location, #text)));
            }
        };
    }
    let body = checks(cs, set);
    if body.is_empty() {
        // Its checks report nothing (`additionalProperties: true`): nothing to locate.
        return body;
    }
    quote! {{
        let __start = __out.len();
        #body
        if __out.len() != __start {
            #PRIVATE::checks::document::keyword_found(__budget, &mut __out[__start..], #location);
        }
    }}
}
