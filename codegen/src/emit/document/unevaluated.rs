//! [`Check::Unevaluated`]: the schema object's other keywords, then `unevaluatedProperties` on
//! each property and `unevaluatedItems` on each item they did not evaluate, as the interpreter
//! applies it (`core/src/interpret/document/unevaluated.rs`). Where
//! `validgen_core::ir::evaluated` finds the evaluated set static, it is a `match` on the key
//! (and patterns) or a range of positions, fixed at build time; otherwise the set is marked per
//! value (`__marks: &mut [bool]`, one per entry or item) by statements that walk the in-place
//! applicators whose lists hold (their verdicts by the verdict path, in the interpreter's order),
//! and definitions get marking twins (`__mpdef_<i>`, `__midef_<i>`).

use std::collections::BTreeSet;

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use validgen_core::ir::evaluated::{ItemSet, static_items, static_properties};
use validgen_core::ir::{Check, RuleSet};

use super::additional_properties::skipped;
use super::{checks, descend, verdict};
use crate::PRIVATE;

pub(crate) use validgen_core::ir::evaluated::Unevaluated as Parts;

/// Statements applying the check to `__v`, its violations pushed to `__out`.
pub(super) fn check(u: Parts<'_>, set: &RuleSet) -> TokenStream {
    let others = checks(u.checks, set);
    let properties = u.properties.map(|cs| {
        let each = descend(cs, set, &quote!(__at.key(__key);));
        properties_left(u, set, &each)
    });
    let items = u.items.map(|cs| {
        let each = descend(cs, set, &quote!(__at.index(__i);));
        items_left(u, set, &each)
    });
    quote! {{
        #others
        #properties
        #items
    }}
}

/// An expression: whether the check holds for `__v` (the verdict path).
pub(super) fn holds(u: Parts<'_>, set: &RuleSet) -> TokenStream {
    let others = verdict::holds(u.checks, set);
    let fail = |cs: &[Check]| {
        let inner = verdict::holds(cs, set);
        quote!(if !#inner { return false; })
    };
    let properties = u.properties.map(|cs| properties_left(u, set, &fail(cs)));
    let items = u.items.map(|cs| items_left(u, set, &fail(cs)));
    quote! {
        (|| -> bool {
            if !#others {
                return false;
            }
            #properties
            #items
            true
        })()
    }
}

/// Statements running `each` on every entry `(__key, __v)` of `__v` the other keywords did not
/// evaluate (nothing when `__v` is not an object).
fn properties_left(u: Parts<'_>, set: &RuleSet, each: &TokenStream) -> TokenStream {
    let Some(fixed) = static_properties(u.checks, &set.definitions) else {
        let marking = mark_properties(u.checks, set);
        return quote! {
            if let ::core::option::Option::Some(__n) = #PRIVATE::model::Instance::object_len(__v) {
                let mut __marked = ::std::vec![false; __n];
                {
                    let __marks = &mut __marked[..];
                    #marking
                }
                for ((__key, __v), __done) in
                    ::core::iter::Iterator::zip(#PRIVATE::model::Instance::entries(__v), __marked.iter())
                {
                    if *__done {
                        continue;
                    }
                    #each
                }
            }
        };
    };
    if fixed.all {
        return TokenStream::new();
    }
    let names: Vec<String> = fixed.names.iter().map(|n| (*n).to_owned()).collect();
    let patterns: Vec<_> = fixed.patterns.into_iter().cloned().collect();
    let skip = skipped(&names, &patterns);
    quote! {
        for (__key, __v) in #PRIVATE::model::Instance::entries(__v) {
            if #skip {
                continue;
            }
            #each
        }
    }
}

/// Statements running `each` on every item `__v` (at `__i`) of `__v` the other keywords did
/// not evaluate (nothing when `__v` is not an array).
fn items_left(u: Parts<'_>, set: &RuleSet, each: &TokenStream) -> TokenStream {
    let Some(fixed) = static_items(u.checks, &set.definitions, u.contains_evaluates) else {
        let marking = mark_items(u.checks, set);
        let contains = u.contains_evaluates;
        return quote! {
            if let ::core::option::Option::Some(__n) = #PRIVATE::model::Instance::array_len(__v) {
                let mut __marked = ::std::vec![false; __n];
                {
                    let __marks = &mut __marked[..];
                    let __contains = #contains;
                    #marking
                }
                let __array = __v;
                for (__i, __done) in __marked.iter().enumerate() {
                    if *__done {
                        continue;
                    }
                    if let ::core::option::Option::Some(__v) = #PRIVATE::model::Instance::item(__array, __i) {
                        #each
                    }
                }
            }
        };
    };
    let ItemSet { prefix, from } = fixed;
    let end = match from {
        Some(f) => quote!(__n.min(#f)),
        None => quote!(__n),
    };
    quote! {
        if let ::core::option::Option::Some(__n) = #PRIVATE::model::Instance::array_len(__v) {
            let __array = __v;
            for __i in #prefix..#end {
                if let ::core::option::Option::Some(__v) = #PRIVATE::model::Instance::item(__array, __i) {
                    #each
                }
            }
        }
    }
}

/// Statements marking in `__marks` the entries of `__v` that `cs` evaluate.
fn mark_properties(cs: &[Check], set: &RuleSet) -> TokenStream {
    let each = cs.iter().map(|c| {
        let evaluates = match c {
            Check::Properties { properties } => {
                let names: Vec<&String> = properties.iter().map(|(n, _)| n).collect();
                if names.is_empty() {
                    return TokenStream::new();
                }
                quote!(::core::matches!(__key, #(#names)|*))
            }
            Check::PatternProperties { patterns } => {
                let res: Vec<_> = patterns.iter().map(|(re, _)| re.clone()).collect();
                skipped(&[], &res)
            }
            Check::AdditionalProperties {
                known, patterns, ..
            } => {
                let skip = skipped(known, patterns);
                quote!(!(#skip))
            }
            Check::Unevaluated {
                properties: Some(_),
                ..
            } => return quote!(__marks.fill(true);),
            _ => {
                let marks = quote!(&mut *__marks);
                return in_place(c, set, "__mpdef", marks, &|l| mark_properties(l, set));
            }
        };
        quote! {
            for (__done, __key) in
                ::core::iter::Iterator::zip(__marks.iter_mut(), #PRIVATE::model::Instance::keys(__v))
            {
                if #evaluates {
                    *__done = true;
                }
            }
        }
    });
    quote!(#(#each)*)
}

/// Statements marking in `__marks` the items of `__v` that `cs` evaluate (`contains` where
/// `__contains`).
fn mark_items(cs: &[Check], set: &RuleSet) -> TokenStream {
    let each = cs.iter().map(|c| match c {
        Check::PrefixItems { items } => {
            let n = items.len();
            quote!(__marks.iter_mut().take(#n).for_each(|__m| *__m = true);)
        }
        Check::Items { from, .. } => {
            quote!(__marks.iter_mut().skip(#from).for_each(|__m| *__m = true);)
        }
        Check::Unevaluated { items: Some(_), .. } => quote!(__marks.fill(true);),
        Check::Contains { checks, .. } => {
            let inner = verdict::holds(checks, set);
            quote! {
                if __contains {
                    let __array = __v;
                    for (__i, __done) in __marks.iter_mut().enumerate() {
                        if let ::core::option::Option::Some(__v) = #PRIVATE::model::Instance::item(__array, __i) {
                            if #inner {
                                *__done = true;
                            }
                        }
                    }
                }
            }
        }
        _ => in_place(
            c,
            set,
            "__midef",
            quote!((&mut *__marks, __contains)),
            &|l| mark_items(l, set),
        ),
    });
    quote!(#(#each)*)
}

/// Statements running `mark` on every list of `c` applied to `__v` itself whose annotations
/// count (the interpreter's `in_place`): a `$ref` passes the definition's marking twin
/// `<prefix>_<i>` and `args` (its marks, one expression) to `checks::document::reference_mark`.
fn in_place(
    c: &Check,
    set: &RuleSet,
    prefix: &str,
    args: TokenStream,
    mark: &dyn Fn(&[Check]) -> TokenStream,
) -> TokenStream {
    match c {
        Check::Keyword { checks, .. } | Check::Unevaluated { checks, .. } => mark(checks),
        Check::AnyOf { branches } | Check::OneOf { branches } => {
            let each = branches.iter().map(|b| {
                let (holds, marked) = (verdict::holds(b, set), mark(b));
                quote!(if #holds { #marked })
            });
            quote!(#(#each)*)
        }
        Check::IfThenElse {
            condition,
            then,
            otherwise,
        } => {
            let holds = verdict::holds(condition, set);
            let (c, t, o) = (mark(condition), mark(then), mark(otherwise));
            quote!(if #holds { #c #t } else { #o })
        }
        Check::Ref { name } => match super::definition(set, name) {
            Some(i) => {
                let f = format_ident!("{}_{}", prefix, i);
                // The twin itself, not a closure calling it (one instance of the nesting
                // guard per definition).
                quote! {
                    #PRIVATE::checks::document::reference_mark(__v, __depth, __budget, #args, #f);
                }
            }
            None => TokenStream::new(),
        },
        _ => TokenStream::new(),
    }
}

/// The marking twins of the definitions of `set` (`__mpdef_<n>`, `__midef_<n>`, by their
/// shared number) that a per-value marking reaches; nothing for the others (no dead code).
pub(crate) fn definitions(set: &RuleSet) -> TokenStream {
    let [properties, items] = reached(set);
    let fns = set.definitions.iter().map(|(name, cs)| {
        let i = crate::emit::shared::number(name);
        let props = properties.contains(name.as_str()).then(|| {
            let body = mark_properties(cs, set);
            let marks = quote!(__marks: &mut [bool]);
            mark_fn(&format_ident!("__mpdef_{}", i), marks, &body)
        });
        let items = items.contains(name.as_str()).then(|| {
            let body = mark_items(cs, set);
            let marks = quote!((__marks, __contains): (&mut [bool], bool));
            mark_fn(&format_ident!("__midef_{}", i), marks, &body)
        });
        quote!(#props #items)
    });
    quote!(#(#fns)*)
}

/// `fn <name>(__v, __depth, __budget, <marks>) { <body> }`: a marking twin, its marks one
/// parameter (`__marks`, and `__contains` for items) so that
/// `checks::document::reference_mark` passes them whatever the kind.
fn mark_fn(name: &proc_macro2::Ident, marks: TokenStream, body: &TokenStream) -> TokenStream {
    quote! {
        pub fn #name<'a, I: #PRIVATE::model::Instance<'a>>(
            __v: I,
            __depth: usize,
            __budget: &#PRIVATE::checks::document::Budget,
            #marks,
        ) {
            #body
        }
    }
}

/// The definitions the per-value markings of `set` call: of properties, of items.
fn reached(set: &RuleSet) -> [BTreeSet<&str>; 2] {
    let mut out = [BTreeSet::new(), BTreeSet::new()];
    let mut todo: Vec<&[Check]> = set
        .rules
        .iter()
        .map(|r| std::slice::from_ref(&r.check))
        .chain(set.definitions.values().map(Vec::as_slice))
        .collect();
    while let Some(list) = todo.pop() {
        for c in list {
            todo.extend(c.nested());
            let Some(u) = Parts::of(c) else { continue };
            if u.properties.is_some() && static_properties(u.checks, &set.definitions).is_none() {
                follow(u.checks, set, Kind::Properties, &mut out[0]);
            }
            if u.items.is_some()
                && static_items(u.checks, &set.definitions, u.contains_evaluates).is_none()
            {
                follow(u.checks, set, Kind::Items, &mut out[1]);
            }
        }
    }
    out
}

/// What a marking marks.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Properties,
    Items,
}

/// Adds to `reached` the definitions the marking of `kind` calls from `cs` (as
/// [`mark_properties`] and [`mark_items`] walk: a nested `unevaluated*` of the kind marks all
/// without a call).
fn follow<'s>(cs: &'s [Check], set: &'s RuleSet, kind: Kind, reached: &mut BTreeSet<&'s str>) {
    for c in cs {
        match c {
            Check::Unevaluated {
                properties: Some(_),
                ..
            } if kind == Kind::Properties => {}
            Check::Unevaluated { items: Some(_), .. } if kind == Kind::Items => {}
            // `not` passes no annotation on.
            Check::Not { .. } => {}
            Check::Ref { name } => {
                if let Some((name, def)) = set.definitions.get_key_value(name)
                    && reached.insert(name)
                {
                    follow(def, set, kind, reached);
                }
            }
            _ => c
                .in_place()
                .into_iter()
                .for_each(|l| follow(l, set, kind, reached)),
        }
    }
}
