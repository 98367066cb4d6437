//! The checks of the v1beta1 `KyvernoTest` proposal that no schema keyword expresses.
//!
//! Placeholder: being built (issue #16).

use serde_json::Value;

use super::Finding;

/// The findings on the v1beta1 test `doc` beyond its schema.
pub fn check(doc: &Value) -> Vec<Finding> {
    let _ = doc;
    Vec::new()
}
