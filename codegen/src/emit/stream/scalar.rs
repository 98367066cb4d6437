//! The scalar branch of a streamed verdict: whether a goal's checks hold for `__v` (a
//! `&model::Scalar`), as the verdict path decides it (`document/verdict.rs`, check for check,
//! taking the same `$ref` evaluations from `__budget`), with the checks that read items,
//! entries or keys left out: on a scalar they all hold. Definitions get a scalar twin each
//! (`__pdef_<i>`), small for the same reason.

use std::collections::{BTreeMap, HashMap};

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use validgen_core::ir::{Check, RuleSet};

use super::super::document::verdict::{
    Over, all_hold, at_value, conjunction, leaf_holds, verdict_fn,
};
use super::super::minimise;

/// An expression: whether every check of `cs` holds for the scalar `__v`.
pub(super) fn holds(cs: &[Check], set: &RuleSet) -> TokenStream {
    conjunction(cs.iter().filter_map(|c| check_holds(c, set)).collect())
}

/// The scalar twin of each definition of `set` (`__pdef_<n>`, by its shared number), those
/// that judge alike emitted once (`minimise`: on a scalar, most definitions only test a
/// type), and for each number the number of the twin emitted for it.
pub(super) fn definitions(set: &RuleSet) -> (TokenStream, BTreeMap<usize, usize>) {
    let numbers: Vec<usize> = set
        .definitions
        .keys()
        .map(|name| crate::emit::shared::number(name))
        .collect();
    let at: HashMap<usize, usize> = numbers.iter().enumerate().map(|(i, &n)| (n, i)).collect();
    let fns: Vec<TokenStream> = set
        .definitions
        .values()
        .zip(&numbers)
        .map(|(cs, n)| {
            let body = all_hold(cs.iter().filter_map(|c| check_holds(c, set)));
            verdict_fn(&format_ident!("__pdef_{}", n), Over::Scalar, &body)
        })
        .collect();
    let numbered = |i: &Ident| {
        at.get(&i.to_string().strip_prefix("__pdef_")?.parse().ok()?)
            .copied()
    };
    let same = minimise::classes(&fns, numbered).first;
    let twin: BTreeMap<usize, usize> = numbers
        .iter()
        .zip(&same)
        .map(|(&n, &s)| (n, numbers[s]))
        .collect();
    let rename = |i: &Ident| {
        let at = numbered(i)?;
        (same[at] != at).then(|| format_ident!("__pdef_{}", numbers[same[at]]))
    };
    let kept = fns
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| same[i] == i)
        .map(|(_, f)| minimise::rename(f, &rename));
    (quote!(#(#kept)*), twin)
}

/// An expression: whether `c` holds for `__v`; `None` for a check every scalar passes.
fn check_holds(c: &Check, set: &RuleSet) -> Option<TokenStream> {
    let holds = match c {
        Check::Items { .. }
        | Check::PrefixItems { .. }
        | Check::Contains { .. }
        | Check::Properties { .. }
        | Check::PatternProperties { .. }
        | Check::AdditionalProperties { .. }
        | Check::PropertyNames { .. }
        | Check::Required { .. }
        | Check::NoExtraKeys { .. }
        | Check::Unique
        | Check::OneNotNull { .. } => return None,
        // On a scalar, `unevaluated*` have nothing to judge: the other keywords decide.
        Check::Unevaluated { checks, .. } => holds(checks, set),
        // A keyword is located only for a report of a refused `$ref`: a stream whose budget
        // is spent steps aside (`checks::document::stream`), so its location is never read.
        Check::Keyword { checks, .. } => {
            let each: Vec<TokenStream> =
                checks.iter().filter_map(|c| check_holds(c, set)).collect();
            if each.is_empty() {
                return None;
            }
            conjunction(each)
        }
        other => at_value(other, set, "__pdef", &|cs| holds(cs, set))
            .unwrap_or_else(|| leaf_holds(other)),
    };
    Some(holds)
}
