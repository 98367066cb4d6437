//! Emitting the document checks ([`Check::Type`] onwards), one file per check, each calling its
//! pure function in `validgen_core::checks::document` as the interpreter does. The emitted
//! code applies checks to `__v` (an `impl Instance`), places violations with `__at`
//! (`&mut At`) into `__out` (`&mut Vec<Violation>`), and follows references `__depth` deep,
//! each taken from `__budget` (`&Budget`).

mod additional_properties;
mod any_of;
mod any_value;
mod const_;
mod contains;
mod format;
pub(super) mod hoist;
mod if_then_else;
mod items;
mod keyword;
#[cfg(feature = "ytt")]
mod lambda;
mod matches;
mod multiple_of;
mod never;
mod no_extra_keys;
mod not;
mod not_null;
mod number_range;
mod one_not_null;
mod one_of;
mod pattern_properties;
mod prefix_items;
mod properties;
mod property_names;
mod reference;
mod required;
mod size;
mod type_;
mod unevaluated;
mod unique;
#[cfg(feature = "ytt")]
mod validation;
pub(super) mod verdict;

use proc_macro2::{Ident, TokenStream};
use quote::{format_ident, quote};
use validgen_core::ir::{Check, Regex, RuleSet, judged_first};

use super::path::PathCode;
use crate::PRIVATE;

/// The body of a rule with a document check (a closure body returning
/// `Result<Vec<Violation>, String>`): the check applied to each value at the rule's path.
pub fn rule_body(index: usize, check: &Check, set: &RuleSet, path: &PathCode) -> TokenStream {
    let path = path.parsed();
    let apply = checks(std::slice::from_ref(check), set);
    // An extension's verdict is left to the full report (a `not` around it would otherwise
    // turn its "cannot judge" into "holds").
    let holds = if reaches_extension(std::slice::from_ref(check), set) {
        quote!(false)
    } else {
        rule_verdict_call(index)
    };
    // ytt functions read `ctx` from the document's value: lent where the model holds JSON.
    let root = Check::any_extension(std::slice::from_ref(check)).then(|| {
        quote! {
            let __root_value = __base.is_empty().then(|| #PRIVATE::model::Instance::to_value(__v));
            let __root = __root_value.as_deref();
        }
    });
    // Each pass has its own budget of `$ref` evaluations, as in the interpreter; a value whose
    // report spends it is reported by the budget's violation alone.
    quote! {
        let __found = #PRIVATE::model::Document::instances(&__lookup, #path)?;
        let mut __violations: ::std::vec::Vec<#PRIVATE::ir::Violation> = ::std::vec::Vec::new();
        for (__base, __v) in __found {
            #root
            // The verdict alone first: the full report is built only for a value it rejects.
            let __depth = 0usize;
            let __verdict_budget = #PRIVATE::checks::document::Budget::default();
            let __budget = &__verdict_budget;
            if #holds && !__verdict_budget.spent() {
                continue;
            }
            let __full_budget = #PRIVATE::checks::document::Budget::default();
            let __budget = &__full_budget;
            let __start = __violations.len();
            let mut __place = #PRIVATE::ir::At::new(&__base);
            let __at = &mut __place;
            let __out = &mut __violations;
            let __depth = 0usize;
            #apply
            if let ::core::option::Option::Some(__spent) = __full_budget.violation() {
                __violations.truncate(__start);
                __violations.push(__spent);
            }
        }
        ::core::result::Result::Ok(__violations)
    }
}

/// An expression: whether `check` holds for every value at its path on `__lookup`, by the
/// verdict path alone (no report built), for a verdict-only validator; `None` when only the
/// full report decides (a ytt validation, whose `ctx` needs locations). A path that fails is
/// "does not hold", as its rule errors.
pub fn rule_holds(index: usize, check: &Check, path: &PathCode) -> Option<TokenStream> {
    if Check::any_extension(std::slice::from_ref(check)) {
        return None;
    }
    let path = path.parsed_result();
    let holds = rule_verdict_call(index);
    Some(quote! {
        #path
            .and_then(|__p| {
                #PRIVATE::model::Document::all_instances(&__lookup, __p, &mut |__v| {
                    let __depth = 0usize;
                    let __verdict_budget = #PRIVATE::checks::document::Budget::default();
                    let __budget = &__verdict_budget;
                    #holds && !__verdict_budget.spent()
                })
            })
            .unwrap_or(false)
    })
}

/// The module `defs` of the verdict of each document rule of `set` (`__vrule_<i>`, by rule
/// index), which the report runs first and the verdict-only validator alone, emitted once and
/// imported by each (`use <catalog>::<defs>::*`); it sits in the catalog's module
/// (`shared::module`), whose definitions it calls. Emitted in each of those functions, they
/// made a collection whose schemas are large objects (SchemaStore's) several times larger
/// to compile. `None` when `set` has no document rules.
pub fn module(defs: &Ident, set: &RuleSet) -> Option<TokenStream> {
    let rules: Vec<TokenStream> = set
        .rules
        .iter()
        .enumerate()
        .filter(|(_, r)| module_rule(r))
        .map(|(i, r)| {
            let holds = verdict::holds(std::slice::from_ref(&r.check), set);
            verdict::verdict_fn(
                &format_ident!("__vrule_{}", i),
                verdict::Over::Instance,
                &holds,
            )
        })
        .collect();
    if rules.is_empty() {
        return None;
    }
    Some(quote! {
        pub mod #defs {
            use super::*;
            #(#rules)*
        }
    })
}

/// Whether [`module`] holds a verdict function for rule `r`.
fn module_rule(r: &validgen_core::ir::Rule) -> bool {
    r.check.is_document() && !Check::any_extension(std::slice::from_ref(&r.check))
}

/// The module of [`module`] for the rule set whose report function is `private`.
pub fn module_name(private: &Ident) -> Ident {
    format_ident!("{}_defs", private)
}

/// An expression: the verdict of document rule `index` on `__v` ([`module`]'s `__vrule_<i>`,
/// imported).
fn rule_verdict_call(index: usize) -> TokenStream {
    let f = format_ident!("__vrule_{}", index);
    quote!(#f(__v, __depth, __budget))
}

/// The number of the function of the definition `name` of `set` (see `shared::number`);
/// `None` when `set` has no such definition.
fn definition(set: &RuleSet, name: &str) -> Option<usize> {
    set.definitions
        .contains_key(name)
        .then(|| crate::emit::shared::number(name))
}

/// One function per definition of `reported` (`__def_<n>`, by its shared number), for
/// [`Check::Ref`], and the verdict twin (`__vdef_<n>`) and marking twins of each definition of
/// `all` (a catalog's, `shared::Shared::catalog`: every definition `reported`'s name).
pub(super) fn definitions(reported: &RuleSet, all: &RuleSet) -> TokenStream {
    let verdicts = verdict::definitions(all);
    let fns = reported.definitions.iter().map(|(name, cs)| {
        let name = format_ident!("__def_{}", crate::emit::shared::number(name));
        hoist::widen(cs);
        report_fn(&name, &inline_checks(cs, all))
    });
    quote!(#(#fns)* #verdicts)
}

/// `fn <name>(__v, __at, __depth, __budget, __out) { <body> }`: the shape of every report
/// function (definitions, lists, `hoist.rs`).
pub(super) fn report_fn(name: &Ident, body: &TokenStream) -> TokenStream {
    quote! {
        pub fn #name<'a, I: #PRIVATE::model::Instance<'a>>(
            __v: I,
            __at: &mut #PRIVATE::ir::At,
            __depth: usize,
            __budget: &#PRIVATE::checks::document::Budget,
            __out: &mut ::std::vec::Vec<#PRIVATE::ir::Violation>,
        ) {
            #body
        }
    }
}

/// Statements applying every check of `cs` to `__v` (a call where `cs` has a function,
/// `hoist.rs`).
pub(super) fn checks(cs: &[Check], set: &RuleSet) -> TokenStream {
    hoist::report_call(cs, set, || inline_checks(cs, set)).unwrap_or_else(|| inline_checks(cs, set))
}

/// [`checks`], written out.
fn inline_checks(cs: &[Check], set: &RuleSet) -> TokenStream {
    let each = cs.iter().map(|c| one(c, set));
    quote!(#(#each)*)
}

/// An expression: whether every check of `cs` holds for `__v`, where the report judges checks
/// without reporting them (`anyOf`/`oneOf` branches, `not`, `if`, `contains`): by the verdict
/// path, no violation built (a `$ref` evaluation it was refused placed at `__at`), as the
/// interpreter's `holds`; by the full path, its violations kept apart, where an extension
/// (which only the full path decides) is reached.
pub(super) fn holds(cs: &[Check], set: &RuleSet) -> TokenStream {
    if !reaches_extension(cs, set) {
        let held = verdict::holds(cs, set);
        return quote! {{
            let __held = #held;
            if !__held {
                #PRIVATE::checks::document::Budget::place(__budget, __at);
            }
            __held
        }};
    }
    let body = checks(cs, set);
    quote! {{
        let mut __scratch: ::std::vec::Vec<#PRIVATE::ir::Violation> = ::std::vec::Vec::new();
        {
            // Checks restore `__at` to where it was: it is lent, not copied.
            let __out = &mut __scratch;
            #body
        }
        __scratch.is_empty()
    }}
}

/// Statements applying `cs` to `__v`, a value below the one at `__at` (a property's, an
/// item's) that the statements `step` move `__at` to. Where the report judges the list first
/// ([`judged_first`], as the interpreter does), it descends only when the list's verdict
/// fails: a valid subtree costs its verdict alone, no location kept, no violation built. A
/// `$ref` evaluation that verdict was refused is placed at `__v`. An extension (which only the
/// full path decides) is walked at once.
pub(super) fn descend(cs: &[Check], set: &RuleSet, step: &TokenStream) -> TokenStream {
    let body = checks(cs, set);
    if !judged_first(cs) || reaches_extension(cs, set) {
        return quote! {
            let __mark = __at.mark();
            #step
            #body
            __at.truncate(__mark);
        };
    }
    let held = verdict::holds(cs, set);
    quote! {
        if !(#held) {
            let __mark = __at.mark();
            #step
            #PRIVATE::checks::document::Budget::place(__budget, __at);
            #body
            __at.truncate(__mark);
        }
    }
}

/// A statement pushing the violation `found` (an `Option<Violation>`) where it is.
pub(super) fn push(found: TokenStream) -> TokenStream {
    quote! {
        if let ::core::option::Option::Some(__x) = #found {
            __out.push(__at.place(__x));
        }
    }
}

/// An expression: the `&'static Result<ir::Regex, String>` of `regex`, built once at run time
/// in a `static` of its own (from the pattern checked at build time).
pub(super) fn regex_static(regex: &Regex) -> TokenStream {
    let source = regex.as_str();
    let build = match regex {
        Regex::Re2(_) => quote! {
            #PRIVATE::goregex::GoRegex::new(#source)
                .map(#PRIVATE::ir::Regex::Re2)
                .map_err(|e| ::std::string::ToString::to_string(&e))
        },
        Regex::Ecma(_) => quote! {
            #PRIVATE::ecmaregex::EcmaRegex::new(#source)
                .map(#PRIVATE::ir::Regex::Ecma)
                .map_err(|e| ::std::string::ToString::to_string(&e))
        },
    };
    quote! {{
        static __RE: ::std::sync::LazyLock<
            ::core::result::Result<#PRIVATE::ir::Regex, ::std::string::String>,
        > = ::std::sync::LazyLock::new(|| #build);
        &*__RE
    }}
}

/// `&[&str]` of `keys`.
pub(super) fn str_slice(keys: &[String]) -> TokenStream {
    quote!({
        let __keys: &[&str] = &[#(#keys),*];
        __keys
    })
}

/// An `Option<Violation>` expression applying `c` to `__v` when `c` is a leaf (a check of the
/// value alone, no checks nested); `None` for the others.
fn leaf(c: &Check) -> Option<TokenStream> {
    Some(match c {
        Check::Type { types } => type_::found(types),
        Check::Required { keys } => required::found(keys),
        Check::NoExtraKeys { allowed } => no_extra_keys::found(allowed),
        Check::Const { value } => const_::found(value),
        Check::Unique => unique::found(),
        Check::NotNull => not_null::found(),
        Check::OneNotNull { keys } => one_not_null::found(keys),
        Check::NumberRange { min, max } => number_range::found(min.as_ref(), max.as_ref()),
        Check::Size { measure, min, max } => size::found(*measure, *min, *max),
        Check::Matches { regex } => matches::found(regex),
        Check::MultipleOf { value } => multiple_of::found(value),
        Check::AnyValue { values } => any_value::found(values),
        Check::Format { format } => format::found(*format),
        Check::Never => never::found(),
        // As the interpreter: a KubeVirt check nested in a document check fails closed.
        Check::IntRange { .. }
        | Check::LengthRange { .. }
        | Check::Pattern { .. }
        | Check::Enum { .. }
        | Check::Fail { .. } => fail_closed(),
        Check::AnyOf { .. }
        | Check::OneOf { .. }
        | Check::Not { .. }
        | Check::IfThenElse { .. }
        | Check::Items { .. }
        | Check::PrefixItems { .. }
        | Check::Contains { .. }
        | Check::PatternProperties { .. }
        | Check::PropertyNames { .. }
        | Check::Keyword { .. }
        | Check::Properties { .. }
        | Check::AdditionalProperties { .. }
        | Check::Ref { .. }
        | Check::Unevaluated { .. }
        | Check::Extension(_) => return None,
    })
}

/// Whether `cs`, or a definition a `$ref` of it names, holds an extension.
fn reaches_extension(cs: &[Check], set: &RuleSet) -> bool {
    Check::any_extension(cs)
        || (Check::any_in(cs, &|c| matches!(c, Check::Ref { .. })) && any_definition_extension(set))
}

/// Whether a definition of `set` holds an extension.
fn any_definition_extension(set: &RuleSet) -> bool {
    set.definitions.values().any(|d| Check::any_extension(d))
}

/// The violation (as an `Option<Violation>` expression) of a check no document check runs.
fn fail_closed() -> TokenStream {
    quote!(::core::option::Option::Some(
        #PRIVATE::ir::Violation::new(
            "rule",
            "a check of one value",
            "a check of a rule's values",
        )
    ))
}

/// Whether `c` applies only lists that judge nothing ([`judges_nothing`]: `true`, `{}`) to
/// items, entries or names, or is a keyword of such checks: it holds, and reports nothing,
/// whatever the instance. SchemaStore has 295 `additionalProperties: true` in 17 of its 92
/// schemas, and `partial-eslint-plugins.json` hundreds of rules with no options (`items:
/// []`, properties without checks).
fn applies_nothing(c: &Check) -> bool {
    match c {
        Check::Items { checks, .. }
        | Check::AdditionalProperties { checks, .. }
        | Check::PropertyNames { checks }
        | Check::Keyword { checks, .. } => judges_nothing(checks),
        Check::Properties { properties } => properties.iter().all(|(_, cs)| judges_nothing(cs)),
        _ => false,
    }
}

/// Whether every check of `cs` applies nothing ([`applies_nothing`]; no checks at all
/// included).
fn judges_nothing(cs: &[Check]) -> bool {
    cs.iter().all(applies_nothing)
}

/// Statements applying `c` to `__v`, its violations pushed to `__out`.
fn one(c: &Check, set: &RuleSet) -> TokenStream {
    match c {
        // No loop over items, entries or names with nothing to do for each.
        c if applies_nothing(c) => TokenStream::new(),
        Check::AnyOf { branches } => any_of::check(branches, set),
        Check::OneOf { branches } => one_of::check(branches, set),
        Check::Not { checks } => not::check(checks, set),
        Check::IfThenElse {
            condition,
            then,
            otherwise,
        } => if_then_else::check(condition, then, otherwise, set),
        Check::Items { from, checks } => items::check(*from, checks, set),
        Check::PrefixItems { items } => prefix_items::check(items, set),
        Check::Contains { checks, min, max } => contains::check(checks, *min, *max, set),
        Check::PatternProperties { patterns } => pattern_properties::check(patterns, set),
        Check::PropertyNames { checks } => property_names::check(checks, set),
        Check::Keyword {
            location,
            message,
            checks,
        } => keyword::check(location, message.as_deref(), checks, set),
        Check::Properties { properties } => properties::check(properties, set),
        Check::AdditionalProperties {
            known,
            patterns,
            checks,
        } => additional_properties::check(known, patterns, checks, set),
        Check::Ref { name } => reference::check(name, set),
        Check::Unevaluated { .. } => match unevaluated::Parts::of(c) {
            Some(u) => unevaluated::check(u, set),
            None => push(fail_closed()),
        },
        #[cfg(feature = "ytt")]
        Check::Extension(e) => match validation::of(e.as_ref()) {
            Some(v) => validation::check(v),
            None => push(fail_closed()),
        },
        // Built without ytt, no extension is compiled: it fails closed.
        #[cfg(not(feature = "ytt"))]
        Check::Extension(_) => push(fail_closed()),
        leaf_check => push(leaf(leaf_check).unwrap_or_else(fail_closed)),
    }
}
