//! `not_null=True` (ytt `assert.not_null`: `value != None or fail("value is null")`).

use serde_json::Value;

use super::found;

/// `value is null` when `v` is null.
pub fn not_null(v: &Value) -> Option<Option<String>> {
    if v.is_null() {
        found("value is null".to_owned())
    } else {
        None
    }
}
