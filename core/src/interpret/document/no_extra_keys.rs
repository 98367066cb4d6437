//! [`crate::ir::Check::NoExtraKeys`]: [`crate::checks::document::no_extra_keys`] on the value.

use crate::checks::document;
use crate::ir::Violation;
use crate::model::Instance;

pub(super) fn check<'a>(v: impl Instance<'a>, allowed: &[String]) -> Option<Violation> {
    document::no_extra_keys(v, allowed)
}
