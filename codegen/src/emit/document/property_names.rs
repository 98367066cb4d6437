//! [`Check::PropertyNames`](validgen_core::ir::Check::PropertyNames): each key checked as a
//! string value, violations placed at the object.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_core::ir::{Check, RuleSet};

use super::checks;
use crate::PRIVATE;

pub(super) fn check(cs: &[Check], set: &RuleSet) -> TokenStream {
    let body = checks(cs, set);
    quote! {{
        for __key in #PRIVATE::model::Instance::keys(__v) {
            let __name = #PRIVATE::serde_json::Value::String(::std::string::ToString::to_string(__key));
            let __v = &__name;
            #body
        }
    }}
}
