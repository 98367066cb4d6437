//! [`crate::ir::Check::Ref`]: a definition's checks applied in place, at most
//! [`crate::checks::document::MAX_DEPTH`] deep, each evaluation taken from the value's
//! [`crate::checks::document::Budget`].

use super::{Scope, apply, passes};
use crate::checks::document;
use crate::ir::{At, Violation};
use crate::model::Instance;

pub(super) fn apply_ref<'a, I: Instance<'a>>(
    name: &str,
    v: I,
    at: &mut At,
    scope: Scope<'_>,
    out: &mut Vec<Violation>,
) {
    match scope.definitions.get(name) {
        // The definition is judged by its verdict first (as the emitted report): a value it
        // holds for costs no walk.
        Some(checks) => document::reference_report(
            v,
            at,
            scope.depth,
            scope.budget,
            out,
            |v, depth, _| passes(checks, v, Scope { depth, ..scope }),
            |v, at, depth, _, out| apply(checks, v, at, Scope { depth, ..scope }, out),
        ),
        None => out.push(at.place(document::undefined(name, scope.depth))),
    }
}
