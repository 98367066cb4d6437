//! [`Check::MultipleOf`](validgen_core::ir::Check::MultipleOf): the divisor parsed once,
//! from its JSON text.

use crate::PRIVATE;
use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Number;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found(value: &Number) -> TokenStream {
    call(quote!(multiple_of), value)
}

/// A `bool` expression: whether the check passes `__v` (no violation built).
pub(super) fn holds(value: &Number) -> TokenStream {
    call(quote!(is_multiple_of), value)
}

/// The runtime's function `f` applied to `__v` and the divisor.
fn call(f: TokenStream, value: &Number) -> TokenStream {
    let text = value.to_string();
    quote! {{
        static __DIVISOR: ::std::sync::LazyLock<#PRIVATE::serde_json::Number> =
            ::std::sync::LazyLock::new(|| {
                #PRIVATE::serde_json::from_str(#text)
                    .unwrap_or_else(|_| #PRIVATE::serde_json::Number::from(0u8))
            });
        #PRIVATE::checks::document::#f(__v, &__DIVISOR)
    }}
}
