//! Reports: what happened to each rule of a rule set, the causes and warnings of a denial, and
//! how much of it is explained. Both back ends (the interpreter and generated code) build
//! these.

use std::borrow::Cow;
use std::fmt::Write as _;

use serde::Serialize;
use smallvec::SmallVec;

use crate::ir::Violation;

/// What happened to one rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// Every value satisfied the rule.
    Satisfied,
    /// Some value did not satisfy the rule (a warning only when the rule is `justWarning`).
    Unsatisfied,
    /// `valid` was not satisfied: the rule does not apply.
    Skipped,
    /// The rule could not be evaluated (malformed rule, bad path or argument): always a
    /// failure, even with `justWarning`.
    Error,
}

/// The outcome of one rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RuleReport {
    /// The rule's `name`.
    pub name: Cow<'static, str>,
    /// The rule's path without `jsonpath::` and `$` (empty when the rule has none): the
    /// cause's `field`.
    pub field: Cow<'static, str>,
    /// The rule's `message`.
    pub message: Cow<'static, str>,
    /// The rule's `justWarning`.
    pub just_warning: bool,
    /// What happened.
    pub outcome: Outcome,
    /// The explanation, in the frontend's words, for satisfied and unsatisfied rules, the error
    /// for errors, empty for skipped rules. KubeVirt rules have the reference's texts
    /// (`kubevirt::rules::ReferenceTexts`: `All values [2] are in interval [1, N/A]`;
    /// `duplicate Rule Name`). Empty for a document rule that found violations: their text is
    /// built when read, by [`DocumentReport::detail`] (a report of nine violations spent a
    /// fifth of its time writing a text nothing read).
    pub detail: String,
}

/// A Kubernetes `StatusCause` of a denied VM.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Cause {
    /// The cause type, serialised under `reason` as in `metav1.StatusCause`:
    /// always `FieldValueInvalid` here.
    #[serde(rename = "reason", skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// `<rule message>: <detail>`.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub message: String,
    /// The rule's path, e.g. `.spec.domain.memory.guest` (omitted when empty, as Go's
    /// `omitempty`).
    #[serde(skip_serializing_if = "String::is_empty")]
    pub field: String,
}

/// The reports of a rule set's rules. One is kept inline: most rule sets have a single rule,
/// and their report then allocates nothing.
pub type RuleReports = SmallVec<[RuleReport; 1]>;

/// The outcomes of a whole rule set, in rule order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct Report {
    /// One entry per rule, in order.
    pub rules: RuleReports,
}

impl Report {
    /// `true` when any rule errored or was unsatisfied without `justWarning`.
    pub fn failed(&self) -> bool {
        self.rules.iter().any(|r| match r.outcome {
            Outcome::Error => true,
            Outcome::Unsatisfied => !r.just_warning,
            _ => false,
        })
    }

    /// The causes of the denial (empty when the rule set passed): one per errored or
    /// unsatisfied rule, `justWarning` ones included, in rule order — as ssp-operator
    /// `Result.ToStatusCauses`.
    pub fn causes(&self) -> Vec<Cause> {
        if !self.failed() {
            return Vec::new();
        }
        self.rules
            .iter()
            .filter(|r| matches!(r.outcome, Outcome::Error | Outcome::Unsatisfied))
            .map(|r| Cause {
                kind: "FieldValueInvalid".to_owned(),
                message: format!("{}: {}", r.message, r.detail),
                field: r.field.to_string(),
            })
            .collect()
    }

    /// Admission warnings: `<message>: <explanation>` for each unsatisfied `justWarning` rule
    /// (the reference only logs these).
    pub fn warnings(&self) -> Vec<String> {
        self.rules
            .iter()
            .filter(|r| r.just_warning && r.outcome == Outcome::Unsatisfied)
            .map(|r| format!("{}: {}", r.message, r.detail))
            .collect()
    }
}

/// Which rules get their explanation text in [`RuleReport::detail`]. Outcomes, and the texts
/// of unsatisfied and errored rules, are the same either way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Explain {
    /// Every rule: satisfied ones too (the reference's log; what tests and
    /// `validgen validate -o json` show).
    #[default]
    All,
    /// Only rules that can appear in an admission response (unsatisfied and errored ones, as
    /// causes and warnings): satisfied rules get an empty `detail`, and no text is formatted
    /// for them.
    Failures,
}

/// The report of a rule set with document checks: the rules' outcomes, and the values that
/// failed (kept apart from [`Report`], whose size the KubeVirt back ends are tuned for).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct DocumentReport {
    /// What happened to each rule.
    #[serde(flatten)]
    pub report: Report,
    /// The values that failed document checks ([`crate::ir::Check::Type`] onwards), by rule
    /// ([`Violation::rule`]) and in document order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub violations: Vec<Violation>,
}

impl DocumentReport {
    /// The violations of rule `index` (0-based position in the rule set).
    pub fn violations_of(&self, index: usize) -> impl Iterator<Item = &Violation> {
        self.violations.iter().filter(move |v| v.rule == index)
    }

    /// The explanation of rule `index`: the text of its violations, joined by `; `, where it
    /// found any (written now), else its [`RuleReport::detail`]; empty for a rule the set does
    /// not have.
    pub fn detail(&self, index: usize) -> Cow<'_, str> {
        let mut found = self.violations_of(index).peekable();
        if found.peek().is_none() {
            return self
                .report
                .rules
                .get(index)
                .map_or(Cow::Borrowed(""), |r| Cow::Borrowed(r.detail.as_str()));
        }
        let mut text = String::new();
        for (i, v) in found.enumerate() {
            if i > 0 {
                text.push_str("; ");
            }
            let _ = write!(text, "{v}");
        }
        Cow::Owned(text)
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::{DocumentReport, Outcome, Report, RuleReport};
    use crate::ir::Violation;

    fn rule(outcome: Outcome, detail: &str) -> RuleReport {
        RuleReport {
            name: Cow::Borrowed("r"),
            field: Cow::Borrowed(""),
            message: Cow::Borrowed("m"),
            just_warning: false,
            outcome,
            detail: detail.to_owned(),
        }
    }

    fn violation(rule: usize, location: &str, found: &str) -> Violation {
        Violation {
            rule,
            location: location.to_owned(),
            ..Violation::new("type", "string", found)
        }
    }

    /// A rule's violations are its text, joined in report order, written when read; a rule
    /// without violations keeps its own detail.
    #[test]
    fn the_detail_of_a_rule_is_its_violations_text_or_its_own() {
        let report = DocumentReport {
            report: Report {
                rules: [
                    rule(Outcome::Unsatisfied, ""),
                    rule(Outcome::Error, "bad path"),
                    rule(Outcome::Unsatisfied, ""),
                ]
                .into_iter()
                .collect(),
            },
            violations: vec![
                violation(0, "/a", "integer"),
                violation(2, "", "null"),
                violation(0, "/b/0", "object"),
            ],
        };
        assert_eq!(
            report.detail(0),
            "/a: type: expected string, found integer; /b/0: type: expected string, found object"
        );
        assert_eq!(report.detail(1), "bad path");
        assert_eq!(
            report.detail(2),
            "(document): type: expected string, found null"
        );
        assert_eq!(report.detail(3), "");
    }
}
