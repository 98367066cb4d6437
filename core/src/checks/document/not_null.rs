//! `NotNull` (ytt `not_null`).

use crate::ir::Violation;
use crate::model::{Instance, JsonType};

/// Whether [`not_null`] passes `v`, for a verdict (no violation built).
#[inline]
pub fn is_not_null<'a>(v: impl Instance<'a>) -> bool {
    v.json_type() != JsonType::Null
}

/// A `null` value.
pub fn not_null<'a>(v: impl Instance<'a>) -> Option<Violation> {
    (v.json_type() == JsonType::Null).then(|| Violation::new("notNull", "a value", "null"))
}
