//! [`crate::ir::Check::IfThenElse`]: the branch the condition selects (judged by its
//! verdict) applied in place.

use super::{Scope, apply, holds};
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
    let branch = if holds(condition, v, at, scope) {
        then
    } else {
        otherwise
    };
    apply(branch, v, at, scope, out);
}
