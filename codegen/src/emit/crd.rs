//! A CRD version's `<name>_judge`: the API server's whole answer (`validgen_crd::compiled`),
//! with the catalog's structural validator and the CEL rules lowered by
//! `validgen_crd::cel::lower` emitted as Rust, one function per rule.
//!
//! A rule's function computes its verdict and the cost `validgen_cel::Budget` charges for it
//! in one pass: every expression is evaluated as cel 0.13 evaluates it (an error is `Err(())`,
//! which `&&`, `||` and `?:` absorb where cel 0.13 does), and its cost added as `Budget`
//! adds it (an identifier or selection 1, a call 1 plus its operands' sizes, a comprehension
//! its range, then per element its condition and step, stopping where `Budget` stops). A
//! value of another shape than the schema's makes it return `None`: the interpreter decides.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use serde_json::Value;
use validgen_core::ir::RuleSet;
use validgen_crd::cel::lower::{Kind, Lowered, Node, Op, Ty};

use super::path::ident;
use crate::PRIVATE;

/// What a CRD version's `<name>_judge` is made of.
#[derive(Debug, Clone)]
pub struct CrdItem {
    /// The validator's name (`gateway_v1`).
    pub name: String,
    /// Its file, relative to the catalog, and version (`gateways.yaml (version v1)`).
    pub file: String,
    /// The version's `openAPIV3Schema`, as written.
    pub schema: Value,
    /// The version's `subresources`, as written (`null` for none).
    pub subresources: Value,
    /// The structural rule set as the API server checks it, when the catalog's own differs
    /// (compiled without formats asserted, or rejecting unknown fields).
    pub api_rules: Option<RuleSet>,
    /// The rules compiled into Rust.
    pub lowered: Vec<Lowered>,
    /// How many rules the version holds.
    pub count: usize,
}

impl CrdItem {
    /// The name of the document validator of [`CrdItem::api_rules`].
    pub fn structural_name(&self) -> String {
        format!("__{}_api", self.name)
    }
}

/// The items of the CRD versions `items`.
pub fn items(items: &[CrdItem]) -> TokenStream {
    let all = items.iter().map(item);
    let entries = items.iter().map(|i| {
        let (name, file) = (&i.name, &i.file);
        let judge = format_ident!("{}_judge", name);
        let table = format_ident!("__{}_CEL", name);
        let rules = i.count;
        quote!(#PRIVATE::crd::compiled::Judge {
            name: #name, file: #file, judge: #judge, compiled: #table, rules: #rules,
        })
    });
    quote! {
        #(#all)*
        /// The `<name>_judge` of every CRD version of the catalog, sorted by name.
        pub static CRD_JUDGES: &[#PRIVATE::crd::compiled::Judge] = &[#(#entries),*];
    }
}

fn item(item: &CrdItem) -> TokenStream {
    let name = &item.name;
    let schema_text = item.schema.to_string();
    let subresources_text = item.subresources.to_string();
    let schema_const = format_ident!("__{}_CRD_SCHEMA", name);
    let table = format_ident!("__{}_CEL", name);
    let prepared = format_ident!("__{}_CRD", name);
    let judge = format_ident!("{}_judge", name);
    let structural = match &item.api_rules {
        Some(_) => ident(&item.structural_name()),
        None => ident(name),
    };
    let fns: Vec<TokenStream> = item
        .lowered
        .iter()
        .enumerate()
        .map(|(k, l)| rule_fn(&format_ident!("__{}_cel_{}", name, k), l))
        .collect();
    let entries = item.lowered.iter().enumerate().map(|(k, l)| {
        let f = format_ident!("__{}_cel_{}", name, k);
        let (node, index) = (&l.node, l.index);
        quote!((#node, #index, #f))
    });
    let doc = format!(
        "The API server's whole answer for a `{name}` object (with `old`, as an update of that stored object): pruning, defaults, list types, the structural schema and the CEL rules with their budgets, as `validgen::crd::judge` gives it. {} of its {} CEL rule(s) run as compiled Rust; the others, and any a compiled rule cannot decide, run in the interpreter.",
        item.lowered.len(),
        item.count
    );
    quote! {
        #[allow(non_upper_case_globals)]
        const #schema_const: &str = #schema_text;
        #(#fns)*
        #[allow(non_upper_case_globals)]
        static #table: &[#PRIVATE::crd::compiled::FastRule] = &[#(#entries),*];
        #[allow(non_upper_case_globals)]
        static #prepared: ::std::sync::LazyLock<#PRIVATE::crd::compiled::Crd> =
            ::std::sync::LazyLock::new(|| {
                #PRIVATE::crd::compiled::Crd::new(#schema_const, #subresources_text, #table)
            });
        #[doc = #doc]
        pub fn #judge(
            object: &#PRIVATE::serde_json::Value,
            old: ::core::option::Option<&#PRIVATE::serde_json::Value>,
        ) -> #PRIVATE::crd::Answer {
            let structural = |doc: &#PRIVATE::serde_json::Value| {
                #structural(doc, #PRIVATE::interpret::Explain::Failures).violations
            };
            #prepared.judge(&structural, object, old)
        }
    }
}

/// The function of one lowered rule: `self` to its verdict and cost.
fn rule_fn(f: &proc_macro2::Ident, l: &Lowered) -> TokenStream {
    let this = convert(&quote!(__v), &l.self_ty);
    let body = expr(&l.expr);
    let doc = format!(
        "Rule {} of `{}`, compiled: its verdict and cost, or `None`.",
        l.index, l.node
    );
    quote! {
        #[doc = #doc]
        #[allow(unused_mut, unused_variables, clippy::all)]
        fn #f(__v: &#PRIVATE::serde_json::Value) -> ::core::option::Option<(bool, u64)> {
            let mut __c: u64 = 0;
            let __s = #this;
            match #body {
                ::core::result::Result::Ok(held) => ::core::option::Option::Some((held, __c)),
                ::core::result::Result::Err(()) => ::core::option::Option::None,
            }
        }
    }
}

/// The JSON value `j` as `ty`, or a return of `None` from the rule's function.
fn convert(j: &TokenStream, ty: &Ty) -> TokenStream {
    let read = match ty {
        Ty::Bool => quote!(#j.as_bool()),
        Ty::Int => quote!(#j.as_i64()),
        Ty::Str => quote!(#j.as_str()),
        Ty::Obj => quote!(#j.as_object()),
        Ty::List(_) => quote!(#j.as_array().map(::std::vec::Vec::as_slice)),
    };
    quote!(match #read {
        ::core::option::Option::Some(x) => x,
        ::core::option::Option::None => return ::core::option::Option::None,
    })
}

/// The statements adding the cost of the value `v` of `ty` (of `node`): its size, or with
/// `deep` its nested size, as `Budget` measures them.
fn size_cost(v: &TokenStream, node: &Node, deep: bool) -> TokenStream {
    let rt = quote!(#PRIVATE::crd::compiled);
    match &node.ty {
        Ty::Str => quote!(__c += #rt::str_cost(#v);),
        Ty::Obj => quote!(__c += #rt::len_cost(#v.len());),
        Ty::List(item) => {
            let literal = matches!(node.kind, Kind::List(_));
            let each = match (deep, &**item, literal) {
                (true, Ty::Str, true) => quote!(for x in #v.iter() { __c += #rt::str_cost(x); }),
                (true, Ty::Str, false) => {
                    let x = convert(&quote!(j), &Ty::Str);
                    quote!(for j in #v.iter() { __c += #rt::str_cost(#x); })
                }
                _ => quote!(),
            };
            quote!(__c += #rt::len_cost(#v.len()); #each)
        }
        Ty::Int | Ty::Bool => quote!(),
    }
}

/// `node` as an expression of type `Result<T, ()>` adding its cost to `__c`.
fn expr(node: &Node) -> TokenStream {
    let ok = quote!(::core::result::Result::Ok);
    let err = quote!(::core::result::Result::Err(()));
    match &node.kind {
        Kind::Bool(b) => quote!(#ok::<bool, ()>(#b)),
        Kind::Int(i) => quote!(#ok::<i64, ()>(#i)),
        Kind::Str(s) => quote!(#ok::<&str, ()>(#s)),
        Kind::SelfRef => quote!({ __c += 1; #ok::<_, ()>(__s) }),
        Kind::Local(slot) => {
            let l = format_ident!("__l{}", slot);
            quote!({ __c += 1; #ok::<_, ()>(#l) })
        }
        Kind::Select { operand, key } => {
            let o = expr(operand);
            let x = convert(&quote!(j), &node.ty);
            quote!({
                let o = #o;
                __c += 1;
                match o {
                    #ok(m) => match m.get(#key) {
                        ::core::option::Option::Some(j) => #ok(#x),
                        ::core::option::Option::None => #err,
                    },
                    ::core::result::Result::Err(()) => #err,
                }
            })
        }
        Kind::Has { operand, key } => {
            let o = expr(operand);
            quote!({
                let o = #o;
                __c += 1;
                o.map(|m| m.contains_key(#key))
            })
        }
        Kind::List(elements) => {
            let each = elements.iter().map(|e| {
                let e = expr(e);
                quote!(match #e { #ok(x) => items.push(x), ::core::result::Result::Err(()) => failed = true })
            });
            quote!({
                __c += 10;
                let mut items = ::std::vec::Vec::new();
                let mut failed = false;
                #(#each;)*
                if failed { #err } else { #ok(items) }
            })
        }
        Kind::Call { op, args } => call(*op, args),
        Kind::Comprehension {
            range,
            iter,
            accu,
            init,
            cond,
            step,
            result,
        } => {
            let (range_e, init_e) = (expr(range), expr(init));
            let (cond, step, result) = (expr(cond), expr(step), expr(result));
            let (it, acc) = (format_ident!("__l{}", iter), format_ident!("__l{}", accu));
            let Ty::List(item_ty) = &range.ty else {
                return quote!(compile_error!(
                    "a comprehension over a value that is not a list"
                ));
            };
            let item = convert(&quote!(j), item_ty);
            quote!({
                let r = #range_e;
                let i = #init_e;
                __c += 1;
                match (r, i) {
                    (#ok(items), #ok(init)) => {
                        let mut #acc: bool = init;
                        let mut failed = false;
                        for j in items.iter() {
                            // An `@not_strictly_false` condition: never an error.
                            match #cond {
                                #ok(false) => break,
                                #ok(true) => {}
                                ::core::result::Result::Err(()) => return ::core::option::Option::None,
                            }
                            let #it = #item;
                            match #step {
                                #ok(next) => #acc = next,
                                // cel 0.13 fails the comprehension; `Budget` stops counting it.
                                ::core::result::Result::Err(()) => { failed = true; break; }
                            }
                        }
                        if failed { #err } else { #result }
                    }
                    _ => #err,
                }
            })
        }
    }
}

/// A call of `op` on `args` (the target first).
fn call(op: Op, args: &[Node]) -> TokenStream {
    let ok = quote!(::core::result::Result::Ok);
    let err = quote!(::core::result::Result::Err(()));
    let names: Vec<proc_macro2::Ident> = (0..args.len()).map(|i| format_ident!("a{}", i)).collect();
    let values = args.iter().map(expr);
    let costs = if op.operands_only() {
        Vec::new()
    } else {
        args.iter()
            .zip(&names)
            .map(|(a, n)| {
                let cost = size_cost(&quote!(x), a, op.traverses());
                quote!(if let #ok(x) = &#n { #cost })
            })
            .collect()
    };
    let charge = (!op.operands_only()).then(|| quote!(__c += 1;));
    let both = |f: TokenStream| quote!(match (a0, a1) { (#ok(x), #ok(y)) => #f, _ => #err });
    let value = match op {
        Op::Eq => both(quote!(#ok(x == y))),
        Op::Ne => both(quote!(#ok(x != y))),
        Op::Lt => both(quote!(#ok(x < y))),
        Op::Le => both(quote!(#ok(x <= y))),
        Op::Gt => both(quote!(#ok(x > y))),
        Op::Ge => both(quote!(#ok(x >= y))),
        Op::Add => both(quote!(x.checked_add(y).ok_or(()))),
        Op::Sub => both(quote!(x.checked_sub(y).ok_or(()))),
        Op::StartsWith => both(quote!(#ok(x.starts_with(y)))),
        Op::EndsWith => both(quote!(#ok(x.ends_with(y)))),
        Op::Contains => both(quote!(#ok(x.contains(y)))),
        // cel 0.13's `||`: true if either is true, else the left error, else the right value.
        Op::Or => quote!(match (a0, a1) {
            (#ok(true), _) | (_, #ok(true)) => #ok(true),
            (#ok(false), #ok(false)) => #ok(false),
            _ => #err,
        }),
        Op::And => quote!(match (a0, a1) {
            (#ok(false), _) | (_, #ok(false)) => #ok(false),
            (#ok(true), #ok(true)) => #ok(true),
            _ => #err,
        }),
        Op::Not => quote!(a0.map(|x| !x)),
        Op::NotStrictlyFalse => quote!(#ok(a0.unwrap_or(true))),
        Op::Cond => {
            quote!(match a0 { #ok(true) => a1, #ok(false) => a2, ::core::result::Result::Err(()) => #err })
        }
        Op::Size => {
            let rt = quote!(#PRIVATE::crd::compiled);
            match &args[0].ty {
                Ty::Str => quote!(a0.map(#rt::str_size)),
                _ => quote!(a0.map(|x| #rt::len_size(x.len()))),
            }
        }
        Op::In => match (&args[1].kind, &args[1].ty) {
            (Kind::List(_), _) => both(quote!(#ok(y.contains(&x)))),
            (_, Ty::List(item)) => {
                let e = convert(&quote!(j), item);
                both(quote!({
                    let mut found = false;
                    for j in y.iter() {
                        if #e == x { found = true; }
                    }
                    #ok(found)
                }))
            }
            _ => quote!(compile_error!("`in` a value that is not a list")),
        },
    };
    quote!({
        #(let #names = #values;)*
        #charge
        #(#costs)*
        #value
    })
}
