//! The pure functions of ytt's assertions and `when=` (as ytt 0.48 `pkg/validations` and
//! starlark-go run them), over data values as JSON. Each returns `None` when the value passes,
//! else the `found:` text (`None` inside: ytt prints no `found:` line). (Placeholder until the
//! Starlark subset lands.)

use serde_json::Value;

use crate::ir::Lambda;

/// What a function sees besides the value: `ctx.parent` (the map or list holding the value;
/// `None` for the document) and `ctx.root` (the document's value).
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    /// The value's parent.
    pub parent: Option<&'a Value>,
    /// The document's value.
    pub root: &'a Value,
}

/// `not_null=True`: `value is null`.
pub fn not_null(v: &Value) -> Option<Option<String>> {
    v.is_null().then(|| Some("value is null".to_owned()))
}

/// A custom rule.
pub fn custom(v: &Value, ctx: Context<'_>, f: &Lambda) -> Option<Option<String>> {
    let _ = (v, ctx, f);
    None
}

/// `min_len=`.
pub fn min_len(v: &Value, n: i64) -> Option<Option<String>> {
    let _ = (v, n);
    None
}

/// `max_len=`.
pub fn max_len(v: &Value, n: i64) -> Option<Option<String>> {
    let _ = (v, n);
    None
}

/// `min=`.
pub fn min(v: &Value, bound: &Value) -> Option<Option<String>> {
    let _ = (v, bound);
    None
}

/// `max=`.
pub fn max(v: &Value, bound: &Value) -> Option<Option<String>> {
    let _ = (v, bound);
    None
}

/// `one_not_null=`.
pub fn one_not_null(v: &Value, keys: Option<&[Value]>) -> Option<Option<String>> {
    let _ = (v, keys);
    None
}

/// `one_of=`.
pub fn one_of(v: &Value, values: &[Value]) -> Option<Option<String>> {
    let _ = (v, values);
    None
}

/// `when=`: whether the assertions run.
///
/// # Errors
/// ytt's hard error, without the `Validating <path>: ` prefix (`Failure evaluating when=: …`,
/// `want when= to be bool, got string`).
pub fn when(v: &Value, ctx: Context<'_>, f: &Lambda) -> Result<bool, String> {
    let _ = (v, ctx, f);
    Ok(true)
}
