//! Emitting guards: `Present` on a static path as a plain `bool`; every guard as an expression
//! of type `Result<bool, String>` that asks the runtime model where a path is dynamic. `All`
//! and `Any` stop at the first guard that decides, as the interpreter.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::Guard;

use super::Paths;
use super::walk::Walks;
use crate::PRIVATE;

/// A `bool` expression for a guard decided from the walked values alone, else `None`.
pub fn static_holds(g: &Guard, paths: &Paths, walks: &Walks) -> Option<TokenStream> {
    match g {
        Guard::Present(p) if !paths.get(p).is_dynamic() => Some(paths.get(p).applies(walks)),
        _ => None,
    }
}

/// A `Result<bool, String>` expression: whether the guard holds.
pub fn holds(g: &Guard, paths: &Paths, walks: &Walks) -> TokenStream {
    match g {
        Guard::Present(p) => match static_holds(g, paths, walks) {
            Some(b) => quote!(::core::result::Result::<bool, ::std::string::String>::Ok(#b)),
            None => paths.get(p).applies(walks),
        },
        Guard::Equals { path, value } => {
            let parsed = paths.get(path).parsed_result();
            let text = value.to_string();
            quote! {{
                static __CONST: ::std::sync::LazyLock<#PRIVATE::serde_json::Value> =
                    ::std::sync::LazyLock::new(|| #PRIVATE::serde_json::from_str(#text).unwrap_or_default());
                #parsed.and_then(|p| #PRIVATE::compiled::guard_equals(&__lookup, p, &__CONST))
            }}
        }
        Guard::Truthy(path) => {
            let parsed = paths.get(path).parsed_result();
            quote!(#parsed.and_then(|p| #PRIVATE::compiled::guard_truthy(&__lookup, p)))
        }
        Guard::All(gs) => {
            let each = gs.iter().map(|g| holds(g, paths, walks));
            quote!((|| -> ::core::result::Result<bool, ::std::string::String> {
                ::core::result::Result::Ok(true #(&& #each?)*)
            })())
        }
        Guard::Any(gs) => {
            let each = gs.iter().map(|g| holds(g, paths, walks));
            quote!((|| -> ::core::result::Result<bool, ::std::string::String> {
                ::core::result::Result::Ok(false #(|| #each?)*)
            })())
        }
        Guard::Not(g) => {
            let inner = holds(g, paths, walks);
            quote!((#inner).map(|b| !b))
        }
    }
}
