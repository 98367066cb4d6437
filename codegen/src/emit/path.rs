//! Emitting paths: a `LazyLock` pre-parsed path for dynamic ones, read through the runtime's
//! document model; for static ones (KubeVirt, `typed`) the values walked by `super::walk`
//! (direct field access, every key and pointer resolved at build time) converted as the rule
//! needs, with the reference-VM fallback values as constants.

#[cfg(feature = "kubevirt")]
mod typed;

use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};
use validgen_core::ir::{Path, Syntax};

use super::Model;
use super::walk::Walks;
use crate::PRIVATE;
use crate::plan::PathPlan;
#[cfg(feature = "kubevirt")]
pub(super) use typed::params_tokens;

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
            #[cfg(feature = "kubevirt")]
            (Model::KubeVirt, _) => (
                crate::plan::plan(validgen_kubevirt::typed::schema::Schema::kubevirt(), path),
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
            #[cfg(feature = "kubevirt")]
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
            #[cfg(feature = "kubevirt")]
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
    // Without KubeVirt every path is dynamic: the walk and the fallback go unused.
    #[cfg_attr(not(feature = "kubevirt"), allow(unused_variables))]
    pub fn str_view(&self, fallback_source: &Path, walks: &Walks) -> Option<TokenStream> {
        match &self.plan {
            PathPlan::Dynamic => None,
            #[cfg(feature = "kubevirt")]
            PathPlan::Static(p) => Some(typed::str_view(
                p,
                walks.read(&self.source),
                fallback_source,
            )),
        }
    }

    /// The values: through the runtime lookup `dynamic` (which applies the fallback and
    /// `finish` itself), or from the walk, its constant fallback and then `finish`.
    #[cfg_attr(not(feature = "kubevirt"), allow(unused_variables))]
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
            #[cfg(feature = "kubevirt")]
            PathPlan::Static(p) => {
                typed::resolve(p, walks.read(&self.source), usage, fallback_source, finish)
            }
        }
    }

    /// `valid` holds (values on the VM itself, no fallback): a `bool` expression for a static
    /// path; for a dynamic one a `Result<bool, String>`, an error where the reference crashes.
    #[cfg_attr(not(feature = "kubevirt"), allow(unused_variables))]
    pub fn applies(&self, walks: &Walks) -> TokenStream {
        match &self.plan {
            PathPlan::Dynamic => {
                let name = self.static_name();
                quote!(#name.as_ref().map_or(::core::result::Result::Ok(false), |p| #PRIVATE::model::Document::present(&__lookup, p)))
            }
            #[cfg(feature = "kubevirt")]
            PathPlan::Static(_) => typed::applies(walks.read(&self.source)),
        }
    }

    /// Whether the expressions above use `__lookup`.
    pub fn is_dynamic(&self) -> bool {
        self.plan == PathPlan::Dynamic
    }
}

/// An identifier for the span-less generated code.
pub fn ident(name: &str) -> Ident {
    Ident::new(name, Span::call_site())
}
