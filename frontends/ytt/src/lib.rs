//! Carvel ytt data-values schemas and validations (`#@data/values-schema`, `@schema/...`,
//! `@schema/validation`, `@assert/validate`), with the verdicts and texts of ytt 0.48.0.
//!
//! ytt's YAML (go-yaml v2 with YAML 1.1 scalars, nodes that keep their file, line and
//! `#@`/`#!` comments, printed back as ytt prints data values) is `validgen_gotext::yaml`,
//! re-exported as [`yaml`].
//!
//! - [`annotations`]: the `#@` comments of a node;
//! - [`starlark`]: the Starlark of annotation arguments (literals, kwargs, simple lambdas,
//!   `def` functions), its values and its error texts, as starlark-go under ytt, the evaluator
//!   of the lambdas and the interpreter of functions with statements;
//! - [`schema`]: data-values schemas typed as ytt types them;
//! - [`validation`]: validation annotations read into [`validation::Validation`]s, which enter
//!   the rule IR as extension checks;
//! - [`checks`]: the pure functions of ytt's assertions and `when=`, which both back ends call;
//! - [`values`]: the final data values (schema defaults, `-f` overlays, `--data-values-file`
//!   merges, type errors), as ytt computes them before validating;
//! - [`data`]: data values as JSON for the rule core, and back to ytt's paths and positions;
//! - [`lower`]: validations lowered into the rule IR;
//! - [`report`]: ytt's validation report;
//! - [`export`]: a schema as OpenAPI v3;
//! - [`files`]: the files of a run as ytt finds and names them (folders, `-`, base names);
//! - [`run`]: one ytt run, with ytt's flags, output and exit code;
//! - [`compiled`]: schemas whose validations were compiled into Rust;
//! - [`check`]: a run's verdict as data (located violations), and every error of a schema.
pub mod annotations;
pub mod check;
pub mod checks;
mod code;
pub mod compiled;
pub mod data;
pub mod export;
pub mod files;
mod fragments;
mod kv;
pub mod lower;
mod map_keys;
pub mod removed;
pub mod report;
pub mod run;
pub mod schema;
mod spell;
pub mod starlark;
pub mod validation;
pub mod values;

/// ytt's YAML, which this crate's API takes and gives (`validgen_gotext::yaml`).
pub use validgen_gotext::yaml;
