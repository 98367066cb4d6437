//! [`crate::ir::Check::PatternProperties`]: the checks of every pattern a property's name
//! matches, in document order.

use super::{Scope, apply};
use crate::ir::{At, Check, Regex, Violation};
use crate::model::Instance;

pub(super) fn apply_patterns<'a, I: Instance<'a>>(
    patterns: &[(Regex, Vec<Check>)],
    v: I,
    at: &mut At,
    scope: Scope<'_>,
    out: &mut Vec<Violation>,
) {
    for (key, value) in v.entries() {
        for (regex, checks) in patterns {
            if regex.is_match(key) {
                let mark = at.mark();
                at.key(key);
                apply(checks, value, at, scope, out);
                at.truncate(mark);
            }
        }
    }
}
