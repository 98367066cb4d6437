//! Carvel ytt data-values schemas and validations (`#@data/values-schema`, `@schema/...`,
//! `@schema/validation`, `@assert/validate`), with the verdicts and texts of ytt 0.48.0.
//!
//! - [`yaml`]: ytt's YAML (go-yaml v2 with YAML 1.1 scalars), read into nodes that keep their
//!   file and line and their `#@`/`#!` comments, and printed back as ytt prints data values;
//! - [`annotations`]: the `#@` comments of a node;
//! - [`starlark`]: the Starlark of annotation arguments (literals, kwargs, simple lambdas), its
//!   values and its error texts, as starlark-go under ytt;
//! - [`schema`]: data-values schemas typed as ytt types them;
//! - [`validation`]: validation annotations read into the IR's [`crate::ir::Validation`];
//! - [`values`]: the final data values (schema defaults, `-f` overlays, `--data-values-file`
//!   merges, type errors), as ytt computes them before validating;
//! - [`export`]: a schema as OpenAPI v3.
pub mod annotations;
pub mod export;
pub mod schema;
pub mod starlark;
pub mod validation;
pub mod values;
pub mod yaml;
