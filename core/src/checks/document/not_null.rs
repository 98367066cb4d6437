//! `NotNull` (ytt `not_null`).

use crate::ir::Violation;
use crate::model::{Instance, JsonType};

/// A `null` value.
pub fn not_null<'a>(v: impl Instance<'a>) -> Option<Violation> {
    (v.json_type() == JsonType::Null).then(|| Violation::new("notNull", "a value", "null"))
}
