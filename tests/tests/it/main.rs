//! The integration tests of `validgen-tests`, one binary: a module per file (a helper
//! module for what several share).

mod compiled;
mod compiled_props;
mod conformance;
mod crate_graph;
mod crd_compiled;
mod crd_compiled_props;
/// The recorded KubeVirt conformance cases, shared by the modules that run them.
#[path = "conformance/data.rs"]
mod data;
mod documents;
mod extract;
mod fuzz_regress;
mod json_schema_annotation_suite;
mod json_schema_annotations;
mod json_schema_compiled;
mod json_schema_random;
mod json_schema_store;
mod kyverno_compiled;
mod limits;
mod reference_gaps;
mod response;
mod rustdoc;
mod ytt_compiled;
mod ytt_macro;
mod ytt_packages_compiled;
/// The recorded ytt cases, shared by the modules that replay them.
#[path = "../../conformance/ytt/cases.rs"]
mod ytt_recorded;
