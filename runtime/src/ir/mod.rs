//! The rule IR: what a rule checks, in a form independent of the annotation format. The
//! interpreter ([`crate::interpret`]) and the code emitter (`validgen-codegen`) both consume
//! it, so that compiled and interpreted verdicts cannot drift.
//!
//! The KubeVirt frontend ([`lower`]) resolves everything that does not depend on the VM at
//! lowering time (duplicate names, unknown kinds, missing messages, regex compilation), in the
//! reference's order. Other frontends (a JSON Schema subset, ytt-style named rules) add
//! [`Check`] variants and paths rooted elsewhere.

mod lower;

pub use lower::lower;

use crate::goregex::GoRegex;
use crate::rules::{IntArg, Location, RulePath, StrArg};

/// A lowered rule set, in rule order.
#[derive(Debug, Clone)]
pub struct RuleSet {
    /// The rules.
    pub rules: Vec<Rule>,
}

/// One lowered rule.
#[derive(Debug, Clone)]
pub struct Rule {
    /// The rule's name.
    pub name: String,
    /// The message a cause starts with (`<message>: <detail>`).
    pub message: String,
    /// The field a cause names (the path expression; empty when the rule has no path).
    pub field: String,
    /// Unsatisfied is a warning only (errors still fail).
    pub just_warning: bool,
    /// The rule applies only when this path yields values on the VM (no fallback).
    pub valid: Option<RulePath>,
    /// The values checked; `None` when the rule has none (evaluation fails with
    /// `missing required key`, where the reference crashes).
    pub path: Option<RulePath>,
    /// What is checked.
    pub check: Check,
    /// Where the rule is in its source: index in the array and location in the text.
    pub origin: Origin,
}

/// Where a rule came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Origin {
    /// 0-based position in the rule set.
    pub index: usize,
    /// Position of the rule object in the rule-set text.
    pub location: Location,
}

/// What a rule checks of every value at its path.
#[derive(Debug, Clone)]
pub enum Check {
    /// Integers within `[min, max]` (inclusive, each bound optional): KubeVirt `integer`.
    IntRange {
        /// Lower bound.
        min: Option<IntArg>,
        /// Upper bound.
        max: Option<IntArg>,
    },
    /// String lengths in bytes within `[min, max]`: KubeVirt `string`.
    LengthRange {
        /// Lower bound.
        min: Option<IntArg>,
        /// Upper bound.
        max: Option<IntArg>,
    },
    /// Strings containing a match of an RE2 pattern (unanchored): KubeVirt `regex`. A pattern
    /// that does not compile fails the rule with Go's error text.
    Pattern {
        /// The compiled pattern, or Go's `error parsing regexp: …` text.
        regex: Result<GoRegex, String>,
    },
    /// Strings equal to one of the values: KubeVirt `enum`.
    OneOf {
        /// The allowed values (literals or paths).
        values: Vec<StrArg>,
    },
    /// The rule always fails with this error, whatever the VM (a malformed rule).
    Fail {
        /// The reference's error text, e.g. `duplicate Rule Name`.
        error: &'static str,
    },
}
