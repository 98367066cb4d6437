//! The integration tests of `validgen-codegen`, one binary: a module per file (a helper
//! module for what several share).

mod catalog;
mod generated;
mod ytt;
