//! [`crate::ir::Check::Matches`]: strings judged by [`crate::checks::document::matches`].

use crate::checks::document;
use crate::ir::{Regex, Violation};
use crate::model::Instance;

pub(super) fn check<'a>(v: impl Instance<'a>, regex: &Regex) -> Option<Violation> {
    document::matches(v, regex)
}
