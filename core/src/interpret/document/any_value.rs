//! [`crate::ir::Check::AnyValue`]: values judged by [`crate::checks::document::any_value`].

use serde_json::Value;

use crate::checks::document;
use crate::ir::Violation;
use crate::model::Instance;

pub(super) fn check<'a>(v: impl Instance<'a>, values: &[Value]) -> Option<Violation> {
    document::any_value(v, values)
}
