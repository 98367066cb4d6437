//! `validgen-vap`: the CEL back end of the rule IR. A KubeVirt template catalog becomes
//! `admissionregistration.k8s.io/v1` `ValidatingAdmissionPolicy` and
//! `ValidatingAdmissionPolicyBinding` objects (Kubernetes ≥ 1.30) that the API server runs
//! without the template-validator webhook, and a report of how faithfully each rule is carried.
//!
//! One Deny policy per distinct rule text of the templates' VM objects
//! (`objects[0].metadata.annotations["vm.kubevirt.io/validations"]`), named
//! `validgen-<catalog>-<first 10 hex digits of the text's SHA-256>` (stable while the text is
//! unchanged), matched by the reference's decision order (SEMANTICS §2) and by the exact text;
//! a `-warn` twin bound with `[Warn]` where the set has `justWarning` rules. Rules are lowered
//! by the KubeVirt frontend ([`validgen_runtime::kubevirt::rules`]) and planned against the Go
//! types ([`validgen_codegen::plan`]); [`rule`] writes their CEL.

mod cel;
mod path;
pub mod policy;
pub mod report;
pub mod rule;

use std::collections::BTreeMap;

use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use validgen_runtime::kubevirt::admission::Catalog;
use validgen_runtime::kubevirt::rules::{lower, parse_rule_set};

pub use report::{Class, Reason, Report, RuleReport, RuleSetReport, Summary};

use policy::Identity;

/// The annotation holding a VM's rules.
pub(crate) use validgen_runtime::kubevirt::keys::{SKIP, VALIDATIONS};

/// A `validationActions` entry of a binding.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Action {
    /// The request is denied.
    Deny,
    /// The client gets an HTTP `Warning`.
    Warn,
    /// The failure is written to the audit event.
    Audit,
}

impl Action {
    /// The API's spelling (`Deny`, `Warn`, `Audit`).
    pub fn name(self) -> &'static str {
        match self {
            Action::Deny => "Deny",
            Action::Warn => "Warn",
            Action::Audit => "Audit",
        }
    }

    /// Checks a list of actions as the API server does: not empty, no repeats, not `Deny`
    /// with `Warn` (K8s `ValidatingAdmissionPolicyBinding` validation).
    ///
    /// # Errors
    /// What is wrong, in a sentence.
    pub fn check(actions: &[Action]) -> Result<(), String> {
        let mut sorted = actions.to_vec();
        sorted.sort();
        sorted.dedup();
        if actions.is_empty() {
            Err("at least one action is needed".to_owned())
        } else if sorted.len() != actions.len() {
            Err("an action is repeated".to_owned())
        } else if sorted.contains(&Action::Deny) && sorted.contains(&Action::Warn) {
            Err("Deny and Warn cannot be used together (the API server refuses it)".to_owned())
        } else {
            Ok(())
        }
    }
}

/// What to generate.
#[derive(Debug, Clone)]
pub struct Options {
    /// The catalog's name in policy names and in the `validgen.io/catalog` label (a DNS
    /// label: lowercase letters, digits, `-`).
    pub catalog: String,
    /// The actions of the bindings of the Deny policies (`[Deny]`; `[Audit, Warn]` for a
    /// shadow rollout next to the webhook).
    pub actions: Vec<Action>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            catalog: "kubevirt".to_owned(),
            actions: vec![Action::Deny],
        }
    }
}

/// The generated objects and the report.
#[derive(Debug, Clone)]
pub struct Output {
    /// Policies and bindings: per rule set (by hash) the Deny policy, its binding, then the Warn
    /// twin and its binding.
    pub documents: Vec<Value>,
    /// The translatability report.
    pub report: Report,
}

/// Compiles the rule texts of `catalog` (loaded as `validgen validate` loads one, e.g. with
/// [`Catalog::load_dir`]). Deterministic: rule sets sorted by the SHA-256 of their text.
pub fn compile(catalog: &Catalog, opts: &Options) -> Output {
    let mut texts: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    let mut legacy: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for t in catalog.templates() {
        if let Some(text) = &t.object_validations {
            texts.entry(text).or_default().push(t.name.clone());
        }
        if let Some(text) = &t.validations {
            legacy.entry(text).or_default().push(t.name.clone());
        }
    }
    let labels = json!({
        "app.kubernetes.io/managed-by": "validgen",
        "validgen.io/catalog": opts.catalog,
    });
    let mut sets: Vec<(RuleSetReport, Vec<Value>)> = Vec::new();
    for (text, mut templates) in texts {
        templates.sort();
        templates.dedup();
        sets.push(rule_set(text, templates, &labels, opts));
    }
    for (text, mut templates) in legacy {
        templates.sort();
        templates.dedup();
        sets.push((legacy_set(text, templates), Vec::new()));
    }
    sets.sort_by(|a, b| {
        a.0.sha256
            .cmp(&b.0.sha256)
            .then(a.0.policy.is_none().cmp(&b.0.policy.is_none()))
    });
    let mut summary = Summary {
        rule_sets: sets.len(),
        ..Summary::default()
    };
    let mut documents = Vec::new();
    let mut rule_sets = Vec::new();
    for (report, docs) in sets {
        summary.policies += docs.len() / 2;
        for r in &report.rules {
            match r.class {
                Class::Exact => summary.exact += 1,
                Class::Approximate => summary.approximate += 1,
                Class::Untranslatable => summary.untranslatable += 1,
            }
        }
        documents.extend(docs);
        rule_sets.push(report);
    }
    Output {
        documents,
        report: Report {
            summary,
            notes: notes(),
            rule_sets,
        },
    }
}

/// The SHA-256 of `text`, lowercase hex.
pub fn sha256(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The policies of one VM rule text, and its report.
fn rule_set(
    text: &str,
    templates: Vec<String>,
    labels: &Value,
    opts: &Options,
) -> (RuleSetReport, Vec<Value>) {
    let sha = sha256(text);
    let name = format!("validgen-{}-{}", opts.catalog, &sha[..10]);
    let mut report = RuleSetReport {
        sha256: sha.clone(),
        policy: None,
        warn_policy: None,
        templates: Vec::new(),
        class: Class::Exact,
        reasons: Vec::new(),
        rules: Vec::new(),
    };
    let id = Identity {
        name: name.clone(),
        sha256: &sha,
        templates: &templates,
        text,
        labels,
    };
    let parsed = match parse_rule_set(text) {
        Ok(p) => p,
        Err(e) => {
            report.class = Class::Approximate;
            report.reasons.push(Reason::new(
                "parse-error-422",
                format!("the text does not parse ({e}): the policy denies every VM carrying it, with code 422 where the reference answers 400"),
            ));
            let docs = policy::parse_error(&id, &e.to_string(), &opts.actions).into();
            report.policy = Some(name);
            report.templates = templates.clone();
            return (report, docs);
        }
    };
    if parsed.is_empty() {
        report.reasons.push(Reason::new(
            "no-rules",
            "the text has no rules: VMs carrying it are allowed, no policy is needed",
        ));
        report.templates = templates.clone();
        return (report, Vec::new());
    }
    let set = lower(&parsed);
    let mut translated = Vec::new();
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
            Err(reasons) => (Class::Untranslatable, reasons),
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
    if translated.len() == set.rules.len() {
        docs.extend(policy::deny(&id, &translated, &opts.actions));
        report.policy = Some(name.clone());
        if let Some(warn) = policy::warn(&id, &translated) {
            report.warn_policy = Some(format!("{name}-warn"));
            docs.extend(warn);
        }
    }
    report.templates = templates.clone();
    (report, docs)
}

/// A legacy Template-level `validations` text: found through the VM's template labels, which
/// needs Template params (not generated yet).
fn legacy_set(text: &str, templates: Vec<String>) -> RuleSetReport {
    let reason = Reason::new(
        "legacy-template-lookup",
        "rules in the Template's own `validations` annotation apply through the VM's template labels: policies with Template params are not generated yet",
    );
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
        sha256: sha256(text),
        policy: None,
        warn_policy: None,
        templates,
        class: Class::Untranslatable,
        reasons: vec![reason],
        rules,
    }
}

/// What every policy differs in from the reference webhook (VAP.md §2.3, §4).
fn notes() -> Vec<Reason> {
    vec![
        Reason::new(
            "causes-without-field",
            "a denial carries one cause `{message}` without `field`, where the reference lists one cause per rule with its `field`; the status message, code 422 and reason `Invalid` are the reference's",
        ),
        Reason::new(
            "message-prefix",
            "clients read `ValidatingAdmissionPolicy '<policy>' with binding '<binding>' denied request: <message>` where the webhook gives `admission webhook \"virtualmachine-admission.ssp.kubevirt.io\" denied the request: <message>`",
        ),
        Reason::new(
            "message-limit",
            "a message over 5 KiB (hundreds of disks with long bus names) is replaced by the static message",
        ),
        Reason::new(
            "warn-on-allowed",
            "unsatisfied `justWarning` rules are HTTP warnings also on allowed VMs (the reference only logs them), as validgen's webhook answers",
        ),
        Reason::new(
            "crash-as-deny",
            "where the reference crashes (no `spec.template`, `memory: {}` under a `memory.guest` rule) the policy denies with `invalid JSONPath`, as validgen does",
        ),
        Reason::new(
            "unknown-rule-texts",
            "a VM carrying a rule text that is not in the catalog (rules of its own) matches no policy and is allowed; the webhook judges it",
        ),
    ]
}

/// The documents as one YAML stream (`---` between documents), printed by the runtime's
/// go-yaml printer (block style, keys in order).
///
/// # Errors
/// A document the printer refuses (nesting deeper than 256 levels): its JSON Pointer.
pub fn to_yaml(documents: &[Value]) -> Result<String, String> {
    let mut out = String::new();
    for (i, d) in documents.iter().enumerate() {
        if i > 0 {
            out.push_str("---\n");
        }
        out.push_str(&validgen_runtime::kyverno::migrate::to_yaml(d)?);
    }
    Ok(out)
}
