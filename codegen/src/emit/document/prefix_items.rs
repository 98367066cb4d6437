//! [`Check::PrefixItems`](validgen_core::ir::Check::PrefixItems): each position's checks
//! inlined.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::{Check, RuleSet};

use super::checks;
use crate::PRIVATE;

pub(super) fn check(items: &[Vec<Check>], set: &RuleSet) -> TokenStream {
    let each = items.iter().enumerate().map(|(i, cs)| {
        let body = checks(cs, set);
        quote! {
            if let ::core::option::Option::Some(__v) = #PRIVATE::model::Instance::item(__array, #i) {
                let __mark = __at.mark();
                __at.index(#i);
                #body
                __at.truncate(__mark);
            }
        }
    });
    quote! {{
        let __array = __v;
        #(#each)*
    }}
}
