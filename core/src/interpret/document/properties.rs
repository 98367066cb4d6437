//! [`crate::ir::Check::Properties`]: each named property's checks, where it is present.

use super::{Scope, descend};
use crate::ir::{At, Check, Violation};
use crate::model::Instance;

pub(super) fn apply_properties<'a, I: Instance<'a>>(
    properties: &[(String, Vec<Check>)],
    v: I,
    at: &mut At,
    scope: Scope<'_>,
    out: &mut Vec<Violation>,
) {
    for (key, checks) in properties {
        if let Some(value) = v.get(key) {
            descend(checks, value, at, |at| at.key(key), scope, out);
        }
    }
}
