//! [`validgen_core::ir::Check::Extension`] holding a ytt [`Validation`]: a ytt validation
//! annotation, as the interpreter runs it (`interpret/document/validation.rs`): the null skip,
//! `when=` (its failure a `when` violation), then each assertion through its pure function in
//! `validgen_ytt::checks`, a failed `not_null` stopping the rest. Lambdas are compiled
//! ([`super::lambda`]). The value's `ctx` comes from `__root`, the document's value, which the
//! rule body binds when its checks hold a validation.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use serde_json::Value;
use std::any::Any;

use validgen_core::ir::ExtensionCheck;
use validgen_ytt::validation::{AssertionRule, Validation};

use super::lambda;
use crate::PRIVATE;

/// The ytt validation an extension check holds; `None` for another frontend's extension,
/// which the emitter does not compile (it fails closed).
pub(super) fn of(check: &dyn ExtensionCheck) -> Option<&Validation> {
    (check as &dyn Any).downcast_ref::<Validation>()
}

pub(super) fn check(validation: &Validation) -> TokenStream {
    let ytt = quote!(#PRIVATE::ytt::checks);
    let by = &validation.by;
    let critical = matches!(
        validation.assertions.first(),
        Some(a) if a.rule == AssertionRule::NotNull
    );
    let when = match &validation.when {
        Some(f) => {
            let function = lambda::function(f);
            let params = f.params.len();
            quote! {{
                #function
                #ytt::when_by(&__value, __ctx, #params, __lambda)
            }}
        }
        None => quote!(::core::result::Result::<bool, ::std::string::String>::Ok(
            true
        )),
    };
    let assertions = validation.assertions.iter().map(|a| {
        let expected = &a.expected;
        let failed = assertion(&a.rule);
        let stop = (a.rule == AssertionRule::NotNull).then(|| quote!(break 'assertions;));
        quote! {
            if let ::core::option::Option::Some(__found) = #failed {
                __out.push(#ytt::violation(__at, "assertion", #expected, __found, #by));
                #stop
            }
        }
    });
    quote! {{
        let __value = #PRIVATE::model::Instance::to_value(__v);
        let __ctx = #ytt::Context::at(__root, __at.as_str());
        if !__value.is_null() || #critical {
            match #when {
                ::core::result::Result::Err(__error) => {
                    __out.push(#ytt::violation(__at, "when", "", ::core::option::Option::Some(__error), #by));
                }
                ::core::result::Result::Ok(false) => {}
                ::core::result::Result::Ok(true) => {
                    #[allow(unused_labels)]
                    'assertions: {
                        #(#assertions)*
                    }
                }
            }
        }
    }}
}

/// An `Option<Option<String>>` expression: the assertion's `found:` if it fails on `__value`.
fn assertion(rule: &AssertionRule) -> TokenStream {
    let ytt = quote!(#PRIVATE::ytt::checks);
    match rule {
        AssertionRule::NotNull => quote!(#ytt::not_null(&__value)),
        AssertionRule::Custom(f) => {
            let function = lambda::function(f);
            quote! {{
                #function
                #ytt::custom_by(&__value, __lambda)
            }}
        }
        AssertionRule::MinLen(n) => quote!(#ytt::min_len(&__value, #n)),
        AssertionRule::MaxLen(n) => quote!(#ytt::max_len(&__value, #n)),
        AssertionRule::Min(bound) => {
            let bound = json_static(bound);
            quote!(#ytt::min(&__value, #bound))
        }
        AssertionRule::Max(bound) => {
            let bound = json_static(bound);
            quote!(#ytt::max(&__value, #bound))
        }
        AssertionRule::OneNotNull(keys) => match keys {
            Some(keys) => {
                let keys = json_static(&Value::Array(keys.clone()));
                quote!(#ytt::one_not_null(&__value, #keys.as_array().map(::std::vec::Vec::as_slice)))
            }
            None => quote!(#ytt::one_not_null(&__value, ::core::option::Option::None)),
        },
        AssertionRule::OneOf(values) => {
            let values = json_static(&Value::Array(values.clone()));
            quote!(#ytt::one_of(&__value, #values.as_array().map_or(&[][..], ::std::vec::Vec::as_slice)))
        }
        AssertionRule::Format(f) => {
            let f = format_ident!("{}", format!("{f:?}"));
            quote!(#ytt::format(&__value, #PRIVATE::ytt::validation::YttFormat::#f))
        }
        AssertionRule::Regexp(pattern) => quote!(#ytt::regexp(&__value, #pattern)),
        AssertionRule::Prefix(prefix) => quote!(#ytt::prefix(&__value, #prefix)),
        AssertionRule::Unique => quote!(#ytt::unique(&__value)),
    }
}

/// A `&'static Value` expression: `value` parsed once from its JSON text.
fn json_static(value: &Value) -> TokenStream {
    let text = value.to_string();
    quote! {{
        static __JSON: ::std::sync::LazyLock<#PRIVATE::serde_json::Value> =
            ::std::sync::LazyLock::new(|| #PRIVATE::serde_json::from_str(#text).unwrap_or_default());
        &*__JSON
    }}
}
