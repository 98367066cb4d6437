//! The object branch of a node: entries read one by one, each key recognised in place among
//! the keys the checks name (or read, decoded, and `match`ed), a bit each (a key seen twice
//! steps aside, as does any repeated key); the others dispatched by the patterns they match
//! and kept for that test; each value handed to the node of its goals, and only read once
//! every goal is known to fail.

use std::collections::BTreeMap;

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use super::plan::{Dispatch, Effect, Judge, ObjectPlan, Plan, Streamed};
use super::{accumulators, closing, done, effect, formula, skipped, take_refs};
use crate::PRIVATE;
use crate::emit::document::regex_static;

/// A block answering the node's goals on the object at the stream.
pub(super) fn branch(
    plan: &Plan<'_>,
    node: &Streamed,
    o: &ObjectPlan,
    child_depth: &TokenStream,
) -> TokenStream {
    let abort = quote!(__Abort);
    let refs = take_refs(node.refs);
    let (lets, verdicts) = formula::verdicts(&node.formulas, &o.atoms);
    if !o.read {
        return skipped(&refs, &lets, &verdicts);
    }
    let names = o.names.iter().map(|&(a, n)| {
        let p = format_ident!("__p{}", n);
        let v = format_ident!("__a{}", a);
        let chain = plan.nodes[n].chain;
        let deep = match plan.nodes[n].judge {
            Judge::StepAside => quote!(true),
            _ => quote!(#child_depth + #chain as usize > #PRIVATE::checks::document::MAX_DEPTH),
        };
        quote! {
            if #deep {
                return ::core::result::Result::Err(#abort);
            }
            let __x = #PRIVATE::model::Scalar::key(__name);
            #v &= #p(&__x, #child_depth, __s.budget())? & 1 == 1;
        }
    });
    // Once every goal is known to fail, values are only read (keys still tested for repeats).
    let done = done(&node.formulas, &o.atoms);
    let early = done.is_some();
    let unless_done = |body: TokenStream| {
        if early {
            quote! {
                if __done {
                    __s.skip()?;
                } else {
                    #body
                }
            }
        } else {
            body
        }
    };
    let names: Vec<TokenStream> = names.collect();
    let named = !names.is_empty();
    // `propertyNames`' checks of `__name`, the key.
    let names = match (names.is_empty(), early) {
        (true, _) => quote!(),
        (false, true) => quote!(if !__done { #(#names)* }),
        (false, false) => quote!(#(#names)*),
    };
    let arms = o.arms.iter().enumerate().map(|(i, (key, e))| {
        let body = effect(e, &o.atoms, child_depth);
        let name = named.then(|| quote!(let __name: &str = #key;));
        quote! {
            #i => {
                #name
                #names
                #body
            }
        }
    });
    let arms = unless_done(quote! {
        match __arm {
            #(#arms)*
            _ => {}
        }
    });
    let numbered = o
        .arms
        .iter()
        .enumerate()
        .map(|(i, (key, _))| quote!(#key => #i,));
    let other = unless_done(match &o.other {
        Dispatch::Static(e) => effect(e, &o.atoms, child_depth),
        Dispatch::Patterns(regexes, effects) => {
            let matched: Vec<TokenStream> = regexes
                .iter()
                .enumerate()
                .map(|(i, re)| {
                    let built = regex_static(re);
                    let bit = quote! {
                        usize::from(match #built {
                            // Over its backtracking limit: the tape reports it.
                            ::core::result::Result::Ok(__re) => match __re.is_match(&__key) {
                                ::core::result::Result::Ok(__matched) => __matched,
                                ::core::result::Result::Err(_) => return ::core::result::Result::Err(#abort),
                            },
                            ::core::result::Result::Err(_) => return ::core::result::Result::Err(#abort),
                        })
                    };
                    if i == 0 { bit } else { quote!(#bit << #i) }
                })
                .collect();
            let mask = formula::joined(&matched, quote!(|));
            let last = effects.len() - 1;
            let cases = effects.iter().enumerate().map(|(mask, e)| {
                let body = effect(e, &o.atoms, child_depth);
                if mask == last {
                    quote!(_ => { #body })
                } else {
                    quote!(#mask => { #body })
                }
            });
            quote! {
                let __m = #mask;
                match __m {
                    #(#cases)*
                }
            }
        }
    });
    let done = done.map(|d| quote!(let __done = #d;));
    let matcher = matcher(&o.arms);
    let accumulate = accumulators(&o.atoms);
    let close = closing(&o.atoms);
    // A bit per arm (`plan::MAX_ARMS` at most); a `u64` where that does: shifting a `u128` by
    // a variable is several instructions at every entry (cert-manager's streamed verdict:
    // 0.7 % more instructions).
    let seen = if o.arms.len() <= 64 {
        quote!(u64)
    } else {
        quote!(u128)
    };
    quote! {{
        #accumulate
        let mut __seen: #seen = 0;
        let mut __n = 0usize;
        let __mark = __s.mark();
        if __s.enter_object()? {
            loop {
                __n += 1;
                #done
                // A key some check names, written plainly, is recognised in place; any other
                // is read (decoded), then numbered or dispatched.
                let __arm = match __s.named_key(#matcher)? {
                    ::core::option::Option::Some(__arm) => __arm,
                    ::core::option::Option::None => {
                        let __key = __s.key()?;
                        match &*__key {
                            #(#numbered)*
                            _ => {
                                let __name: &str = &__key;
                                #names
                                #other
                                __s.other_key(__key);
                                usize::MAX
                            }
                        }
                    }
                };
                if __arm != usize::MAX {
                    let __bit: #seen = 1 << __arm;
                    if __seen & __bit != 0 {
                        return ::core::result::Result::Err(#abort);
                    }
                    __seen |= __bit;
                    #arms
                }
                if !__s.next_entry()? {
                    break;
                }
            }
        }
        __s.close_object(__mark)?;
        #refs
        #close
        #lets
        ::core::result::Result::Ok(#verdicts)
    }}
}

/// A closure recognising the arms' keys written plainly (no character JSON must escape) at the
/// start of a key's bytes, with the closing quote: `Some((bytes, arm))`.
fn matcher(arms: &[(String, Effect)]) -> TokenStream {
    let mut by_first: BTreeMap<u8, Vec<(usize, Vec<u8>)>> = BTreeMap::new();
    for (i, (key, _)) in arms.iter().enumerate() {
        if key.chars().any(|c| c == '"' || c == '\\' || c < ' ') {
            continue;
        }
        let mut written = key.as_bytes().to_vec();
        written.push(b'"');
        by_first.entry(written[0]).or_default().push((i, written));
    }
    let cases = by_first.iter().map(|(first, keys)| {
        let tries = keys.iter().map(|(i, written)| {
            let len = written.len();
            let lit = Literal::byte_string(written);
            quote! {
                if __rest.starts_with(#lit) {
                    return ::core::option::Option::Some((#len, #i));
                }
            }
        });
        quote!(::core::option::Option::Some(#first) => { #(#tries)* ::core::option::Option::None })
    });
    quote! {
        |__rest: &[u8]| -> ::core::option::Option<(usize, usize)> {
            match __rest.first().copied() {
                #(#cases)*
                _ => ::core::option::Option::None,
            }
        }
    }
}
