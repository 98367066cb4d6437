//! [`crate::ir::Check::Const`]: [`crate::checks::document::const_`] on the value.

use serde_json::Value;

use crate::checks::document;
use crate::ir::Violation;
use crate::model::Instance;

pub(super) fn check<'a>(v: impl Instance<'a>, value: &Value) -> Option<Violation> {
    document::const_(v, value)
}
