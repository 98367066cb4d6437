//! [`Check::OneNotNull`](validgen_runtime::ir::Check::OneNotNull): the keys inlined.

use proc_macro2::TokenStream;
use quote::quote;

use super::{push, str_slice};

pub(super) fn check(keys: &[String]) -> TokenStream {
    let keys = str_slice(keys);
    push(quote!(::validgen::__private::checks::document::one_not_null(__v, #keys)))
}
