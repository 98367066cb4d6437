//! `AnyValue` (JSON Schema `enum`).

use serde_json::Value;

use super::compare::json_eq;
use super::quote;
use crate::ir::Violation;
use crate::model::Instance;

/// A value equal to none of `values` (numbers by value, objects regardless of key order).
pub fn any_value<'a>(v: impl Instance<'a>, values: &[Value]) -> Option<Violation> {
    // Strings (most enums) compare without building a value.
    let found = match v.as_str() {
        Some(s) => values.iter().any(|x| x.as_str() == Some(s)),
        None => {
            let value = v.to_value();
            values.iter().any(|x| json_eq(&value, x))
        }
    };
    if found {
        return None;
    }
    let list: Vec<String> = values.iter().map(Value::to_string).collect();
    Some(Violation::new(
        "enum",
        format!("one of [{}]", list.join(", ")),
        quote(v),
    ))
}
