//! [`Check::Type`](validgen_runtime::ir::Check::Type): the accepted types inlined.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use validgen_runtime::model::JsonType;

use super::push;

pub(super) fn check(types: &[JsonType]) -> TokenStream {
    let variants = types.iter().map(|t| format_ident!("{}", format!("{t:?}")));
    push(quote!(::validgen::__private::checks::document::type_(
        __v,
        &[#(::validgen::__private::model::JsonType::#variants),*]
    )))
}
