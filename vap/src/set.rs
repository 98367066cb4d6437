//! One rule text compiled for the VMs it applies to: its policies and its report.

use serde_json::{Value, json};
use validgen_kubevirt::rules::{lower, parse_rule_set};

use crate::matching::Selects;
use crate::policy::{self, Identity};
use crate::report::{Class, Reason, RuleReport, RuleSetReport};
use crate::{Options, rule};

/// Where a rule text applies.
#[derive(Debug, Clone)]
pub struct Target {
    /// The Deny policy's name (the others add `-warn`, `-untranslatable`).
    pub name: String,
    /// The templates carrying the text (`namespace/name` for a legacy Template's own rules).
    pub templates: Vec<String>,
    /// The VMs it judges.
    pub selects: Selects,
    /// The Template params of legacy rules ([`Identity::template`]).
    pub template: Option<(String, String)>,
}

/// The policies of `text` for `target`, and its report: a Deny policy (with a Warn twin for
/// `justWarning` rules) when every rule translates, else a Warn policy naming the rules that
/// do not; a policy denying every VM when the text does not parse; none for a text without
/// rules.
pub fn compile(
    text: &str,
    sha: &str,
    target: Target,
    labels: &Value,
    opts: &Options,
) -> (RuleSetReport, Vec<Value>) {
    let Target {
        name,
        templates,
        selects,
        template,
    } = target;
    let mut report = RuleSetReport {
        sha256: sha.to_owned(),
        policy: None,
        warn_policy: None,
        untranslatable_policy: None,
        templates: templates.clone(),
        class: Class::Exact,
        reasons: Vec::new(),
        rules: Vec::new(),
    };
    let id = Identity {
        name: name.clone(),
        annotations: json!({
            "validgen.io/rule-set-sha256": sha,
            "validgen.io/templates": templates.join(","),
        }),
        labels,
        selects,
        template,
    };
    let parsed = match parse_rule_set(text) {
        Ok(p) => p,
        Err(e) => {
            report.class = Class::Approximate;
            report.reasons.push(Reason::new(
                "parse-error-422",
                format!("the text does not parse ({e}): the policy denies every VM it applies to, with code 422 where the reference answers 400"),
            ));
            report.policy = Some(name);
            return (
                report,
                policy::parse_error(&id, &e.to_string(), &opts.actions).into(),
            );
        }
    };
    if parsed.is_empty() {
        report.reasons.push(Reason::new(
            "no-rules",
            "the text has no rules: VMs it applies to are allowed, no policy is needed",
        ));
        return (report, Vec::new());
    }
    let set = lower(&parsed);
    let mut translated = Vec::new();
    let mut untranslated = Vec::new();
    let mut paths = rule::Paths::default();
    for (i, (rule, source)) in set.rules.iter().zip(&parsed.rules).enumerate() {
        let (class, reasons) = match rule::translate(i, rule, &mut paths) {
            Ok(cel) => {
                let reasons = cel.reasons.clone();
                translated.push(cel);
                let class = if reasons.is_empty() {
                    Class::Exact
                } else {
                    Class::Approximate
                };
                (class, reasons)
            }
            Err(reasons) => {
                let why = reasons
                    .iter()
                    .map(|r| r.detail.as_str())
                    .collect::<Vec<_>>()
                    .join("; ");
                untranslated.push((i, rule.name.clone(), why));
                (Class::Untranslatable, reasons)
            }
        };
        report.class = report.class.max(class);
        report.rules.push(RuleReport {
            index: i,
            name: rule.name.clone(),
            kind: source.rule.clone(),
            path: rule.field.clone(),
            just_warning: source.just_warning,
            class,
            reasons,
        });
    }
    let mut docs = Vec::new();
    if untranslated.is_empty() {
        docs.extend(policy::deny(&id, &translated, &opts.actions));
        report.policy = Some(name.clone());
        if let Some(warn) = policy::warn(&id, &translated) {
            report.warn_policy = Some(format!("{name}-warn"));
            docs.extend(warn);
        }
    } else {
        report.untranslatable_policy = Some(format!("{name}-untranslatable"));
        docs.extend(policy::untranslatable(&id, &untranslated));
    }
    (report, docs)
}

/// A report of `text` whose rules are all untranslatable for `reason` (no policy).
pub fn untranslatable(
    text: &str,
    sha: &str,
    templates: Vec<String>,
    reason: &Reason,
) -> RuleSetReport {
    let rules = parse_rule_set(text)
        .map(|p| {
            p.rules
                .iter()
                .map(|r| RuleReport {
                    index: r.index,
                    name: r.name.clone(),
                    kind: r.rule.clone(),
                    path: r.path.as_ref().map(|p| p.expr.clone()).unwrap_or_default(),
                    just_warning: r.just_warning,
                    class: Class::Untranslatable,
                    reasons: vec![reason.clone()],
                })
                .collect()
        })
        .unwrap_or_default();
    RuleSetReport {
        sha256: sha.to_owned(),
        policy: None,
        warn_policy: None,
        untranslatable_policy: None,
        templates,
        class: Class::Untranslatable,
        reasons: vec![reason.clone()],
        rules,
    }
}
