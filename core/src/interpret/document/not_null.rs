//! [`crate::ir::Check::NotNull`]: [`crate::checks::document::not_null`] on the value.

use crate::checks::document;
use crate::ir::Violation;
use crate::model::Instance;

pub(super) fn check<'a>(v: impl Instance<'a>) -> Option<Violation> {
    document::not_null(v)
}
