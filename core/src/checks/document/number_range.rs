//! `NumberRange` (JSON Schema `minimum`, `maximum` and their exclusive forms).

use std::cmp::Ordering;

use serde_json::Number;

use super::compare::number_cmp;
use crate::ir::{Bound, Violation};
use crate::model::Instance;

/// Whether [`number_range`] passes `v`, for a verdict (no violation built).
#[inline]
pub fn in_range<'a>(v: impl Instance<'a>, min: Option<&Bound>, max: Option<&Bound>) -> bool {
    v.as_number()
        .is_none_or(|n| min.is_none_or(|b| above(n, b)) && max.is_none_or(|b| below(n, b)))
}

/// Whether `n` is within the lower bound `b`.
fn above(n: &Number, b: &Bound) -> bool {
    match number_cmp(n, &b.value) {
        Some(Ordering::Greater) => true,
        Some(Ordering::Equal) => !b.exclusive,
        _ => false,
    }
}

/// Whether `n` is within the upper bound `b`.
fn below(n: &Number, b: &Bound) -> bool {
    match number_cmp(n, &b.value) {
        Some(Ordering::Less) => true,
        Some(Ordering::Equal) => !b.exclusive,
        _ => false,
    }
}

/// A number outside the bounds (the lower bound is checked first); other values pass.
pub fn number_range<'a>(
    v: impl Instance<'a>,
    min: Option<&Bound>,
    max: Option<&Bound>,
) -> Option<Violation> {
    let n = v.as_number()?;
    if let Some(b) = min
        && !above(n, b)
    {
        return Some(outside(
            n,
            b,
            ("exclusiveMinimum", "above"),
            ("minimum", "at least"),
        ));
    }
    if let Some(b) = max
        && !below(n, b)
    {
        return Some(outside(
            n,
            b,
            ("exclusiveMaximum", "below"),
            ("maximum", "at most"),
        ));
    }
    None
}

/// The violation of `n` outside bound `b`: `exclusive` or `inclusive` (keyword, relation)
/// as `b` is.
fn outside(
    n: &Number,
    b: &Bound,
    exclusive: (&'static str, &str),
    inclusive: (&'static str, &str),
) -> Violation {
    let (check, rel) = if b.exclusive { exclusive } else { inclusive };
    Violation::new(check, format!("{rel} {}", b.value), n.to_string())
}
