//! The policies of a test's policy files, by name: their kind, namespace and rules, as
//! kyverno's CLI loads them (`cmd/cli/kubectl-kyverno/policy/load.go`).

use std::collections::HashMap;

use serde_json::Value;

use validgen_core::ir::Severity;

/// What a rule (or a rule-less CEL policy as a whole) does, which decides the fields its
/// results need.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RuleType {
    Validate,
    Mutate,
    Generate,
    VerifyImages,
    /// A deleting policy, or a rule with none of the known keys.
    Other,
}

impl RuleType {
    /// The rule type's name in a Kyverno rule.
    pub(super) fn word(self) -> &'static str {
        match self {
            RuleType::Validate => "validate",
            RuleType::Mutate => "mutate",
            RuleType::Generate => "generate",
            RuleType::VerifyImages => "verifyImages",
            RuleType::Other => "other",
        }
    }
}

/// A rule of a `ClusterPolicy` or `Policy`.
#[derive(Debug, Clone)]
pub(super) struct Rule {
    pub name: String,
    pub kind: RuleType,
}

/// A policy found in the policy files.
#[derive(Debug, Clone)]
pub(super) struct Policy {
    pub name: String,
    pub kind: String,
    /// `Some` for a namespaced kind: `metadata.namespace`, or `default`.
    pub namespace: Option<String>,
    /// The rules of a rule-based kind; `None` for the CEL kinds (kyverno
    /// `commands/test/command.go` `isRulelessPolicyKind`).
    pub rules: Option<Vec<Rule>>,
    /// The type of a rule-less kind's single behaviour.
    pub kind_type: RuleType,
}

impl Policy {
    /// The types of the rules `rule` names, accepting the `autogen-` names kyverno gives the
    /// rules it generates for pod controllers (`lookupRuleResponses`). `None`: no such rule.
    pub(super) fn rule_types(&self, rule: &str) -> Option<Vec<RuleType>> {
        let rules = self.rules.as_ref()?;
        let base = [
            rule,
            rule.strip_prefix("autogen-cronjob-").unwrap_or(rule),
            rule.strip_prefix("autogen-").unwrap_or(rule),
        ];
        let found: Vec<RuleType> = rules
            .iter()
            .filter(|r| base.contains(&r.name.as_str()))
            .map(|r| r.kind)
            .collect();
        (!found.is_empty()).then_some(found)
    }
}

/// A kind kyverno's policy loader accepts: (API group, kind, namespaced, rule-based, type).
type Known = (&'static str, &'static str, bool, bool, RuleType);

const POLICY_KINDS: &[Known] = &[
    ("kyverno.io", "ClusterPolicy", false, true, RuleType::Other),
    ("kyverno.io", "Policy", true, true, RuleType::Other),
    (
        "policies.kyverno.io",
        "ValidatingPolicy",
        false,
        false,
        RuleType::Validate,
    ),
    (
        "policies.kyverno.io",
        "NamespacedValidatingPolicy",
        true,
        false,
        RuleType::Validate,
    ),
    (
        "policies.kyverno.io",
        "ImageValidatingPolicy",
        false,
        false,
        RuleType::VerifyImages,
    ),
    (
        "policies.kyverno.io",
        "NamespacedImageValidatingPolicy",
        true,
        false,
        RuleType::VerifyImages,
    ),
    (
        "policies.kyverno.io",
        "MutatingPolicy",
        false,
        false,
        RuleType::Mutate,
    ),
    (
        "policies.kyverno.io",
        "NamespacedMutatingPolicy",
        true,
        false,
        RuleType::Mutate,
    ),
    (
        "policies.kyverno.io",
        "GeneratingPolicy",
        false,
        false,
        RuleType::Generate,
    ),
    (
        "policies.kyverno.io",
        "NamespacedGeneratingPolicy",
        true,
        false,
        RuleType::Generate,
    ),
    (
        "policies.kyverno.io",
        "DeletingPolicy",
        false,
        false,
        RuleType::Other,
    ),
    (
        "policies.kyverno.io",
        "NamespacedDeletingPolicy",
        true,
        false,
        RuleType::Other,
    ),
    (
        "admissionregistration.k8s.io",
        "ValidatingAdmissionPolicy",
        false,
        false,
        RuleType::Validate,
    ),
    (
        "admissionregistration.k8s.io",
        "MutatingAdmissionPolicy",
        false,
        false,
        RuleType::Mutate,
    ),
];

/// Kinds the loader accepts that results do not name.
const OTHER_KINDS: &[(&str, &str)] = &[
    (
        "admissionregistration.k8s.io",
        "ValidatingAdmissionPolicyBinding",
    ),
    (
        "admissionregistration.k8s.io",
        "MutatingAdmissionPolicyBinding",
    ),
    ("kyverno.io", "PolicyException"),
    ("policies.kyverno.io", "PolicyException"),
    ("kyverno.io", "CleanupPolicy"),
    ("kyverno.io", "ClusterCleanupPolicy"),
];

/// The policies of some files, by `metadata.name`.
#[derive(Debug, Default)]
pub(super) struct Policies {
    by_name: HashMap<String, Vec<Policy>>,
}

/// Something wrong with a document of a policy file.
pub(super) struct Problem {
    pub severity: Severity,
    pub message: String,
}

impl Policies {
    /// The policies named `name`.
    pub(super) fn get(&self, name: &str) -> &[Policy] {
        self.by_name.get(name).map_or(&[], Vec::as_slice)
    }

    /// Every policy name, sorted (for messages).
    pub(super) fn names(&self) -> Vec<&str> {
        let mut names: Vec<&str> = self.by_name.keys().map(String::as_str).collect();
        names.sort_unstable();
        names
    }

    /// Adds the documents of the policy file `file`; what is wrong with a document is
    /// returned.
    pub(super) fn add(&mut self, file: &str, docs: &[Value]) -> Vec<Problem> {
        let mut problems = Vec::new();
        for (i, doc) in docs.iter().enumerate() {
            // kyverno reads a `v1` `List`'s items as documents (`handleListItems`).
            if doc.get("kind").and_then(Value::as_str) == Some("List") {
                for item in doc
                    .get("items")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                {
                    self.add_one(file, i, item, &mut problems);
                }
            } else {
                self.add_one(file, i, doc, &mut problems);
            }
        }
        problems
    }

    fn add_one(&mut self, file: &str, i: usize, doc: &Value, problems: &mut Vec<Problem>) {
        let api_version = doc.get("apiVersion").and_then(Value::as_str).unwrap_or("");
        let kind = doc.get("kind").and_then(Value::as_str).unwrap_or("");
        let (group, version) = api_version.rsplit_once('/').unwrap_or(("", api_version));
        if OTHER_KINDS.contains(&(group, kind)) {
            return;
        }
        let Some(&(_, _, namespaced, rule_based, kind_type)) =
            POLICY_KINDS.iter().find(|k| k.0 == group && k.1 == kind)
        else {
            let doc_no = i + 1;
            problems.push(if is_builtin_group(group) && !kind.is_empty() {
                // Known to the loader's OpenAPI, then refused: the whole test fails to load.
                Problem {
                    severity: Severity::Error,
                    message: format!(
                        "{file}: document {doc_no}: policy type not supported {group}/{version}, Kind={kind}"
                    ),
                }
            } else {
                Problem {
                    severity: Severity::Warning,
                    message: format!(
                        "{file}: document {doc_no} (apiVersion {api_version:?}, kind {kind:?}) is not a policy kyverno loads; it is skipped"
                    ),
                }
            });
            return;
        };
        let Some(name) = doc.pointer("/metadata/name").and_then(Value::as_str) else {
            return;
        };
        let namespace = namespaced.then(|| {
            doc.pointer("/metadata/namespace")
                .and_then(Value::as_str)
                .filter(|n| !n.is_empty())
                .unwrap_or("default")
                .to_owned()
        });
        let rules = rule_based.then(|| {
            doc.pointer("/spec/rules")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(rule)
                .collect()
        });
        self.by_name
            .entry(name.to_owned())
            .or_default()
            .push(Policy {
                name: name.to_owned(),
                kind: kind.to_owned(),
                namespace,
                rules,
                kind_type,
            });
    }
}

/// A rule of a `ClusterPolicy`/`Policy` and its type (the key it has).
fn rule(r: &Value) -> Option<Rule> {
    let name = r.get("name").and_then(Value::as_str)?.to_owned();
    let kind = [
        ("validate", RuleType::Validate),
        ("mutate", RuleType::Mutate),
        ("generate", RuleType::Generate),
        ("verifyImages", RuleType::VerifyImages),
    ]
    .iter()
    .find(|(k, _)| r.get(*k).is_some_and(|v| !v.is_null()))
    .map_or(RuleType::Other, |&(_, t)| t);
    Some(Rule { name, kind })
}

/// A Kubernetes built-in API group (the core group, `apps`, `batch`…, `*.k8s.io`), whose
/// kinds kyverno's loader knows from its built-in OpenAPI (`openapiclient.NewHardcodedBuiltins`).
fn is_builtin_group(group: &str) -> bool {
    !group.contains('.') || group.ends_with(".k8s.io")
}
