//! `validgen-vap`: the CEL back end of the rule IR. A KubeVirt template catalog becomes
//! `admissionregistration.k8s.io/v1` `ValidatingAdmissionPolicy` and
//! `ValidatingAdmissionPolicyBinding` objects (Kubernetes ≥ 1.30) that the API server runs
//! without the template-validator webhook, and a report of how faithfully each rule is carried.
//!
//! One Deny policy per distinct rule text of the templates' VM objects
//! (`objects[0].metadata.annotations["vm.kubevirt.io/validations"]`), named
//! `validgen-<catalog>-<first 10 hex digits of the text's SHA-256>` (stable while the text is
//! unchanged), matched by the reference's decision order (SEMANTICS §2) and by the exact text;
//! a `-warn` twin bound with `[Warn]` where the set has `justWarning` rules; a
//! `-untranslatable` Warn policy instead where a rule has no CEL form. Legacy Template-level
//! rules get a policy per Template, with the Template as params. With
//! [`UnknownRuleTexts::Warn`] or [`UnknownRuleTexts::Deny`], a catch-all policy fails VMs
//! carrying a rule text the catalog does not have. Rules are lowered
//! by the KubeVirt frontend ([`validgen_kubevirt::rules`]) and planned against the Go
//! types ([`validgen_codegen::plan`]); [`rule`] writes their CEL.

mod cel;
mod legacy;
pub mod matching;
mod path;
pub mod policy;
pub mod report;
pub mod rule;
mod set;

use std::collections::BTreeMap;

use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use validgen_kubevirt::admission::Catalog;

pub use report::{Class, Reason, Report, RuleReport, RuleSetReport, Summary};

use matching::Selects;
use policy::Identity;

/// The annotation holding a VM's rules.
pub(crate) use validgen_kubevirt::keys::{SKIP, VALIDATIONS};

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
    /// What VMs carrying a rule text the catalog does not have get.
    pub unknown_rule_texts: UnknownRuleTexts,
    /// The namespace Templates naming none are deployed to: legacy Template-level rules apply
    /// through the VM's `namespace/name` template key, so a Template without one has no
    /// policy unless this is given.
    pub template_namespace: Option<String>,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            catalog: "kubevirt".to_owned(),
            actions: vec![Action::Deny],
            unknown_rule_texts: UnknownRuleTexts::Allow,
            template_namespace: None,
        }
    }
}

/// What a VM carrying a non-empty rule text that is none of the catalog's gets (VAP.md §5):
/// CEL cannot parse rules out of JSON, so no policy can judge it as the reference does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum UnknownRuleTexts {
    /// Nothing: no policy matches, the VM is allowed (the reference's trust model: it judges
    /// the VM by its own rules, which the webhook still can).
    #[default]
    Allow,
    /// A catch-all policy bound with `[Warn]`: the VM is allowed with a warning.
    Warn,
    /// A catch-all policy bound with the Deny policies' actions: the VM is denied (stricter than
    /// the reference, which judges it by its own rules).
    Deny,
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
/// [`Catalog::load_dir`]). Deterministic: rule sets sorted by the SHA-256 of their text, the
/// VM texts' before the legacy Templates' (by `namespace/name`), then the catch-all.
pub fn compile(catalog: &Catalog, opts: &Options) -> Output {
    let mut texts: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for t in catalog.templates() {
        if let Some(text) = &t.object_validations {
            texts.entry(text).or_default().push(t.name.clone());
        }
    }
    let labels = json!({
        "app.kubernetes.io/managed-by": "validgen",
        "validgen.io/catalog": opts.catalog,
    });
    let mut sets: Vec<(bool, RuleSetReport, Vec<Value>)> = Vec::new();
    for (text, mut templates) in texts.iter().map(|(t, n)| (*t, n.clone())) {
        templates.sort();
        templates.dedup();
        let sha = sha256(text);
        let target = set::Target {
            name: format!("validgen-{}-{}", opts.catalog, &sha[..10]),
            templates,
            selects: Selects::RuleText(text.to_owned()),
            template: None,
        };
        let (report, docs) = set::compile(text, &sha, target, &labels, opts);
        sets.push((false, report, docs));
    }
    for t in catalog.templates() {
        if let Some(text) = &t.validations {
            let (report, docs) = legacy::compile(t, text, &labels, opts);
            sets.push((true, report, docs));
        }
    }
    sets.sort_by(|a, b| {
        (&a.1.sha256, a.0, &a.1.templates).cmp(&(&b.1.sha256, b.0, &b.1.templates))
    });
    let has_legacy = sets.iter().any(|s| s.0);
    let mut summary = Summary::default();
    let mut documents = Vec::new();
    let mut rule_sets = Vec::new();
    for (_, report, docs) in sets {
        summary.rule_sets += 1;
        summary.policies += docs.len() / 2;
        documents.extend(docs);
        for r in &report.rules {
            match r.class {
                Class::Exact => summary.exact += 1,
                Class::Approximate => summary.approximate += 1,
                Class::Untranslatable => summary.untranslatable += 1,
            }
        }
        rule_sets.push(report);
    }
    if opts.unknown_rule_texts != UnknownRuleTexts::Allow {
        let id = Identity {
            name: format!("validgen-{}-unknown-rule-texts", opts.catalog),
            annotations: json!({"validgen.io/rule-texts": texts.len().to_string()}),
            labels: &labels,
            selects: Selects::UnknownRuleText(texts.keys().map(|t| (*t).to_owned()).collect()),
            template: None,
        };
        let actions = match opts.unknown_rule_texts {
            UnknownRuleTexts::Warn => vec![Action::Warn],
            _ => opts.actions.clone(),
        };
        documents.extend(policy::unknown_rule_texts(&id, &opts.catalog, &actions));
        summary.policies += 1;
    }
    Output {
        documents,
        report: Report {
            summary,
            notes: notes(opts, has_legacy),
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

/// What every policy differs in from the reference webhook (VAP.md §2.3, §4), for these
/// options; `legacy` when the catalog has Template-level rules.
fn notes(opts: &Options, legacy: bool) -> Vec<Reason> {
    let mut notes = vec![
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
            "a message over 5 KiB (hundreds of disks with long bus names) or with a line break (a value of the VM listed in it) is replaced by the static message",
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
            match opts.unknown_rule_texts {
                UnknownRuleTexts::Allow => {
                    "a VM carrying a rule text that is not in the catalog (rules of its own) matches no policy and is allowed; the webhook judges it"
                }
                UnknownRuleTexts::Warn => {
                    "a VM carrying a rule text that is not in the catalog (rules of its own) is allowed with a warning from the catch-all policy; the webhook judges it"
                }
                UnknownRuleTexts::Deny => {
                    "a VM carrying a rule text that is not in the catalog (rules of its own) is failed by the catch-all policy, with its actions, where the reference judges it by those rules (stricter)"
                }
            },
        ),
    ];
    if legacy {
        notes.push(Reason::new(
            "template-drift",
            "a policy of Template-level rules judges by the catalog's text; a cluster Template whose `validations` differ is judged by the webhook only",
        ));
    }
    notes
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
        out.push_str(&validgen_gotext::yaml::to_yaml(d)?);
    }
    Ok(out)
}
