//! The pure functions of the document checks: one per [`crate::ir::Check`] variant, each
//! judging one value (or, for compositions, the counts of branches that held) and returning the
//! [`Violation`](crate::ir::Violation) without a location. The interpreter and generated code both call them, so
//! their verdicts and texts cannot differ.

mod any_of;
mod any_value;
mod compare;
mod const_;
mod contains;
mod error_message;
mod format;
mod if_then_else;
mod matches;
mod multiple_of;
mod never;
mod no_extra_keys;
mod not;
mod not_null;
mod number_range;
mod one_not_null;
mod one_of;
mod reference;
mod required;
mod size;
mod truthy;
mod type_;
mod unique;

pub use any_of::any_of;
pub use any_value::any_value;
pub use const_::const_;
pub use contains::contains;
pub use error_message::error_message;
pub use format::format;
pub use if_then_else::if_holds;
pub use matches::{bad_pattern, matches};
pub use multiple_of::multiple_of;
pub use never::never;
pub use no_extra_keys::no_extra_keys;
pub use not::not;
pub use not_null::not_null;
pub use number_range::number_range;
pub use one_not_null::one_not_null;
pub use one_of::one_of;
pub use reference::{MAX_DEPTH, too_deep, undefined};
pub use required::required;
pub use size::size;
pub use truthy::truthy;
pub use type_::type_;
pub use unique::unique;

use crate::model::Instance;

/// At most this many characters of a value are quoted in a violation.
const QUOTE_MAX: usize = 64;

/// A value as JSON, cut to [`QUOTE_MAX`] characters.
fn quote<'a>(v: impl Instance<'a>) -> String {
    let text = v.to_value().to_string();
    if text.chars().count() <= QUOTE_MAX {
        return text;
    }
    let mut cut: String = text.chars().take(QUOTE_MAX).collect();
    cut.push('…');
    cut
}

/// Keys as a list in a text: `a, b`.
fn list(keys: &[&str]) -> String {
    keys.join(", ")
}
