//! [`crate::ir::Check::Contains`]: how many items of an array hold, judged by
//! [`crate::checks::document::contains`].

use super::{Scope, holds};
use crate::checks::document;
use crate::ir::{At, Check, Violation};
use crate::model::Instance;

pub(super) fn check<'a, I: Instance<'a>>(
    checks: &[Check],
    min: u64,
    max: Option<u64>,
    v: I,
    at: &mut At,
    scope: Scope<'_>,
) -> Option<Violation> {
    let n = v.array_len()?;
    let matched = (0..n)
        .filter_map(|i| v.item(i))
        .filter(|item| holds(checks, *item, at, scope))
        .count();
    document::contains(matched, min, max)
}
