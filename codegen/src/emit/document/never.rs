//! [`Check::Never`](validgen_core::ir::Check::Never): a violation for every value.

use crate::PRIVATE;
use proc_macro2::TokenStream;
use quote::quote;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found() -> TokenStream {
    quote!(::core::option::Option::Some(
        #PRIVATE::checks::document::never(__v)
    ))
}
