//! [`Check::IfThenElse`](validgen_runtime::ir::Check::IfThenElse): the condition evaluated
//! apart, then one branch in place.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_runtime::ir::{Check, RuleSet};

use super::checks;

pub(super) fn check(
    condition: &[Check],
    then: &[Check],
    otherwise: &[Check],
    set: &RuleSet,
) -> TokenStream {
    let condition = checks(condition, set);
    let (then, otherwise) = (checks(then, set), checks(otherwise, set));
    quote! {{
        let mut __scratch: ::std::vec::Vec<::validgen::__private::ir::Violation> = ::std::vec::Vec::new();
        {
            let __out = &mut __scratch;
            let mut __here = ::std::clone::Clone::clone(&*__at);
            let __at = &mut __here;
            #condition
        }
        if ::validgen::__private::checks::document::if_holds(__scratch.len()) {
            #then
        } else {
            #otherwise
        }
    }}
}
