//! [`Check::PrefixItems`](validgen_core::ir::Check::PrefixItems): each position's checks
//! inlined.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::{Check, RuleSet};

use super::descend;
use crate::PRIVATE;

pub(super) fn check(items: &[Vec<Check>], set: &RuleSet) -> TokenStream {
    let each = items.iter().enumerate().map(|(i, cs)| {
        let body = descend(cs, set, &quote!(__at.index(#i);));
        quote! {
            if let ::core::option::Option::Some(__v) = #PRIVATE::model::Instance::item(__array, #i) {
                #body
            }
        }
    });
    quote! {{
        let __array = __v;
        #(#each)*
    }}
}
