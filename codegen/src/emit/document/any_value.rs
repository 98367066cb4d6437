//! [`Check::AnyValue`](validgen_runtime::ir::Check::AnyValue): an enum of strings is a
//! `match` on the string; the values are parsed once (from their JSON text) for other enums
//! and for the violation.

use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Value;

use super::push;

pub(super) fn check(values: &[Value]) -> TokenStream {
    let text = Value::Array(values.to_vec()).to_string();
    let found = push(quote!(::validgen::__private::checks::document::any_value(
        __v, &__VALUES
    )));
    let slow = quote! {{
        static __VALUES: ::std::sync::LazyLock<::std::vec::Vec<::validgen::__private::serde_json::Value>> =
            ::std::sync::LazyLock::new(|| ::validgen::__private::serde_json::from_str(#text).unwrap_or_default());
        #found
    }};
    let strings: Option<Vec<&str>> = values.iter().map(Value::as_str).collect();
    match strings {
        Some(strings) if !strings.is_empty() => quote! {
            match ::validgen::__private::model::Instance::as_str(__v) {
                ::core::option::Option::Some(#(#strings)|*) => {}
                _ => #slow
            }
        },
        _ => slow,
    }
}
