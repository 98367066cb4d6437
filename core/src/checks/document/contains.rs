//! `Contains` (JSON Schema `contains`, `minContains`, `maxContains`).

use crate::ir::Violation;

/// `matched` items of an array satisfied the checks: too few (below `min`) or too many.
pub fn contains(matched: usize, min: u64, max: Option<u64>) -> Option<Violation> {
    let n = u64::try_from(matched).unwrap_or(u64::MAX);
    if n < min {
        let keyword = if min == 1 { "contains" } else { "minContains" };
        return Some(Violation::new(
            keyword,
            format!("at least {min} matching items"),
            format!("{n}"),
        ));
    }
    max.filter(|&m| n > m).map(|m| {
        Violation::new(
            "maxContains",
            format!("at most {m} matching items"),
            format!("{n}"),
        )
    })
}
