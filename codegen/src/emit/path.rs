//! Emitting paths: a function per distinct static path (direct field access over
//! `serde_json::Value`, every key and pointer resolved at build time), the reference-VM
//! fallback values as constants, and a `LazyLock` pre-parsed path for dynamic ones.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};
use validgen_runtime::jsonpath::ast::ParamsEntry;
use validgen_runtime::rules::RulePath;
use validgen_runtime::typed::schema::{AsInt, Schema};
use validgen_runtime::typed::{as_int, as_string, reference_vm};

use crate::plan::{PathPlan, StaticPath, Step, Terminal, plan, terminal};

/// How a rule uses a path's values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Use {
    /// As integers (`integer` rules and integer arguments).
    Ints,
    /// As strings.
    Strings,
}

/// A path made available to the generated rules.
pub struct PathCode {
    /// Index, for names.
    pub index: usize,
    /// The plan.
    pub plan: PathPlan,
    /// Its source text (`jsonpath::…`).
    pub source: String,
}

impl PathCode {
    /// Plans a path.
    pub fn new(index: usize, path: &RulePath) -> Self {
        PathCode {
            index,
            plan: plan(Schema::kubevirt(), path),
            source: path.source.clone(),
        }
    }

    fn fn_name(&self) -> Ident {
        format_ident!("__path_{}", self.index)
    }

    fn static_name(&self) -> Ident {
        format_ident!("__PATH_{}", self.index)
    }

    /// The items this path needs at module level: its walk function (static) or its parsed
    /// path (dynamic).
    pub fn items(&self) -> TokenStream {
        let source = &self.source;
        match &self.plan {
            PathPlan::Dynamic => {
                let name = self.static_name();
                let doc = format!("`{source}`, evaluated by the runtime.");
                quote! {
                    #[doc = #doc]
                    static #name: ::std::sync::LazyLock<::core::result::Result<::validgen::rules::RulePath, ::std::string::String>> =
                        ::std::sync::LazyLock::new(|| ::validgen::compiled::rule_path(#source));
                }
            }
            PathPlan::Static(p) => walk_fn(&self.fn_name(), source, p),
        }
    }

    /// An expression of type `Result<Vec<i64>, String>` or `Result<Vec<&str>, String>`: the
    /// path's values on `vm`, else on the reference VM (constants), converted for `usage`; an
    /// error when there are none.
    pub fn values(&self, usage: Use, fallback_source: &RulePath) -> TokenStream {
        let dynamic = match usage {
            Use::Ints => quote!(__lookup.path_ints(Some(p))),
            Use::Strings => quote!(__lookup.path_strings(Some(p))),
        };
        self.resolve(
            usage,
            fallback_source,
            dynamic,
            quote!(::validgen::compiled::non_empty),
        )
    }

    /// As [`PathCode::values`] for an argument: exactly one value (`i64`, or a `Cow<str>`).
    pub fn one_value(&self, usage: Use, fallback_source: &RulePath) -> TokenStream {
        let dynamic = match usage {
            Use::Ints => quote!(__lookup.one_int(p)),
            Use::Strings => quote!(__lookup.one_str(p).map(::std::borrow::Cow::Owned)),
        };
        self.resolve(
            usage,
            fallback_source,
            dynamic,
            quote!(::validgen::compiled::one),
        )
    }

    /// The values: through the runtime lookup `dynamic` (which applies the fallback and
    /// `finish` itself), or by the walk function, its constant fallback and then `finish`.
    fn resolve(
        &self,
        usage: Use,
        fallback_source: &RulePath,
        dynamic: TokenStream,
        finish: TokenStream,
    ) -> TokenStream {
        match &self.plan {
            PathPlan::Dynamic => {
                let name = self.static_name();
                quote! {
                    #name.as_ref().map_err(::std::clone::Clone::clone).and_then(|p| #dynamic)
                }
            }
            PathPlan::Static(p) => {
                let f = self.fn_name();
                let convert = convert(p, usage);
                let fallback = fallback(fallback_source, usage);
                let found = if p.is_chain() {
                    quote!(#f(vm).map(|n| ::std::vec::Vec::from([n])))
                } else {
                    quote!(#f(vm))
                };
                quote! {
                    match #found {
                        ::core::option::Option::Some(nodes) => nodes.iter().map(#convert).collect::<::core::result::Result<::std::vec::Vec<_>, ::std::string::String>>(),
                        ::core::option::Option::None => #fallback,
                    }
                    .and_then(#finish)
                }
            }
        }
    }

    /// A `bool` expression: `valid` holds (values on the VM itself, no fallback).
    pub fn applies(&self) -> TokenStream {
        match &self.plan {
            PathPlan::Dynamic => {
                let name = self.static_name();
                quote!(#name.as_ref().is_ok_and(|p| __lookup.applies(p)))
            }
            PathPlan::Static(p) => {
                let f = self.fn_name();
                if p.is_chain() {
                    quote!(#f(vm).is_some())
                } else {
                    quote!(#f(vm).is_some_and(|n| !n.is_empty()))
                }
            }
        }
    }

    /// Whether the expressions above use `__lookup`.
    pub fn is_dynamic(&self) -> bool {
        self.plan == PathPlan::Dynamic
    }
}

/// The closure converting one found slot.
fn convert(p: &StaticPath, usage: Use) -> TokenStream {
    let Some(t) = p.terminal.map(|t| terminal(Schema::kubevirt(), t)) else {
        // The walk never yields values (a step the types cannot satisfy).
        return match usage {
            Use::Ints => quote!(|_: &::validgen::compiled::Slot<'_>| -> ::core::result::Result<i64, ::std::string::String> { ::core::result::Result::Ok(0) }),
            Use::Strings => quote!(|_: &::validgen::compiled::Slot<'_>| -> ::core::result::Result<&str, ::std::string::String> { ::core::result::Result::Ok("") }),
        };
    };
    let Terminal {
        go_type,
        as_int: how,
        rendered,
    } = t;
    match usage {
        Use::Ints => {
            let how = as_int_tokens(how);
            quote!(|n: &::validgen::compiled::Slot<'_>| ::validgen::compiled::int_of(*n, #how, #go_type))
        }
        Use::Strings => {
            let rendered = match rendered {
                Some(r) => quote!(::core::option::Option::Some(#r)),
                None => quote!(::core::option::Option::None),
            };
            quote!(|n: &::validgen::compiled::Slot<'_>| -> ::core::result::Result<&str, ::std::string::String> { ::core::result::Result::Ok(::validgen::compiled::str_of(*n, #rendered)) })
        }
    }
}

fn as_int_tokens(how: AsInt) -> TokenStream {
    match how {
        AsInt::Cast => quote!(::validgen::compiled::AsInt::Cast),
        AsInt::Round => quote!(::validgen::compiled::AsInt::Round),
        AsInt::Quantity => quote!(::validgen::compiled::AsInt::Quantity),
        AsInt::QuantityPtr => quote!(::validgen::compiled::AsInt::QuantityPtr),
        AsInt::Mismatch => quote!(::validgen::compiled::AsInt::Mismatch),
    }
}

/// The path's values on the reference VM, computed now: the same answer the runtime's
/// fallback gives, as a constant.
fn fallback(path: &RulePath, usage: Use) -> TokenStream {
    let found = path.jsonpath.find(reference_vm(), false);
    let result: Result<TokenStream, String> = match found {
        Err(_) => Err("invalid JSONPath".to_owned()),
        Ok(values) => match usage {
            Use::Ints => values
                .iter()
                .map(|f| as_int(f).map_err(|e| e.rule_text()))
                .collect::<Result<Vec<i64>, String>>()
                .map(|v| quote!(::std::vec::Vec::<i64>::from([#(#v),*]))),
            Use::Strings => {
                let v: Vec<String> = values.iter().map(as_string).collect();
                Ok(quote!(::std::vec::Vec::<&str>::from([#(#v),*])))
            }
        },
    };
    match result {
        Ok(v) => quote!(::core::result::Result::Ok(#v)),
        Err(e) => quote!(::core::result::Result::Err(::std::string::String::from(#e))),
    }
}

fn params_tokens(params: &[ParamsEntry; 3]) -> TokenStream {
    let entries = params.iter().map(|p| {
        let (value, known, derived) = (p.value, p.known, p.derived);
        quote!(::validgen::jsonpath::ast::ParamsEntry { value: #value, known: #known, derived: #derived })
    });
    quote!([#(#entries),*])
}

/// The walk function of a static path.
fn walk_fn(name: &Ident, source: &str, p: &StaticPath) -> TokenStream {
    let doc = format!("The values of `{source}` on a decoded VM; `None` when the path fails.");
    if p.is_chain() {
        let steps = p.steps.iter().map(chain_step);
        quote! {
            #[doc = #doc]
            #[allow(unused_variables, unreachable_code)]
            fn #name(vm: &::validgen::serde_json::Value) -> ::core::option::Option<::validgen::compiled::Slot<'_>> {
                let n: ::validgen::compiled::Slot<'_> = ::core::option::Option::Some(vm);
                #(#steps)*
                ::core::option::Option::Some(n)
            }
        }
    } else {
        let steps = p.steps.iter().map(list_step);
        quote! {
            #[doc = #doc]
            fn #name(vm: &::validgen::serde_json::Value) -> ::core::option::Option<::std::vec::Vec<::validgen::compiled::Slot<'_>>> {
                let n: ::std::vec::Vec<::validgen::compiled::Slot<'_>> = ::std::vec::Vec::from([::core::option::Option::Some(vm)]);
                #(#steps)*
                ::core::option::Option::Some(n)
            }
        }
    }
}

/// A step of a single-node walk: a nil pointer or a missing key fails the whole path.
fn chain_step(step: &Step) -> TokenStream {
    match step {
        Step::Field {
            keys,
            through_pointer,
        } => {
            let guard = if *through_pointer {
                quote!(let n = ::core::option::Option::Some(n?);)
            } else {
                TokenStream::new()
            };
            let access = match keys {
                Some(keys) => {
                    let keys = keys
                        .iter()
                        .map(|k| quote!(let n = ::validgen::compiled::field(n, #k);));
                    quote!(#(#keys)*)
                }
                None => {
                    quote!(let n: ::validgen::compiled::Slot<'_> = ::core::option::Option::None;)
                }
            };
            quote!(#guard #access)
        }
        Step::MapKey { key } => quote!(let n = ::validgen::compiled::map_entry(n, #key)?;),
        Step::Missing | Step::Array { .. } | Step::NotArray { .. } => {
            quote!(return ::core::option::Option::None;)
        }
    }
}

/// A step over a list of nodes.
fn list_step(step: &Step) -> TokenStream {
    match step {
        Step::Field {
            keys: Some(keys),
            through_pointer,
        } if keys.len() == 1 => {
            let k = &keys[0];
            quote!(let n = ::validgen::compiled::step_field(&n, #k, #through_pointer)?;)
        }
        Step::Field {
            keys,
            through_pointer,
        } => {
            // Several keys (a field reached through an embedded struct) or none (a field that
            // never appears in JSON): one step of client-go, applied node by node.
            let access = match keys {
                Some(keys) => {
                    let keys = keys
                        .iter()
                        .map(|k| quote!(let s = ::validgen::compiled::field(s, #k);));
                    quote!(#(#keys)* s)
                }
                None => quote!(::core::option::Option::None),
            };
            quote! {
                let n = {
                    let out: ::std::vec::Vec<::validgen::compiled::Slot<'_>> = n
                        .iter()
                        .filter(|s| !(#through_pointer && s.is_none()))
                        .map(|s| { let s = *s; #access })
                        .collect();
                    if out.is_empty() && !n.is_empty() { return ::core::option::Option::None; }
                    out
                };
            }
        }
        Step::MapKey { key } => quote!(let n = ::validgen::compiled::step_map(&n, #key)?;),
        Step::Missing => quote!(let n = ::validgen::compiled::step_missing(&n)?;),
        Step::Array {
            params,
            through_pointer,
        } => {
            let params = params_tokens(params);
            quote!(let n = ::validgen::compiled::step_array(&n, &#params, #through_pointer)?;)
        }
        Step::NotArray { through_pointer } => {
            quote!(let n = ::validgen::compiled::step_not_array(&n, #through_pointer)?;)
        }
    }
}

/// An identifier for the span-less generated code.
pub fn ident(name: &str) -> Ident {
    Ident::new(name, Span::call_site())
}
