//! The streamed verdict of a JSON Schema validator: JSON bytes judged in one pass, without a
//! tape or a `Value`, as the generated `_bytes_is_valid` answers first (the tape path answers
//! where the stream steps aside; see `validgen_core::checks::document::Stream`).
//!
//! One function per set of goals a value is judged against (`__s<n>`, the plan's nodes,
//! `plan.rs`, one plan for a catalog's schemas, so that a set of goals several schemas reach
//! is one function: with a plan per schema, the Test-Suite's catalog generated 5 MB more; and
//! nodes whose functions print alike are one, `super::minimise`):
//! it reads its value from the stream and answers each goal's verdict as a bit.
//! An object's entries are matched by key (`object.rs`), an array's items by position
//! (`array.rs`), each value handed to the node of the goals it gets; scalars are judged by
//! each goal's checks (`scalar.rs`, `__p<n>`); what the stream cannot judge is read into a
//! tape and judged by the tape path's verdict code (`__t<list>`).

mod array;
mod formula;
mod object;
mod plan;
mod scalar;

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use validgen_core::ir::{Check, Rule, RuleSet, Severity, Syntax};

use super::document::verdict;
use crate::PRIVATE;
use plan::{Call, Effect, Formula, Judge, Judged, Node, Plan};

/// The streamed verdicts of a catalog's schemas: for each of `schemas` (a function name and
/// its rule set, as `shared::share` renamed it) that [`streams`], `fn <name>(bytes: &[u8]) ->
/// Option<bool>` (`None`: the stream stepped aside; written in `mod __stream`, re-exported),
/// and in `mod __stream` the nodes of all, planned once over `catalog`
/// (`shared::Shared::catalog`, whose definitions the nodes' functions call): a set of goals
/// two schemas reach is one function. It all sits in the catalog's module (`shared::module`),
/// with the definitions' scalar twins (`__pdef_<n>`).
pub fn catalog(schemas: &[(Ident, &RuleSet)], catalog: &RuleSet) -> TokenStream {
    let mut plan = Plan::new(catalog);
    let roots: Vec<(&Ident, usize)> = schemas
        .iter()
        .filter_map(|(name, set)| Some((name, plan.root(&streamed_rule(set)?.check))))
        .collect();
    if roots.is_empty() {
        return TokenStream::new();
    }
    // The definitions' scalar twins, those alike once; a node calls the one kept.
    let (scalars, twin) = scalar::definitions(catalog);
    let scalar_twin = |i: &Ident| {
        let n = i
            .to_string()
            .strip_prefix("__pdef_")?
            .parse::<usize>()
            .ok()?;
        let kept = *twin.get(&n)?;
        (kept != n).then(|| format_ident!("__pdef_{}", kept))
    };
    let tape_fns = plan.tape_lists.iter().map(|&l| {
        let f = format_ident!("__t{}", l);
        verdict::verdict_fn(
            &f,
            verdict::Over::Instance,
            &verdict::holds(plan.lists[l], catalog),
        )
    });
    // Nodes of other goals often judge alike (`type: boolean` at 600 places): one function.
    let numbered = |i: &Ident| {
        let name = i.to_string();
        let digits = name
            .strip_prefix("__s")
            .or_else(|| name.strip_prefix("__p"))?;
        digits
            .parse::<usize>()
            .ok()
            .filter(|&n| n < plan.nodes.len())
    };
    let all: Vec<TokenStream> = (0..plan.nodes.len())
        .map(|n| super::minimise::rename(node(&plan, n), &scalar_twin))
        .collect();
    let classes = super::minimise::classes(&all, numbered);
    let same = classes.first;
    let rename = |i: &Ident| {
        let n = numbered(i)?;
        (same[n] != n).then(|| format_ident!("{}{}", &i.to_string()[..3], same[n]))
    };
    // An optimised build inlines a node called from one place; a leaf node (a value's own
    // checks, no entries or items judged) that stands for several is small and asked to be
    // inlined too, so that merging costs no calls (traefik's streamed verdict: 3 % more
    // instructions without). A leaf names only its own two functions, at most three times:
    // `__s<n>` declared, `__p<n>` called and declared (a node calling itself is no leaf).
    let leaf: Vec<bool> = classes
        .calls
        .iter()
        .enumerate()
        .map(|(n, calls)| calls.len() <= 3 && calls.iter().all(|&c| c == n))
        .collect();
    let mut members = vec![0usize; all.len()];
    for &s in &same {
        members[s] += 1;
    }
    // A merged node called from two places is asked to be inlined (olm's and
    // bundle/many-invalid's streamed verdicts: 1.2 % more instructions without): its two
    // copies had been, each called from one place.
    let mut sites = vec![0usize; all.len()];
    for (j, calls) in classes
        .calls
        .iter()
        .enumerate()
        .filter(|&(j, _)| same[j] == j)
    {
        for &c in calls.iter().filter(|&&c| c != j) {
            sites[same[c]] += 1;
        }
    }
    let nodes = all
        .into_iter()
        .enumerate()
        .filter(|&(n, _)| same[n] == n)
        .map(|(n, tokens)| {
            let inline = if members[n] > 1 && leaf[n] {
                Some(quote!(#[cfg_attr(not(debug_assertions), inline(always))]))
            } else if members[n] > 1 && sites[n] == 2 {
                Some(quote!(#[inline]))
            } else {
                None
            };
            let tokens = super::minimise::rename(tokens, &rename);
            quote!(#inline #tokens)
        });
    // In the nodes' module, so that a root node called by its verdict alone is private to it
    // and inlined there, as any node called from one place (cert-manager's and olm's streamed
    // verdicts: 3-4 % more instructions with the verdicts in the catalog's module).
    let verdicts = roots.iter().map(|(name, root)| {
        let s = format_ident!("__s{}", same[*root]);
        quote! {
            /// The streamed verdict (`None`: stepped aside).
            pub fn #name(__bytes: &[u8]) -> ::core::option::Option<bool> {
                #PRIVATE::checks::document::stream(__bytes, |__s| #s(__s, 0))
            }
        }
    });
    let names = roots.iter().map(|(name, _)| name);
    // A module, not a function holding the functions as items: rustc lowers items nested in
    // a function body far more slowly.
    quote! {
        pub use __stream::{#(#names),*};
        pub mod __stream {
            use super::*;
            use #PRIVATE::model::reader::Abort as __Abort;
            /// A node's answer: a bit per goal, or `Err` where the stream steps aside.
            type __Answer = ::core::result::Result<u64, __Abort>;
            #(#verdicts)*
            #(#tape_fns)*
            #(#nodes)*
            #scalars
        }
    }
}

/// Whether [`catalog`] streams `set`.
pub fn streams(set: &RuleSet) -> bool {
    streamed_rule(set).is_some()
}

/// The one rule of `set` when it is one document check of the whole document, with no ytt
/// validation in it.
fn streamed_rule(set: &RuleSet) -> Option<&Rule> {
    let [rule] = set.rules.as_slice() else {
        return None;
    };
    let whole = matches!(&rule.path.as_ref()?.syntax, Syntax::Pointer(tokens) if tokens.is_empty());
    let plain = rule.check.is_document()
        && rule.guard.is_none()
        && rule.severity == Severity::Error
        && !Check::any_extension(std::slice::from_ref(&rule.check))
        && !set.definitions.values().any(|d| Check::any_extension(d));
    (whole && plain).then_some(rule)
}

/// Node `n`'s functions: `__s<n>` (its value read from the stream) and `__p<n>` (a scalar's
/// verdicts).
fn node(plan: &Plan<'_>, n: usize) -> TokenStream {
    let s = format_ident!("__s{}", n);
    let p = format_ident!("__p{}", n);
    let Node {
        goals,
        chain,
        reach,
        judge,
    } = &plan.nodes[n];
    // Named in `mod __stream` (`catalog`).
    let abort = quote!(__Abort);
    let res = quote!(__Answer);
    let signatures = quote! {
        fn #s(__s: &mut #PRIVATE::checks::document::Stream<'_>, __depth: usize) -> #res
    };
    let scalar_signature = quote! {
        fn #p(
            __v: &#PRIVATE::model::Scalar<'_>,
            __depth: usize,
            __budget: &#PRIVATE::checks::document::Budget,
        ) -> #res
    };
    let streamed = match judge {
        Judge::StepAside => {
            return quote! {
                #signatures { ::core::result::Result::Err(#abort) }
                #scalar_signature { ::core::result::Result::Err(#abort) }
            };
        }
        Judge::Tape => None,
        Judge::Stream(streamed) => Some(streamed),
    };
    let tape = tape_branch(goals, *reach);
    let child_depth = quote!(__depth + #chain as usize);
    let (object, array) = match streamed {
        Some(st) => (
            st.object.as_ref().map_or_else(
                || tape.clone(),
                |o| object::branch(plan, st, o, &child_depth),
            ),
            st.array
                .as_ref()
                .map_or_else(|| tape.clone(), |a| array::branch(st, a, &child_depth)),
        ),
        None => (tape.clone(), tape),
    };
    let depth_check = (*chain > 0).then(|| {
        quote! {
            if __depth + #chain as usize > #PRIVATE::checks::document::MAX_DEPTH {
                return ::core::result::Result::Err(#abort);
            }
        }
    });
    let projections = formula::bits(
        goals
            .iter()
            .map(|&g| scalar::holds(plan.lists[g], plan.set)),
    );
    quote! {
        #signatures {
            #depth_check
            match __s.peek()? {
                b'{' => #object,
                b'[' => #array,
                _ => {
                    let __x = __s.scalar()?;
                    #p(&__x, __depth, __s.budget())
                }
            }
        }
        #scalar_signature {
            ::core::result::Result::Ok(#projections)
        }
    }
}

/// A block: the value (an array or object) read into a tape, each goal judged there by the
/// tape path's verdict code; stepping aside where definitions could nest too deep in it.
fn tape_branch(goals: &[usize], reach: Option<u32>) -> TokenStream {
    let abort = quote!(__Abort);
    let too_deep = match reach {
        None => quote!(true),
        Some(0) => quote!(false),
        Some(k) => quote! {
            __depth + (#PRIVATE::model::Tape::depth(&__t) + 1) * #k as usize
                > #PRIVATE::checks::document::MAX_DEPTH
        },
    };
    let verdicts = goals.iter().map(|&g| {
        let f = format_ident!("__t{}", g);
        quote!(#f(__root, __depth, __s.budget()))
    });
    let bits = formula::bits(verdicts);
    quote! {{
        let __t = __s.tape()?;
        if #too_deep {
            return ::core::result::Result::Err(#abort);
        }
        let __root = #PRIVATE::model::Tape::root(&__t);
        ::core::result::Result::Ok(#bits)
    }}
}

/// Statements: what an entry or item does (`__key`, `__n` in scope): its value handed to the
/// node of its goals (`child_depth` deep) and each answer fed to its atom, or skipped; the
/// atoms its presence breaks set `false`.
fn effect(e: &Effect, atoms: &[Judged], child_depth: &TokenStream) -> TokenStream {
    let call = match &e.call {
        Some(Call { node, uses }) => {
            let f = format_ident!("__s{}", node);
            let uses = uses.iter().map(|&(bit, a)| {
                let mask = 1u64 << bit;
                let got = quote!(__r & #mask != 0);
                match atoms[a] {
                    Judged::Contains(..) => {
                        let c = format_ident!("__c{}", a);
                        quote!(#c += usize::from(#got);)
                    }
                    Judged::Each => {
                        let v = format_ident!("__a{}", a);
                        quote!(#v &= #got;)
                    }
                    // Judged without the value on this kind of container.
                    _ => quote!(),
                }
            });
            quote! {
                let __r = #f(__s, #child_depth)?;
                #(#uses)*
            }
        }
        None => quote!(__s.skip()?;),
    };
    let breaks = e
        .breaks
        .iter()
        .filter(|&&a| atoms[a] == Judged::Each)
        .map(|a| {
            let v = format_ident!("__a{}", a);
            quote!(#v = false;)
        });
    quote! {
        #call
        #(#breaks)*
    }
}

/// Statements declaring the accumulated atoms of a container (`__a<i>`, `__c<i>`).
fn accumulators(atoms: &[Judged]) -> TokenStream {
    let each = atoms.iter().enumerate().map(|(i, j)| match j {
        Judged::Each => {
            let v = format_ident!("__a{}", i);
            quote!(let mut #v = true;)
        }
        Judged::Contains(..) => {
            let c = format_ident!("__c{}", i);
            quote!(let mut #c = 0usize;)
        }
        _ => quote!(),
    });
    quote!(#(#each)*)
}

/// Statements judging the atoms known once a container is read (`__n` its size): sizes,
/// `contains` counts; `required` with `__seen` (the arms' keys seen).
fn closing(atoms: &[Judged]) -> TokenStream {
    let doc = quote!(#PRIVATE::checks::document);
    let each = atoms.iter().enumerate().map(|(i, j)| {
        let v = format_ident!("__a{}", i);
        let opt = |b: &Option<u64>| match b {
            Some(b) => quote!(::core::option::Option::Some(#b)),
            None => quote!(::core::option::Option::None),
        };
        match j {
            Judged::Size(min, max) => {
                let (min, max) = (opt(min), opt(max));
                quote!(let #v = #doc::in_bounds(__n, #min, #max);)
            }
            Judged::Contains(min, max) => {
                let c = format_ident!("__c{}", i);
                let max = opt(max);
                quote!(let #v = #doc::contains(#c, #min, #max).is_none();)
            }
            Judged::Keys(arms) => {
                // Unsuffixed: `__seen` is a `u64` or a `u128` (`object::branch`).
                let mask =
                    proc_macro2::Literal::u128_unsuffixed(arms.iter().fold(0, |m, &a| m | 1 << a));
                quote!(let #v = __seen & #mask == #mask;)
            }
            Judged::Unique => quote!(let #v = __u;),
            Judged::Known(_) | Judged::Each => quote!(),
        }
    });
    quote!(#(#each)*)
}

/// An expression: whether every goal of a container is already known to fail (each has a
/// conjunct atom broken), so that its remaining entries or items need only be read (keys
/// still tested for repeats); `None` where no goal can fail that early.
fn done(formulas: &[Formula], atoms: &[Judged]) -> Option<TokenStream> {
    let mut groups: Vec<Vec<TokenStream>> = Vec::new();
    for f in formulas {
        let needed = plan::necessary(f);
        if needed.iter().any(|&a| atoms[a] == Judged::Known(false)) {
            continue;
        }
        let broken: Vec<TokenStream> = needed
            .iter()
            .filter(|&&a| atoms[a] == Judged::Each)
            .map(|a| {
                let v = format_ident!("__a{}", a);
                quote!(!#v)
            })
            .collect();
        if broken.is_empty() {
            return None;
        }
        groups.push(broken);
    }
    // `&&` binds tighter than `||`: a group of several needs its parentheses only among
    // several groups.
    let several = groups.len() > 1;
    let each: Vec<TokenStream> = groups
        .iter()
        .map(|g| {
            let any = formula::joined(g, quote!(||));
            if several && g.len() > 1 {
                quote!((#any))
            } else {
                any
            }
        })
        .collect();
    Some(if each.is_empty() {
        quote!(true)
    } else {
        formula::joined(&each, quote!(&&))
    })
}

/// A block answering a node's goals on an array or object that no atom reads: the value
/// skipped (checked as JSON), its `$ref` evaluations taken.
fn skipped(refs: &TokenStream, lets: &TokenStream, verdicts: &TokenStream) -> TokenStream {
    quote! {{
        __s.skip()?;
        #refs
        #lets
        ::core::result::Result::Ok(#verdicts)
    }}
}

/// A statement taking the `$ref` evaluations of a container's goals from the budget.
fn take_refs(refs: u32) -> TokenStream {
    if refs == 0 {
        return quote!();
    }
    quote!(__s.take(#refs)?;)
}
