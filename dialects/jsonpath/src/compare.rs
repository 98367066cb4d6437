//! Filter comparisons, as client-go `third_party/forked/golang/template/funcs.go` (the
//! `text/template` functions `eq`, `ne`, `lt`, `le`, `gt`, `ge`).
//!
//! Both operands are first reduced to a basic kind (bool, int, uint, float, string); anything
//! else (nil, pointer, struct, map, slice) is "invalid type for comparison". Different kinds are
//! "incompatible types for comparison", except signed against unsigned integers.

use super::EvalError;
use super::node::Scalar;

const BAD_TYPE: &str = "invalid type for comparison";
const INCOMPATIBLE: &str = "incompatible types for comparison";

fn basic<'a>(v: Option<Scalar<'a>>) -> Result<Scalar<'a>, EvalError> {
    v.ok_or_else(|| EvalError::new(BAD_TYPE))
}

/// `a == b`.
pub(crate) fn equal(a: Option<Scalar<'_>>, b: Option<Scalar<'_>>) -> Result<bool, EvalError> {
    let a = basic(a)?;
    let b = basic(b)?;
    Ok(match (&a, &b) {
        // Integers compare regardless of sign.
        (Scalar::Int(x), Scalar::Uint(y)) => u64::try_from(*x).is_ok_and(|x| x == *y),
        (Scalar::Uint(x), Scalar::Int(y)) => u64::try_from(*y).is_ok_and(|y| *x == y),
        (Scalar::Bool(x), Scalar::Bool(y)) => x == y,
        (Scalar::Float(x), Scalar::Float(y)) => x == y,
        (Scalar::Int(x), Scalar::Int(y)) => x == y,
        (Scalar::Uint(x), Scalar::Uint(y)) => x == y,
        (Scalar::Str(x), Scalar::Str(y)) => x == y,
        _ => return Err(EvalError::new(INCOMPATIBLE)),
    })
}

/// `a != b`: the inverse of `==`.
pub(crate) fn not_equal(a: Option<Scalar<'_>>, b: Option<Scalar<'_>>) -> Result<bool, EvalError> {
    equal(a, b).map(|eq| !eq)
}

/// `a < b`; booleans are "invalid type for comparison".
pub(crate) fn less(a: Option<Scalar<'_>>, b: Option<Scalar<'_>>) -> Result<bool, EvalError> {
    let a = basic(a)?;
    let b = basic(b)?;
    Ok(match (&a, &b) {
        (Scalar::Int(x), Scalar::Uint(y)) => u64::try_from(*x).map_or(true, |x| x < *y),
        (Scalar::Uint(x), Scalar::Int(y)) => u64::try_from(*y).is_ok_and(|y| *x < y),
        (Scalar::Bool(_), Scalar::Bool(_)) => return Err(EvalError::new(BAD_TYPE)),
        (Scalar::Float(x), Scalar::Float(y)) => x < y,
        (Scalar::Int(x), Scalar::Int(y)) => x < y,
        (Scalar::Uint(x), Scalar::Uint(y)) => x < y,
        (Scalar::Str(x), Scalar::Str(y)) => x.as_bytes() < y.as_bytes(),
        _ => return Err(EvalError::new(INCOMPATIBLE)),
    })
}

/// `a <= b`: `<`, then `==`.
pub(crate) fn less_equal(a: Option<Scalar<'_>>, b: Option<Scalar<'_>>) -> Result<bool, EvalError> {
    let lt = less(a.clone(), b.clone())?;
    if lt {
        return Ok(true);
    }
    equal(a, b)
}

/// `a > b`: the inverse of `<=` (so a NaN is greater than anything, as in client-go).
pub(crate) fn greater(a: Option<Scalar<'_>>, b: Option<Scalar<'_>>) -> Result<bool, EvalError> {
    less_equal(a, b).map(|le| !le)
}

/// `a >= b`: the inverse of `<`.
pub(crate) fn greater_equal(
    a: Option<Scalar<'_>>,
    b: Option<Scalar<'_>>,
) -> Result<bool, EvalError> {
    less(a, b).map(|lt| !lt)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::borrow::Cow;

    fn s(v: &str) -> Option<Scalar<'_>> {
        Some(Scalar::Str(Cow::Borrowed(v)))
    }

    #[test]
    fn mixed_sign_integers_compare() {
        assert_eq!(equal(Some(Scalar::Int(3)), Some(Scalar::Uint(3))), Ok(true));
        assert_eq!(
            equal(Some(Scalar::Int(-1)), Some(Scalar::Uint(u64::MAX))),
            Ok(false)
        );
        assert_eq!(less(Some(Scalar::Int(-1)), Some(Scalar::Uint(0))), Ok(true));
        assert_eq!(
            less(Some(Scalar::Uint(0)), Some(Scalar::Int(-1))),
            Ok(false)
        );
        assert_eq!(
            greater(Some(Scalar::Uint(5)), Some(Scalar::Int(4))),
            Ok(true)
        );
    }

    #[test]
    fn kinds_must_match() {
        let msg = |r: Result<bool, EvalError>| r.map_err(|e| e.to_string());
        let incompatible = Err(INCOMPATIBLE.to_owned());
        let bad_type = Err(BAD_TYPE.to_owned());
        assert_eq!(INCOMPATIBLE, "incompatible types for comparison");
        assert_eq!(BAD_TYPE, "invalid type for comparison");
        assert_eq!(
            msg(equal(Some(Scalar::Int(80)), Some(Scalar::Float(80.0)))),
            incompatible
        );
        assert_eq!(msg(less(s("a"), Some(Scalar::Int(1)))), incompatible);
        assert_eq!(msg(equal(None, s("a"))), bad_type);
        assert_eq!(msg(equal(s("a"), None)), bad_type);
        assert_eq!(
            msg(less(Some(Scalar::Bool(true)), Some(Scalar::Bool(false)))),
            bad_type
        );
        assert_eq!(
            msg(equal(Some(Scalar::Bool(true)), Some(Scalar::Bool(true)))),
            Ok(true)
        );
        // `<=` on booleans fails in `<` before `==` is tried.
        assert_eq!(
            msg(less_equal(
                Some(Scalar::Bool(true)),
                Some(Scalar::Bool(true))
            )),
            bad_type
        );
    }

    #[test]
    fn strings_compare_bytewise() {
        assert_eq!(less(s("cloudinitdisk"), s("l")), Ok(true));
        assert_eq!(less(s("lun0"), s("l")), Ok(false));
        assert_eq!(greater_equal(s("b"), s("b")), Ok(true));
        assert_eq!(not_equal(s("b"), s("c")), Ok(true));
    }

    #[test]
    fn nan_is_greater_than_anything() {
        let nan = Some(Scalar::Float(f64::NAN));
        assert_eq!(greater(nan.clone(), Some(Scalar::Float(1.0))), Ok(true));
        assert_eq!(less(nan.clone(), Some(Scalar::Float(1.0))), Ok(false));
        assert_eq!(greater_equal(nan, Some(Scalar::Float(1.0))), Ok(true));
    }
}
