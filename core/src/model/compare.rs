//! Equality and order of JSON values as JSON Schema defines them: numbers by mathematical value
//! (`1` equals `1.0`), objects regardless of key order (JSON Schema core §4.2.2).

use std::cmp::Ordering;

use serde_json::{Number, Value};

use super::{Instance, JsonType};

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

/// Equality of two values read in place (of any two models: a document's value against a
/// schema's `Value`, or two items of one array), with numbers ordered by `cmp`: arrays item
/// by item, objects regardless of key order (JSON Schema core §4.2.2). Nothing is built; the
/// recursion goes as deep as the two values share their shape.
pub(crate) fn json_eq_by<'a, 'b>(
    a: impl Instance<'a>,
    b: impl Instance<'b>,
    cmp: fn(&Number, &Number) -> Option<Ordering>,
) -> bool {
    if let (Some(x), Some(y)) = (a.as_str(), b.as_str()) {
        return x == y;
    }
    if let (Some(x), Some(y)) = (a.as_number(), b.as_number()) {
        return cmp(x, y) == Some(Ordering::Equal);
    }
    if let (Some(n), Some(m)) = (a.array_len(), b.array_len()) {
        return n == m
            && (0..n).all(|i| match (a.item(i), b.item(i)) {
                (Some(p), Some(q)) => json_eq_by(p, q, cmp),
                _ => false,
            });
    }
    if let (Some(n), Some(m)) = (a.object_len(), b.object_len()) {
        return n == m
            && a.entries()
                .all(|(k, v)| b.get(k).is_some_and(|w| json_eq_by(v, w, cmp)));
    }
    match (a.as_bool(), b.as_bool()) {
        (Some(x), Some(y)) => x == y,
        (None, None) => a.json_type() == JsonType::Null && b.json_type() == JsonType::Null,
        _ => false,
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

    #[test]
    fn values_of_two_models_compare_in_place() {
        let text = br#"{"a": [1, 2.0, {"b": null, "c": "x"}], "d": true}"#;
        let tape = crate::model::Tape::parse(text).unwrap_or_else(|e| panic!("{e}"));
        let same = json!({"d": true, "a": [1.0, 2, {"c": "x", "b": null}]});
        assert!(json_eq_by(tape.root(), &same, number_cmp));
        assert!(json_eq_by(&same, tape.root(), number_cmp));
        let others = [
            json!({"d": true}),
            json!({"d": false, "a": [1, 2, {"b": null, "c": "x"}]}),
            json!({"d": true, "a": [1, 2, {"b": false, "c": "x"}]}),
            json!({"d": true, "a": [1, 2, {"b": null, "c": "x"}, 3]}),
            json!({"d": true, "e": [1, 2, {"b": null, "c": "x"}]}),
            json!([1]),
        ];
        for other in &others {
            assert!(!json_eq_by(tape.root(), other, number_cmp), "{other}");
        }
    }
}
