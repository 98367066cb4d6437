//! The rule IR: what a rule checks, independent of any rule language. Frontends (the KubeVirt
//! annotation parser of `validgen-kubevirt`, JSON Schema, ytt, Kyverno) lower into it; the interpreter ([`crate::interpret`])
//! and the code emitter (`validgen-codegen`) both consume it, so that compiled and interpreted
//! verdicts cannot drift.
//!
//! The IR owns its vocabulary: arguments ([`Arg`]), paths with their dialect and root
//! ([`Path`]), patterns with their dialect ([`Regex`]), failure reasons ([`Reason`]), severity
//! and guards. [`Rule::paths`] is the one traversal of what a rule reads.

mod annotations;
mod arg;
pub mod evaluated;
mod extension;
mod finding;
mod guard;
mod judged;
mod location;
mod path;
mod reason;
mod regex;
mod traverse;
mod types;
mod violation;

pub use annotations::{Annotation, Annotations};
pub use arg::Arg;
pub use extension::ExtensionCheck;
pub use finding::{
    Bounds, Breaks, EnumFinding, IntRangeFinding, LengthRangeFinding, PatternFinding, StrValues,
    byte_length,
};
pub use guard::Guard;
pub use judged::{JUDGED_FIRST_MAX, judged_first};
pub use location::Location;
pub use path::{Path, PathError, Root, Syntax};
pub use reason::Reason;
pub use regex::{LimitExceeded, Regex};
pub use traverse::PathRole;
pub use types::JsonType;
pub use violation::{At, Span, Violation};

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::{Number, Value};

/// A rule set, in rule order.
#[derive(Debug, Clone, Default)]
pub struct RuleSet {
    /// The rules.
    pub rules: Vec<Rule>,
    /// Named lists of checks that [`Check::Ref`] applies (JSON Schema `$defs`, recursion).
    pub definitions: BTreeMap<String, Vec<Check>>,
    /// What the source says about values without checking them (JSON Schema `title`,
    /// `description`, `default`, `examples`…), by schema location; empty for frontends
    /// without annotations.
    pub annotations: Annotations,
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
    /// The values checked; `None` when the rule has none (evaluation fails with `missing
    /// required key`, where the KubeVirt reference crashes). Document checks use the JSON
    /// Pointer `""` for the whole document.
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

/// What a rule checks of the values at its path.
///
/// The KubeVirt checks (`IntRange` to `Fail`) judge all the values at once, as the reference
/// does; what they find is data ([`IntRangeFinding`]…) that the frontend explains in its words
/// (KubeVirt: the reference's texts). The document checks (`Type` onwards) apply to each value separately
/// and report [`Violation`]s; as JSON Schema keywords, a check meant for one type of value
/// accepts values of other types (`Size` of strings passes a number), which `Type` rejects.
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
        /// The error the rule fails with, in the frontend's words (KubeVirt: the reference's
        /// text, e.g. `duplicate Rule Name`).
        text: String,
    },
    /// Values of one of these types (JSON Schema `type`).
    Type {
        /// The accepted types (`Number` accepts integers too).
        types: Vec<JsonType>,
    },
    /// Objects that have these keys (JSON Schema `required`).
    Required {
        /// The keys, in the order reported.
        keys: Vec<String>,
    },
    /// Objects with no key but these (JSON Schema `additionalProperties: false`).
    NoExtraKeys {
        /// The keys allowed.
        allowed: Vec<String>,
    },
    /// Values equal to this one (JSON Schema `const`: numbers by value).
    Const {
        /// The value.
        value: Value,
    },
    /// Arrays whose items are pairwise unequal (JSON Schema `uniqueItems`).
    Unique,
    /// Values that are not `null` (ytt `not_null`).
    NotNull,
    /// Objects in which exactly one of these keys has a value that is not `null` (ytt
    /// `one_not_null`; an absent key counts as `null`).
    OneNotNull {
        /// The keys.
        keys: Vec<String>,
    },
    /// Numbers within bounds (JSON Schema `minimum`, `exclusiveMinimum`, …; ytt `min`/`max`).
    NumberRange {
        /// Lower bound.
        min: Option<Bound>,
        /// Upper bound.
        max: Option<Bound>,
    },
    /// Sizes within `[min, max]`: of strings in bytes or code points, of arrays in items, of
    /// objects in entries (values of other types pass).
    Size {
        /// What is measured.
        measure: Measure,
        /// Lower bound.
        min: Option<u64>,
        /// Upper bound.
        max: Option<u64>,
    },
    /// At least one branch holds (JSON Schema `anyOf`).
    AnyOf {
        /// The branches, each a list of checks that must all hold.
        branches: Vec<Vec<Check>>,
    },
    /// Exactly one branch holds (JSON Schema `oneOf`).
    OneOf {
        /// The branches.
        branches: Vec<Vec<Check>>,
    },
    /// The checks do not all hold (JSON Schema `not`).
    Not {
        /// The checks.
        checks: Vec<Check>,
    },
    /// `then` applies where `condition` holds, `otherwise` elsewhere (JSON Schema
    /// `if`/`then`/`else`).
    IfThenElse {
        /// The condition.
        condition: Vec<Check>,
        /// Checks where it holds.
        then: Vec<Check>,
        /// Checks where it does not.
        otherwise: Vec<Check>,
    },
    /// Checks of every item of an array from position `from` on (JSON Schema `items`; after
    /// `prefixItems`, or draft-07 `additionalItems`, `from` is the number of prefix items).
    Items {
        /// The first position checked (0-based).
        from: usize,
        /// The checks.
        checks: Vec<Check>,
    },
    /// Checks of the first items of an array, one list per position (JSON Schema
    /// `prefixItems`, draft-07 array-form `items`); shorter arrays check what they have.
    PrefixItems {
        /// Each position's checks.
        items: Vec<Vec<Check>>,
    },
    /// Arrays with between `min` and `max` items for which the checks hold (JSON Schema
    /// `contains`, `minContains`, `maxContains`); other values pass.
    Contains {
        /// What an item must satisfy to count.
        checks: Vec<Check>,
        /// Fewest items counted (`minContains`, default 1).
        min: u64,
        /// Most items counted (`maxContains`).
        max: Option<u64>,
    },
    /// Checks of named properties of an object, where present (JSON Schema `properties`).
    Properties {
        /// Each property's checks, in order.
        properties: Vec<(String, Vec<Check>)>,
    },
    /// Checks of the properties whose names match a pattern (JSON Schema
    /// `patternProperties`): a property matching several gets the checks of each.
    PatternProperties {
        /// Each pattern with its checks, in order.
        patterns: Vec<(Regex, Vec<Check>)>,
    },
    /// Checks of the properties not named in `known` and matching none of `patterns` (JSON
    /// Schema `additionalProperties`).
    AdditionalProperties {
        /// The properties these checks skip.
        known: Vec<String>,
        /// Properties matching one of these are skipped too (`patternProperties`).
        patterns: Vec<Regex>,
        /// The checks.
        checks: Vec<Check>,
    },
    /// Checks of every property name of an object, each as a string value (JSON Schema
    /// `propertyNames`).
    PropertyNames {
        /// The checks.
        checks: Vec<Check>,
    },
    /// Strings containing a match of the pattern, unanchored (JSON Schema `pattern`); other
    /// values pass.
    Matches {
        /// The pattern.
        regex: Regex,
    },
    /// Numbers that are an integer multiple of `value` (JSON Schema `multipleOf`), decided
    /// exactly on the numbers' decimal forms; other values pass.
    MultipleOf {
        /// The divisor (greater than 0).
        value: Number,
    },
    /// Values equal to one of these (JSON Schema `enum`: numbers by value).
    AnyValue {
        /// The values.
        values: Vec<Value>,
    },
    /// Strings valid in a format (JSON Schema `format`, where asserted); other values pass.
    Format {
        /// The format.
        format: validgen_format::Format,
    },
    /// No value at all (JSON Schema `false`).
    Never,
    /// The checks of one schema keyword: violations found inside get the keyword's location
    /// (the deepest keyword's wins) and, with `message`, are replaced by one violation with
    /// that text (ajv-errors `errorMessage`).
    Keyword {
        /// Where the keyword is in its schema: a JSON Pointer (RFC 6901), `/properties/a/type`.
        location: String,
        /// The custom message, if any.
        message: Option<String>,
        /// The checks.
        checks: Vec<Check>,
    },
    /// A check in a frontend's own terms ([`ExtensionCheck`]: ytt's validation annotations,
    /// `@schema/validation` and `@assert/validate`).
    Extension(Arc<dyn ExtensionCheck>),
    /// The checks of a schema object with `unevaluatedProperties` or `unevaluatedItems`
    /// (JSON Schema 2019-09 and 2020-12, §11 of the core specification): `checks` (its other
    /// keywords) apply as they are, then `properties` to every property and `items` to every
    /// item that no keyword of `checks` evaluated, through the in-place applicators whose
    /// subschemas hold ([`evaluated`] says which).
    Unevaluated {
        /// The schema object's other keywords.
        checks: Vec<Check>,
        /// `unevaluatedProperties`: the checks of each property left unevaluated.
        properties: Option<Vec<Check>>,
        /// `unevaluatedItems`: the checks of each item left unevaluated.
        items: Option<Vec<Check>>,
        /// Whether `contains` evaluates the items it matches (2020-12; not 2019-09).
        contains_evaluates: bool,
    },
    /// The checks of a definition of the rule set ([`RuleSet::definitions`]).
    Ref {
        /// The definition's name.
        name: String,
    },
}

/// A bound of a [`Check::NumberRange`].
#[derive(Debug, Clone, PartialEq)]
pub struct Bound {
    /// The limit.
    pub value: Number,
    /// Whether the limit itself is outside the range.
    pub exclusive: bool,
}

/// What a [`Check::Size`] measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    /// A string's length in UTF-8 bytes (KubeVirt `string`, Go `len`).
    Bytes,
    /// A string's length in Unicode code points (JSON Schema `maxLength`).
    CodePoints,
    /// An array's number of items.
    Items,
    /// An object's number of entries.
    Entries,
}
