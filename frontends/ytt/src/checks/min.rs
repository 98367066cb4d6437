//! `min=` (ytt `assert.min`: `decode(encode(v)) >= decode(encode(min)) or
//! fail("value < {}".format(decode(encode(min))))`).

use serde_json::Value;

use super::found;
use super::roundtrip::roundtrip;
use crate::starlark::Val;
use crate::starlark::ops::{self, Cmp};

/// `value < X` (the bound with `str()`: strings unquoted) when `v` is below `bound`; a
/// comparison error (`dict >= int not implemented`) as found.
pub fn min(v: &Value, bound: &Value) -> Option<Option<String>> {
    bounded(v, bound, Cmp::Ge, "<")
}

/// `v op bound` after the round trip, else `value <neg> bound`.
pub(super) fn bounded(v: &Value, bound: &Value, op: Cmp, neg: &str) -> Option<Option<String>> {
    let result = roundtrip(&Val::from_data(v)).and_then(|x| {
        let b = roundtrip(&Val::from_literal_json(bound))?;
        Ok((ops::compare(op, &x, &b)?, b))
    });
    match result {
        Ok((true, _)) => None,
        Ok((false, b)) => found(format!("value {neg} {}", b.str())),
        Err(message) => found(message),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn bounds_as_ytt() {
        assert_eq!(min(&json!(9), &json!(10)), found("value < 10".to_owned()));
        assert_eq!(min(&json!(10), &json!(10)), None);
        assert_eq!(min(&json!("a"), &json!("b")), found("value < b".to_owned()));
        assert_eq!(min(&json!(1.5), &json!(2.0)), found("value < 2".to_owned()));
        assert_eq!(
            min(&json!(0.001), &json!(0.01)),
            found("value < 0.01".to_owned())
        );
        assert_eq!(
            min(&json!([1, 1]), &json!([2, 2])),
            found("value < [2, 2]".to_owned())
        );
        assert_eq!(
            min(&json!({"a": 1}), &json!(4)),
            found("dict >= int not implemented".to_owned())
        );
        assert_eq!(
            min(&json!({"a": 1}), &json!({"foo": true})),
            found("dict >= dict not implemented".to_owned())
        );
        assert_eq!(
            min(&json!(3), &json!("b")),
            found("int >= string not implemented".to_owned())
        );
        assert_eq!(
            min(&json!(true), &json!(1)),
            found("bool >= int not implemented".to_owned())
        );
        assert_eq!(
            min(&json!([]), &json!(4)),
            found("NoneType >= int not implemented".to_owned())
        );
    }
}
