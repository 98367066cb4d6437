//! [`Check::MultipleOf`](validgen_core::ir::Check::MultipleOf): the divisor parsed once,
//! from its JSON text.

use crate::PRIVATE;
use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Number;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found(value: &Number) -> TokenStream {
    let text = value.to_string();
    quote! {{
        static __DIVISOR: ::std::sync::LazyLock<#PRIVATE::serde_json::Number> =
            ::std::sync::LazyLock::new(|| {
                #PRIVATE::serde_json::from_str(#text)
                    .unwrap_or_else(|_| #PRIVATE::serde_json::Number::from(0u8))
            });
        #PRIVATE::checks::document::multiple_of(__v, &__DIVISOR)
    }}
}
