//! [`Check::AnyValue`](validgen_runtime::ir::Check::AnyValue): the values parsed once, from
//! their JSON text.

use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Value;

use super::push;

pub(super) fn check(values: &[Value]) -> TokenStream {
    let text = Value::Array(values.to_vec()).to_string();
    let found = push(quote!(::validgen::__private::checks::document::any_value(
        __v, &__VALUES
    )));
    quote! {{
        static __VALUES: ::std::sync::LazyLock<::std::vec::Vec<::validgen::__private::serde_json::Value>> =
            ::std::sync::LazyLock::new(|| ::validgen::__private::serde_json::from_str(#text).unwrap_or_default());
        #found
    }}
}
