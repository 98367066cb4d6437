//! [`crate::ir::Check::Items`]: the checks applied to every item of an array from
//! position `from` on.

use super::{Scope, descend};
use crate::ir::{At, Check, Violation};
use crate::model::Instance;

pub(super) fn apply_items<'a, I: Instance<'a>>(
    from: usize,
    checks: &[Check],
    v: I,
    at: &mut At,
    scope: Scope<'_>,
    out: &mut Vec<Violation>,
) {
    let Some(n) = v.array_len() else {
        return;
    };
    for i in from..n {
        if let Some(item) = v.item(i) {
            descend(checks, item, at, |at| at.index(i), scope, out);
        }
    }
}
