//! One assertion of a validation, dispatched to its pure function.

use serde_json::Value;

use super::{self as ytt, Context};
use crate::validation::AssertionRule;

/// `rule` applied to `v`: `None` when the value passes, else the `found:` text (see the
/// module documentation of [`super`]).
pub fn assertion(rule: &AssertionRule, v: &Value, ctx: Context<'_>) -> Option<Option<String>> {
    match rule {
        AssertionRule::NotNull => ytt::not_null(v),
        AssertionRule::Custom(f) => ytt::custom(v, ctx, f),
        AssertionRule::MinLen(n) => ytt::min_len(v, *n),
        AssertionRule::MaxLen(n) => ytt::max_len(v, *n),
        AssertionRule::Min(bound) => ytt::min(v, bound),
        AssertionRule::Max(bound) => ytt::max(v, bound),
        AssertionRule::OneNotNull(keys) => ytt::one_not_null(v, keys.as_deref()),
        AssertionRule::OneOf(values) => ytt::one_of(v, values),
        AssertionRule::Format(f) => ytt::format(v, *f),
        AssertionRule::Regexp(pattern) => ytt::regexp(v, pattern),
        AssertionRule::Prefix(prefix) => ytt::prefix(v, prefix),
        AssertionRule::Unique => ytt::unique(v),
    }
}
