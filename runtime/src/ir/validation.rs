//! ytt validations (`@schema/validation`, `@assert/validate`) as the IR keeps them, as ytt 0.48
//! `pkg/validations` runs them.

use serde_json::Value;

use super::Lambda;
use crate::checks::ytt::YttFormat;

/// One validation annotation of a node.
///
/// A `null` value skips it (`when` and every assertion) unless it has a
/// [`AssertionRule::NotNull`]; else `when`, if any, decides whether the assertions run; they
/// run in order, all of them, except that a failed `NotNull` (always first) stops the rest.
#[derive(Debug, Clone, PartialEq)]
pub struct Validation {
    /// Where the annotation is, as ytt prints it (`schema.yml:3`).
    pub by: String,
    /// The `when=` function (1 parameter: the value; 2: the value and `ctx`).
    pub when: Option<Lambda>,
    /// The assertions in ytt's run order: `not_null` first, the custom rules as written, then
    /// `min_len`, `max_len`, `min`, `max`, `one_not_null`, `one_of`, then the seed extensions
    /// (when enabled) `format`, `regexp`, `prefix`, `unique`.
    pub assertions: Vec<Assertion>,
}

/// One assertion: what a value must be, in ytt's words, and how it is decided.
#[derive(Debug, Clone, PartialEq)]
pub struct Assertion {
    /// The `must be:` text (`a value >= 10`, a custom rule's description).
    pub expected: String,
    /// The rule.
    pub rule: AssertionRule,
}

/// How an [`Assertion`] decides.
#[derive(Debug, Clone, PartialEq)]
pub enum AssertionRule {
    /// `not_null=True`.
    NotNull,
    /// A custom rule's function: holds when it returns exactly `True`.
    Custom(Lambda),
    /// `min_len=`: a length (strings in UTF-8 bytes) of at least this.
    MinLen(i64),
    /// `max_len=`: a length of at most this.
    MaxLen(i64),
    /// `min=`: a value `>=` this (as data: ytt YAML-encodes and decodes both sides).
    Min(Value),
    /// `max=`: a value `<=` this.
    Max(Value),
    /// `one_not_null=`: `None` for `True` (all children), else the keys.
    OneNotNull(Option<Vec<Value>>),
    /// `one_of=`: one of these values.
    OneOf(Vec<Value>),
    /// Seed extension `format=` (opt-in; ytt 0.48 rejects the keyword): a string (an int for
    /// `port`) in this format, as the ytt schema proposal lists them.
    Format(YttFormat),
    /// Seed extension `regexp=`: a string with a match of this Go regular expression
    /// (unanchored, as Go's `regexp.MatchString`); the pattern compiled when it was read.
    Regexp(String),
    /// Seed extension `prefix=`: a string starting with this.
    Prefix(String),
    /// Seed extension `unique=True`: an array whose items are pairwise unequal (as data:
    /// `1 == 1.0`, maps whatever their key order).
    Unique,
}
