//! The rule interpreter: every rule of a rule set evaluated against a document model, generic
//! over [`Document`], one file per check. The value checks' findings are explained by the
//! frontend's [`ValuesTexts`]: on a KubeVirt VM, with the KubeVirt entry points, its outcomes,
//! detail texts and causes are the reference's (ssp-operator `validation.Evaluate`, SEMANTICS
//! §6–7).

mod document;
mod enum_;
pub mod guard;
mod integer;
mod regex;
mod string;

use std::borrow::Cow;
use std::cell::Cell;

use crate::checks::document::Budget;
use crate::checks::{Unexplained, ValuesTexts};
use crate::ir::{self, At, Check, Severity, Violation};
use crate::model::values::MISSING_KEY;
use crate::model::{Document, Instance};
pub use crate::report::{Cause, DocumentReport, Explain, Outcome, Report, RuleReport, RuleReports};

/// The result of the check of one rule kind: satisfied or not, with the explanation.
type Checked = Result<(bool, String), String>;

/// Evaluates every rule of `rules` against any document model, in order, without
/// short-circuit, the value checks with no explanation ([`Unexplained`]): what the frontends
/// of plain documents (JSON Schema, ytt, Kyverno), which have no value checks, call. KubeVirt
/// VMs are evaluated through `validgen-kubevirt`'s `typed::evaluate`, with the reference's texts.
pub fn evaluate_document<D: Document>(
    rules: &ir::RuleSet,
    doc: &D,
    explain: Explain,
) -> DocumentReport {
    evaluate_document_with(rules, doc, explain, &Unexplained)
}

/// As [`evaluate_document`], the value checks explained by `texts` (KubeVirt's:
/// `kubevirt::rules::ReferenceTexts`).
pub fn evaluate_document_with<D: Document, T: ValuesTexts>(
    rules: &ir::RuleSet,
    doc: &D,
    explain: Explain,
    texts: &T,
) -> DocumentReport {
    let (report, violations) = evaluate_rules(rules, doc, explain, texts);
    DocumentReport { report, violations }
}

/// [`evaluate_document_with`]'s report and violations, apart.
pub fn evaluate_rules<D: Document, T: ValuesTexts>(
    rules: &ir::RuleSet,
    doc: &D,
    explain: Explain,
    texts: &T,
) -> (Report, Vec<Violation>) {
    let mut found = Vec::new();
    let reports = rules.rules.iter().enumerate().map(|(index, rule)| {
        let (outcome, detail, violations) = evaluate_rule(rules, rule, doc, explain, texts);
        found.extend(
            violations
                .into_iter()
                .map(|v| Violation { rule: index, ..v }),
        );
        RuleReport {
            name: Cow::Owned(rule.name.clone()),
            field: Cow::Owned(rule.field.clone()),
            message: Cow::Owned(rule.message.clone()),
            just_warning: rule.severity == Severity::Warning,
            outcome,
            detail,
        }
    });
    // One report stays inline; several are written straight into one allocation, which the
    // list then keeps (no element moved twice).
    let rules = if reports.len() > 1 {
        RuleReports::from_vec(reports.collect())
    } else {
        reports.collect()
    };
    (Report { rules }, found)
}

/// Whether every check of `checks` (nested in `set`, whose definitions `$ref`s read) holds for
/// `value`: what the report would find no violation for. Outputs ask it of the subschemas
/// whose success decides whether their annotations count (`anyOf` branches, `if`,
/// `contains`); generated code answers with its own verdict path.
pub fn holds(set: &ir::RuleSet, checks: &[Check], value: &serde_json::Value) -> bool {
    let budget = Budget::default();
    let undecided = Cell::new(false);
    let scope = document::Scope {
        definitions: &set.definitions,
        depth: 0,
        budget: &budget,
        root: None,
        undecided: &undecided,
    };
    if document::verdict(checks, value, scope) && !budget.spent() && !undecided.get() {
        return true;
    }
    if budget.spent() {
        return false;
    }
    // An extension only the full path decides.
    let mut found = Vec::new();
    document::apply(checks, value, &mut At::new(""), scope, &mut found);
    found.is_empty() && !budget.spent()
}

fn evaluate_rule<D: Document, T: ValuesTexts>(
    set: &ir::RuleSet,
    rule: &ir::Rule,
    doc: &D,
    explain: Explain,
    texts: &T,
) -> (Outcome, String, Vec<Violation>) {
    if let Check::Fail { text, .. } = &rule.check {
        return (Outcome::Error, text.clone(), Vec::new());
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
            // The text of the violations is written when read (`DocumentReport::detail`).
            Ok(v) => (Outcome::Unsatisfied, String::new(), v),
            Err(e) => (Outcome::Error, e, Vec::new()),
        };
    }
    let path = rule.path.as_ref();
    let checked = match &rule.check {
        Check::IntRange { min, max } => {
            integer::check(min.as_ref(), max.as_ref(), path, doc, explain, texts)
        }
        Check::LengthRange { min, max } => {
            string::check(min.as_ref(), max.as_ref(), path, doc, explain, texts)
        }
        Check::Pattern { regex } => regex::check(regex, path, doc, explain, texts),
        Check::Enum { values } => enum_::check(values, path, doc, explain, texts),
        Check::Fail { text, .. } => Err(text.clone()),
        _ => Err("a document check among the KubeVirt checks".to_owned()),
    };
    match checked {
        Ok((true, text)) => (Outcome::Satisfied, text, Vec::new()),
        Ok((false, text)) => (Outcome::Unsatisfied, text, Vec::new()),
        Err(e) => (Outcome::Error, e, Vec::new()),
    }
}

/// A document check applied to each value at the rule's path (none found: nothing to check,
/// as JSON Schema and ytt leave absent values alone). Each value gets the verdict first and the
/// full report only when rejected, as the emitted code does; each pass has its own
/// [`Budget`] of `$ref` evaluations, and a value whose report spends it is reported by the
/// budget's violation alone.
fn document_rule<D: Document>(
    set: &ir::RuleSet,
    rule: &ir::Rule,
    doc: &D,
) -> Result<Vec<Violation>, String> {
    let path = rule.path.as_ref().ok_or(MISSING_KEY)?;
    let check = std::slice::from_ref(&rule.check);
    let mut out = Vec::new();
    for (base, v) in doc.instances(path)? {
        // ytt functions read the document through `ctx`: lent where the model holds JSON.
        let root = base.is_empty().then(|| v.to_value());
        let verdict_budget = Budget::default();
        let undecided = Cell::new(false);
        let scope = document::Scope {
            definitions: &set.definitions,
            depth: 0,
            budget: &verdict_budget,
            root: root.as_deref(),
            undecided: &undecided,
        };
        // A verdict that met a check it cannot judge (an extension) leaves it to the report.
        if document::verdict(check, v, scope) && !verdict_budget.spent() && !undecided.get() {
            continue;
        }
        let budget = Budget::default();
        let scope = document::Scope {
            budget: &budget,
            ..scope
        };
        let start = out.len();
        let mut at = At::new(&base);
        document::apply(check, v, &mut at, scope, &mut out);
        if let Some(spent) = budget.violation() {
            out.truncate(start);
            out.push(spent);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{Explain, Outcome, evaluate_document, evaluate_document_with};
    use crate::checks::Unexplained;
    use std::sync::Arc;

    use crate::ir::{
        Arg, At, Check, ExtensionCheck, Location, Origin, Path, Rule, RuleSet, Severity, Violation,
    };
    use crate::model::Plain;

    /// Where the test rules are.
    const ORIGIN: Origin = Origin {
        index: 0,
        location: Location {
            line: 1,
            column: 1,
            offset: 0,
        },
    };

    /// A rule set of `rule` alone.
    fn one_rule(rule: Rule) -> RuleSet {
        RuleSet {
            rules: vec![rule],
            definitions: Default::default(),
            annotations: Default::default(),
        }
    }

    /// An extension the verdict path cannot judge, in an `anyOf` branch or a `not`: the full
    /// path decides it, so the branch holds where the extension passes.
    #[test]
    fn branches_holding_extensions_are_decided_by_the_full_path() {
        #[derive(Debug)]
        struct IsString;
        impl ExtensionCheck for IsString {
            fn apply(
                &self,
                value: &serde_json::Value,
                at: &mut At,
                _root: Option<&serde_json::Value>,
                out: &mut Vec<Violation>,
            ) {
                if !value.is_string() {
                    out.push(at.place(Violation::new("string", "a string", "another value")));
                }
            }
        }
        let extension = || vec![Check::Extension(Arc::new(IsString))];
        let check = |check: Check| {
            one_rule(Rule {
                name: "r".to_owned(),
                message: String::new(),
                field: String::new(),
                severity: Severity::Error,
                guard: None,
                path: Path::pointer("").ok(),
                check,
                origin: ORIGIN,
            })
        };
        let any_of = check(Check::AnyOf {
            branches: vec![extension(), vec![Check::Never]],
        });
        let not = check(Check::Not {
            checks: extension(),
        });
        for (doc, any_of_holds) in [(json!("x"), true), (json!(1), false)] {
            let doc = Plain::new(&doc);
            let failed = |set: &RuleSet| {
                evaluate_document(set, &doc, Explain::Failures)
                    .report
                    .failed()
            };
            assert_eq!(failed(&any_of), !any_of_holds);
            assert_eq!(failed(&not), any_of_holds);
        }
    }

    /// Without a frontend's texts, the value checks give their verdicts unexplained.
    #[test]
    fn value_checks_without_texts_give_verdicts_alone() {
        let path = Path::pointer("/a").unwrap_or_else(|e| panic!("{e}"));
        let rules = one_rule(Rule {
            name: "in-range".to_owned(),
            message: "out of range".to_owned(),
            field: path.expr.clone(),
            severity: Severity::Error,
            guard: None,
            path: Some(path),
            check: Check::IntRange {
                min: Some(Arg::Literal(1)),
                max: None,
            },
            origin: ORIGIN,
        });
        for (doc, outcome) in [
            (json!({"a": 0}), Outcome::Unsatisfied),
            (json!({"a": 1}), Outcome::Satisfied),
        ] {
            let doc = Plain::new(&doc);
            let report = evaluate_document(&rules, &doc, Explain::All);
            assert_eq!(
                report,
                evaluate_document_with(&rules, &doc, Explain::All, &Unexplained)
            );
            let [rule] = report.report.rules.as_slice() else {
                panic!("one rule, one report");
            };
            assert_eq!((rule.outcome, rule.detail.as_str()), (outcome, ""));
        }
    }
}
