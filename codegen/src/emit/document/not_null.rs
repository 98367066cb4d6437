//! [`Check::NotNull`](validgen_runtime::ir::Check::NotNull).

use proc_macro2::TokenStream;
use quote::quote;

use super::push;

pub(super) fn check() -> TokenStream {
    push(quote!(::validgen::__private::checks::document::not_null(
        __v
    )))
}
