//! Custom resources judged as the Kubernetes API server judges them, beyond their structural
//! schema (which the JSON Schema frontend checks with `openapi`):
//!
//! - [`cel`]: the CEL rules (`x-kubernetes-validations`) of a CRD version, compiled and
//!   evaluated on an object, on create or (with the old object) on update, in the CEL
//!   environment of `validgen-cel`, within the API server's cost limits;
//! - [`prune`]: unknown fields and non-nullable `null`s dropped, as the API server decodes a
//!   body before it validates it;
//! - [`defaults`]: structural defaulting, as the API server applies it before validation;
//! - [`structural`]: the structural schema's violations (the JSON Schema frontend's rule set,
//!   run on the object as the API server validates it) in the API server's words, with what
//!   kube-openapi adds for `allOf`, `anyOf` and `oneOf` (`composition`, `match_count`);
//! - [`subresources`]: the status and scale subresources' part in a create or an update;
//! - [`listtype`]: `x-kubernetes-list-type` `set` and `map` uniqueness (`Duplicate value`);
//! - [`mod@judge`]: the whole pipeline, a create or an update, as one answer;
//! - [`compiled`]: what `include_schemas!`'s CRD validators call: the pipeline with a compiled
//!   structural validator and CEL rules compiled into Rust where their shape allows;
//! - [`field_error`]: the API server's field errors and `is invalid` status, worded as
//!   `kubectl apply` prints them.
//!
//! The API server's texts are those of Kubernetes v1.36 (the recorded cases of
//! `tests/conformance/crd`).

pub mod cel;
pub mod compiled;
mod composition;
pub mod defaults;
pub mod field_error;
pub mod judge;
pub mod listtype;
mod match_count;
pub mod prune;
pub mod structural;
pub mod subresources;

pub use cel::{CelRules, CelViolation, CompileError};
pub use composition::schema_options;
pub use field_error::{ErrorType, FieldError, field_pointer, invalid_status};
pub use judge::{Answer, judge, judge_version, judge_with};
pub use subresources::Subresources;
