//! [`crate::ir::Check::NumberRange`]: [`crate::checks::document::number_range`] on the value.

use crate::checks::document;
use crate::ir::{Bound, Violation};
use crate::model::Instance;

pub(super) fn check<'a>(
    v: impl Instance<'a>,
    min: Option<&Bound>,
    max: Option<&Bound>,
) -> Option<Violation> {
    document::number_range(v, min, max)
}
