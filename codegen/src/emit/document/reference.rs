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
            // The definition is judged by its verdict first (as the interpreter): a value it
            // holds for costs no walk. Its extensions only the full path decides.
            // The calls where the stack has room for them (`deeper`: deep nesting moves to a
            // new stack segment), one stack test for the verdict and the walk.
            let walk = quote!(#f(__v, __at, __depth + 1, __budget, __out));
            let judged = if super::any_definition_extension(set) {
                walk
            } else {
                let verdict = format_ident!("__vdef_{}", i);
                quote! {
                    if !#verdict(__v, __depth + 1, __budget) {
                        #PRIVATE::checks::document::Budget::place(__budget, __at);
                        #walk
                    }
                }
            };
            quote! {
                if #PRIVATE::checks::document::Budget::take(__budget) {
                    #PRIVATE::checks::document::deeper(__depth, || { #judged });
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
