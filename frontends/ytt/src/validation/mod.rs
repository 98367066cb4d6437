//! ytt validations (`@schema/validation`, `@assert/validate`): what an annotation asks for, as
//! the rule IR carries it ([`Validation`], a [`validgen_core::ir::ExtensionCheck`] applied as
//! ytt 0.48 `pkg/validations` runs it: `crate::checks::apply`), and the annotations read into
//! it ([`validation`], [`validation_with`]).

mod read;

use serde_json::Value;

use crate::starlark::Lambda;

pub use read::{ValidationError, validation, validation_with};

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

/// A format `format=` names (a seed extension: ytt never shipped it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum YttFormat {
    /// `date-time`: RFC 3339 `date-time` (as [`validgen_format::Format::DateTime`]).
    DateTime,
    /// `date`: RFC 3339 `full-date` (as [`validgen_format::Format::Date`]).
    Date,
    /// `time`: RFC 3339 `full-time` (JSON Schema's `time`: with its offset).
    Time,
    /// `email`: RFC 5321 `Mailbox` (as [`validgen_format::Format::Email`]).
    Email,
    /// `hostname`: RFC 1123 (as [`validgen_format::Format::Hostname`]).
    Hostname,
    /// `ip`: an `ipv4` or an `ipv6`.
    Ip,
    /// `ipv4`: dotted quad (as [`validgen_format::Format::Ipv4`]).
    Ipv4,
    /// `ipv6`: RFC 4291 (as [`validgen_format::Format::Ipv6`]).
    Ipv6,
    /// `uri`: RFC 3986 `URI` (as [`validgen_format::Format::Uri`]).
    Uri,
    /// `port`: an int from 0 to 65535, as the proposal says (`>= 0 && <= 65535`; Kubernetes'
    /// `IsValidPortNum` would refuse 0).
    Port,
    /// `percent`: Kubernetes `IsValidPercent` (`k8s.io/apimachinery/pkg/util/validation`):
    /// the whole string matches `[0-9]+%`.
    Percent,
    /// `duration`: what Go's `time.ParseDuration` accepts (`10h`, `-1.5m`, `2h45m`, `0`).
    Duration,
}

impl YttFormat {
    /// Every format, in the order above.
    pub const ALL: [YttFormat; 12] = [
        YttFormat::DateTime,
        YttFormat::Date,
        YttFormat::Time,
        YttFormat::Email,
        YttFormat::Hostname,
        YttFormat::Ip,
        YttFormat::Ipv4,
        YttFormat::Ipv6,
        YttFormat::Uri,
        YttFormat::Port,
        YttFormat::Percent,
        YttFormat::Duration,
    ];

    /// The format named `name` (as `format=` spells it), if any.
    pub fn from_name(name: &str) -> Option<YttFormat> {
        YttFormat::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The name `format=` spells.
    pub fn name(self) -> &'static str {
        match self {
            YttFormat::DateTime => "date-time",
            YttFormat::Date => "date",
            YttFormat::Time => "time",
            YttFormat::Email => "email",
            YttFormat::Hostname => "hostname",
            YttFormat::Ip => "ip",
            YttFormat::Ipv4 => "ipv4",
            YttFormat::Ipv6 => "ipv6",
            YttFormat::Uri => "uri",
            YttFormat::Port => "port",
            YttFormat::Percent => "percent",
            YttFormat::Duration => "duration",
        }
    }
}
