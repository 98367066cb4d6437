//! [`crate::ir::Check::Size`]: [`crate::checks::document::size`] on the value.

use crate::checks::document;
use crate::ir::{Measure, Violation};
use crate::model::Instance;

pub(super) fn check<'a>(
    v: impl Instance<'a>,
    measure: Measure,
    min: Option<u64>,
    max: Option<u64>,
) -> Option<Violation> {
    document::size(v, measure, min, max)
}
