//! The single-pass extraction of a rule set ([`validgen_runtime::extract`]): the JSON paths its
//! rules read, planned against the Go types at build time, as static data.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_runtime::extract::{Seg, capture_paths};
use validgen_runtime::ir::RuleSet;

/// `&[&[Seg]]`: the capture paths of `set`.
pub fn paths(set: &RuleSet) -> TokenStream {
    let paths = capture_paths(set).into_iter().map(|path| {
        let segs = path.iter().map(|s| match s {
            Seg::Key(k) => {
                let k = k.as_ref();
                // A variant built in place (not a `const fn` call) is promoted to `'static`.
                quote!(::validgen::extract::Seg::Key(::std::borrow::Cow::Borrowed(#k)))
            }
            Seg::Elems => quote!(::validgen::extract::Seg::Elems),
        });
        quote!(&[#(#segs),*])
    });
    quote!(&[#(#paths),*])
}
