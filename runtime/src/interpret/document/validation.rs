//! [`crate::ir::Check::Validation`]: a ytt validation annotation on the value, run as ytt 0.48
//! `pkg/validations/validate.go` runs it: a `null` value skips it unless it asserts
//! `not_null`; `when=` decides whether it applies (its failure is a hard error, reported as a
//! `when` violation); every assertion runs, except after a failed `not_null`.

use serde_json::Value;

use super::Scope;
use crate::checks::ytt::{self, Context};
use crate::ir::{AssertionRule, At, Validation, Violation};
use crate::model::Instance;

pub(super) fn apply_validation<'a>(
    validation: &Validation,
    v: impl Instance<'a>,
    at: &mut At,
    scope: Scope<'_>,
    out: &mut Vec<Violation>,
) {
    let value = v.to_value();
    let null = Value::Null;
    let root = scope.root.unwrap_or(&null);
    let parent = parent_of(root, at.as_str());
    let ctx = Context { parent, root };
    let critical = matches!(
        validation.assertions.first(),
        Some(a) if a.rule == AssertionRule::NotNull
    );
    if value.is_null() && !critical {
        return;
    }
    if let Some(when) = &validation.when {
        match ytt::when(&value, ctx, when) {
            Ok(true) => {}
            Ok(false) => return,
            Err(error) => {
                out.push(found(at, validation, "when", String::new(), error));
                return;
            }
        }
    }
    for assertion in &validation.assertions {
        let failed = match &assertion.rule {
            AssertionRule::NotNull => ytt::not_null(&value),
            AssertionRule::Custom(f) => ytt::custom(&value, ctx, f),
            AssertionRule::MinLen(n) => ytt::min_len(&value, *n),
            AssertionRule::MaxLen(n) => ytt::max_len(&value, *n),
            AssertionRule::Min(bound) => ytt::min(&value, bound),
            AssertionRule::Max(bound) => ytt::max(&value, bound),
            AssertionRule::OneNotNull(keys) => ytt::one_not_null(&value, keys.as_deref()),
            AssertionRule::OneOf(values) => ytt::one_of(&value, values),
        };
        if let Some(text) = failed {
            let text = text.unwrap_or_default();
            out.push(found(at, validation, "assertion", assertion.expected.clone(), text));
            if assertion.rule == AssertionRule::NotNull {
                return;
            }
        }
    }
}

/// A violation at `at`, by the annotation: `expected` is ytt's `must be:` text, `found` its
/// `found:` text (empty: ytt prints no `found:` line) or, for `when`, the hard error.
fn found(
    at: &At,
    validation: &Validation,
    check: &'static str,
    expected: String,
    found: String,
) -> Violation {
    let mut violation = at.place(Violation::new(check, expected, found));
    violation.keyword.clone_from(&validation.by);
    violation
}

/// The map or array holding the value at `pointer` (a JSON Pointer into `root`); `None` for
/// the document itself.
fn parent_of<'v>(root: &'v Value, pointer: &str) -> Option<&'v Value> {
    let cut = pointer.rfind('/')?;
    root.pointer(&pointer[..cut])
}
