//! [`Check::PropertyNames`](validgen_runtime::ir::Check::PropertyNames): each key checked as a
//! string value, violations placed at the object.

use proc_macro2::TokenStream;
use quote::quote;
use validgen_runtime::ir::{Check, RuleSet};

use super::checks;

pub(super) fn check(cs: &[Check], set: &RuleSet) -> TokenStream {
    let body = checks(cs, set);
    quote! {{
        for __key in ::validgen::__private::model::Instance::keys(__v) {
            let __name = ::validgen::__private::serde_json::Value::String(::std::string::ToString::to_string(__key));
            let __v = &__name;
            #body
        }
    }}
}
