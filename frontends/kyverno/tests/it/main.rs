//! The integration tests of `validgen-kyverno`, one binary: a module per file (a helper
//! module for what several share).

mod kyverno_files;
mod kyverno_migrate;
mod kyverno_migrated_files;
mod kyverno_v1alpha1;
mod kyverno_v1beta1;
