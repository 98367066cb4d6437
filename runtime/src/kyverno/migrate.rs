//! A v1alpha1 `Test` rewritten as a v1beta1 `KyvernoTest`.
//!
//! Placeholder: being built (issue #16).

use serde_json::Value;

/// The v1beta1 `KyvernoTest` of the v1alpha1 `Test` `doc`.
///
/// # Errors
/// `doc` is not a v1alpha1 test that can be migrated: the reasons.
pub fn migrate(doc: &Value) -> Result<Value, Vec<String>> {
    Err(vec![format!(
        "migration is not built yet: {}",
        doc.is_object()
    )])
}

/// `doc` as YAML text (placeholder: JSON, which is YAML).
pub fn to_yaml(doc: &Value) -> String {
    format!("{doc:#}\n")
}
