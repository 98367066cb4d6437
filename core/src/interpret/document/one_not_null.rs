//! [`crate::ir::Check::OneNotNull`]: [`crate::checks::document::one_not_null`] on the value.

use crate::checks::document;
use crate::ir::Violation;
use crate::model::Instance;

pub(super) fn check<'a>(v: impl Instance<'a>, keys: &[String]) -> Option<Violation> {
    document::one_not_null(v, keys)
}
