//! The array branch of a node: items read one by one, each handed to the node of the goals
//! its position gets (`prefixItems`' own, then `items`', and `contains`' for every item),
//! and only read once every goal is known to fail; for `uniqueItems`, each kept as it is
//! read, to compare them once the array is closed.

use proc_macro2::TokenStream;
use quote::quote;

use super::plan::{ArrayPlan, Judged, Streamed};
use super::{accumulators, closing, done, effect, formula, skipped, take_refs};

/// A block answering the node's goals on the array at the stream.
pub(super) fn branch(node: &Streamed, a: &ArrayPlan, child_depth: &TokenStream) -> TokenStream {
    let refs = take_refs(node.refs);
    let (lets, verdicts) = formula::verdicts(&node.formulas, &a.atoms);
    if !a.read {
        return skipped(&refs, &lets, &verdicts);
    }
    let positions = a.positions.iter().enumerate().map(|(i, e)| {
        let body = effect(e, &a.atoms, child_depth);
        quote!(#i => { #body })
    });
    let rest = effect(&a.rest, &a.atoms, child_depth);
    let accumulate = accumulators(&a.atoms);
    let close = closing(&a.atoms);
    // `uniqueItems`: where the array and each item start, to read them again once closed.
    let compared = a.atoms.contains(&Judged::Unique);
    let (track, item, item_end, compare) = if compared {
        (
            quote!(__s.unique_open();),
            quote!(__s.item_start()?;),
            quote!(__s.item_end();),
            quote!(let __u = __s.unique_close()?;),
        )
    } else {
        (quote!(), quote!(), quote!(), quote!())
    };
    let items = quote! {
        match __n {
            #(#positions)*
            _ => { #rest }
        }
    };
    let items = match done(&node.formulas, &a.atoms) {
        Some(done) => quote! {
            if #done {
                __s.skip()?;
            } else {
                #items
            }
        },
        None => items,
    };
    quote! {{
        #accumulate
        #track
        let mut __n = 0usize;
        if __s.enter_array()? {
            loop {
                #item
                #items
                #item_end
                __n += 1;
                if !__s.next_item()? {
                    break;
                }
            }
        }
        #compare
        #refs
        #close
        #lets
        ::core::result::Result::Ok(#verdicts)
    }}
}
