//! `AnyValue` (JSON Schema `enum`).

use serde_json::Value;

use super::compare::json_eq;
use super::quote;
use crate::ir::Violation;
use crate::model::Instance;

/// A value equal to none of `values` (numbers by value, objects regardless of key order).
pub fn any_value<'a>(v: impl Instance<'a>, values: &[Value]) -> Option<Violation> {
    if is_any_of(v, values) {
        return None;
    }
    let list: Vec<String> = values.iter().map(Value::to_string).collect();
    Some(Violation::new(
        "enum",
        format!("one of [{}]", list.join(", ")),
        quote(v),
    ))
}

/// Whether [`any_value`] passes `v`, for a verdict (no violation built).
pub fn is_any_of<'a>(v: impl Instance<'a>, values: &[Value]) -> bool {
    match v.as_str() {
        Some(s) => values.iter().any(|x| x.as_str() == Some(s)),
        None => values.iter().any(|x| json_eq(v, x)),
    }
}
