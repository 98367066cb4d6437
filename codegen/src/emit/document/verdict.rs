//! The verdict path: whether the checks hold for `__v`, as statements that `return false` at
//! the first check that fails, with no location built and no violation kept. Rule bodies run
//! it first and build the full report (locations, violations) only for a value it rejects,
//! so valid documents cost the checks alone. Leaves call their pure function's verdict twin
//! (`has_type`, `has_keys`, `in_range`, …: no violation built, which failing branches of
//! `anyOf`/`oneOf` would otherwise pay for); nested checks recurse here; definitions get a
//! verdict twin each (`__vdef_<i>`). Both paths read the same checks through the same pure
//! functions, so "holds" here is exactly "no violation" there (the compiled-versus-
//! interpreted tests compare the reports). The interpreter's verdict
//! (`core/src/interpret/document/verdict.rs`) mirrors this one check for check, so both take
//! the same `$ref` evaluations from `__budget`.

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use validgen_core::ir::{Check, RuleSet};

use super::regex_static;
use crate::PRIVATE;

/// An expression: whether every check of `cs` holds for `__v` (a call where `cs` has a
/// function, `hoist.rs`).
pub(crate) fn holds(cs: &[Check], set: &RuleSet) -> TokenStream {
    if cs.is_empty() {
        return quote!(true);
    }
    if let Some(call) = super::hoist::call(cs, set) {
        return call;
    }
    conjunction(each_holds(cs, set).collect())
}

/// Whether each check of `cs` holds, leaving out those that judge nothing (a loop with no
/// check for each item: `true`, a statement `if !true` in a function).
fn each_holds<'c>(cs: &'c [Check], set: &'c RuleSet) -> impl Iterator<Item = TokenStream> + 'c {
    cs.iter()
        .filter(|c| !super::applies_nothing(c))
        .map(|c| check_holds(c, set))
}

/// Most operands of one `&&` chain: rustc walks a chain recursively.
const MAX_CHAIN: usize = 32;

/// An expression: whether every expression of `each` holds, tried in order until one does
/// not. A chain of `&&` where it is short enough (a closure each cost the compiler more than
/// the checks' code), a closure returning at the first that fails beyond.
pub(crate) fn conjunction(each: Vec<TokenStream>) -> TokenStream {
    match each.len() {
        0 => quote!(true),
        n if n <= MAX_CHAIN => quote!((#((#each))&&*)),
        _ => {
            let body = all_hold(each.into_iter());
            quote!((|| -> bool { #body })())
        }
    }
}

/// One function per definition of `set` (`__vdef_<n>`, by its shared number): its verdict.
pub(crate) fn definitions(set: &RuleSet) -> TokenStream {
    let fns = set.definitions.iter().map(|(name, cs)| {
        let body = function_body(cs, set);
        let n = crate::emit::shared::number(name);
        verdict_fn(&format_ident!("__vdef_{}", n), Over::Instance, &body)
    });
    let marking = super::unevaluated::definitions(set);
    quote!(#(#fns)* #marking)
}

/// The body of a verdict function judging `cs` (a definition's, a list's), the lists nested
/// in it widened first (`hoist::widen`).
pub(crate) fn function_body(cs: &[Check], set: &RuleSet) -> TokenStream {
    super::hoist::widen(cs);
    all_hold(each_holds(cs, set))
}

/// What a verdict function judges as `__v`.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Over {
    /// A value of any document model (`I: model::Instance`).
    Instance,
    /// A scalar read from a stream (`&model::Scalar`).
    Scalar,
}

/// `fn <name>(__v, __depth, __budget) -> bool { <body> }`: the shape of every verdict
/// function (definitions, their scalar twins, the stream's tape-mode lists).
pub(crate) fn verdict_fn(name: &Ident, over: Over, body: &TokenStream) -> TokenStream {
    let (generics, value) = match over {
        Over::Instance => (quote!(<'a, I: #PRIVATE::model::Instance<'a>>), quote!(I)),
        Over::Scalar => (quote!(), quote!(&#PRIVATE::model::Scalar<'_>)),
    };
    quote! {
        pub fn #name #generics(
            __v: #value,
            __depth: usize,
            __budget: &#PRIVATE::checks::document::Budget,
        ) -> bool {
            #body
        }
    }
}

/// Statements that `return false` at the first expression of `each` that does not hold, then
/// `true`.
pub(crate) fn all_hold(each: impl Iterator<Item = TokenStream>) -> TokenStream {
    let each = each.map(|holds| {
        quote! {
            if !(#holds) {
                return false;
            }
        }
    });
    quote!(#(#each)* true)
}

/// An expression: whether `c` holds for `__v`.
pub(super) fn check_holds(c: &Check, set: &RuleSet) -> TokenStream {
    match c {
        // No loop that would judge each item, entry or name `true` (rustc keeps such a loop,
        // not knowing that the iteration ends).
        c if super::applies_nothing(c) => quote!(true),
        Check::Items { from, checks } => {
            let inner = holds(checks, set);
            let each = for_all(
                quote!(__i),
                quote!(#from..__n),
                quote!(match #PRIVATE::model::Instance::item(__array, __i) {
                    ::core::option::Option::Some(__v) => #inner,
                    ::core::option::Option::None => true,
                }),
            );
            quote! {{
                let __array = __v;
                let __n = #PRIVATE::model::Instance::array_len(__array).unwrap_or(0);
                #each
            }}
        }
        Check::PrefixItems { items } => {
            let each = items.iter().enumerate().map(|(i, cs)| {
                let inner = holds(cs, set);
                quote!(match #PRIVATE::model::Instance::item(__array, #i) {
                    ::core::option::Option::Some(__v) => #inner,
                    ::core::option::Option::None => true,
                })
            });
            quote!({ let __array = __v; true #(&& #each)* })
        }
        // The object's entries, each key `match`ed against the named properties: no lookup
        // (hashing) per property. The order of the checks does not change the verdict (nor
        // the `$ref` evaluations taken when it holds, which are all of them).
        Check::Properties { properties } => {
            // One arm per name (a name listed twice gets both lists of checks).
            let mut named: Vec<(&str, Vec<TokenStream>)> = Vec::new();
            // A property whose checks judge nothing needs no arm: `_` holds.
            for (key, cs) in properties
                .iter()
                .filter(|(_, cs)| !super::judges_nothing(cs))
            {
                let inner = holds(cs, set);
                match named.iter_mut().find(|(k, _)| k == key) {
                    Some((_, all)) => all.push(inner),
                    None => named.push((key, vec![inner])),
                }
            }
            let arms = named
                .iter()
                .map(|(key, all)| quote!(#key => true #(&& #all)*,));
            for_all(
                quote!((__key, __v)),
                quote!(#PRIVATE::model::Instance::entries(__v)),
                quote!(match __key {
                    #(#arms)*
                    _ => true,
                }),
            )
        }
        Check::PatternProperties { patterns } => {
            let each = patterns.iter().map(|(re, cs)| {
                let built = regex_static(re);
                let inner = holds(cs, set);
                quote!(match #built {
                    ::core::result::Result::Ok(__re) => match __re.is_match(__key) {
                        ::core::result::Result::Ok(__matched) => !__matched || #inner,
                        ::core::result::Result::Err(_) => false,
                    },
                    ::core::result::Result::Err(_) => false,
                })
            });
            for_all(
                quote!((__key, __v)),
                quote!(#PRIVATE::model::Instance::entries(__v)),
                quote!(true #(&& #each)*),
            )
        }
        Check::AdditionalProperties {
            known,
            patterns,
            checks,
        } => {
            let skipped = super::additional_properties::skipped(known, patterns);
            let inner = holds(checks, set);
            for_all(
                quote!((__key, __v)),
                quote!(#PRIVATE::model::Instance::entries(__v)),
                quote!((#skipped) || #inner),
            )
        }
        Check::PropertyNames { checks } => {
            let inner = holds(checks, set);
            for_all(
                quote!(__key),
                quote!(#PRIVATE::model::Instance::keys(__v)),
                quote!({
                    let __name = #PRIVATE::serde_json::Value::String(::std::string::ToString::to_string(__key));
                    let __v = &__name;
                    #inner
                }),
            )
        }
        Check::Contains { checks, min, max } => {
            let inner = holds(checks, set);
            let max = match max {
                Some(m) => quote!(::core::option::Option::Some(#m)),
                None => quote!(::core::option::Option::None),
            };
            quote! {
                match #PRIVATE::model::Instance::array_len(__v) {
                    ::core::option::Option::Some(__n) => {
                        let __array = __v;
                        let mut __matched = 0usize;
                        for __i in 0..__n {
                            if match #PRIVATE::model::Instance::item(__array, __i) {
                                ::core::option::Option::Some(__v) => #inner,
                                ::core::option::Option::None => false,
                            } {
                                __matched += 1;
                            }
                        }
                        #PRIVATE::checks::document::contains(__matched, #min, #max).is_none()
                    }
                    ::core::option::Option::None => true,
                }
            }
        }
        Check::Unevaluated { .. } => match super::unevaluated::Parts::of(c) {
            Some(u) => super::unevaluated::holds(u, set),
            None => quote!(false),
        },
        // Compositions and `$ref`s apply lists to `__v` itself; the rest are leaves.
        other => at_value(other, set, "__vdef", &|cs| holds(cs, set))
            .unwrap_or_else(|| leaf_holds(other)),
    }
}

/// An expression: whether `each` (an expression of the bindings `pattern`) holds for every
/// element of `iter`, judged in order until one does not. A loop, not `Iterator::all` with a
/// closure: a closure is a type of its own, for which `all`, its `try_fold` and their
/// closures were instantiated anew (for a `Value` and for the tape: two thirds of the
/// functions `partial-eslint-plugins.json`'s crate compiled).
fn for_all(pattern: TokenStream, iter: TokenStream, each: TokenStream) -> TokenStream {
    quote! {{
        let mut __all = true;
        for #pattern in #iter {
            if !(#each) {
                __all = false;
                break;
            }
        }
        __all
    }}
}

/// An expression: whether `c` holds for `__v` when it is a check that applies lists of checks
/// to `__v` itself (a keyword, `not`, `anyOf`, `oneOf`, `if`, a `$ref` to the definition
/// function `<prefix>_<i>`), each list's verdict given by `holds`; `None` for other checks.
pub(crate) fn at_value(
    c: &Check,
    set: &RuleSet,
    prefix: &str,
    holds: &dyn Fn(&[Check]) -> TokenStream,
) -> Option<TokenStream> {
    Some(match c {
        // The innermost keyword around a refused `$ref` names it, as in the report; one with
        // no `$ref` in it cannot meet a refusal, and is its checks' verdict alone (as the
        // interpreter's).
        Check::Keyword {
            location, checks, ..
        } => {
            let inner = holds(checks);
            if !Check::any_takes_refs(checks) {
                return Some(inner);
            }
            quote!(#PRIVATE::checks::document::Budget::held(__budget, #inner, #location))
        }
        Check::Not { checks } => {
            let inner = holds(checks);
            quote!(!#inner)
        }
        Check::AnyOf { branches } => {
            let each = branches.iter().map(|b| holds(b));
            quote!(false #(|| #each)*)
        }
        Check::OneOf { branches } => {
            let each = branches.iter().map(|b| holds(b));
            quote!((0usize #(+ usize::from(#each))*) == 1)
        }
        Check::IfThenElse {
            condition,
            then,
            otherwise,
        } => {
            let (c, t, o) = (holds(condition), holds(then), holds(otherwise));
            quote!(if #c { #t } else { #o })
        }
        Check::Ref { name } => match super::definition(set, name) {
            Some(i) => {
                let f = format_ident!("{}_{}", prefix, i);
                // The function itself, not a closure calling it: one instance of the nesting
                // guard per definition, not per reference.
                quote!(#PRIVATE::checks::document::reference_holds(__v, __depth, __budget, #f))
            }
            None => quote!(false),
        },
        _ => return None,
    })
}

/// An expression: whether `c`, a check of `__v` alone (no checks nested in it), holds for
/// `__v`: its verdict twin (no violation built: a failing `anyOf`/`oneOf` branch would build
/// it only to drop it); the KubeVirt checks, which fail closed, by the full path's function.
pub(crate) fn leaf_holds(c: &Check) -> TokenStream {
    match c {
        Check::Type { types } => super::type_::holds(types),
        Check::Required { keys } => super::required::holds(keys),
        Check::Const { value } => super::const_::holds(value),
        Check::AnyValue { values } => super::any_value::holds(values),
        Check::Matches { regex } => super::matches::holds(regex),
        Check::Size { measure, min, max } => super::size::holds(*measure, *min, *max),
        Check::NoExtraKeys { allowed } => super::no_extra_keys::holds(allowed),
        Check::NumberRange { min, max } => super::number_range::holds(min.as_ref(), max.as_ref()),
        Check::MultipleOf { value } => super::multiple_of::holds(value),
        Check::Format { format } => super::format::holds(*format),
        Check::Unique => super::unique::holds(),
        Check::NotNull => super::not_null::holds(),
        Check::OneNotNull { keys } => super::one_not_null::holds(keys),
        // `false`: no violation to build only to be dropped.
        Check::Never => quote!(false),
        other => match super::leaf(other) {
            // The KubeVirt checks, failing closed.
            Some(found) => quote!(::core::option::Option::is_none(&#found)),
            // A validation's `ctx` needs the value's location, which the verdict path does
            // not build: the full path decides.
            None => quote!(false),
        },
    }
}
