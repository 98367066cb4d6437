//! The integration tests of `validgen-cli`, one binary: a module per file (a helper
//! module for what several share).

mod check;
mod check_defaults;
mod check_sarif;
mod check_schema;
mod check_ytt;
mod common;
mod diff;
mod duplicate_keys;
mod explain;
mod generate;
mod generate_build;
mod generate_schemas;
mod help;
mod readme;
/// The recorded ytt 0.48.0 cases, shared by the ytt modules.
#[path = "../../../tests/conformance/ytt/cases.rs"]
mod recorded;
mod review;
mod schema_annotations;
mod schema_bad_input;
mod schema_map;
#[cfg(feature = "serve")]
mod serve;
#[cfg(feature = "serve")]
mod serve_abuse;
#[cfg(feature = "serve")]
mod serve_conformance;
#[cfg(feature = "serve")]
mod serve_load;
#[cfg(feature = "serve")]
mod serve_support;
mod validate;
mod validate_catalogs;
mod validate_crd;
mod validate_formats;
mod validate_kyverno;
mod validate_schema;
mod validate_schema_json;
mod validate_schema_output;
mod validate_streams;
mod validate_ytt;
mod vap;
#[cfg(feature = "vap-test")]
mod vap_test;
mod ytt_conformance;
mod ytt_export;
mod ytt_packages;
