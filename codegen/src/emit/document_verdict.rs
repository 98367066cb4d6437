//! A rule set's verdict-only validator over any plain document: whether it passes, by the
//! verdict path of its document checks (no location, no violation, no report built), as
//! `jsonschema`'s `is_valid` answers. Rule sets with other rules (guards, KubeVirt checks, ytt
//! validations, warnings) ask the full validator instead, so the verdict is always the
//! report's (`!report.failed()`).

use proc_macro2::{Ident, TokenStream};
use quote::quote;
use validgen_core::ir::{RuleSet, Severity};

use super::{Paths, document};
use crate::PRIVATE;

/// `fn <name><D: Document>(__lookup: D) -> bool`; `full` is the set's report function,
/// `imports` brings its rule verdicts into scope (as [`super::rule_set::function`]'s).
pub fn function(
    name: &Ident,
    full: &Ident,
    set: &RuleSet,
    paths: &Paths,
    imports: &TokenStream,
) -> TokenStream {
    let rules: Option<Vec<TokenStream>> = set
        .rules
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let path = r.path.as_ref()?;
            let plain = r.check.is_document() && r.guard.is_none() && r.severity == Severity::Error;
            if !plain {
                return None;
            }
            document::rule_holds(i, &r.check, paths.get(path))
        })
        .collect();
    let body = match rules {
        Some(rules) => {
            let import = (!rules.is_empty()).then_some(imports);
            quote! {
                #import
                true #(&& #rules)*
            }
        }
        None => quote! {
            !#full(__lookup, #PRIVATE::interpret::Explain::Failures).report.failed()
        },
    };
    quote! {
        #[allow(clippy::all, unused_variables, unused_parens, unused_imports, dead_code)]
        fn #name<__D: #PRIVATE::model::Document>(__lookup: __D) -> bool {
            #body
        }
    }
}
