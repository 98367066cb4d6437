//! [`Check::NotNull`](validgen_runtime::ir::Check::NotNull).

use proc_macro2::TokenStream;
use quote::quote;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found() -> TokenStream {
    quote!(::validgen::__private::checks::document::not_null(__v))
}
