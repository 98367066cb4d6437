//! [`Check::Matches`](validgen_runtime::ir::Check::Matches): the pattern built once, in a
//! `static` of the check's own.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_runtime::ir::Regex;

use super::{push, regex_static};

pub(super) fn check(regex: &Regex) -> TokenStream {
    let built = regex_static(regex);
    let found = push(quote!(::validgen::__private::checks::document::matches(
        __v, __re
    )));
    quote! {{
        match #built {
            ::core::result::Result::Ok(__re) => #found,
            ::core::result::Result::Err(__e) => __out.push(__at.place(
                ::validgen::__private::checks::document::bad_pattern(__e),
            )),
        }
    }}
}
