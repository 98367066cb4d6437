//! [`Check::Items`](validgen_core::ir::Check::Items): a loop over the array's items from
//! position `from` on.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::{Check, RuleSet};

use super::descend;
use crate::PRIVATE;

pub(super) fn check(from: usize, cs: &[Check], set: &RuleSet) -> TokenStream {
    let body = descend(cs, set, &quote!(__at.index(__i);));
    quote! {
        if let ::core::option::Option::Some(__n) = #PRIVATE::model::Instance::array_len(__v) {
            for __i in #from..__n {
                if let ::core::option::Option::Some(__v) = #PRIVATE::model::Instance::item(__v, __i) {
                    #body
                }
            }
        }
    }
}
