//! [`crate::ir::Check::Unique`]: [`crate::checks::document::unique`] on the value.

use crate::checks::document;
use crate::ir::Violation;
use crate::model::Instance;

pub(super) fn check<'a>(v: impl Instance<'a>) -> Option<Violation> {
    document::unique(v)
}
