//! `Size`: lengths of strings (bytes or code points), arrays and objects (JSON Schema
//! `minLength`/`maxLength`, `minItems`/`maxItems`, `minProperties`/`maxProperties`).

use crate::ir::{Measure, Violation};
use crate::model::Instance;

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
