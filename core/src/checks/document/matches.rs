//! `Matches` (JSON Schema `pattern`).

use super::quote;
use crate::ir::{LimitExceeded, Regex, Violation};
use crate::model::Instance;

/// A string with no match of `regex` (unanchored), or whose match took more than the
/// pattern's backtracking limit; other values pass.
pub fn matches<'a>(v: impl Instance<'a>, regex: &Regex) -> Option<Violation> {
    let text = v.as_str()?;
    match regex.is_match(text) {
        Ok(true) => None,
        Ok(false) => Some(Violation::new(
            "pattern",
            format!("a match of {}", regex.as_str()),
            quote(v),
        )),
        Err(limit) => Some(over_limit(regex, &quote(v), limit)),
    }
}

/// Whether [`matches()`] passes `v`, for a verdict (no violation built).
pub fn is_match<'a>(v: impl Instance<'a>, regex: &Regex) -> bool {
    v.as_str()
        .is_none_or(|text| regex.is_match(text) == Ok(true))
}

/// Whether the property name `key` matches `regex` (`patternProperties`), or the violation
/// of the name when the match took more than the pattern's backtracking limit.
///
/// # Errors
/// That violation: the key is neither matched nor unmatched, and the object is not valid.
pub fn key_matches(key: &str, regex: &Regex) -> Result<bool, Box<Violation>> {
    regex.is_match(key).map_err(|limit| {
        Box::new(over_limit(
            regex,
            &format!("the property name {key:?}"),
            limit,
        ))
    })
}

/// The violation of a text (`shown`) whose match against `regex` was not decided within the
/// limit: `backtrackLimit`, at the `pattern` (or `patternProperties`) keyword.
fn over_limit(regex: &Regex, shown: &str, limit: LimitExceeded) -> Violation {
    Violation::new(
        "backtrackLimit",
        format!("a match of {} decided within the limit", regex.as_str()),
        format!("{shown}: {limit}"),
    )
}

/// The violation of a value checked against a pattern that failed to build at run time (its
/// dialect's error): the value is not accepted unchecked.
pub fn bad_pattern(error: &str) -> Violation {
    Violation::new("pattern", "a pattern that compiles", error)
}
