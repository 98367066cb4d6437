//! [`Check::Size`](validgen_runtime::ir::Check::Size): measure and bounds inlined.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use validgen_runtime::ir::Measure;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found(measure: Measure, min: Option<u64>, max: Option<u64>) -> TokenStream {
    let m = format_ident!("{}", format!("{measure:?}"));
    let opt = |b: Option<u64>| match b {
        Some(n) => quote!(::core::option::Option::Some(#n)),
        None => quote!(::core::option::Option::None),
    };
    let (min, max) = (opt(min), opt(max));
    quote!(::validgen::__private::checks::document::size(
        __v,
        ::validgen::__private::ir::Measure::#m,
        #min,
        #max
    ))
}
