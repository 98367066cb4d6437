//! [`Check::Ref`](validgen_core::ir::Check::Ref): a call of the definition's function, at
//! most `MAX_DEPTH` deep, each call taken from the value's `Budget`.

use crate::PRIVATE;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use validgen_core::ir::RuleSet;

pub(super) fn check(name: &str, set: &RuleSet) -> TokenStream {
    let call = match super::definition(set, name) {
        Some(i) => {
            let f = format_ident!("__def_{}", i);
            quote! {
                if #PRIVATE::checks::document::Budget::take(__budget) {
                    #f(__v, __at, __depth + 1, __budget, __out);
                } else {
                    __out.push(#PRIVATE::checks::document::Budget::refuse(__budget, __at));
                }
            }
        }
        None => {
            quote!(__out.push(__at.place(#PRIVATE::checks::document::undefined(#name)));)
        }
    };
    quote! {
        if __depth >= #PRIVATE::checks::document::MAX_DEPTH {
            __out.push(__at.place(#PRIVATE::checks::document::too_deep()));
        } else {
            #call
        }
    }
}
