//! The integration tests of `validgen-codegen`, one binary: a module per file (a helper
//! module for what several share).

mod catalog;
#[cfg(feature = "crd")]
mod crd;
mod generated;
#[cfg(feature = "json-schema")]
mod schema_definitions;
#[cfg(feature = "json-schema")]
mod schema_verdict;
mod ytt;
