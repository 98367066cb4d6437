//! The rule IR: what a rule checks, independent of any rule language. Frontends (the KubeVirt
//! annotation parser in [`crate::rules`]) lower into it; the interpreter ([`crate::interpret`])
//! and the code emitter (`validgen-codegen`) both consume it, so that compiled and interpreted
//! verdicts cannot drift.
//!
//! The IR owns its vocabulary: arguments ([`Arg`]), paths with their dialect and root
//! ([`Path`]), patterns with their dialect ([`Regex`]), failure reasons ([`Reason`]), severity
//! and guards. [`Rule::paths`] is the one traversal of what a rule reads.

mod arg;
mod guard;
mod location;
mod path;
mod reason;
mod regex;
mod traverse;

pub use arg::Arg;
pub use guard::Guard;
pub use location::Location;
pub use path::{Path, PathError, Root, Syntax};
pub use reason::Reason;
pub use regex::Regex;
pub use traverse::PathRole;

/// A rule set, in rule order.
#[derive(Debug, Clone)]
pub struct RuleSet {
    /// The rules.
    pub rules: Vec<Rule>,
}

/// One rule.
#[derive(Debug, Clone)]
pub struct Rule {
    /// The rule's name.
    pub name: String,
    /// The message a violation starts with (KubeVirt: `<message>: <detail>`).
    pub message: String,
    /// The field a violation names (KubeVirt: the path expression; empty without a path).
    pub field: String,
    /// Whether an unsatisfied rule fails the set or only warns (errors still fail).
    pub severity: Severity,
    /// The rule applies only when this holds.
    pub guard: Option<Guard>,
    /// The values checked; `None` when the rule has none (KubeVirt: evaluation fails with
    /// `missing required key`, where the reference crashes).
    pub path: Option<Path>,
    /// What is checked.
    pub check: Check,
    /// Where the rule is in its source.
    pub origin: Origin,
}

/// How much an unsatisfied rule matters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Severity {
    /// The document is rejected.
    #[default]
    Error,
    /// The document passes with a warning (KubeVirt `justWarning`).
    Warning,
}

/// Where a rule came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Origin {
    /// 0-based position in the rule set.
    pub index: usize,
    /// Position of the rule in its source text.
    pub location: Location,
}

/// What a rule checks of every value at its path.
#[derive(Debug, Clone)]
pub enum Check {
    /// Integers within `[min, max]` (inclusive, each bound optional): KubeVirt `integer`.
    IntRange {
        /// Lower bound.
        min: Option<Arg<i64>>,
        /// Upper bound.
        max: Option<Arg<i64>>,
    },
    /// String lengths in bytes within `[min, max]`: KubeVirt `string`.
    LengthRange {
        /// Lower bound.
        min: Option<Arg<i64>>,
        /// Upper bound.
        max: Option<Arg<i64>>,
    },
    /// Strings containing a match of a pattern (unanchored): KubeVirt `regex`. A pattern that
    /// does not compile fails the rule with its dialect's error text.
    Pattern {
        /// The compiled pattern, or the dialect's error (Go: `error parsing regexp: …`).
        regex: Result<Regex, String>,
    },
    /// Strings equal to one of the values: KubeVirt `enum`.
    Enum {
        /// The allowed values (literals or paths).
        values: Vec<Arg<String>>,
    },
    /// The rule always fails, whatever the document (a malformed rule).
    Fail {
        /// What is wrong with the rule.
        reason: Reason,
    },
}
