//! [`crate::ir::Check::Keyword`]: the checks of one schema keyword, whose violations get the
//! keyword's location; or, with a custom message, the message where their verdict fails.

use super::{Scope, apply};
use crate::checks::document;
use crate::ir::{At, Check, Violation};
use crate::model::Instance;

#[allow(clippy::too_many_arguments)]
pub(super) fn apply_keyword<'a, I: Instance<'a>>(
    location: &str,
    message: Option<&str>,
    checks: &[Check],
    v: I,
    at: &mut At,
    scope: Scope<'_>,
    out: &mut Vec<Violation>,
) {
    if let Some(text) = message {
        // The message replaces whatever the checks find: their verdict decides, no violation
        // built to be dropped (as the emitted report).
        if !super::holds(checks, v, at, scope) {
            scope.budget.locate(location);
            out.push(at.place(document::error_message(location, text)));
        }
        return;
    }
    let start = out.len();
    apply(checks, v, at, scope, out);
    if out.len() != start {
        document::keyword_found(scope.budget, &mut out[start..], location);
    }
}
