//! The rule-set annotation parser.
//!
//! KubeVirt VM templates carry their validation rules in the annotation
//! `vm.kubevirt.io/validations`: a JSON array of rule objects. The reference validator
//! (kubevirt/ssp-operator `internal/template-validator/validation`) reads it with Go's
//! `json.Unmarshal(data, &[]Rule)`; [`parse_rule_set`] accepts and rejects exactly the same texts
//! and yields the same values, with located, readable errors instead of Go's.
//!
//! What Go's decoder does, and therefore what this module does (`SEMANTICS.md` §3 and §11):
//!
//! - Empty text (length 0) and `null` are "no rules"; anything else must be valid JSON (RFC 8259,
//!   nesting at most 10 000 deep, no byte order mark, no trailing text) whose top-level value is
//!   an array. An element `null` is a rule with every field empty.
//! - Keys match a field exactly, else case-insensitively with Go's folding (ASCII upper-casing;
//!   other characters through `ToUpper(ToLower(c))`, so `meſſage` is `message` and `valİd` is
//!   `valid`). Unknown keys are ignored. A repeated key is decoded again: the last value wins, but
//!   an earlier value that fails to decode has already rejected the set.
//! - `name`, `rule`, `message`, `regex` are strings and `justWarning` a bool; `null` leaves them
//!   as they were. `path` must be a `jsonpath::` string (`null` is an invalid path). `valid`,
//!   `min`, `max`, `minLength`, `maxLength` and `values` become absent on `null`.
//! - `min`, `max`, `minLength`, `maxLength` are a number (read as a float64: `1e400` is an error;
//!   rounded half away from zero; outside `i64` it becomes `i64::MIN`, the amd64 result of Go's
//!   conversion) or a `jsonpath::` string.
//! - `values` is an array whose elements are strings (a `jsonpath::` string is a path) or `null`
//!   (the empty string).
//! - Strings decode as Go does: an unpaired UTF-16 surrogate escape becomes U+FFFD.
//!
//! Any violation rejects the whole set: [`RuleSetError`] (code 400 in the admission response).
//!
//! The reference's texts of rules live here too: the errors of malformed rules
//! ([`reason_text`]) and the explanations of what the value checks found ([`ReferenceTexts`]).

mod decode;
mod error;
pub(crate) mod fold;
mod location;
mod lower;
mod number;
mod path;
mod reason;
mod scan;
mod texts;
pub mod words;

pub use error::{RulePathError, RuleSetError};
pub use lower::lower;
pub use path::{ROOT, rule_path};
pub use reason::reason_text;
pub use texts::{ReferenceTexts, bound};
pub use validgen_core::ir::Location;

use validgen_core::ir::{Arg, Path};

/// A parsed rule set (the annotation's array), in order.
#[derive(Debug, Clone, PartialEq)]
pub struct ParsedRuleSet {
    /// The rules, in the order of the array.
    pub rules: Vec<ParsedRule>,
}

impl ParsedRuleSet {
    /// Whether the set has no rules (empty text, `null` or `[]`).
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// The number of rules.
    pub fn len(&self) -> usize {
        self.rules.len()
    }
}

/// One rule object of the annotation, decoded as the reference's `validation.Rule`.
#[derive(Debug, Clone, PartialEq)]
pub struct ParsedRule {
    /// Position in the array (0-based).
    pub index: usize,
    /// Where the rule object (or the `null` standing for it) starts in the annotation text.
    pub location: Location,
    /// `name` (empty when absent).
    pub name: String,
    /// The `rule` text as written (`"integer"`, `"string"`, `"regex"`, `"enum"`, or anything).
    pub rule: String,
    /// `path`. `None` when the key is absent: the reference crashes on such a rule when it
    /// evaluates it; the interpreter reports `missing required key` instead.
    pub path: Option<Path>,
    /// `message` (empty when absent).
    pub message: String,
    /// `valid`: the rule applies only when this path yields values on the VM.
    pub valid: Option<Path>,
    /// `justWarning`.
    pub just_warning: bool,
    /// `values` (`enum`): `None` when absent or `null`, `Some(vec![])` for `[]`.
    pub values: Option<Vec<Arg<String>>>,
    /// `min` (`integer`).
    pub min: Option<Arg<i64>>,
    /// `max` (`integer`).
    pub max: Option<Arg<i64>>,
    /// `minLength` (`string`).
    pub min_length: Option<Arg<i64>>,
    /// `maxLength` (`string`).
    pub max_length: Option<Arg<i64>>,
    /// `regex` (`regex`), never a path.
    pub regex: String,
}

impl ParsedRule {
    /// A rule with every field empty, as Go's zero `Rule` (also what `null` decodes to).
    pub(crate) fn empty(index: usize, location: Location) -> ParsedRule {
        ParsedRule {
            index,
            location,
            name: String::new(),
            rule: String::new(),
            path: None,
            message: String::new(),
            valid: None,
            just_warning: false,
            values: None,
            min: None,
            max: None,
            min_length: None,
            max_length: None,
            regex: String::new(),
        }
    }

    /// The kind named by `rule`: an exact, case-sensitive match.
    pub fn kind(&self) -> RuleKind {
        match self.rule.as_str() {
            "integer" => RuleKind::Integer,
            "string" => RuleKind::String,
            "regex" => RuleKind::Regex,
            "enum" => RuleKind::Enum,
            _ => RuleKind::Unrecognized,
        }
    }
}

/// What a rule checks, from its `rule` text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleKind {
    /// `"integer"`: values within `min`/`max`.
    Integer,
    /// `"string"`: lengths within `minLength`/`maxLength`.
    String,
    /// `"regex"`: values match `regex`.
    Regex,
    /// `"enum"`: values among `values`.
    Enum,
    /// Any other text (the reference reports `unrecognized rule`).
    Unrecognized,
}

/// Parses the text of a `vm.kubevirt.io/validations` annotation (or a legacy template's
/// `validations`) as the reference does; see the [module documentation](self).
///
/// ```
/// use validgen_core::ir::Arg;
/// use validgen_kubevirt::rules::{parse_rule_set, RuleKind};
///
/// let set = parse_rule_set(
///     r#"[{"name": "cores", "path": "jsonpath::.spec.domain.cpu.cores",
///          "rule": "integer", "message": "too many cores", "max": 8.5}]"#,
/// )?;
/// let rule = &set.rules[0];
/// assert_eq!(rule.kind(), RuleKind::Integer);
/// assert_eq!(rule.path.as_ref().map(|p| p.expr.as_str()), Some(".spec.domain.cpu.cores"));
/// assert_eq!(rule.max, Some(Arg::Literal(9)));
///
/// let err = parse_rule_set(r#"[{"name": "cores", "min": "5"}]"#).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "rule 1 (\"cores\"): `min` must be a number or a `jsonpath::` string, \
///      found \"5\" at line 1 column 27",
/// );
/// # Ok::<(), validgen_kubevirt::rules::RuleSetError>(())
/// ```
pub fn parse_rule_set(text: &str) -> Result<ParsedRuleSet, RuleSetError> {
    decode::decode(text)
}
