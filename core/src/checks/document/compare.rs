//! Exact comparison of JSON numbers for the document checks: an integer against a float is
//! compared by mathematical value, not through `f64` (where `9007199254740993` and
//! `9007199254740992.0` would be equal), as JSON Schema compares numbers (core §4.2.2).

use std::cmp::Ordering;

use serde_json::Number;

use crate::model::Instance;

/// The order of two numbers by mathematical value.
pub(crate) fn number_cmp(a: &Number, b: &Number) -> Option<Ordering> {
    match (integer(a), integer(b)) {
        (Some(x), Some(y)) => Some(x.cmp(&y)),
        (None, Some(y)) => float_cmp_integer(a.as_f64()?, y),
        (Some(x), None) => float_cmp_integer(b.as_f64()?, x).map(Ordering::reverse),
        (None, None) => a.as_f64()?.partial_cmp(&b.as_f64()?),
    }
}

/// JSON Schema equality of two values read in place: numbers by exact value, arrays item by
/// item, objects regardless of key order.
pub(crate) fn json_eq<'a, 'b>(a: impl Instance<'a>, b: impl Instance<'b>) -> bool {
    crate::model::json_eq_by(a, b, number_cmp)
}

/// The number as an integer, when it is stored as one.
fn integer(n: &Number) -> Option<i128> {
    n.as_i64()
        .map(i128::from)
        .or_else(|| n.as_u64().map(i128::from))
}

/// `f` against the integer `i` (|i| < 2^64), exactly.
fn float_cmp_integer(f: f64, i: i128) -> Option<Ordering> {
    if f.is_nan() {
        return None;
    }
    // Past ±2^65 a float is past any integer `i` can be (and past `i128`'s exact casts).
    if f >= 3.6e19 {
        return Some(Ordering::Greater);
    }
    if f <= -3.6e19 {
        return Some(Ordering::Less);
    }
    let whole = f.trunc();
    // Exact: `whole` is integral and within ±2^65.
    let fraction = whole.partial_cmp(&f).map(Ordering::reverse)?;
    Some((whole as i128).cmp(&i).then(fraction))
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    fn n(v: Value) -> Number {
        v.as_number().cloned().unwrap_or_else(|| Number::from(0))
    }

    #[test]
    fn integers_and_floats_compare_exactly() {
        let cmp = |a: Value, b: Value| number_cmp(&n(a), &n(b));
        // 2^53 + 1 is not the float 2^53, which `f64` would round it to.
        assert_eq!(
            cmp(
                json!(9_007_199_254_740_993_u64),
                json!(9_007_199_254_740_992.0)
            ),
            Some(Ordering::Greater)
        );
        assert_eq!(
            cmp(
                json!(9_007_199_254_740_992.0),
                json!(9_007_199_254_740_993_u64)
            ),
            Some(Ordering::Less)
        );
        // 2^64 (a float) is above `u64::MAX`; 2^63 (a float) equals 2^63 (an integer).
        assert_eq!(
            cmp(json!(18_446_744_073_709_551_616.0), json!(u64::MAX)),
            Some(Ordering::Greater)
        );
        assert_eq!(
            cmp(
                json!(9_223_372_036_854_775_808.0),
                json!(9_223_372_036_854_775_808_u64)
            ),
            Some(Ordering::Equal)
        );
        assert_eq!(cmp(json!(-1), json!(u64::MAX)), Some(Ordering::Less));
        assert_eq!(cmp(json!(2.5), json!(2)), Some(Ordering::Greater));
        assert_eq!(cmp(json!(-2.5), json!(-2)), Some(Ordering::Less));
        assert_eq!(cmp(json!(-2.5), json!(-3)), Some(Ordering::Greater));
        assert_eq!(cmp(json!(1.0), json!(1)), Some(Ordering::Equal));
        assert_eq!(cmp(json!(-0.0), json!(0)), Some(Ordering::Equal));
        assert_eq!(cmp(json!(1e300), json!(i64::MAX)), Some(Ordering::Greater));
        assert_eq!(cmp(json!(-1e300), json!(i64::MIN)), Some(Ordering::Less));
        assert_eq!(cmp(json!(0.5), json!(0.25)), Some(Ordering::Greater));
    }

    #[test]
    fn values_are_equal_by_json_schema() {
        assert!(json_eq(&json!({"a": [1, 2.0]}), &json!({"a": [1.0, 2]})));
        assert!(!json_eq(
            &json!([9_007_199_254_740_993_u64]),
            &json!([9_007_199_254_740_992.0])
        ));
        assert!(!json_eq(&json!(1), &json!("1")));
        assert!(!json_eq(&json!({"a": 1}), &json!({"a": 1, "b": 2})));
    }
}
