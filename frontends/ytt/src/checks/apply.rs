//! A [`Validation`] applied to a value ([`ExtensionCheck::apply`]), as ytt 0.48
//! `pkg/validations/validate.go` runs it: a `null` value skips it unless it asserts
//! `not_null`; `when=` decides whether it applies (its failure is a hard error, reported as a
//! `when` violation); every assertion runs, except after a failed `not_null`.

use serde_json::Value;
use validgen_core::ir::{At, ExtensionCheck, Violation};

use super::{self as ytt, Context};
use crate::validation::{AssertionRule, Validation};

impl ExtensionCheck for Validation {
    fn apply(&self, value: &Value, at: &mut At, root: Option<&Value>, out: &mut Vec<Violation>) {
        let ctx = Context::at(root, at.as_str());
        let critical = matches!(
            self.assertions.first(),
            Some(a) if a.rule == AssertionRule::NotNull
        );
        if value.is_null() && !critical {
            return;
        }
        if let Some(when) = &self.when {
            match ytt::when(value, ctx, when) {
                Ok(true) => {}
                Ok(false) => return,
                Err(error) => {
                    out.push(ytt::violation(at, "when", "", Some(error), &self.by));
                    return;
                }
            }
        }
        for assertion in &self.assertions {
            let failed = match &assertion.rule {
                AssertionRule::NotNull => ytt::not_null(value),
                AssertionRule::Custom(f) => ytt::custom(value, ctx, f),
                AssertionRule::MinLen(n) => ytt::min_len(value, *n),
                AssertionRule::MaxLen(n) => ytt::max_len(value, *n),
                AssertionRule::Min(bound) => ytt::min(value, bound),
                AssertionRule::Max(bound) => ytt::max(value, bound),
                AssertionRule::OneNotNull(keys) => ytt::one_not_null(value, keys.as_deref()),
                AssertionRule::OneOf(values) => ytt::one_of(value, values),
                AssertionRule::Format(f) => ytt::format(value, *f),
                AssertionRule::Regexp(pattern) => ytt::regexp(value, pattern),
                AssertionRule::Prefix(prefix) => ytt::prefix(value, prefix),
                AssertionRule::Unique => ytt::unique(value),
            };
            if let Some(text) = failed {
                let expected = &assertion.expected;
                out.push(ytt::violation(at, "assertion", expected, text, &self.by));
                if assertion.rule == AssertionRule::NotNull {
                    return;
                }
            }
        }
    }
}
