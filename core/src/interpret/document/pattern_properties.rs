//! [`crate::ir::Check::PatternProperties`]: the checks of every pattern a property's name
//! matches, in document order.

use super::{Scope, apply};
use crate::checks::document;
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
            let mark = at.mark();
            at.key(key);
            match document::key_matches(key, regex) {
                Ok(true) => apply(checks, value, at, scope, out),
                Ok(false) => {}
                Err(over) => out.push(at.place(*over)),
            }
            at.truncate(mark);
        }
    }
}
