//! Emitting rule arguments: literal bounds and values inlined, path-valued ones resolved on
//! the VM (exactly one value, with the reference-VM fallback).

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::Arg;

use super::Paths;
use super::path::Use;
use super::walk::Walks;

/// An expression of type `Result<Option<i64>, String>` for an optional integer argument.
pub fn int_arg(arg: Option<&Arg<i64>>, paths: &Paths, walks: &Walks) -> TokenStream {
    match arg {
        None => quote!(::core::result::Result::<
            ::core::option::Option<i64>,
            ::std::string::String,
        >::Ok(::core::option::Option::None)),
        Some(Arg::Literal(v)) => {
            quote!(::core::result::Result::<::core::option::Option<i64>, ::std::string::String>::Ok(::core::option::Option::Some(#v)))
        }
        Some(Arg::Path(p)) => {
            let value = paths.get(p).one_value(Use::Ints, p, walks);
            quote!((#value).map(::core::option::Option::Some))
        }
    }
}

/// An expression of type `Result<Cow<str>, String>` for an element of `values`.
pub fn str_arg(arg: &Arg<String>, paths: &Paths, walks: &Walks) -> TokenStream {
    match arg {
        Arg::Literal(s) => {
            quote!(::core::result::Result::<::std::borrow::Cow<'_, str>, ::std::string::String>::Ok(::std::borrow::Cow::Borrowed(#s)))
        }
        Arg::Path(p) => {
            let code = paths.get(p);
            let value = code.one_value(Use::Strings, p, walks);
            if code.is_dynamic() {
                value
            } else {
                quote!((#value).map(::std::borrow::Cow::Borrowed))
            }
        }
    }
}
