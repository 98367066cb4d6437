//! [`Check::NoExtraKeys`](validgen_core::ir::Check::NoExtraKeys): the keys inlined.

use proc_macro2::TokenStream;
use quote::quote;

use super::str_slice;
use crate::PRIVATE;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found(keys: &[String]) -> TokenStream {
    let keys = str_slice(keys);
    quote!(#PRIVATE::checks::document::no_extra_keys(__v, #keys))
}

/// A `bool` expression: whether the check passes `__v` (no violation built).
pub(super) fn holds(keys: &[String]) -> TokenStream {
    let keys = str_slice(keys);
    quote!(#PRIVATE::checks::document::has_no_extra_keys(__v, #keys))
}
