//! [`crate::ir::Check::Not`]: whether the checks hold, judged by
//! [`crate::checks::document::not`].

use super::{Scope, holds};
use crate::checks::document;
use crate::ir::{At, Check, Violation};
use crate::model::Instance;

pub(super) fn check<'a, I: Instance<'a>>(
    checks: &[Check],
    v: I,
    at: &mut At,
    scope: Scope<'_>,
) -> Option<Violation> {
    document::not(holds(checks, v, at, scope))
}
