//! [`Check::PatternProperties`](validgen_core::ir::Check::PatternProperties): a loop over
//! the keys, each pattern built once.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::{Check, Regex, RuleSet};

use super::{descend, regex_static};
use crate::PRIVATE;

pub(super) fn check(patterns: &[(Regex, Vec<Check>)], set: &RuleSet) -> TokenStream {
    let each = patterns.iter().map(|(re, cs)| {
        let built = regex_static(re);
        let body = descend(cs, set, &quote!(__at.key(__key);));
        quote! {
            match #built {
                ::core::result::Result::Ok(__re) => {
                    match #PRIVATE::checks::document::key_matches(__key, __re) {
                        ::core::result::Result::Ok(true) => { #body }
                        ::core::result::Result::Ok(false) => {}
                        ::core::result::Result::Err(__over) => {
                            let __mark = __at.mark();
                            __at.key(__key);
                            __out.push(__at.place(*__over));
                            __at.truncate(__mark);
                        }
                    }
                }
                ::core::result::Result::Err(__e) => __out.push(__at.place(
                    #PRIVATE::checks::document::bad_pattern(__e),
                )),
            }
        }
    });
    quote! {{
        for (__key, __v) in #PRIVATE::model::Instance::entries(__v) {
            #(#each)*
        }
    }}
}
