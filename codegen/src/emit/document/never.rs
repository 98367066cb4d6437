//! [`Check::Never`](validgen_runtime::ir::Check::Never): a violation for every value.

use proc_macro2::TokenStream;
use quote::quote;

pub(super) fn check() -> TokenStream {
    quote!(__out.push(__at.place(::validgen::__private::checks::document::never(__v)));)
}
