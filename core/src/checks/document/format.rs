//! `Format` (JSON Schema `format`, where asserted).

use super::quote;
use crate::ir::Violation;
use crate::model::Instance;
use validgen_format::Format;

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
