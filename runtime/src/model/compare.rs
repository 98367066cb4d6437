//! Equality and order of JSON values as JSON Schema defines them: numbers by mathematical value
//! (`1` equals `1.0`), objects regardless of key order (JSON Schema core §4.2.2).

use std::cmp::Ordering;

use serde_json::{Number, Value};

/// The order of two numbers by value: exact between integers, through `f64` otherwise (as Go
/// compares the `float64`s `encoding/json` decodes, for KubeVirt guards; the document checks
/// compare exactly, in `checks::document`).
pub fn number_cmp(a: &Number, b: &Number) -> Option<Ordering> {
    if let (Some(x), Some(y)) = (a.as_i64(), b.as_i64()) {
        return Some(x.cmp(&y));
    }
    if let (Some(x), Some(y)) = (a.as_u64(), b.as_u64()) {
        return Some(x.cmp(&y));
    }
    // A negative integer against one beyond `i64`.
    if a.as_i64().is_some() && b.as_u64().is_some() {
        return Some(Ordering::Less);
    }
    if a.as_u64().is_some() && b.as_i64().is_some() {
        return Some(Ordering::Greater);
    }
    a.as_f64()?.partial_cmp(&b.as_f64()?)
}

/// JSON Schema equality of two values, numbers by [`number_cmp`].
pub fn json_eq(a: &Value, b: &Value) -> bool {
    json_eq_by(a, b, number_cmp)
}

/// Equality of two values with numbers ordered by `cmp`: arrays item by item, objects
/// regardless of key order (JSON Schema core §4.2.2).
pub(crate) fn json_eq_by(
    a: &Value,
    b: &Value,
    cmp: fn(&Number, &Number) -> Option<Ordering>,
) -> bool {
    match (a, b) {
        (Value::Number(x), Value::Number(y)) => cmp(x, y) == Some(Ordering::Equal),
        (Value::Array(x), Value::Array(y)) => {
            x.len() == y.len() && x.iter().zip(y).all(|(p, q)| json_eq_by(p, q, cmp))
        }
        (Value::Object(x), Value::Object(y)) => {
            x.len() == y.len()
                && x.iter()
                    .all(|(k, v)| y.get(k).is_some_and(|w| json_eq_by(v, w, cmp)))
        }
        _ => a == b,
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn numbers_compare_by_value() {
        assert!(json_eq(&json!(1), &json!(1.0)));
        assert!(json_eq(&json!({"a": [1, 2.0]}), &json!({"a": [1.0, 2]})));
        assert!(!json_eq(&json!(1), &json!("1")));
        assert!(!json_eq(&json!({"a": 1}), &json!({"a": 1, "b": 2})));
        let n = |v: Value| v.as_number().cloned().unwrap_or_else(|| Number::from(0));
        assert_eq!(
            number_cmp(&n(json!(-1)), &n(json!(u64::MAX))),
            Some(Ordering::Less)
        );
        assert_eq!(
            number_cmp(&n(json!(u64::MAX)), &n(json!(-1))),
            Some(Ordering::Greater)
        );
        assert_eq!(
            number_cmp(&n(json!(2.5)), &n(json!(2))),
            Some(Ordering::Greater)
        );
    }
}
