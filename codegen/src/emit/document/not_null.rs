//! [`Check::NotNull`](validgen_core::ir::Check::NotNull).

use crate::PRIVATE;
use proc_macro2::TokenStream;
use quote::quote;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found() -> TokenStream {
    quote!(#PRIVATE::checks::document::not_null(__v))
}

/// A `bool` expression: whether the check passes `__v` (no violation built).
pub(super) fn holds() -> TokenStream {
    quote!(#PRIVATE::checks::document::is_not_null(__v))
}
