//! `Format` (JSON Schema `format`, where asserted).

use super::quote;
use crate::ir::Violation;
use crate::model::Instance;
use validgen_format::Format;

/// Whether [`format()`] passes `v`, for a verdict (no violation built).
#[inline]
pub fn has_format<'a>(v: impl Instance<'a>, format: Format) -> bool {
    v.as_str().is_none_or(|text| format.is_valid(text))
}

/// A string not valid in `format`; other values pass.
pub fn format<'a>(v: impl Instance<'a>, format: Format) -> Option<Violation> {
    let text = v.as_str()?;
    if format.is_valid(text) {
        return None;
    }
    Some(Violation::new(
        "format",
        format!("a valid {}", format.name()),
        quote(v),
    ))
}
