//! [`crate::ir::Check::Format`]: strings judged by [`crate::checks::document::format`].

use crate::checks::document;
use crate::ir::Violation;
use crate::model::Instance;
use validgen_format::Format;

pub(super) fn check<'a>(v: impl Instance<'a>, format: Format) -> Option<Violation> {
    document::format(v, format)
}
