//! What generated code of every frontend calls, whatever the document model: rule reports,
//! paths parsed at run time (checked at build time), and the guards and value helpers of
//! rules. Not a stable interface: the facade re-exports it in its versioned private module.

use std::borrow::Cow;

use crate::interpret::{Outcome, RuleReport};
use crate::ir::{Path, Root, Violation};

pub use crate::interpret::guard::{equals as guard_equals, truthy_at as guard_truthy};
pub use crate::model::values::{non_empty, one};

/// The report of one rule.
#[inline]
pub fn report(
    name: &'static str,
    field: &'static str,
    message: &'static str,
    just_warning: bool,
    result: Result<(bool, String), String>,
) -> RuleReport {
    let (outcome, detail) = match result {
        Ok((true, text)) => (Outcome::Satisfied, text),
        Ok((false, text)) => (Outcome::Unsatisfied, text),
        Err(e) => (Outcome::Error, e),
    };
    RuleReport {
        name: Cow::Borrowed(name),
        field: Cow::Borrowed(field),
        message: Cow::Borrowed(message),
        just_warning,
        outcome,
        detail,
    }
}

/// The report of a rule skipped by its `valid` path.
#[inline]
pub fn skipped(
    name: &'static str,
    field: &'static str,
    message: &'static str,
    just_warning: bool,
) -> RuleReport {
    RuleReport {
        outcome: Outcome::Skipped,
        detail: String::new(),
        ..report(
            name,
            field,
            message,
            just_warning,
            Ok((true, String::new())),
        )
    }
}

/// Parses a JSON Pointer path for generated code (checked at build time).
pub fn pointer_path(source: &str) -> Result<Path, String> {
    Path::pointer(source).map_err(|e| e.to_string())
}

/// Parses a client-go JSONPath rooted at the document, written `source` in the rule, for
/// generated code (checked at build time).
pub fn document_jsonpath(source: &str, expr: &str) -> Result<Path, String> {
    Path::jsonpath(source, expr, Root::Document).map_err(|e| e.to_string())
}

/// The report of rule `index` with a document check: satisfied without violations,
/// unsatisfied with them (they go to `found`, whose `DocumentReport::detail` writes their text
/// when read), an error when its values could not be read.
pub fn report_document(
    (name, field, message, just_warning): (&'static str, &'static str, &'static str, bool),
    index: usize,
    result: Result<Vec<Violation>, String>,
    found: &mut Vec<Violation>,
) -> RuleReport {
    match result {
        Ok(violations) if violations.is_empty() => report(
            name,
            field,
            message,
            just_warning,
            Ok((true, String::new())),
        ),
        Ok(violations) => {
            found.extend(
                violations
                    .into_iter()
                    .map(|v| Violation { rule: index, ..v }),
            );
            report(
                name,
                field,
                message,
                just_warning,
                Ok((false, String::new())),
            )
        }
        Err(e) => report(name, field, message, just_warning, Err(e)),
    }
}
