//! [`Check::NumberRange`](validgen_core::ir::Check::NumberRange): the bounds built from
//! literals.

use crate::PRIVATE;
use proc_macro2::{Literal, TokenStream};
use quote::quote;
use validgen_core::ir::Bound;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found(min: Option<&Bound>, max: Option<&Bound>) -> TokenStream {
    call(quote!(number_range), min, max)
}

/// A `bool` expression: whether the check passes `__v` (no violation built).
pub(super) fn holds(min: Option<&Bound>, max: Option<&Bound>) -> TokenStream {
    call(quote!(in_range), min, max)
}

/// The runtime's function `f` applied to `__v` and the bounds.
fn call(f: TokenStream, min: Option<&Bound>, max: Option<&Bound>) -> TokenStream {
    let (min, max) = (bound(min), bound(max));
    quote! {{
        let __min: ::core::option::Option<#PRIVATE::ir::Bound> = #min;
        let __max: ::core::option::Option<#PRIVATE::ir::Bound> = #max;
        #PRIVATE::checks::document::#f(__v, __min.as_ref(), __max.as_ref())
    }}
}

/// An `Option<Bound>` expression.
fn bound(b: Option<&Bound>) -> TokenStream {
    let Some(b) = b else {
        return quote!(::core::option::Option::None);
    };
    let n = &b.value;
    let value = if let Some(i) = n.as_i64() {
        let i = Literal::i64_suffixed(i);
        quote!(#PRIVATE::serde_json::Number::from(#i))
    } else if let Some(u) = n.as_u64() {
        let u = Literal::u64_suffixed(u);
        quote!(#PRIVATE::serde_json::Number::from(#u))
    } else {
        // serde_json numbers are finite: `from_f64` gives one back.
        let f = Literal::f64_suffixed(n.as_f64().unwrap_or_default());
        quote!(#PRIVATE::serde_json::Number::from_f64(#f).unwrap_or_else(|| #PRIVATE::serde_json::Number::from(0i64)))
    };
    let exclusive = b.exclusive;
    quote!(::core::option::Option::Some(#PRIVATE::ir::Bound { value: #value, exclusive: #exclusive }))
}
