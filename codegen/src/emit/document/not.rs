//! [`Check::Not`](validgen_core::ir::Check::Not).

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::{Check, RuleSet};

use super::{holds, push};
use crate::PRIVATE;

pub(super) fn check(checks: &[Check], set: &RuleSet) -> TokenStream {
    let held = holds(checks, set);
    push(quote!(#PRIVATE::checks::document::not(#held)))
}
