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
            if let Some(text) = ytt::assertion(&assertion.rule, value, ctx) {
                let expected = &assertion.expected;
                out.push(ytt::violation(at, "assertion", expected, text, &self.by));
                if assertion.rule == AssertionRule::NotNull {
                    return;
                }
            }
        }
    }
}
