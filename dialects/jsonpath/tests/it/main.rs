//! The integration tests of `validgen-jsonpath`, one binary: a module per file (a helper
//! module for what several share).

mod jsonpath_conformance_paths;
mod jsonpath_proptest;
mod jsonpath_typed_mock;
mod jsonpath_vectors;
