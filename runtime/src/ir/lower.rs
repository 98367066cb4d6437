//! The KubeVirt frontend: a parsed `vm.kubevirt.io/validations` rule set lowered to the IR, with
//! the checks the reference makes before looking at the VM (ssp-operator `Evaluate` and
//! `validateRule`, in that order: duplicate name, rule kind, message).

use std::collections::HashSet;

use super::{Check, Origin, Rule, RuleSet};
use crate::goregex::GoRegex;
use crate::rules::{self, RuleKind};

/// Lowers a parsed rule set.
pub fn lower(set: &rules::RuleSet) -> RuleSet {
    let mut names = HashSet::new();
    let rules = set
        .rules
        .iter()
        .map(|r| {
            let check = if !names.insert(r.name.as_str()) {
                Check::Fail {
                    error: "duplicate Rule Name",
                }
            } else if r.kind() == RuleKind::Unrecognized {
                Check::Fail {
                    error: "unrecognized Rule type",
                }
            } else if r.message.is_empty() {
                Check::Fail {
                    error: "missing required key",
                }
            } else {
                check(r)
            };
            Rule {
                name: r.name.clone(),
                message: r.message.clone(),
                field: r.path.as_ref().map(|p| p.expr.clone()).unwrap_or_default(),
                just_warning: r.just_warning,
                valid: r.valid.clone(),
                path: r.path.clone(),
                check,
                origin: Origin {
                    index: r.index,
                    location: r.location,
                },
            }
        })
        .collect();
    RuleSet { rules }
}

fn check(r: &rules::Rule) -> Check {
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
            regex: GoRegex::new(&r.regex).map_err(|e| e.to_string()),
        },
        RuleKind::Enum => Check::OneOf {
            values: r.values.clone().unwrap_or_default(),
        },
        RuleKind::Unrecognized => Check::Fail {
            error: "unrecognized Rule type",
        },
    }
}
