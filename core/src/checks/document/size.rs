//! `Size`: lengths of strings (bytes or code points), arrays and objects (JSON Schema
//! `minLength`/`maxLength`, `minItems`/`maxItems`, `minProperties`/`maxProperties`).

use crate::ir::{Measure, Violation};
use crate::model::Instance;

/// Whether a size `n` is within `[min, max]` (each bound optional).
#[inline]
pub fn in_bounds(n: usize, min: Option<u64>, max: Option<u64>) -> bool {
    let n = u64::try_from(n).unwrap_or(u64::MAX);
    min.is_none_or(|m| n >= m) && max.is_none_or(|m| n <= m)
}

/// Whether [`size`] passes `v`, for a verdict (no violation built).
#[inline]
pub fn has_size<'a>(
    v: impl Instance<'a>,
    measure: Measure,
    min: Option<u64>,
    max: Option<u64>,
) -> bool {
    let n = match measure {
        Measure::Bytes => v.as_str().map(str::len),
        Measure::CodePoints => {
            let Some(s) = v.as_str() else {
                return true;
            };
            // A string of `b` bytes holds between `b / 4` (rounded up) and `b` code points:
            // bounds outside that range need no count.
            let b = s.len();
            if min.is_none_or(|m| m <= b.div_ceil(4) as u64) && max.is_none_or(|m| m >= b as u64) {
                return true;
            }
            Some(s.chars().count())
        }
        Measure::Items => v.array_len(),
        Measure::Entries => v.object_len(),
    };
    n.is_none_or(|n| in_bounds(n, min, max))
}

/// A value of the measured type whose size is outside `[min, max]`; other values pass.
pub fn size<'a>(
    v: impl Instance<'a>,
    measure: Measure,
    min: Option<u64>,
    max: Option<u64>,
) -> Option<Violation> {
    let (n, keywords, unit) = match measure {
        Measure::Bytes => (v.as_str()?.len(), ("minLength", "maxLength"), "bytes"),
        Measure::CodePoints => (
            v.as_str()?.chars().count(),
            ("minLength", "maxLength"),
            "characters",
        ),
        Measure::Items => (v.array_len()?, ("minItems", "maxItems"), "items"),
        Measure::Entries => (
            v.object_len()?,
            ("minProperties", "maxProperties"),
            "entries",
        ),
    };
    let n = u64::try_from(n).unwrap_or(u64::MAX);
    if let Some(m) = min.filter(|&m| n < m) {
        return Some(Violation::new(
            keywords.0,
            format!("at least {m} {unit}"),
            format!("{n} {unit}"),
        ));
    }
    if let Some(m) = max.filter(|&m| n > m) {
        return Some(Violation::new(
            keywords.1,
            format!("at most {m} {unit}"),
            format!("{n} {unit}"),
        ));
    }
    None
}
