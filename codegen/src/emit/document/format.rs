//! [`Check::Format`](validgen_core::ir::Check::Format): the format named by its variant.

use crate::PRIVATE;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use validgen_format::Format;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found(format: Format) -> TokenStream {
    let f = format_ident!("{}", format!("{format:?}"));
    quote!(#PRIVATE::checks::document::format(
        __v,
        #PRIVATE::format::Format::#f
    ))
}
