//! Emitting paths: the values of static paths (walked by `super::walk`: direct field access
//! over `serde_json::Value`, every key and pointer resolved at build time) converted as the
//! rule needs, the reference-VM fallback values as constants, and a `LazyLock` pre-parsed path
//! for dynamic ones.

use proc_macro2::{Ident, Literal, Span, TokenStream};
use quote::{ToTokens, format_ident, quote};
use validgen_core::ir::{Path, Syntax};
use validgen_jsonpath::ast::ParamsEntry;
use validgen_kubevirt::typed::schema::{AsInt, Schema};
use validgen_kubevirt::typed::{as_int, as_string, reference_vm};

use super::Model;
use super::walk::{Read, Walks};
use crate::PRIVATE;
use crate::plan::{PathPlan, StaticPath, Terminal, plan, terminal};

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
    /// How generated code parses it at run time, when it is dynamic.
    parse: TokenStream,
}

impl PathCode {
    /// Plans a path for documents of `model`: against the KubeVirt Go types, or (plain
    /// documents) left to the runtime.
    pub fn new(index: usize, path: &Path, model: Model) -> Self {
        let source = &path.source;
        let (plan, parse) = match (model, &path.syntax) {
            (Model::KubeVirt, _) => (
                plan(Schema::kubevirt(), path),
                quote!(#PRIVATE::compiled::rule_path(#source)),
            ),
            (Model::Plain, Syntax::Pointer(_)) => (
                PathPlan::Dynamic,
                quote!(#PRIVATE::compiled::pointer_path(#source)),
            ),
            (Model::Plain, Syntax::JsonPath(_)) => {
                let expr = &path.expr;
                (
                    PathPlan::Dynamic,
                    quote!(#PRIVATE::compiled::document_jsonpath(#source, #expr)),
                )
            }
        };
        PathCode {
            index,
            plan,
            source: source.clone(),
            parse,
        }
    }

    /// An expression of type `Result<&ir::Path, String>`: the parsed path (a static one is
    /// parsed where it is used: only document checks and guards other than `valid` read a
    /// static path whole, and no KubeVirt rule has them).
    pub fn parsed_result(&self) -> TokenStream {
        match &self.plan {
            PathPlan::Dynamic => {
                let name = self.static_name();
                quote!(#name.as_ref().map_err(::std::clone::Clone::clone))
            }
            PathPlan::Static(_) => {
                let parse = &self.parse;
                quote!((#parse).as_ref().map_err(::std::clone::Clone::clone))
            }
        }
    }

    /// [`PathCode::parsed_result`] inside a function returning `Result<_, String>`.
    pub fn parsed(&self) -> TokenStream {
        let parsed = self.parsed_result();
        quote!(#parsed?)
    }

    fn static_name(&self) -> Ident {
        format_ident!("__PATH_{}", self.index)
    }

    /// The item this path needs at module level: its parsed path, when it is dynamic.
    pub fn items(&self) -> TokenStream {
        let source = &self.source;
        match &self.plan {
            PathPlan::Dynamic => {
                let name = self.static_name();
                let doc = format!("`{source}`, evaluated by the runtime.");
                let parse = &self.parse;
                quote! {
                    #[doc = #doc]
                    static #name: ::std::sync::LazyLock<::core::result::Result<#PRIVATE::ir::Path, ::std::string::String>> =
                        ::std::sync::LazyLock::new(|| #parse);
                }
            }
            PathPlan::Static(_) => TokenStream::new(),
        }
    }

    /// An expression of type `Result<Ints, String>` or `Result<Strs, String>` (`Vec`s of
    /// `i64` or `String` for a dynamic path): the path's values on `vm` (as walked by
    /// `walks`), else on the reference VM (constants), converted for `usage`; an error when
    /// there are none.
    pub fn values(&self, usage: Use, fallback_source: &Path, walks: &Walks) -> TokenStream {
        let dynamic = match usage {
            Use::Ints => quote!(#PRIVATE::model::Document::path_ints(
                &__lookup,
                Some(p)
            )),
            Use::Strings => quote!(#PRIVATE::model::Document::path_strings(
                &__lookup,
                Some(p)
            )),
        };
        self.resolve(
            usage,
            fallback_source,
            walks,
            dynamic,
            quote!(#PRIVATE::compiled::non_empty),
        )
    }

    /// As [`PathCode::values`] for an argument: exactly one value (`i64`, or a `Cow<str>`).
    pub fn one_value(&self, usage: Use, fallback_source: &Path, walks: &Walks) -> TokenStream {
        let dynamic = match usage {
            Use::Ints => quote!(#PRIVATE::model::Document::one_int(
                &__lookup, p
            )),
            Use::Strings => quote!(
                #PRIVATE::model::Document::one_str(&__lookup, p)
                    .map(::std::borrow::Cow::Owned)
            ),
        };
        self.resolve(
            usage,
            fallback_source,
            walks,
            dynamic,
            quote!(#PRIVATE::compiled::one),
        )
    }

    /// For a static path, an expression of type `Result<StrView, String>`: its strings where
    /// they are (the walked nodes, else the reference VM's values as constants), an error when
    /// there are none; `None` for a dynamic path (use [`PathCode::values`]).
    pub fn str_view(&self, fallback_source: &Path, walks: &Walks) -> Option<TokenStream> {
        let PathPlan::Static(p) = &self.plan else {
            return None;
        };
        let read = walks.read(&self.source);
        let var = read.ident();
        let slots = match read {
            Read::Chain(_) => quote!(::core::slice::from_ref(n)),
            Read::List(_) => quote!(&n[..]),
        };
        let found = match p.terminal.map(|t| terminal(Schema::kubevirt(), t)) {
            // The walk never yields values (a step the types cannot satisfy).
            None => quote!(#PRIVATE::compiled::StrView::<V>::Nodes(
                &[],
                ::core::option::Option::None
            )),
            Some(Terminal { rendered, .. }) => {
                let rendered = match rendered {
                    Some(r) => quote!(::core::option::Option::Some(#r)),
                    None => quote!(::core::option::Option::None),
                };
                quote!(#PRIVATE::compiled::StrView::Nodes(#slots, #rendered))
            }
        };
        let fallback = match fallback_strings(fallback_source) {
            Ok(v) => {
                let v = const_array(&v);
                quote!(::core::result::Result::Ok(#PRIVATE::compiled::StrView::Fallback(&#v)))
            }
            Err(e) => quote!(::core::result::Result::Err(::std::string::String::from(#e))),
        };
        Some(quote! {
            match &#var {
                ::core::option::Option::Some(n) => ::core::result::Result::Ok(#found),
                ::core::option::Option::None => #fallback,
            }
            .and_then(#PRIVATE::compiled::StrView::non_empty)
        })
    }

    /// The values: through the runtime lookup `dynamic` (which applies the fallback and
    /// `finish` itself), or from the walk, its constant fallback and then `finish`.
    fn resolve(
        &self,
        usage: Use,
        fallback_source: &Path,
        walks: &Walks,
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
                let read = walks.read(&self.source);
                let var = read.ident();
                if let (Read::Chain(_), Use::Ints, Some(t), Ok([fallback])) = (
                    read,
                    usage,
                    p.terminal.map(|t| terminal(Schema::kubevirt(), t)),
                    fallback_ints(fallback_source).as_deref(),
                ) {
                    // One value, on the VM or the reference VM: no list.
                    let (how, go_type) = (as_int_tokens(t.as_int), t.go_type);
                    return quote! {
                        match #var {
                            ::core::option::Option::Some(n) => #PRIVATE::compiled::int_of(n, #how, #go_type).map(|v| [v]),
                            ::core::option::Option::None => ::core::result::Result::Ok([#fallback]),
                        }
                        .and_then(#finish)
                    };
                }
                let (found, slots) = match read {
                    Read::Chain(_) => (quote!(#var), quote!(&[n])),
                    Read::List(_) => (quote!(&#var), quote!(&n[..])),
                };
                let convert = convert(p, usage, slots);
                let fallback = fallback(fallback_source, usage);
                quote! {
                    match #found {
                        ::core::option::Option::Some(n) => #convert,
                        ::core::option::Option::None => #fallback,
                    }
                    .and_then(#finish)
                }
            }
        }
    }

    /// `valid` holds (values on the VM itself, no fallback): a `bool` expression for a static
    /// path; for a dynamic one a `Result<bool, String>`, an error where the reference crashes.
    pub fn applies(&self, walks: &Walks) -> TokenStream {
        match &self.plan {
            PathPlan::Dynamic => {
                let name = self.static_name();
                quote!(#name.as_ref().map_or(::core::result::Result::Ok(false), |p| #PRIVATE::model::Document::present(&__lookup, p)))
            }
            PathPlan::Static(_) => {
                let read = walks.read(&self.source);
                let var = read.ident();
                match read {
                    Read::Chain(_) => quote!(#var.is_some()),
                    Read::List(_) => quote!(#var.as_ref().is_some_and(|n| !n.is_empty())),
                }
            }
        }
    }

    /// Whether the expressions above use `__lookup`.
    pub fn is_dynamic(&self) -> bool {
        self.plan == PathPlan::Dynamic
    }
}

/// The expression converting the found `slots` (an expression of type `&[Slot]`):
/// `Result<Ints, String>` or `Result<Strs, String>`.
fn convert(p: &StaticPath, usage: Use, slots: TokenStream) -> TokenStream {
    let Some(t) = p.terminal.map(|t| terminal(Schema::kubevirt(), t)) else {
        // The walk never yields values (a step the types cannot satisfy).
        return match usage {
            Use::Ints => quote!(::core::result::Result::Ok(
                #PRIVATE::compiled::Ints::new()
            )),
            Use::Strings => quote!(::core::result::Result::Ok(
                #PRIVATE::compiled::Strs::new()
            )),
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
            quote!(#PRIVATE::compiled::ints_of(#slots, #how, #go_type))
        }
        Use::Strings => {
            let rendered = match rendered {
                Some(r) => quote!(::core::option::Option::Some(#r)),
                None => quote!(::core::option::Option::None),
            };
            quote!(::core::result::Result::Ok(#PRIVATE::compiled::strs_of(#slots, #rendered)))
        }
    }
}

fn as_int_tokens(how: AsInt) -> TokenStream {
    match how {
        AsInt::Cast => quote!(#PRIVATE::compiled::AsInt::Cast),
        AsInt::Round => quote!(#PRIVATE::compiled::AsInt::Round),
        AsInt::Quantity => quote!(#PRIVATE::compiled::AsInt::Quantity),
        AsInt::QuantityPtr => quote!(#PRIVATE::compiled::AsInt::QuantityPtr),
        AsInt::Mismatch => quote!(#PRIVATE::compiled::AsInt::Mismatch),
    }
}

/// The path's values on the reference VM, computed now: the same answer the runtime's
/// fallback gives, as a constant.
fn fallback(path: &Path, usage: Use) -> TokenStream {
    let result: Result<TokenStream, String> = match usage {
        Use::Ints => fallback_ints(path).map(|v| {
            let v = const_array(&v);
            quote!(#PRIVATE::compiled::Ints::from_slice(&#v))
        }),
        Use::Strings => fallback_strings(path).map(|v| {
            let v = const_array(&v);
            quote!(#PRIVATE::compiled::Strs::from_slice(&#v))
        }),
    };
    match result {
        Ok(v) => quote!(::core::result::Result::Ok(#v)),
        Err(e) => quote!(::core::result::Result::Err(::std::string::String::from(#e))),
    }
}

/// An array expression of constant `values`: `[v; n]` when they are all the same (as the
/// reference VM's values of a list path often are), which keeps the formatted code short.
fn const_array<T: ToTokens + PartialEq>(values: &[T]) -> TokenStream {
    match values {
        [first, rest @ ..] if !rest.is_empty() && rest.iter().all(|v| v == first) => {
            let n = Literal::usize_unsuffixed(values.len());
            quote!([#first; #n])
        }
        _ => quote!([#(#values),*]),
    }
}

/// The path's integers on the reference VM.
fn fallback_ints(path: &Path) -> Result<Vec<i64>, String> {
    match path.as_jsonpath().map(|p| p.find(reference_vm(), false)) {
        None | Some(Err(_)) => Err("invalid JSONPath".to_owned()),
        Some(Ok(values)) => values
            .iter()
            .map(|f| as_int(f).map_err(|e| e.rule_text()))
            .collect(),
    }
}

/// The path's strings on the reference VM.
fn fallback_strings(path: &Path) -> Result<Vec<String>, String> {
    match path.as_jsonpath().map(|p| p.find(reference_vm(), false)) {
        None | Some(Err(_)) => Err("invalid JSONPath".to_owned()),
        Some(Ok(values)) => values
            .iter()
            .map(|f| as_string(f).map_err(|e| e.rule_text()))
            .collect(),
    }
}

pub(super) fn params_tokens(params: &[ParamsEntry; 3]) -> TokenStream {
    let entries = params.iter().map(|p| {
        let (value, known, derived) = (p.value, p.known, p.derived);
        quote!(#PRIVATE::jsonpath::ast::ParamsEntry { value: #value, known: #known, derived: #derived })
    });
    quote!([#(#entries),*])
}

/// An identifier for the span-less generated code.
pub fn ident(name: &str) -> Ident {
    Ident::new(name, Span::call_site())
}
