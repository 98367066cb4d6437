//! [`crate::ir::Check::Type`]: [`crate::checks::document::type_`] on the value.

use crate::checks::document;
use crate::ir::Violation;
use crate::model::{Instance, JsonType};

pub(super) fn check<'a>(v: impl Instance<'a>, types: &[JsonType]) -> Option<Violation> {
    document::type_(v, types)
}
