//! The rule interpreter: every rule of a rule set evaluated against a typed VM, with the
//! outcomes, detail texts and causes of the reference (ssp-operator `validation.Evaluate`,
//! SEMANTICS §6–7).

mod document;
mod enum_;
pub(crate) mod guard;
mod integer;
mod regex;
pub(crate) mod resolve;
mod string;

use std::borrow::Cow;

use serde::Serialize;
use smallvec::SmallVec;

use crate::ir::{self, At, Check, Severity, Violation};
use crate::model::Document;
use crate::rules::reason_text;
use crate::typed::{Lookup, TypedVm, reference_vm};

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
    /// The reference's text: the explanation (`All values [2] are in interval [1, N/A]`) for
    /// satisfied and unsatisfied rules, the error (`duplicate Rule Name`) for errors, empty for
    /// skipped rules.
    pub detail: String,
    /// The values that failed a document check ([`Check::Type`] onwards), in document order
    /// of the rule's values; empty otherwise.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub violations: Vec<Violation>,
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

/// The result of the check of one rule kind: satisfied or not, with the explanation.
type Checked = Result<(bool, String), String>;

/// Evaluates every rule of `rules` against `vm`, in order, without short-circuit
/// (ssp-operator `Evaluate`), explaining every rule ([`Explain::All`]).
pub fn evaluate(rules: &ir::RuleSet, vm: &TypedVm) -> Report {
    evaluate_with(rules, vm, Explain::All)
}

/// As [`evaluate`], with the explanations `explain` asks for.
pub fn evaluate_with(rules: &ir::RuleSet, vm: &TypedVm, explain: Explain) -> Report {
    evaluate_document(rules, &Lookup::new(vm.root(), reference_vm()), explain)
}

/// Evaluates every rule of `rules` against any document model, in order, without
/// short-circuit: [`evaluate_with`] on a KubeVirt VM, or a [`crate::model::Plain`] document.
pub fn evaluate_document<D: Document>(rules: &ir::RuleSet, doc: &D, explain: Explain) -> Report {
    let reports = rules.rules.iter().map(|rule| {
        let (outcome, detail, violations) = evaluate_rule(rules, rule, doc, explain);
        RuleReport {
            name: Cow::Owned(rule.name.clone()),
            field: Cow::Owned(rule.field.clone()),
            message: Cow::Owned(rule.message.clone()),
            just_warning: rule.severity == Severity::Warning,
            outcome,
            detail,
            violations,
        }
    });
    // One report stays inline; several are written straight into one allocation, which the
    // list then keeps (no element moved twice).
    let rules = if reports.len() > 1 {
        RuleReports::from_vec(reports.collect())
    } else {
        reports.collect()
    };
    Report { rules }
}

fn evaluate_rule<D: Document>(
    set: &ir::RuleSet,
    rule: &ir::Rule,
    doc: &D,
    explain: Explain,
) -> (Outcome, String, Vec<Violation>) {
    if let Check::Fail { reason } = rule.check {
        return (Outcome::Error, reason_text(reason).to_owned(), Vec::new());
    }
    if let Some(g) = &rule.guard {
        match guard::holds(g, doc) {
            Ok(true) => {}
            Ok(false) => return (Outcome::Skipped, String::new(), Vec::new()),
            Err(e) => return (Outcome::Error, e, Vec::new()),
        }
    }
    if rule.check.is_document() {
        return match document_rule(set, rule, doc) {
            Ok(v) if v.is_empty() => (Outcome::Satisfied, String::new(), v),
            Ok(v) => (Outcome::Unsatisfied, violations_text(&v), v),
            Err(e) => (Outcome::Error, e, Vec::new()),
        };
    }
    let path = rule.path.as_ref();
    let checked = match &rule.check {
        Check::IntRange { min, max } => {
            integer::check(min.as_ref(), max.as_ref(), path, doc, explain)
        }
        Check::LengthRange { min, max } => {
            string::check(min.as_ref(), max.as_ref(), path, doc, explain)
        }
        Check::Pattern { regex } => regex::check(regex, path, doc, explain),
        Check::Enum { values } => enum_::check(values, path, doc, explain),
        Check::Fail { reason } => Err(reason_text(*reason).to_owned()),
        _ => Err("a document check among the KubeVirt checks".to_owned()),
    };
    match checked {
        Ok((true, text)) => (Outcome::Satisfied, text, Vec::new()),
        Ok((false, text)) => (Outcome::Unsatisfied, text, Vec::new()),
        Err(e) => (Outcome::Error, e, Vec::new()),
    }
}

/// A document check applied to each value at the rule's path (none found: nothing to check,
/// as JSON Schema and ytt leave absent values alone).
fn document_rule<D: Document>(
    set: &ir::RuleSet,
    rule: &ir::Rule,
    doc: &D,
) -> Result<Vec<Violation>, String> {
    let path = rule.path.as_ref().ok_or(resolve::MISSING_KEY)?;
    let scope = document::Scope {
        definitions: &set.definitions,
        depth: 0,
    };
    let mut out = Vec::new();
    for (base, v) in doc.instances(path)? {
        let mut at = At::new(&base);
        document::apply(
            std::slice::from_ref(&rule.check),
            v,
            &mut at,
            scope,
            &mut out,
        );
    }
    Ok(out)
}

/// The detail text of a rule whose document check failed: its violations, joined by `; `.
pub fn violations_text(violations: &[Violation]) -> String {
    let texts: Vec<String> = violations.iter().map(ToString::to_string).collect();
    texts.join("; ")
}
