//! [`crate::ir::Check::MultipleOf`]: numbers judged by
//! [`crate::checks::document::multiple_of`].

use serde_json::Number;

use crate::checks::document;
use crate::ir::Violation;
use crate::model::Instance;

pub(super) fn check<'a>(v: impl Instance<'a>, divisor: &Number) -> Option<Violation> {
    document::multiple_of(v, divisor)
}
