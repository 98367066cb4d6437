//! [`Check::Contains`](validgen_core::ir::Check::Contains): the matching items counted, the
//! count judged by the runtime.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::{Check, RuleSet};

use super::{holds, push};
use crate::PRIVATE;

pub(super) fn check(cs: &[Check], min: u64, max: Option<u64>, set: &RuleSet) -> TokenStream {
    let held = holds(cs, set);
    let max = match max {
        Some(m) => quote!(::core::option::Option::Some(#m)),
        None => quote!(::core::option::Option::None),
    };
    let found = push(quote!(#PRIVATE::checks::document::contains(
        __matched, #min, #max
    )));
    quote! {
        if let ::core::option::Option::Some(__n) = #PRIVATE::model::Instance::array_len(__v) {
            let mut __matched = 0usize;
            let __array = __v;
            for __i in 0..__n {
                if let ::core::option::Option::Some(__v) = #PRIVATE::model::Instance::item(__array, __i) {
                    if #held {
                        __matched += 1;
                    }
                }
            }
            let __v = __array;
            #found
        }
    }
}
