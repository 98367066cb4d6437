//! [`crate::ir::Check::IfThenElse`]: the branch the condition selects
//! ([`crate::checks::document::if_holds`]) applied in place.

use super::{Scope, apply};
use crate::checks::document;
use crate::ir::{At, Check, Violation};
use crate::model::Instance;

pub(super) fn apply_branch<'a, I: Instance<'a>>(
    condition: &[Check],
    then: &[Check],
    otherwise: &[Check],
    v: I,
    at: &mut At,
    scope: Scope<'_>,
    out: &mut Vec<Violation>,
) {
    let mut scratch = Vec::new();
    apply(condition, v, at, scope, &mut scratch);
    let branch = if document::if_holds(scratch.len()) {
        then
    } else {
        otherwise
    };
    apply(branch, v, at, scope, out);
}
