//! [`Check::Format`](validgen_core::ir::Check::Format): the format named by its variant.

use crate::PRIVATE;
use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use validgen_format::Format;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found(format: Format) -> TokenStream {
    let f = match format {
        Format::Kube(k) => {
            let k = format_ident!("{}", format!("{k:?}"));
            quote!(#PRIVATE::format::Format::Kube(#PRIVATE::format::KubeFormat::#k))
        }
        other => {
            let f = format_ident!("{}", format!("{other:?}"));
            quote!(#PRIVATE::format::Format::#f)
        }
    };
    quote!(#PRIVATE::checks::document::format(__v, #f))
}
