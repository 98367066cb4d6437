//! [`Check::Not`](validgen_runtime::ir::Check::Not).

use proc_macro2::TokenStream;
use quote::quote;
use validgen_runtime::ir::{Check, RuleSet};

use super::{holds, push};

pub(super) fn check(checks: &[Check], set: &RuleSet) -> TokenStream {
    let held = holds(checks, set);
    push(quote!(::validgen::__private::checks::document::not(#held)))
}
