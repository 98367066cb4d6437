//! [`Check::NotNull`](validgen_core::ir::Check::NotNull).

use crate::PRIVATE;
use proc_macro2::TokenStream;
use quote::quote;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found() -> TokenStream {
    quote!(#PRIVATE::checks::document::not_null(__v))
}
