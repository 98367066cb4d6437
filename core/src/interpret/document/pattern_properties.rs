//! [`crate::ir::Check::PatternProperties`]: the checks of every pattern a property's name
//! matches, in document order.

use super::{Scope, descend};
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
            match document::key_matches(key, regex) {
                Ok(true) => descend(checks, value, at, |at| at.key(key), scope, out),
                Ok(false) => {}
                Err(over) => {
                    let mark = at.mark();
                    at.key(key);
                    out.push(at.place(*over));
                    at.truncate(mark);
                }
            }
        }
    }
}
