//! [`Check::Unique`](validgen_core::ir::Check::Unique).

use crate::PRIVATE;
use proc_macro2::TokenStream;
use quote::quote;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found() -> TokenStream {
    quote!(#PRIVATE::checks::document::unique(__v))
}

/// A `bool` expression: whether the check passes `__v` (no violation built).
pub(super) fn holds() -> TokenStream {
    quote!(#PRIVATE::checks::document::has_unique_items(__v))
}
