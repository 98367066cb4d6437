//! [`Check::Size`](validgen_core::ir::Check::Size): measure and bounds inlined.

use crate::PRIVATE;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use validgen_core::ir::Measure;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found(measure: Measure, min: Option<u64>, max: Option<u64>) -> TokenStream {
    call(quote!(size), measure, min, max)
}

/// A `bool` expression: whether the check holds for `__v` (its verdict twin: no violation
/// built).
pub(super) fn holds(measure: Measure, min: Option<u64>, max: Option<u64>) -> TokenStream {
    call(quote!(has_size), measure, min, max)
}

/// `f(__v, measure, min, max)`, `f` a function of `checks::document`.
fn call(f: TokenStream, measure: Measure, min: Option<u64>, max: Option<u64>) -> TokenStream {
    let m = format_ident!("{}", format!("{measure:?}"));
    let opt = |b: Option<u64>| match b {
        Some(n) => quote!(::core::option::Option::Some(#n)),
        None => quote!(::core::option::Option::None),
    };
    let (min, max) = (opt(min), opt(max));
    quote!(#PRIVATE::checks::document::#f(
        __v,
        #PRIVATE::ir::Measure::#m,
        #min,
        #max
    ))
}
