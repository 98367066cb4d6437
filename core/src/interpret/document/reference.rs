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
    if scope.depth >= document::MAX_DEPTH {
        out.push(at.place(document::too_deep()));
        return;
    }
    let Some(checks) = scope.definitions.get(name) else {
        out.push(at.place(document::undefined(name)));
        return;
    };
    if !scope.budget.take() {
        out.push(scope.budget.refuse(at));
        return;
    }
    let deeper = Scope {
        depth: scope.depth + 1,
        ..scope
    };
    // The definition is judged by its verdict first (as the emitted report): a value it holds
    // for costs no walk. One stack test for both.
    document::deeper(scope.depth, || {
        if !passes(checks, v, deeper) {
            scope.budget.place(at);
            apply(checks, v, at, deeper, out);
        }
    });
}
