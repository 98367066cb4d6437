//! What a test names in other files: every named file exists and parses, results name
//! policies, rules and resources of those files.
//!
//! Placeholder: being built (issue #16).

use std::path::Path;

use serde_json::Value;

use super::{Finding, Version};

/// Bounds on what the file checks read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The largest file read, in bytes.
    pub max_file_bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_file_bytes: 16 * 1024 * 1024,
        }
    }
}

/// The findings on the files the test `doc` (of `version`, read from `test_file`) names.
pub fn check(version: Version, doc: &Value, test_file: &Path, limits: &Limits) -> Vec<Finding> {
    let _ = (version, doc, test_file, limits);
    Vec::new()
}
