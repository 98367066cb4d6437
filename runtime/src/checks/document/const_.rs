//! `Const` (JSON Schema `const`).

use serde_json::Value;

use super::compare::json_eq;
use super::quote;
use crate::ir::Violation;
use crate::model::Instance;

/// A value not equal to `value` (numbers by value, objects regardless of key order).
pub fn const_<'a>(v: impl Instance<'a>, value: &Value) -> Option<Violation> {
    if json_eq(&v.to_value(), value) {
        return None;
    }
    Some(Violation::new("const", value.to_string(), quote(v)))
}
