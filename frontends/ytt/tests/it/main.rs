//! The integration tests of `validgen-ytt`, one binary: a module per file (a helper
//! module for what several share).

mod ytt_corpus;
mod ytt_export;
mod ytt_schema;
mod ytt_seed;
mod ytt_starlark;
mod ytt_values;
mod ytt_yaml;
