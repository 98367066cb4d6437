//! [`Check::Format`](validgen_core::ir::Check::Format): the format named by its variant.

use crate::PRIVATE;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use validgen_format::Format;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found(format: Format) -> TokenStream {
    call(quote!(format), format)
}

/// A `bool` expression: whether the check passes `__v` (no violation built).
pub(super) fn holds(format: Format) -> TokenStream {
    call(quote!(has_format), format)
}

/// The runtime's function `f` applied to `__v` and the format.
fn call(f: TokenStream, format: Format) -> TokenStream {
    let format = match format {
        Format::Kube(k) => {
            let k = format_ident!("{}", format!("{k:?}"));
            quote!(#PRIVATE::format::Format::Kube(#PRIVATE::format::KubeFormat::#k))
        }
        other => {
            let variant = format_ident!("{}", format!("{other:?}"));
            quote!(#PRIVATE::format::Format::#variant)
        }
    };
    quote!(#PRIVATE::checks::document::#f(__v, #format))
}
