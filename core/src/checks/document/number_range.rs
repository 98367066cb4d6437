//! `NumberRange` (JSON Schema `minimum`, `maximum` and their exclusive forms).

use std::cmp::Ordering;

use super::compare::number_cmp;
use crate::ir::{Bound, Violation};
use crate::model::Instance;

/// A number outside the bounds (the lower bound is checked first); other values pass.
pub fn number_range<'a>(
    v: impl Instance<'a>,
    min: Option<&Bound>,
    max: Option<&Bound>,
) -> Option<Violation> {
    let n = v.as_number()?;
    if let Some(b) = min {
        let ok = match number_cmp(n, &b.value) {
            Some(Ordering::Greater) => true,
            Some(Ordering::Equal) => !b.exclusive,
            _ => false,
        };
        if !ok {
            let (check, rel) = if b.exclusive {
                ("exclusiveMinimum", "above")
            } else {
                ("minimum", "at least")
            };
            return Some(Violation::new(
                check,
                format!("{rel} {}", b.value),
                n.to_string(),
            ));
        }
    }
    if let Some(b) = max {
        let ok = match number_cmp(n, &b.value) {
            Some(Ordering::Less) => true,
            Some(Ordering::Equal) => !b.exclusive,
            _ => false,
        };
        if !ok {
            let (check, rel) = if b.exclusive {
                ("exclusiveMaximum", "below")
            } else {
                ("maximum", "at most")
            };
            return Some(Violation::new(
                check,
                format!("{rel} {}", b.value),
                n.to_string(),
            ));
        }
    }
    None
}
