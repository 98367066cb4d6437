//! [`Check::Ref`](validgen_core::ir::Check::Ref): a call of the definition's function, at
//! most `MAX_DEPTH` deep, each call taken from the value's `Budget`.

use crate::PRIVATE;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use validgen_core::ir::RuleSet;

pub(super) fn check(name: &str, set: &RuleSet) -> TokenStream {
    let Some(i) = super::definition(set, name) else {
        return quote! {
            __out.push(__at.place(#PRIVATE::checks::document::undefined(#name, __depth)));
        };
    };
    // The definition's functions themselves, not closures calling them: one instance of the
    // nesting guard per definition, not per reference.
    let walk = format_ident!("__def_{}", i);
    if super::any_definition_extension(set) {
        // Its extensions only the full path decides.
        quote! {
            #PRIVATE::checks::document::reference_walk(__v, __at, __depth, __budget, __out, #walk);
        }
    } else {
        // Judged by its verdict first (as the interpreter): a value it holds for costs no walk.
        let verdict = format_ident!("__vdef_{}", i);
        quote! {
            #PRIVATE::checks::document::reference_report(
                __v, __at, __depth, __budget, __out, #verdict, #walk,
            );
        }
    }
}
