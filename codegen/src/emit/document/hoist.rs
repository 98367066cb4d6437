//! Lists of checks whose verdict a catalog emits once, as a function of the shared module
//! (`__vl_<k>`), called wherever the verdict path reaches them. A schema's subschemas were
//! emitted as verdict code in its rule verdict (`__vrule_<i>`) or a definition's
//! (`__vdef_<n>`), and again in the annotation branches of `<name>_output` (each branch
//! nested in another once more: a `oneOf` in a `oneOf` three times): the SchemaStore
//! collection's annotation branches were 18 % of its generated code. A hoisted function
//! takes `__v`, `__depth` and `__budget` as the inlined code read them, so the verdict and
//! the `$ref` evaluations it takes are the same.
//!
//! The lists are known by their printed checks (`Debug`: every value and pattern of the IR,
//! `$ref`s by their shared name, see `shared`), so that the annotation plan's rule set,
//! compiled apart, meets the validators' lists. They are installed for the time a catalog is
//! emitted ([`install`]); the verdict path looks each list up ([`call`]).

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use validgen_core::ir::{Check, RuleSet};

use super::verdict::{Over, all_hold, check_holds, verdict_fn};

/// Lists printed shorter are inlined: a call is about as long as their code.
const MIN_PRINTED: usize = 400;

thread_local! {
    /// The lists hoisted while a catalog is emitted.
    static HOISTED: RefCell<Option<Hoisted>> = const { RefCell::new(None) };
}

/// The hoisted lists, numbered in order of first appearance.
struct Hoisted {
    lists: Vec<Vec<Check>>,
    /// Each list's number, by its printed checks.
    numbers: HashMap<String, usize>,
    /// The [`shallow`] key of each list: most lists the verdict path meets are not hoisted,
    /// and this tells so without printing them whole.
    firsts: HashSet<(usize, String)>,
}

/// While the guard lives, the verdict path calls `__vl_<k>` for each list of `lists` (those
/// printed shorter than [`MIN_PRINTED`], or reaching a ytt validation, whose `Debug` need not
/// show all it does, stay inline). Install them before any code that reaches them is emitted.
pub(crate) fn install(lists: impl IntoIterator<Item = Vec<Check>>) -> Guard {
    let mut hoisted = Hoisted {
        lists: Vec::new(),
        numbers: HashMap::new(),
        firsts: HashSet::new(),
    };
    for cs in lists {
        if cs.is_empty() || Check::any_extension(&cs) {
            continue;
        }
        let printed = format!("{cs:?}");
        if printed.len() < MIN_PRINTED || hoisted.numbers.contains_key(&printed) {
            continue;
        }
        hoisted.firsts.insert(shallow(&cs));
        hoisted.numbers.insert(printed, hoisted.lists.len());
        hoisted.lists.push(cs);
    }
    HOISTED.with(|h| *h.borrow_mut() = Some(hoisted));
    Guard(())
}

/// Uninstalls the hoisted lists when dropped.
pub(crate) struct Guard(());

impl Drop for Guard {
    fn drop(&mut self) {
        HOISTED.with(|h| *h.borrow_mut() = None);
    }
}

/// Whether lists are hoisted: the shared module has their functions.
pub(crate) fn any() -> bool {
    HOISTED.with(|h| h.borrow().as_ref().is_some_and(|h| !h.lists.is_empty()))
}

/// An expression calling the hoisted function of `cs`, when it is one.
pub(super) fn call(cs: &[Check]) -> Option<TokenStream> {
    HOISTED.with(|h| {
        let h = h.borrow();
        let h = h.as_ref()?;
        if !h.firsts.contains(&shallow(cs)) {
            return None;
        }
        let k = h.numbers.get(&format!("{cs:?}"))?;
        let f = format_ident!("__vl_{}", k);
        Some(quote!(#f(__v, __depth, __budget)))
    })
}

/// The function of each hoisted list (`__vl_<k>`), its `$ref`s naming the definitions of
/// `set` (the catalog's, `shared::Shared::catalog`); nothing when none is installed.
pub(crate) fn functions(set: &RuleSet) -> TokenStream {
    let lists = HOISTED.with(|h| h.borrow().as_ref().map(|h| h.lists.clone()));
    let fns = lists
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .map(|(k, cs)| {
            let body = all_hold(cs.iter().map(|c| check_holds(c, set)));
            let f = verdict_fn(&format_ident!("__vl_{}", k), Over::Instance, &body);
            quote!(#[inline] #f)
        });
    quote!(#(#fns)*)
}

/// A key of `cs` printed without its nested lists: its length and its first check's schema
/// location (a keyword's) or, for another check, nothing.
fn shallow(cs: &[Check]) -> (usize, String) {
    let first = match cs.first() {
        Some(Check::Keyword { location, .. }) => location.clone(),
        _ => String::new(),
    };
    (cs.len(), first)
}
