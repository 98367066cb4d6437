//! [`crate::ir::Check::AdditionalProperties`]: the checks applied to every property not in
//! `known` and matching none of `patterns`, in document order.

use super::{Scope, descend};
use crate::ir::{At, Check, Regex, Violation};
use crate::model::Instance;

pub(super) fn apply_additional<'a, I: Instance<'a>>(
    known: &[String],
    patterns: &[Regex],
    checks: &[Check],
    v: I,
    at: &mut At,
    scope: Scope<'_>,
    out: &mut Vec<Violation>,
) {
    for (key, value) in v.entries() {
        // A name whose match took over the limit matches nothing here: `patternProperties`
        // reports it.
        if known.iter().any(|k| k == key) || patterns.iter().any(|p| p.is_match(key) == Ok(true)) {
            continue;
        }
        descend(checks, value, at, |at| at.key(key), scope, out);
    }
}
