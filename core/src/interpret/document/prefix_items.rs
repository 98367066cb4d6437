//! [`crate::ir::Check::PrefixItems`]: each position's checks applied to the item there.

use super::{Scope, descend};
use crate::ir::{At, Check, Violation};
use crate::model::Instance;

pub(super) fn apply_prefix<'a, I: Instance<'a>>(
    items: &[Vec<Check>],
    v: I,
    at: &mut At,
    scope: Scope<'_>,
    out: &mut Vec<Violation>,
) {
    for (i, checks) in items.iter().enumerate() {
        let Some(item) = v.item(i) else {
            return;
        };
        descend(checks, item, at, |at| at.index(i), scope, out);
    }
}
