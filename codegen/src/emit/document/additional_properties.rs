//! [`Check::AdditionalProperties`](validgen_runtime::ir::Check::AdditionalProperties): a loop
//! over the keys not named.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_runtime::ir::{Check, RuleSet};

use super::{checks, str_slice};

pub(super) fn check(known: &[String], cs: &[Check], set: &RuleSet) -> TokenStream {
    let known = str_slice(known);
    let body = checks(cs, set);
    quote! {{
        let __known = #known;
        for __key in ::validgen::__private::model::Instance::keys(__v) {
            if __known.contains(&__key) {
                continue;
            }
            if let ::core::option::Option::Some(__v) = ::validgen::__private::model::Instance::get(__v, __key) {
                let __mark = __at.mark();
                __at.key(__key);
                #body
                __at.truncate(__mark);
            }
        }
    }}
}
