//! A ytt lambda ([`Lambda`]) compiled into a Rust function: each operation of its body a call of
//! its pure function in `validgen_ytt::starlark::ops` (the interpreter's
//! `starlark::interp::eval` dispatches to the same functions), operands evaluated left to
//! right, `and`/`or` short-circuiting, as starlark-go.

use crate::PRIVATE;
use proc_macro2::TokenStream;
use quote::quote;
use validgen_ytt::starlark::{Callee, Expr, Lambda};

/// A `fn __lambda<'a>(&[Val<'a>]) -> Result<Val<'a>, String>` item computing `f` (a `def`
/// with statements: a call of the interpreter).
pub(super) fn function(f: &Lambda) -> TokenStream {
    if let Some(def) = &f.def {
        let call = callee(def, quote!(__args.to_vec()));
        return quote! {
            fn __lambda<'a>(
                __args: &[#PRIVATE::ytt::starlark::Val<'a>],
            ) -> ::core::result::Result<#PRIVATE::ytt::starlark::Val<'a>, ::std::string::String> {
                #call
            }
        };
    }
    let params = &f.params;
    let body = expr(&f.body);
    quote! {
        fn __lambda<'a>(
            __args: &[#PRIVATE::ytt::starlark::Val<'a>],
        ) -> ::core::result::Result<#PRIVATE::ytt::starlark::Val<'a>, ::std::string::String> {
            #PRIVATE::ytt::starlark::interp::arity::<&str>(&[#(#params),*], __args.len())?;
            ::core::result::Result::Ok(#body)
        }
    }
}

/// A call of the `def` function `def` with the arguments `args` (a `Vec<Val>`): its module is
/// read back from its source once, then the interpreter runs it (statements are not
/// compiled).
fn callee(def: &Callee, args: TokenStream) -> TokenStream {
    let source = def.module.source();
    let name = &def.name;
    quote! {{
        static __MODULE: ::std::sync::OnceLock<
            ::core::result::Result<#PRIVATE::ytt::starlark::Module, ::std::string::String>,
        > = ::std::sync::OnceLock::new();
        match __MODULE.get_or_init(|| #PRIVATE::ytt::starlark::Module::parse(#source)) {
            ::core::result::Result::Ok(__m) => __m.call(#name, #args),
            ::core::result::Result::Err(__e) => ::core::result::Result::Err(__e.clone()),
        }
    }}
}

/// An expression of type `Val<'a>` (with `?` on failing operations) computing `e`.
fn expr(e: &Expr) -> TokenStream {
    let val = quote!(#PRIVATE::ytt::starlark::Val);
    let ops = quote!(#PRIVATE::ytt::starlark::ops);
    let binary = |x: &Expr, y: &Expr, op: TokenStream| {
        let (x, y) = (expr(x), expr(y));
        quote! {{
            let __x = #x;
            let __y = #y;
            #op
        }}
    };
    let compare = |x: &Expr, y: &Expr, cmp: TokenStream| {
        binary(
            x,
            y,
            quote!(#val::Bool(#ops::compare(#ops::Cmp::#cmp, &__x, &__y)?)),
        )
    };
    match e {
        Expr::Param(i) => quote!(#PRIVATE::ytt::starlark::interp::param(__args, #i)?),
        Expr::None => quote!(#val::None),
        Expr::Bool(b) => quote!(#val::Bool(#b)),
        Expr::Int(i) => quote!(#val::Int(#i)),
        Expr::Float(f) => {
            // The exact bits: a literal's decimal text might not round-trip through tokens.
            let bits = f.to_bits();
            quote!(#val::Float(f64::from_bits(#bits)))
        }
        Expr::Str(s) => quote!(#val::Str(::std::borrow::Cow::Borrowed(#s))),
        Expr::List(items) => {
            let items = items.iter().map(expr);
            quote!(#val::List(::std::vec![#(#items),*]))
        }
        Expr::Tuple(items) => {
            let items = items.iter().map(expr);
            quote!(#val::Tuple(::std::vec![#(#items),*]))
        }
        Expr::Dict(entries) => {
            let inserts = entries.iter().map(|(k, v)| {
                let (k, v) = (expr(k), expr(v));
                quote! {
                    let __k = #k;
                    let __v = #v;
                    #PRIVATE::ytt::starlark::interp::dict_insert(&mut __entries, __k, __v)?;
                }
            });
            quote! {{
                let mut __entries = ::std::vec::Vec::new();
                #(#inserts)*
                #val::Dict(__entries)
            }}
        }
        Expr::Attr(x, name) => {
            let x = expr(x);
            quote!(#ops::attr(&#x, #name)?)
        }
        Expr::Index(x, k) => binary(x, k, quote!(#ops::index(&__x, &__y)?)),
        Expr::Len(x) => {
            let x = expr(x);
            quote!(#val::Int(#ops::len(&#x)?))
        }
        Expr::Neg(x) => {
            let x = expr(x);
            quote!(#ops::neg(&#x)?)
        }
        Expr::Not(x) => {
            let x = expr(x);
            quote!(#val::Bool(#ops::not(&#x)))
        }
        Expr::And(x, y) => {
            let (x, y) = (expr(x), expr(y));
            quote! {{
                let __x = #x;
                if __x.truth() { #y } else { __x }
            }}
        }
        Expr::Or(x, y) => {
            let (x, y) = (expr(x), expr(y));
            quote! {{
                let __x = #x;
                if __x.truth() { __x } else { #y }
            }}
        }
        Expr::Eq(x, y) => compare(x, y, quote!(Eq)),
        Expr::Ne(x, y) => compare(x, y, quote!(Ne)),
        Expr::Lt(x, y) => compare(x, y, quote!(Lt)),
        Expr::Le(x, y) => compare(x, y, quote!(Le)),
        Expr::Gt(x, y) => compare(x, y, quote!(Gt)),
        Expr::Ge(x, y) => compare(x, y, quote!(Ge)),
        Expr::In(x, y) => binary(x, y, quote!(#val::Bool(#ops::contains(&__x, &__y)?))),
        Expr::NotIn(x, y) => binary(x, y, quote!(#val::Bool(#ops::not_contains(&__x, &__y)?))),
        Expr::Call(def, args) => {
            let args = args.iter().map(expr);
            let call = callee(def, quote!(::std::vec![#(#args),*]));
            quote!(#call?)
        }
    }
}
