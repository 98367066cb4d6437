//! `validgen-core`: the format-neutral core of validgen, which no frontend's types enter.
//!
//! - [`ir`]: the rule IR (rule sets, rules, checks, arguments, paths, guards, reasons,
//!   violations) that every frontend lowers into and both back ends consume (this crate's
//!   interpreter, and the code emitter of `validgen-codegen`); a frontend's checks beyond the
//!   IR's vocabulary enter as [`ir::ExtensionCheck`]s;
//! - [`model`]: document models behind one trait: plain JSON, JSON read from bytes in one pass
//!   (tape, pull reader), YAML with the position of every value;
//! - [`interpret`]: the rule interpreter, generic over the document model, one file per check;
//! - [`checks`]: the pure check functions both back ends call;
//! - [`report`]: what happened to each rule, and the violations found;
//! - [`files`]: the manifest files of a folder, which every frontend reads;
//! - [`compiled`]: what generated code of every frontend calls.
//!
//! It depends on the dialect crates only: `validgen-jsonpath` (client-go `util/jsonpath`),
//! `validgen-goregex` (Go `regexp`), `validgen-ecmaregex` (ECMA-262 patterns) and
//! `validgen-format` (JSON Schema formats).

/// Re-exported for generated code and users: the JSON value type validators take.
pub use serde_json;

pub mod checks;
pub mod compiled;
pub mod files;
pub mod interpret;
pub mod ir;
pub mod model;
pub mod report;
