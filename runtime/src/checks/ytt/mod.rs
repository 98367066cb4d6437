//! The pure functions of ytt's assertions and `when=` (as ytt 0.48 `pkg/validations` and
//! `pkg/yttlibrary/assert.go` run them under starlark-go), over data values as JSON: maps and
//! arrays are ytt's `yamlfragment`s (see [`crate::starlark::Val`]). Each assertion returns
//! `None` when the value passes, else the `found:` text (`None` inside: ytt prints no `found:`
//! line). They are called on values that are not null, or with `not_null=True` (the caller
//! applies ytt's null skip).

mod custom;
mod max;
mod max_len;
mod min;
mod min_len;
mod not_null;
mod one_not_null;
mod one_of;
mod roundtrip;
mod when;

use serde_json::Value;

pub use custom::custom;
pub use max::max;
pub use max_len::max_len;
pub use min::min;
pub use min_len::min_len;
pub use not_null::not_null;
pub use one_not_null::one_not_null;
pub use one_of::one_of;
pub use when::when;

/// What a function sees besides the value: `ctx.parent` (the map or list holding the value;
/// `None` for the document) and `ctx.root` (the document's value).
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    /// The value's parent.
    pub parent: Option<&'a Value>,
    /// The document's value.
    pub root: &'a Value,
}

/// A violation with `found: text`.
fn found(text: String) -> Option<Option<String>> {
    Some(Some(text))
}
