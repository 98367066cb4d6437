//! The walks of a KubeVirt rule set's static paths, planned as a trie.

use std::collections::BTreeMap;

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use validgen_core::ir::RuleSet;

use super::Walks;
use crate::PRIVATE;
use crate::emit::Paths;
use crate::emit::path::params_tokens;
use crate::plan::{PathPlan, Step};

/// Where the walk of a static path left its values.
#[derive(Debug, Clone, Copy)]
pub enum Read {
    /// `__n<i>: Option<Slot>`: the single value, `None` when the path fails.
    Chain(usize),
    /// `__l<i>: Option<Nodes>`: the values, `None` when the path fails.
    List(usize),
}

impl Read {
    /// The variable holding the values.
    pub fn ident(self) -> Ident {
        match self {
            Read::Chain(i) => chain_ident(i),
            Read::List(i) => format_ident!("__l{}", i),
        }
    }
}

fn chain_ident(i: usize) -> Ident {
    format_ident!("__n{}", i)
}

impl Walks {
    /// Plans the walks of every static path of `set` (rule paths, `valid` guards, arguments),
    /// in rule order.
    pub fn new(set: &RuleSet, paths: &Paths) -> Walks {
        // Trie nodes after the root (node 0 = the VM): (parent, step).
        let mut nodes: Vec<(usize, Step)> = Vec::new();
        // Multi-value remainders: (chain node they start from, steps).
        let mut lists: Vec<(usize, Vec<Step>)> = Vec::new();
        let mut reads = BTreeMap::new();
        let mut lets = vec![quote! {
            let __n0: ::core::option::Option<#PRIVATE::compiled::Slot<'_, V>> =
                ::core::option::Option::Some(::core::option::Option::Some(vm));
        }];
        for (_, p) in set.rules.iter().flat_map(|r| r.paths()) {
            let PathPlan::Static(sp) = &paths.get(p).plan else {
                continue;
            };
            if reads.contains_key(&p.source) {
                continue;
            }
            let split = sp
                .steps
                .iter()
                .position(|s| matches!(s, Step::Array { .. } | Step::NotArray { .. }))
                .unwrap_or(sp.steps.len());
            let (prefix, rest) = sp.steps.split_at(split);
            let mut at = 0;
            for step in prefix {
                at = match nodes.iter().position(|(up, s)| *up == at && s == step) {
                    Some(i) => i + 1,
                    None => {
                        nodes.push((at, step.clone()));
                        lets.push(chain_let(nodes.len(), at, step));
                        nodes.len()
                    }
                };
            }
            let read = if rest.is_empty() {
                Read::Chain(at)
            } else {
                match lists.iter().position(|(n, r)| *n == at && r == rest) {
                    Some(i) => Read::List(i),
                    None => {
                        lists.push((at, rest.to_vec()));
                        lets.push(list_let(lists.len() - 1, at, rest));
                        Read::List(lists.len() - 1)
                    }
                }
            };
            reads.insert(p.source.clone(), read);
        }
        Walks { reads, lets }
    }

    /// Where the static path `source` was walked.
    ///
    /// Every static path given to an emitter was walked first; a miss is a bug of this crate.
    pub fn read(&self, source: &str) -> Read {
        match self.reads.get(source) {
            Some(r) => *r,
            None => unreachable!("path {source} was not walked"),
        }
    }
}

/// `let __n<id>` from its parent node: one step that keeps a single value (`None`: the path
/// fails).
fn chain_let(id: usize, parent: usize, step: &Step) -> TokenStream {
    let (name, up) = (chain_ident(id), chain_ident(parent));
    let value = match step {
        Step::Missing => quote!(::core::option::Option::None),
        Step::Field {
            keys: Some(keys),
            through_pointer: false,
        } => {
            let mut access = quote!(n);
            for k in keys {
                access = quote!(#PRIVATE::compiled::field(#access, #k));
            }
            quote!(#up.map(|n| #access))
        }
        _ => {
            let body = chain_body(std::slice::from_ref(step));
            quote!(#up.and_then(|n: #PRIVATE::compiled::Slot<'_, V>| { #body }))
        }
    };
    quote!(let #name: ::core::option::Option<#PRIVATE::compiled::Slot<'_, V>> = #value;)
}

/// The body of a closure taking `n: Slot` through single-value steps to `Option<Slot>`: a nil
/// pointer or a missing key gives `None`.
fn chain_body(steps: &[Step]) -> TokenStream {
    let mut out = TokenStream::new();
    for step in steps {
        match step {
            Step::Field {
                keys,
                through_pointer,
            } => {
                if *through_pointer {
                    out.extend(quote!(let n = ::core::option::Option::Some(n?);));
                }
                match keys {
                    Some(keys) => {
                        for k in keys {
                            out.extend(quote!(let n = #PRIVATE::compiled::field(n, #k);));
                        }
                    }
                    None => out.extend(
                        quote!(let n: #PRIVATE::compiled::Slot<'_, V> = ::core::option::Option::None;),
                    ),
                }
            }
            Step::MapKey { key } => {
                out.extend(quote!(let n = #PRIVATE::compiled::map_entry(n, #key)?;));
            }
            Step::Missing | Step::Array { .. } | Step::NotArray { .. } => {
                return quote!(#out ::core::option::Option::None);
            }
        }
    }
    quote!(#out ::core::option::Option::Some(n))
}

/// `let __l<index>` from a chain node: the multi-value rest of a path. One array step followed
/// by single-value steps (the usual `disks[*].disk.bus`) is one loop into one list; anything
/// else goes step by step.
fn list_let(index: usize, from: usize, rest: &[Step]) -> TokenStream {
    let name = Read::List(index).ident();
    let up = chain_ident(from);
    let value = match rest.split_first() {
        Some((
            Step::Array {
                params,
                through_pointer,
            },
            after,
        )) if !after
            .iter()
            .any(|s| matches!(s, Step::Array { .. } | Step::NotArray { .. })) =>
        {
            let body = chain_body(after);
            if params.iter().all(|p| !p.known) {
                // `[*]`: every element.
                quote! {
                    #up.and_then(|n| #PRIVATE::compiled::each_all(n, #through_pointer, |n: #PRIVATE::compiled::Slot<'_, V>| { #body }))
                }
            } else {
                let params = params_tokens(params);
                quote! {
                    #up.and_then(|n| #PRIVATE::compiled::each(n, &#params, #through_pointer, |n: #PRIVATE::compiled::Slot<'_, V>| { #body }))
                }
            }
        }
        _ => {
            let steps = rest.iter().map(list_step);
            quote! {
                #up.and_then(|n| {
                    let n = #PRIVATE::compiled::one_node(n);
                    #(#steps)*
                    ::core::option::Option::Some(n)
                })
            }
        }
    };
    quote!(let #name: ::core::option::Option<#PRIVATE::compiled::Nodes<'_, V>> = #value;)
}

/// A step over a list of nodes.
fn list_step(step: &Step) -> TokenStream {
    match step {
        Step::Field {
            keys: Some(keys),
            through_pointer,
        } if keys.len() == 1 => {
            let k = &keys[0];
            quote!(let n = #PRIVATE::compiled::step_field(&n, #k, #through_pointer)?;)
        }
        Step::Field {
            keys,
            through_pointer,
        } => {
            // Several keys (a field reached through an embedded struct) or none (a field that
            // never appears in JSON): one step of client-go, applied node by node.
            let access = match keys {
                Some(keys) => {
                    let keys = keys
                        .iter()
                        .map(|k| quote!(let s = #PRIVATE::compiled::field(s, #k);));
                    quote!(#(#keys)* s)
                }
                None => quote!(::core::option::Option::None),
            };
            quote! {
                let n = #PRIVATE::compiled::found(&n, n
                    .iter()
                    .filter(|s| !(#through_pointer && s.is_none()))
                    .map(|s| { let s = *s; #access })
                    .collect())?;
            }
        }
        Step::MapKey { key } => {
            quote!(let n = #PRIVATE::compiled::step_map(&n, #key)?;)
        }
        Step::Missing => quote!(let n = #PRIVATE::compiled::step_missing(&n)?;),
        Step::Array {
            params,
            through_pointer,
        } => {
            let params = params_tokens(params);
            quote!(let n = #PRIVATE::compiled::step_array(&n, &#params, #through_pointer)?;)
        }
        Step::NotArray { through_pointer } => {
            quote!(let n = #PRIVATE::compiled::step_not_array(&n, #through_pointer)?;)
        }
    }
}
