//! [`crate::ir::Check::Never`]: every value fails ([`crate::checks::document::never`]).

use crate::checks::document;
use crate::ir::Violation;
use crate::model::Instance;

pub(super) fn check<'a>(v: impl Instance<'a>) -> Option<Violation> {
    Some(document::never(v))
}
