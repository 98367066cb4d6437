//! Errors: a rejected rule set and an invalid path.

use std::fmt;

use super::Location;

/// Whole-set rejection: code 400 in the admission response.
///
/// `Display` is our message (not Go's): where the problem is, in which rule and key, and what was
/// found, e.g.
/// `rule set is not valid JSON: expected `,` or `]` after an array element, found `}` at line 7
/// column 3` or
/// `rule 1 ("minimal-required-memory"): `min` must be a number or a `jsonpath::` string, found
/// "5" at line 9 column 14`.
/// Rules are numbered from 1 in the text; [`rule_index`](Self::rule_index) is 0-based like
/// [`ParsedRule::index`](super::ParsedRule::index).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct RuleSetError {
    /// Where the offending value (or character) is in the annotation text.
    pub location: Location,
    /// The rule (0-based position in the array) the problem is in, when it is in one. Syntax
    /// errors have none.
    pub rule_index: Option<usize>,
    /// That rule's `name`, when it has one (it may be written after the offending key).
    pub rule_name: Option<String>,
    /// The field the offending value was given for (its JSON name, e.g. `min`, whatever the case
    /// of the key as written).
    pub key: Option<String>,
    /// What is wrong, without the rule and the location.
    pub message: String,
}

impl fmt::Display for RuleSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(index) = self.rule_index {
            write!(f, "rule {}", index + 1)?;
            if let Some(name) = &self.rule_name {
                write!(f, " ({name:?})")?;
            }
            f.write_str(": ")?;
        }
        write!(f, "{} at {}", self.message, self.location)
    }
}

/// Why a path string is not a valid rule path.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulePathError {
    /// The text does not start with `jsonpath::` (the reference's `invalid JSONPath`).
    #[error("{text:?} does not start with `jsonpath::`")]
    MissingPrefix {
        /// The path text.
        text: String,
    },
    /// The client-go template built from the text does not parse.
    #[error("{text:?} is not a valid JSONPath: {message} (in the template {template:?})")]
    Syntax {
        /// The path text.
        text: String,
        /// The template that was parsed, `{.spec.template<expr>}`.
        template: String,
        /// The JSONPath parser's message.
        message: String,
    },
}
