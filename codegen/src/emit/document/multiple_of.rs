//! [`Check::MultipleOf`](validgen_runtime::ir::Check::MultipleOf): the divisor parsed once,
//! from its JSON text.

use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Number;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found(value: &Number) -> TokenStream {
    let text = value.to_string();
    quote! {{
        static __DIVISOR: ::std::sync::LazyLock<::validgen::__private::serde_json::Number> =
            ::std::sync::LazyLock::new(|| {
                ::validgen::__private::serde_json::from_str(#text)
                    .unwrap_or_else(|_| ::validgen::__private::serde_json::Number::from(0u8))
            });
        ::validgen::__private::checks::document::multiple_of(__v, &__DIVISOR)
    }}
}
