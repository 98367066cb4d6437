//! [`Check::Const`](validgen_runtime::ir::Check::Const): the value parsed once, from its JSON
//! text.

use proc_macro2::TokenStream;
use quote::quote;
use serde_json::Value;

use super::push;

pub(super) fn check(value: &Value) -> TokenStream {
    let text = value.to_string();
    let found = push(quote!(::validgen::__private::checks::document::const_(
        __v, &__CONST
    )));
    quote! {{
        static __CONST: ::std::sync::LazyLock<::validgen::__private::serde_json::Value> =
            ::std::sync::LazyLock::new(|| ::validgen::__private::serde_json::from_str(#text).unwrap_or_default());
        #found
    }}
}
