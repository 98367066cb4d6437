//! [`Check::Format`](validgen_runtime::ir::Check::Format): the format named by its variant.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use validgen_runtime::format::Format;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found(format: Format) -> TokenStream {
    let f = format_ident!("{}", format!("{format:?}"));
    quote!(::validgen::__private::checks::document::format(
        __v,
        ::validgen::__private::format::Format::#f
    ))
}
