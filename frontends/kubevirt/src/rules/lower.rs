//! A parsed `vm.kubevirt.io/validations` rule set lowered to the IR, with
//! the checks the reference makes before looking at the VM (ssp-operator `Evaluate` and
//! `validateRule`, in that order: duplicate name, rule kind, message).

use std::collections::HashSet;

use super::RuleKind;
use crate::rules;
use validgen_core::ir::{Check, Guard, Origin, Reason, Regex, Rule, RuleSet, Severity};
use validgen_goregex::GoRegex;

/// Lowers a parsed rule set to the IR.
pub fn lower(set: &rules::ParsedRuleSet) -> RuleSet {
    let mut names = HashSet::new();
    let rules = set
        .rules
        .iter()
        .map(|r| {
            let check = if !names.insert(r.name.as_str()) {
                fail(Reason::DuplicateName)
            } else if r.kind() == RuleKind::Unrecognized {
                fail(Reason::UnknownKind)
            } else if r.message.is_empty() {
                fail(Reason::MissingKey)
            } else {
                check(r)
            };
            Rule {
                name: r.name.clone(),
                message: r.message.clone(),
                field: r.path.as_ref().map(|p| p.expr.clone()).unwrap_or_default(),
                severity: if r.just_warning {
                    Severity::Warning
                } else {
                    Severity::Error
                },
                guard: r.valid.clone().map(Guard::Present),
                path: r.path.clone(),
                check,
                origin: Origin {
                    index: r.index,
                    location: r.location,
                },
            }
        })
        .collect();
    RuleSet {
        rules,
        definitions: Default::default(),
        annotations: Default::default(),
    }
}

fn check(r: &rules::ParsedRule) -> Check {
    match r.kind() {
        RuleKind::Integer => Check::IntRange {
            min: r.min.clone(),
            max: r.max.clone(),
        },
        RuleKind::String => Check::LengthRange {
            min: r.min_length.clone(),
            max: r.max_length.clone(),
        },
        RuleKind::Regex => Check::Pattern {
            regex: GoRegex::new(&r.regex)
                .map(Regex::Re2)
                .map_err(|e| e.to_string()),
        },
        RuleKind::Enum => Check::Enum {
            values: r.values.clone().unwrap_or_default(),
        },
        RuleKind::Unrecognized => fail(Reason::UnknownKind),
    }
}

/// A rule that fails with the reference's text for `reason`.
fn fail(reason: Reason) -> Check {
    Check::Fail {
        reason,
        text: super::reason_text(reason).to_owned(),
    }
}
