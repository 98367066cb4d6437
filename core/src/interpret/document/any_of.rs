//! [`crate::ir::Check::AnyOf`]: how many branches hold, judged by
//! [`crate::checks::document::any_of`].

use super::{Scope, holds};
use crate::checks::document;
use crate::ir::{At, Check, Violation};
use crate::model::Instance;

pub(super) fn check<'a, I: Instance<'a>>(
    branches: &[Vec<Check>],
    v: I,
    at: &mut At,
    scope: Scope<'_>,
) -> Option<Violation> {
    let held = branches.iter().filter(|b| holds(b, v, at, scope)).count();
    document::any_of(held, branches.len())
}
