//! [`Check::Type`](validgen_runtime::ir::Check::Type): the accepted types inlined.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use validgen_runtime::model::JsonType;

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
    let variants = types.iter().map(|t| format_ident!("{}", format!("{t:?}")));
    quote!(::validgen::__private::checks::document::#f(
        __v,
        &[#(::validgen::__private::model::JsonType::#variants),*]
    ))
}
