//! The KubeVirt side of emitting paths: the values of a static path (walked by
//! `super::super::walk`) converted as the rule needs, and the reference-VM fallback values as
//! constants.

use proc_macro2::{Literal, TokenStream};
use quote::{ToTokens, quote};
use validgen_core::ir::Path;
use validgen_jsonpath::ast::ParamsEntry;
use validgen_kubevirt::typed::schema::{AsInt, Schema};
use validgen_kubevirt::typed::{as_int, as_string, reference_vm};

use super::Use;
use crate::PRIVATE;
use crate::emit::walk::Read;
use crate::plan::{StaticPath, Terminal, terminal};

/// The values of the static path `p`, walked into `read`: from the walk, else its constant
/// fallback on the reference VM, then `finish` (see `PathCode::values`).
pub(super) fn resolve(
    p: &StaticPath,
    read: Read,
    usage: Use,
    fallback_source: &Path,
    finish: TokenStream,
) -> TokenStream {
    let var = read.ident();
    if let (Read::Chain(_), Use::Ints, Some(t), Ok([fallback])) = (
        read,
        usage,
        p.terminal.map(|t| terminal(Schema::kubevirt(), t)),
        fallback_ints(fallback_source).as_deref(),
    ) {
        // One value, on the VM or the reference VM: no list.
        let (how, go_type) = (as_int_tokens(t.as_int), t.go_type);
        return quote! {
            match #var {
                ::core::option::Option::Some(n) => #PRIVATE::compiled::int_of(n, #how, #go_type).map(|v| [v]),
                ::core::option::Option::None => ::core::result::Result::Ok([#fallback]),
            }
            .and_then(#finish)
        };
    }
    let (found, slots) = match read {
        Read::Chain(_) => (quote!(#var), quote!(&[n])),
        Read::List(_) => (quote!(&#var), quote!(&n[..])),
    };
    let convert = convert(p, usage, slots);
    let fallback = fallback(fallback_source, usage);
    quote! {
        match #found {
            ::core::option::Option::Some(n) => #convert,
            ::core::option::Option::None => #fallback,
        }
        .and_then(#finish)
    }
}

/// Whether the walk into `read` found values: a `bool` expression.
pub(super) fn applies(read: Read) -> TokenStream {
    let var = read.ident();
    match read {
        Read::Chain(_) => quote!(#var.is_some()),
        Read::List(_) => quote!(#var.as_ref().is_some_and(|n| !n.is_empty())),
    }
}

/// An expression of type `Result<StrView, String>`: its strings where
/// they are (the walked nodes, else the reference VM's values as constants), an error when
/// there are none.
pub(super) fn str_view(p: &StaticPath, read: Read, fallback_source: &Path) -> TokenStream {
    let var = read.ident();
    let slots = match read {
        Read::Chain(_) => quote!(::core::slice::from_ref(n)),
        Read::List(_) => quote!(&n[..]),
    };
    let found = match p.terminal.map(|t| terminal(Schema::kubevirt(), t)) {
        // The walk never yields values (a step the types cannot satisfy).
        None => quote!(#PRIVATE::compiled::StrView::<V>::Nodes(
            &[],
            ::core::option::Option::None
        )),
        Some(Terminal { rendered, .. }) => {
            let rendered = match rendered {
                Some(r) => quote!(::core::option::Option::Some(#r)),
                None => quote!(::core::option::Option::None),
            };
            quote!(#PRIVATE::compiled::StrView::Nodes(#slots, #rendered))
        }
    };
    let fallback = match fallback_strings(fallback_source) {
        Ok(v) => {
            let v = const_array(&v);
            quote!(::core::result::Result::Ok(#PRIVATE::compiled::StrView::Fallback(&#v)))
        }
        Err(e) => quote!(::core::result::Result::Err(::std::string::String::from(#e))),
    };
    quote! {
        match &#var {
            ::core::option::Option::Some(n) => ::core::result::Result::Ok(#found),
            ::core::option::Option::None => #fallback,
        }
        .and_then(#PRIVATE::compiled::StrView::non_empty)
    }
}

/// The expression converting the found `slots` (an expression of type `&[Slot]`):
/// `Result<Ints, String>` or `Result<Strs, String>`.
fn convert(p: &StaticPath, usage: Use, slots: TokenStream) -> TokenStream {
    let Some(t) = p.terminal.map(|t| terminal(Schema::kubevirt(), t)) else {
        // The walk never yields values (a step the types cannot satisfy).
        return match usage {
            Use::Ints => quote!(::core::result::Result::Ok(
                #PRIVATE::compiled::Ints::new()
            )),
            Use::Strings => quote!(::core::result::Result::Ok(
                #PRIVATE::compiled::Strs::new()
            )),
        };
    };
    let Terminal {
        go_type,
        as_int: how,
        rendered,
    } = t;
    match usage {
        Use::Ints => {
            let how = as_int_tokens(how);
            quote!(#PRIVATE::compiled::ints_of(#slots, #how, #go_type))
        }
        Use::Strings => {
            let rendered = match rendered {
                Some(r) => quote!(::core::option::Option::Some(#r)),
                None => quote!(::core::option::Option::None),
            };
            quote!(::core::result::Result::Ok(#PRIVATE::compiled::strs_of(#slots, #rendered)))
        }
    }
}

fn as_int_tokens(how: AsInt) -> TokenStream {
    match how {
        AsInt::Cast => quote!(#PRIVATE::compiled::AsInt::Cast),
        AsInt::Round => quote!(#PRIVATE::compiled::AsInt::Round),
        AsInt::Quantity => quote!(#PRIVATE::compiled::AsInt::Quantity),
        AsInt::QuantityPtr => quote!(#PRIVATE::compiled::AsInt::QuantityPtr),
        AsInt::Mismatch => quote!(#PRIVATE::compiled::AsInt::Mismatch),
    }
}

/// The path's values on the reference VM, computed now: the same answer the runtime's
/// fallback gives, as a constant.
fn fallback(path: &Path, usage: Use) -> TokenStream {
    let result: Result<TokenStream, String> = match usage {
        Use::Ints => fallback_ints(path).map(|v| {
            let v = const_array(&v);
            quote!(#PRIVATE::compiled::Ints::from_slice(&#v))
        }),
        Use::Strings => fallback_strings(path).map(|v| {
            let v = const_array(&v);
            quote!(#PRIVATE::compiled::Strs::from_slice(&#v))
        }),
    };
    match result {
        Ok(v) => quote!(::core::result::Result::Ok(#v)),
        Err(e) => quote!(::core::result::Result::Err(::std::string::String::from(#e))),
    }
}

/// An array expression of constant `values`: `[v; n]` when they are all the same (as the
/// reference VM's values of a list path often are), which keeps the formatted code short.
fn const_array<T: ToTokens + PartialEq>(values: &[T]) -> TokenStream {
    match values {
        [first, rest @ ..] if !rest.is_empty() && rest.iter().all(|v| v == first) => {
            let n = Literal::usize_unsuffixed(values.len());
            quote!([#first; #n])
        }
        _ => quote!([#(#values),*]),
    }
}

/// The path's integers on the reference VM.
fn fallback_ints(path: &Path) -> Result<Vec<i64>, String> {
    match path.as_jsonpath().map(|p| p.find(reference_vm(), false)) {
        None | Some(Err(_)) => Err("invalid JSONPath".to_owned()),
        Some(Ok(values)) => values
            .iter()
            .map(|f| as_int(f).map_err(|e| e.rule_text()))
            .collect(),
    }
}

/// The path's strings on the reference VM.
fn fallback_strings(path: &Path) -> Result<Vec<String>, String> {
    match path.as_jsonpath().map(|p| p.find(reference_vm(), false)) {
        None | Some(Err(_)) => Err("invalid JSONPath".to_owned()),
        Some(Ok(values)) => values
            .iter()
            .map(|f| as_string(f).map_err(|e| e.rule_text()))
            .collect(),
    }
}

/// `[ParamsEntry; 3]` of an array step's start, end and step, as a constant expression.
pub(crate) fn params_tokens(params: &[ParamsEntry; 3]) -> TokenStream {
    let entries = params.iter().map(|p| {
        let (value, known, derived) = (p.value, p.known, p.derived);
        quote!(#PRIVATE::jsonpath::ast::ParamsEntry { value: #value, known: #known, derived: #derived })
    });
    quote!([#(#entries),*])
}
