//! [`Check::IfThenElse`](validgen_core::ir::Check::IfThenElse): the condition evaluated
//! apart, then one branch in place.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::{Check, RuleSet};

use super::checks;
use crate::PRIVATE;

pub(super) fn check(
    condition: &[Check],
    then: &[Check],
    otherwise: &[Check],
    set: &RuleSet,
) -> TokenStream {
    let condition = checks(condition, set);
    let (then, otherwise) = (checks(then, set), checks(otherwise, set));
    quote! {{
        let mut __scratch: ::std::vec::Vec<#PRIVATE::ir::Violation> = ::std::vec::Vec::new();
        {
            // Checks restore `__at` to where it was: it is lent, not copied.
            let __out = &mut __scratch;
            #condition
        }
        if #PRIVATE::checks::document::if_holds(__scratch.len()) {
            #then
        } else {
            #otherwise
        }
    }}
}
