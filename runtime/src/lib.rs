//! `validgen-runtime`: the evaluation side of validgen.
//!
//! Everything needed to judge a KubeVirt `VirtualMachine` against the validation rules of
//! `vm.kubevirt.io/validations`, with the verdicts of the reference template validator
//! (kubevirt/ssp-operator `internal/template-validator`):
//!
//! - [`jsonpath`]: the Kubernetes (client-go `util/jsonpath`) JSONPath dialect;
//! - [`quantity`]: Kubernetes `resource.Quantity` parsing and formatting;
//! - [`goregex`]: Go `regexp` (RE2) syntax and semantics on top of the `regex` crate;
//! - [`rules`]: the rule-set annotation parser;
//! - [`typed`]: the typed view of a VM (KubeVirt Go types, zero values, the reference VM);
//! - [`ir`]: the rule IR both back ends consume (this interpreter, and the code emitter of
//!   `validgen-codegen`), and the KubeVirt frontend that lowers parsed rule sets into it;
//! - [`interpret`]: the rule interpreter;
//! - [`admission`]: the admission decision, catalogs and `AdmissionReview`s;
//! - [`manifest`]: reading YAML/JSON manifests with limits against hostile input.

/// Re-exported for generated code and users: the JSON value type validators take.
pub use serde_json;

pub mod admission;
pub mod checks;
pub mod compiled;
pub mod extract;
pub mod goregex;
pub mod interpret;
pub mod ir;
pub mod jsonpath;
pub mod manifest;
pub mod quantity;
pub mod rules;
pub mod typed;
pub mod view;
