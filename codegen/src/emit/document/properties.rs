//! [`Check::Properties`](validgen_core::ir::Check::Properties): one lookup per named
//! property.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::{Check, RuleSet};

use super::descend;
use crate::PRIVATE;

pub(super) fn check(properties: &[(String, Vec<Check>)], set: &RuleSet) -> TokenStream {
    // A property whose checks judge nothing has nothing to look up.
    let judged = properties
        .iter()
        .filter(|(_, cs)| !super::judges_nothing(cs));
    let each = judged.map(|(key, cs)| {
        let body = descend(cs, set, &quote!(__at.key(#key);));
        quote! {
            if let ::core::option::Option::Some(__v) = #PRIVATE::model::Instance::get(__v, #key) {
                #body
            }
        }
    });
    quote!(#(#each)*)
}
