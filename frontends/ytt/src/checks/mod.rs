//! The pure functions of ytt's assertions and `when=` (as ytt 0.48 `pkg/validations` and
//! `pkg/yttlibrary/assert.go` run them under starlark-go), over data values as JSON: maps and
//! arrays are ytt's `yamlfragment`s (see [`crate::starlark::Val`]). Each assertion returns
//! `None` when the value passes, else the `found:` text (`None` inside: ytt prints no `found:`
//! line). They are called on values that are not null, or with `not_null=True` (the caller
//! applies ytt's null skip).
//!
//! `format`, `regexp`, `prefix` and `unique` are seed extensions (rules the ytt proposals list
//! and ytt never shipped, read only on request): their texts are validgen's, in ytt's style.

mod apply;
mod assertion;
mod custom;
mod format;
mod max;
mod max_len;
mod min;
mod min_len;
mod not_null;
mod one_not_null;
mod one_of;
mod prefix;
mod regexp;
mod roundtrip;
mod unique;
mod when;

use serde_json::Value;

use validgen_core::ir::{At, Violation};

pub use assertion::assertion;
pub use custom::{custom, custom_by};
pub use format::format;
pub use max::max;
pub use max_len::max_len;
pub use min::min;
pub use min_len::min_len;
pub use not_null::not_null;
pub use one_not_null::one_not_null;
pub use one_of::one_of;
pub use prefix::prefix;
pub use regexp::regexp;
pub use unique::unique;
pub use when::{when, when_by};

/// What a function sees besides the value: `ctx.parent` (the map or list holding the value;
/// `None` for the document) and `ctx.root` (the document's value).
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    /// The value's parent.
    pub parent: Option<&'a Value>,
    /// The document's value.
    pub root: &'a Value,
}

/// `null`, for a document with no value.
static NULL: Value = Value::Null;

impl<'a> Context<'a> {
    /// The context of the value at `pointer` (a JSON Pointer into `root`, the document's
    /// value; `None`: not known, read as `null`).
    pub fn at(root: Option<&'a Value>, pointer: &str) -> Self {
        let root = root.unwrap_or(&NULL);
        let parent = pointer
            .rfind('/')
            .and_then(|cut| root.pointer(&pointer[..cut]));
        Context { parent, root }
    }
}

/// What a failed assertion (`check` `assertion`) or a failed `when=` (`check` `when`, `found`
/// its hard error) reports, at `at`: `expected` is ytt's `must be:` text, `found` its `found:`
/// text (empty: ytt prints no `found:` line), `keyword` the annotation's position (`by:`).
pub fn violation(
    at: &At,
    check: &'static str,
    expected: &str,
    found: Option<String>,
    by: &str,
) -> Violation {
    let mut v = at.place(Violation::new(check, expected, found.unwrap_or_default()));
    by.clone_into(&mut v.keyword);
    v
}

/// A violation with `found: text`.
fn found(text: String) -> Option<Option<String>> {
    Some(Some(text))
}
