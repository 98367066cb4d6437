//! [`Check::Properties`](validgen_core::ir::Check::Properties): one lookup per named
//! property.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::{Check, RuleSet};

use super::checks;
use crate::PRIVATE;

pub(super) fn check(properties: &[(String, Vec<Check>)], set: &RuleSet) -> TokenStream {
    let each = properties.iter().map(|(key, cs)| {
        let body = checks(cs, set);
        quote! {
            if let ::core::option::Option::Some(__v) = #PRIVATE::model::Instance::get(__v, #key) {
                let __mark = __at.mark();
                __at.key(#key);
                #body
                __at.truncate(__mark);
            }
        }
    });
    quote!(#(#each)*)
}
