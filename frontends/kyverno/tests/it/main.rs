//! The integration tests of `validgen-kyverno`, one binary: a module per file (a helper
//! module for what several share).

/// The vendored Kyverno test corpus, shared by the modules that read it.
#[path = "kyverno/corpus.rs"]
mod corpus;
mod kyverno_files;
mod kyverno_migrate;
mod kyverno_migrated_files;
mod kyverno_v1alpha1;
mod kyverno_v1beta1;
