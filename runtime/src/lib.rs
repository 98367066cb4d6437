//! `validgen-runtime`: the evaluation side of validgen.
//!
//! The format-neutral core, which no frontend's types enter:
//!
//! - [`ir`]: the rule IR (rules, checks, arguments, paths, guards, reasons, violations) that
//!   frontends lower into and both back ends consume (this interpreter, and the code emitter
//!   of `validgen-codegen`);
//! - [`model`]: document models behind one trait (plain JSON here);
//! - [`interpret`]: the rule interpreter, generic over the document model, one file per check;
//! - [`checks`]: the pure check functions both back ends call;
//! - [`report`]: what happened to each rule, and the violations found;
//! - dialects: [`jsonpath`] (client-go `util/jsonpath`), [`goregex`] (Go `regexp` on the
//!   `regex` crate), [`quantity`] (Kubernetes `resource.Quantity`).
//!
//! Frontends: [`kubevirt`], the template rules of `vm.kubevirt.io/validations` with the
//! verdicts of the reference template validator (kubevirt/ssp-operator); [`json_schema`]
//! (JSON Schema and CRD schemas); [`ytt`] (Carvel ytt data-values schemas and validations);
//! [`kyverno`] (Kyverno CLI test manifests, over the CRD frontend).

/// Re-exported for generated code and users: the JSON value type validators take.
pub use serde_json;

pub mod checks;
pub mod ecmaregex;
pub mod format;
pub mod goregex;
pub mod interpret;
pub mod ir;
pub mod json_schema;
pub mod jsonpath;
pub mod kubevirt;
pub mod kyverno;
pub mod model;
pub mod quantity;
pub mod report;
pub mod starlark;
pub mod ytt;
