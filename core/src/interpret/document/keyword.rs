//! [`crate::ir::Check::Keyword`]: the checks of one schema keyword, whose violations get the
//! keyword's location, or give way to its custom message.

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
    let start = out.len();
    apply(checks, v, at, scope, out);
    if out.len() == start {
        return;
    }
    if let Some(text) = message {
        scope.budget.locate(location);
        out.truncate(start);
        out.push(at.place(document::error_message(location, text)));
        return;
    }
    document::keyword_found(scope.budget, &mut out[start..], location);
}
