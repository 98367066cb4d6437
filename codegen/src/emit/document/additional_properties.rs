//! [`Check::AdditionalProperties`](validgen_core::ir::Check::AdditionalProperties): a loop
//! over the keys not named (a `match`) and matching no pattern.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::{Check, Regex, RuleSet};

use super::{descend, regex_static};
use crate::PRIVATE;

pub(super) fn check(
    known: &[String],
    patterns: &[Regex],
    cs: &[Check],
    set: &RuleSet,
) -> TokenStream {
    let skipped = skipped(known, patterns);
    let body = descend(cs, set, &quote!(__at.key(__key);));
    quote! {{
        for (__key, __v) in #PRIVATE::model::Instance::entries(__v) {
            if #skipped {
                continue;
            }
            #body
        }
    }}
}

/// An expression: whether `__key` is one the check skips, named in `known` (a `match`, whose
/// comparisons the compiler picks) or matching one of `patterns` (a pattern that failed to
/// build at run time, or whose match took over its backtracking limit, matches nothing: its
/// own check reports it).
pub(super) fn skipped(known: &[String], patterns: &[Regex]) -> TokenStream {
    let is_known = if known.is_empty() {
        quote!(false)
    } else {
        quote!(::core::matches!(__key, #(#known)|*))
    };
    let matched = patterns.iter().map(|re| {
        let built = regex_static(re);
        quote!(#built.as_ref().is_ok_and(|__re| __re.is_match(__key) == ::core::result::Result::Ok(true)))
    });
    quote!(#is_known #(|| #matched)*)
}
