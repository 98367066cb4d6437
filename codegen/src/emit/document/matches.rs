//! [`Check::Matches`](validgen_core::ir::Check::Matches): the pattern built once, in a
//! `static` of the check's own.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::Regex;

use super::regex_static;
use crate::PRIVATE;

/// An `Option<Violation>` expression: the check applied to `__v`.
pub(super) fn found(regex: &Regex) -> TokenStream {
    let built = regex_static(regex);
    quote! {
        match #built {
            ::core::result::Result::Ok(__re) => #PRIVATE::checks::document::matches(__v, __re),
            ::core::result::Result::Err(__e) => ::core::option::Option::Some(
                #PRIVATE::checks::document::bad_pattern(__e),
            ),
        }
    }
}

/// A `bool` expression: whether the check passes `__v` (no violation built; a pattern that
/// failed to build passes nothing).
pub(super) fn holds(regex: &Regex) -> TokenStream {
    let built = regex_static(regex);
    quote! {
        match #built {
            ::core::result::Result::Ok(__re) => #PRIVATE::checks::document::is_match(__v, __re),
            ::core::result::Result::Err(_) => false,
        }
    }
}
