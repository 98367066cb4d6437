//! [`Check::Const`](validgen_core::ir::Check::Const): the value parsed once, from its JSON
//! text.

use crate::PRIVATE;
use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Value;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found(value: &Value) -> TokenStream {
    call(value, quote!(const_))
}

/// A `bool` expression: whether the check passes `__v` (no violation built).
pub(super) fn holds(value: &Value) -> TokenStream {
    call(value, quote!(is_const))
}

/// The runtime's function `f` applied to `__v` and the value.
fn call(value: &Value, f: TokenStream) -> TokenStream {
    let text = value.to_string();
    quote! {{
        static __CONST: ::std::sync::LazyLock<#PRIVATE::serde_json::Value> =
            ::std::sync::LazyLock::new(|| #PRIVATE::serde_json::from_str(#text).unwrap_or_default());
        #PRIVATE::checks::document::#f(__v, &__CONST)
    }}
}
