//! [`Check::AnyOf`](validgen_core::ir::Check::AnyOf): every branch evaluated apart, the
//! count judged by the runtime.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::{Check, RuleSet};

use super::{holds, push};
use crate::PRIVATE;

pub(super) fn check(branches: &[Vec<Check>], set: &RuleSet) -> TokenStream {
    let n = branches.len();
    let each = branches.iter().map(|b| {
        let held = holds(b, set);
        quote!(if #held { __held += 1; })
    });
    let found = push(quote!(#PRIVATE::checks::document::any_of(__held, #n)));
    quote! {{
        let mut __held = 0usize;
        #(#each)*
        #found
    }}
}
