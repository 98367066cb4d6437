//! [`Check::AnyValue`](validgen_core::ir::Check::AnyValue): an enum of strings is a
//! `match` on the string; the values are parsed once (from their JSON text) for other enums
//! and for the violation.

use crate::PRIVATE;
use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Value;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found(values: &[Value]) -> TokenStream {
    call(
        values,
        quote!(any_value),
        quote!(::core::option::Option::None),
    )
}

/// A `bool` expression: whether the check passes `__v` (no violation built).
pub(super) fn holds(values: &[Value]) -> TokenStream {
    call(values, quote!(is_any_of), quote!(true))
}

/// The runtime's function `f` applied to `__v` and the values; `listed` is its answer for a
/// string the `match` finds.
fn call(values: &[Value], f: TokenStream, listed: TokenStream) -> TokenStream {
    let text = Value::Array(values.to_vec()).to_string();
    let slow = quote! {{
        static __VALUES: ::std::sync::LazyLock<::std::vec::Vec<#PRIVATE::serde_json::Value>> =
            ::std::sync::LazyLock::new(|| #PRIVATE::serde_json::from_str(#text).unwrap_or_default());
        #PRIVATE::checks::document::#f(__v, &__VALUES)
    }};
    let strings: Option<Vec<&str>> = values.iter().map(Value::as_str).collect();
    match strings {
        Some(strings) if !strings.is_empty() => quote! {
            match #PRIVATE::model::Instance::as_str(__v) {
                ::core::option::Option::Some(#(#strings)|*) => #listed,
                _ => #slow
            }
        },
        _ => slow,
    }
}
