//! The integration tests of `validgen-kubevirt`, one binary: a module per file (a helper
//! module for what several share).

mod jsonpath_budget;
mod missing_template;
mod process_defaults;
mod rules_conformance;
mod rules_decode;
mod rules_proptest;
mod typed_checks;
