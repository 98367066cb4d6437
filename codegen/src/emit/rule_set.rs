//! Emitting one rule set: a function that evaluates every rule in order, as the reference's
//! `Evaluate` (no short-circuit), calling one emitter per rule kind.

use std::collections::BTreeMap;

use proc_macro2::{Ident, TokenStream};
use quote::quote;
use validgen_core::ir::{Check, Regex, Rule, RuleSet, Severity};

use super::arg::{int_arg, str_arg};
use super::walk::Walks;
use super::{Model, Paths};
use super::{document, enum_, guard, integer, regex, string};
use crate::PRIVATE;

/// The function `name` evaluating `set`. `regexes` names the `static` of each pattern;
/// `imports` brings the definitions and rule verdicts its document rules call into scope
/// (`shared::Imports`).
pub fn function(
    name: &Ident,
    doc: &str,
    set: &RuleSet,
    paths: &Paths,
    regexes: &BTreeMap<String, Ident>,
    model: Model,
    imports: &TokenStream,
) -> TokenStream {
    // Document checks read their values through the runtime's model.
    let dynamic = set.rules.iter().any(|r| r.check.is_document())
        || set
            .rules
            .iter()
            .flat_map(|r| r.paths())
            .any(|(_, p)| paths.get(p).is_dynamic());
    let lookup = match (model, dynamic) {
        // The runtime's JSONPath evaluation reads a `Value`.
        #[cfg(feature = "kubevirt")]
        (Model::KubeVirt, true) => quote!(
            let __vm = #PRIVATE::compiled::JsonView::to_value(vm);
            let __lookup = #PRIVATE::compiled::lookup(&__vm);
        ),
        #[cfg(feature = "kubevirt")]
        (Model::KubeVirt, false) => TokenStream::new(),
        // Plain documents come as `__lookup`, any `model::Document`.
        (Model::Plain, _) => TokenStream::new(),
    };
    // Plain documents have no static walks (every path is read by the runtime).
    let walks = match model {
        #[cfg(feature = "kubevirt")]
        Model::KubeVirt => Walks::new(set, paths),
        Model::Plain => Walks::default(),
    };
    let lets = walks.lets();
    let rules: Vec<TokenStream> = set
        .rules
        .iter()
        .enumerate()
        .map(|(i, r)| rule(i, r, set, paths, &walks, regexes))
        .collect();
    // One rule stays inline (no allocation); several are written straight into one
    // allocation by `vec!` (no array moved), which the report keeps.
    let reports = match rules.as_slice() {
        [] => quote!(#PRIVATE::interpret::RuleReports::new()),
        [one] => quote!(#PRIVATE::interpret::RuleReports::from_buf([#one])),
        _ => quote!(#PRIVATE::interpret::RuleReports::from_vec(
            ::std::vec![#(#rules),*]
        )),
    };
    // Document checks collect their violations on the side: plain documents report them;
    // KubeVirt rule sets have none (were there any, the rules' texts list them).
    let has_documents = set.rules.iter().any(|r| r.check.is_document());
    let found = if has_documents {
        quote!(let mut __found = ::std::vec::Vec::new();)
    } else {
        TokenStream::new()
    };
    let report = match model {
        #[cfg(feature = "kubevirt")]
        Model::KubeVirt => quote!(#PRIVATE::interpret::Report { rules: #reports }),
        Model::Plain => {
            let violations = if has_documents {
                quote!(__found)
            } else {
                quote!(::std::vec::Vec::new())
            };
            quote!(#PRIVATE::interpret::DocumentReport {
                report: #PRIVATE::interpret::Report { rules: #reports },
                violations: #violations,
            })
        }
    };
    let signature = match model {
        #[cfg(feature = "kubevirt")]
        Model::KubeVirt => quote! {
            fn #name<V: #PRIVATE::compiled::JsonView>(vm: &V, explain: #PRIVATE::interpret::Explain) -> #PRIVATE::interpret::Report
        },
        Model::Plain => quote! {
            fn #name<__D: #PRIVATE::model::Document>(__lookup: __D, explain: #PRIVATE::interpret::Explain) -> #PRIVATE::interpret::DocumentReport
        },
    };
    quote! {
        #[doc = #doc]
        #[allow(clippy::all, unused_variables, unused_parens, unused_imports)]
        #signature {
            #imports
            #lookup
            #found
            #(#lets)*
            #report
        }
    }
}

/// One rule: an expression of type `RuleReport`.
fn rule(
    index: usize,
    r: &Rule,
    set: &RuleSet,
    paths: &Paths,
    walks: &Walks,
    regexes: &BTreeMap<String, Ident>,
) -> TokenStream {
    let (name, field, message) = (&r.name, &r.field, &r.message);
    let jw = r.severity == Severity::Warning;
    let report = |body: TokenStream| {
        quote! {
            #PRIVATE::compiled::report(#name, #field, #message, #jw, (|| -> ::core::result::Result<(bool, ::std::string::String), ::std::string::String> { #body })())
        }
    };
    if let Check::Fail { text: error, .. } = &r.check {
        // Malformed rules fail before anything is looked at.
        return report(quote!(::core::result::Result::Err(::std::string::String::from(#error))));
    }
    if r.check.is_document() {
        let body = match &r.path {
            Some(p) => document::rule_body(index, &r.check, set, paths.get(p)),
            None => quote!(::core::result::Result::Err(::std::string::String::from(
                "missing required key"
            ))),
        };
        let evaluated = quote! {
            #PRIVATE::compiled::report_document((#name, #field, #message, #jw), #index, (|| -> ::core::result::Result<::std::vec::Vec<#PRIVATE::ir::Violation>, ::std::string::String> { #body })(), &mut __found)
        };
        return guarded(r, evaluated, paths, walks);
    }
    let body = match (&r.check, &r.path) {
        (Check::IntRange { min, max }, Some(p)) => {
            integer::check(min.as_ref(), max.as_ref(), p, paths, walks)
        }
        (Check::LengthRange { min, max }, Some(p)) => {
            string::check(min.as_ref(), max.as_ref(), p, paths, walks)
        }
        (
            Check::Pattern {
                regex: Ok(Regex::Re2(re)),
            },
            Some(p),
        ) => match regexes.get(re.as_str()) {
            Some(name) => regex::check(name, p, paths, walks),
            None => quote!(::core::result::Result::Err(::std::string::String::from(
                "invalid regex"
            ))),
        },
        (Check::Pattern { regex: Err(e) }, _) => {
            quote!(::core::result::Result::Err(::std::string::String::from(#e)))
        }
        (Check::Enum { values }, Some(p)) => enum_::check(values, p, paths, walks),
        // No path: the arguments are still resolved first, then the rule fails (where the
        // reference crashes).
        (Check::IntRange { min, max } | Check::LengthRange { min, max }, None) => {
            let (min, max) = (
                int_arg(min.as_ref(), paths, walks),
                int_arg(max.as_ref(), paths, walks),
            );
            quote! {
                #min?;
                #max?;
                ::core::result::Result::Err(::std::string::String::from("missing required key"))
            }
        }
        (Check::Enum { values }, None) => {
            let args = values.iter().map(|v| str_arg(v, paths, walks));
            quote! {
                #(#args?;)*
                ::core::result::Result::Err(::std::string::String::from("missing required key"))
            }
        }
        (Check::Pattern { regex: Ok(_) }, None) => {
            quote!(::core::result::Result::Err(::std::string::String::from(
                "missing required key"
            )))
        }
        (Check::Fail { .. }, _) => TokenStream::new(),
        // Document checks returned above.
        _ => TokenStream::new(),
    };
    guarded(r, report(body), paths, walks)
}

/// `evaluated` where the rule's guard holds, a skipped report where it does not, an error
/// report where it fails.
fn guarded(r: &Rule, evaluated: TokenStream, paths: &Paths, walks: &Walks) -> TokenStream {
    let (name, field, message) = (&r.name, &r.field, &r.message);
    let jw = r.severity == Severity::Warning;
    let Some(g) = &r.guard else {
        return evaluated;
    };
    let skipped = quote!(#PRIVATE::compiled::skipped(#name, #field, #message, #jw));
    if let Some(holds) = guard::static_holds(g, paths, walks) {
        return quote!(if #holds { #evaluated } else { #skipped });
    }
    let holds = guard::holds(g, paths, walks);
    let crashed = quote! {
        #PRIVATE::compiled::report(#name, #field, #message, #jw, ::core::result::Result::Err(e))
    };
    quote! {
        match #holds {
            ::core::result::Result::Ok(true) => #evaluated,
            ::core::result::Result::Ok(false) => #skipped,
            ::core::result::Result::Err(e) => #crashed,
        }
    }
}
