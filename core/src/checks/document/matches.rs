//! `Matches` (JSON Schema `pattern`).

use super::quote;
use crate::ir::{Regex, Violation};
use crate::model::Instance;

/// A string with no match of `regex` (unanchored); other values pass.
pub fn matches<'a>(v: impl Instance<'a>, regex: &Regex) -> Option<Violation> {
    if is_match(v, regex) {
        return None;
    }
    Some(Violation::new(
        "pattern",
        format!("a match of {}", regex.as_str()),
        quote(v),
    ))
}

/// Whether [`matches()`] passes `v`, for a verdict (no violation built).
pub fn is_match<'a>(v: impl Instance<'a>, regex: &Regex) -> bool {
    v.as_str().is_none_or(|text| regex.is_match(text))
}

/// The violation of a value checked against a pattern that failed to build at run time (its
/// dialect's error): the value is not accepted unchecked.
pub fn bad_pattern(error: &str) -> Violation {
    Violation::new("pattern", "a pattern that compiles", error)
}
