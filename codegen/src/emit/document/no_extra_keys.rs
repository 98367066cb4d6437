//! [`Check::NoExtraKeys`](validgen_runtime::ir::Check::NoExtraKeys): the keys inlined.

use proc_macro2::TokenStream;
use quote::quote;

use super::{push, str_slice};

pub(super) fn check(keys: &[String]) -> TokenStream {
    let keys = str_slice(keys);
    push(quote!(::validgen::__private::checks::document::no_extra_keys(__v, #keys)))
}
