//! `validgen-codegen`: rule sets compiled into specialised Rust validators, one library behind
//! the macros (`include_validators!`, `include_schemas!`, `include_ytt_schemas!`) and the
//! `validgen generate` command.
//!
//! - KubeVirt (feature `kubevirt`): catalog folder → templates (`source`) → rule sets, parsed
//!   by `validgen-kubevirt`'s parser and lowered to the IR (`analyze`) → paths planned against
//!   the KubeVirt Go types ([`plan`]) → Rust tokens ([`emit`], one emitter per rule kind):
//!   `compile_dir`;
//! - JSON Schemas and CRDs of a folder (feature `json-schema`, `schemas`):
//!   `compile_schema_dir`;
//! - ytt data-values schemas (feature `ytt`, `ytt`): `compile_ytt_dir` (each file of a folder),
//!   `compile_ytt_schemas` (named schemas of several files or a package's folder);
//! - IR rule sets of plain documents: [`compile_documents`].
//!
//! Each feature brings only its frontend's crate, so a build of one macro compiles one
//! frontend. The output is deterministic: items sorted by name, one function per distinct rule
//! text.

#[cfg(feature = "kubevirt")]
pub mod analyze;
#[cfg(feature = "crd")]
mod crd;
pub mod diag;
pub mod emit;
#[cfg(feature = "kubevirt")]
mod kubevirt;
#[cfg(feature = "kubevirt")]
pub mod lint;
pub mod names;
pub mod plan;
mod pretty;
#[cfg(feature = "json-schema")]
pub mod schemas;
#[cfg(feature = "kubevirt")]
pub mod source;
#[cfg(feature = "ytt")]
pub mod ytt;

use proc_macro2::TokenStream;
use quote::{ToTokens, format_ident, quote};
use validgen_core::ir;

#[cfg(feature = "kubevirt")]
pub use analyze::Options;
pub use diag::{Diagnostic, Diagnostics};
#[cfg(feature = "kubevirt")]
pub use kubevirt::{Generated, compile_dir, compile_texts};
#[cfg(feature = "json-schema")]
pub use schemas::{
    CrdVersion, GeneratedSchemas, LoadedSchema, SchemaCatalog, SchemaOptions, compile_schema_dir,
    load_schemas,
};
/// The JSON Schema drafts ([`SchemaOptions::default_draft`]).
#[cfg(feature = "json-schema")]
pub use validgen_json_schema::{Draft, SchemaMap};
#[cfg(feature = "ytt")]
pub use ytt::{GeneratedYtt, YttEntry, compile_ytt_dir, compile_ytt_schemas};

/// The path generated code calls the runtime through: the facade's private module named after
/// this crate's version (`::validgen::__private_0_1_0`), so that generated code and a facade
/// of another version fail to compile instead of drifting.
pub(crate) const PRIVATE: Private = Private;

/// Writes [`PRIVATE`]'s path.
pub(crate) struct Private;

impl ToTokens for Private {
    fn to_tokens(&self, tokens: &mut TokenStream) {
        let version = env!("CARGO_PKG_VERSION").replace(['.', '-', '+'], "_");
        let module = format_ident!("__private_{version}");
        tokens.extend(quote!(::validgen::#module));
    }
}

/// Validators of plain JSON documents from rule sets already in the IR (frontends other than
/// KubeVirt's): see [`emit::documents`].
pub fn compile_documents(sets: &[(String, ir::RuleSet)]) -> TokenStream {
    emit::documents(sets)
}

pub use pretty::pretty;
