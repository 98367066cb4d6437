//! [`Check::Type`](validgen_core::ir::Check::Type): the accepted types inlined.

use crate::PRIVATE;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use validgen_core::model::JsonType;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found(types: &[JsonType]) -> TokenStream {
    call(types, quote!(type_))
}

/// A `bool` expression: whether the check passes `__v` (no violation built).
pub(super) fn holds(types: &[JsonType]) -> TokenStream {
    call(types, quote!(has_type))
}

/// The runtime's function `f` applied to `__v` and the types.
fn call(types: &[JsonType], f: TokenStream) -> TokenStream {
    let variants = types.iter().map(|t| {
        let variant = format_ident!("{}", format!("{t:?}"));
        quote!(#PRIVATE::model::JsonType::#variant)
    });
    quote!(#PRIVATE::checks::document::#f(
        __v,
        &[#(#variants),*]
    ))
}
