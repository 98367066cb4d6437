//! [`Check::IfThenElse`](validgen_core::ir::Check::IfThenElse): the condition judged by its
//! verdict, then one branch in place.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::{Check, RuleSet};

use super::{checks, holds};

pub(super) fn check(
    condition: &[Check],
    then: &[Check],
    otherwise: &[Check],
    set: &RuleSet,
) -> TokenStream {
    let condition = holds(condition, set);
    let (then, otherwise) = (checks(then, set), checks(otherwise, set));
    quote! {
        if #condition {
            #then
        } else {
            #otherwise
        }
    }
}
