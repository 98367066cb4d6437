//! [`crate::ir::Check::PropertyNames`]: the checks applied to each property name as a string
//! value; violations are placed at the object, as the name is not a value of the document.

use serde_json::Value;

use super::{Scope, apply};
use crate::ir::{At, Check, Violation};
use crate::model::Instance;

pub(super) fn apply_names<'a, I: Instance<'a>>(
    checks: &[Check],
    v: I,
    at: &mut At,
    scope: Scope<'_>,
    out: &mut Vec<Violation>,
) {
    for key in v.keys() {
        let name = Value::String(key.to_owned());
        apply(checks, &name, at, scope, out);
    }
}
