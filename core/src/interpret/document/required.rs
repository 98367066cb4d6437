//! [`crate::ir::Check::Required`]: [`crate::checks::document::required`] on the value.

use crate::checks::document;
use crate::ir::Violation;
use crate::model::Instance;

pub(super) fn check<'a>(v: impl Instance<'a>, keys: &[String]) -> Option<Violation> {
    document::required(v, keys)
}
