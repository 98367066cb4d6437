//! [`Check::Unique`](validgen_runtime::ir::Check::Unique).

use proc_macro2::TokenStream;
use quote::quote;

use super::push;

pub(super) fn check() -> TokenStream {
    push(quote!(::validgen::__private::checks::document::unique(__v)))
}
