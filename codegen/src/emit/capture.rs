//! The single-pass extraction of a rule set ([`validgen_kubevirt::extract`]): the JSON paths its
//! rules read, planned against the Go types at build time, as static data.

use crate::PRIVATE;
use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::RuleSet;
use validgen_kubevirt::capture::{Seg, capture_paths};

/// `&[&[Seg]]`: the capture paths of `set`.
pub fn paths(set: &RuleSet) -> TokenStream {
    let paths = capture_paths(set).into_iter().map(|path| {
        let segs = path.iter().map(|s| match s {
            Seg::Key(k) => {
                let k = k.as_ref();
                // A variant built in place (not a `const fn` call) is promoted to `'static`.
                quote!(#PRIVATE::capture::Seg::Key(::std::borrow::Cow::Borrowed(#k)))
            }
            Seg::Elems => quote!(#PRIVATE::capture::Seg::Elems),
        });
        quote!(&[#(#segs),*])
    });
    quote!(&[#(#paths),*])
}
