//! The integration tests of `validgen-json-schema`, one binary: a module per file (a helper
//! module for what several share).

mod annotation_oracle;
mod json_schema_annotation_suite;
mod json_schema_annotations;
mod json_schema_collection;
mod json_schema_deep;
mod json_schema_drafts;
mod json_schema_oracle;
mod json_schema_output;
mod json_schema_registry;
mod json_schema_suite;
mod json_schema_vocabulary;
