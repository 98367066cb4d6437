//! `Keyword` with a custom message (ajv-errors `errorMessage`).

use crate::ir::Violation;

/// The one violation that replaces those found under a keyword with a custom message.
pub fn error_message(location: &str, text: &str) -> Violation {
    let mut v = Violation::new("errorMessage", "", "");
    v.keyword = location.to_owned();
    v.message = Some(text.to_owned());
    v
}
