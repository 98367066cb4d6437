//! [`crate::ir::Check::Format`]: strings judged by [`crate::checks::document::format`].

use crate::checks::document;
use crate::format::Format;
use crate::ir::Violation;
use crate::model::Instance;

pub(super) fn check<'a>(v: impl Instance<'a>, format: Format) -> Option<Violation> {
    document::format(v, format)
}
