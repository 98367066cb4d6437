//! `Const` (JSON Schema `const`).

use serde_json::Value;

use super::compare::json_eq;
use super::quote;
use crate::ir::Violation;
use crate::model::Instance;

/// A value not equal to `value` (numbers by value, objects regardless of key order).
pub fn const_<'a>(v: impl Instance<'a>, value: &Value) -> Option<Violation> {
    if is_const(v, value) {
        return None;
    }
    Some(Violation::new("const", value.to_string(), quote(v)))
}

/// Whether [`const_`] passes `v`, for a verdict (no violation built).
pub fn is_const<'a>(v: impl Instance<'a>, value: &Value) -> bool {
    json_eq(v, value)
}
