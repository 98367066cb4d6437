//! Variables name existing things: each `policies[].name` a policy of the policy files, its
//! `rules[].name` a rule of it and its `resources[].name` a resource of the resource files.
//! The same shape serves a v1alpha1 values file or inline `values`
//! (kyverno `apis/v1alpha1/values_spec.go`: policies, rules, resources) and v1beta1
//! `spec.variables`. Kyverno ignores values of names that match nothing, so such a value
//! silently never applies: an error.

use serde_json::Value;

use super::{Index, dotted, finding};
use crate::Finding;
use crate::decode::Decoded;
use validgen_core::ir::Severity;

/// Where a values spec is.
pub(super) struct Source<'a> {
    /// The JSON Pointer of the naming value in the test document.
    pub pointer: String,
    /// The values file, as the test names it; empty for inline values (then the findings are
    /// at the offending value's own pointer).
    pub file: &'a str,
    /// How the values file was decoded (its keys as written); `None` for inline values (the
    /// test's own decoding covers them).
    pub decoded: Option<&'a Decoded>,
}

/// Checks the `policies` of the values spec `spec`.
pub(super) fn check(spec: &Value, source: &Source, index: &Index, out: &mut Vec<Finding>) {
    // `at` is a pointer into the values as decoded.
    let mut push = |at: String, message: String, severity: Severity| {
        let (instance, message) = if source.file.is_empty() {
            (at, message)
        } else {
            let at = source.decoded.map_or(at.clone(), |d| d.original(&at));
            let inner = dotted(&at);
            (
                source.pointer.clone(),
                format!("{}: {inner}: {message}", source.file),
            )
        };
        out.push(finding(
            instance,
            "variables",
            message,
            severity,
            source.file,
        ));
    };
    let Some(policies) = spec.get("policies").and_then(Value::as_array) else {
        return;
    };
    let base = if source.file.is_empty() {
        source.pointer.as_str()
    } else {
        ""
    };
    for (i, policy) in policies.iter().enumerate() {
        let at = format!("{base}/policies/{i}");
        let Some(name) = policy.get("name").and_then(Value::as_str) else {
            continue;
        };
        let found = index.policies.as_ref().map(|p| p.get(name));
        if let Some(found) = found {
            if found.is_empty() {
                push(
                    format!("{at}/name"),
                    format!("no policy named \"{name}\" in the policy files"),
                    Severity::Error,
                );
            } else if found.iter().all(|p| p.rules.is_none()) {
                // kyverno reads the values of rules only for rule-based policies
                // (`ClusterPolicy`, `Policy`): those of a CEL policy are never used.
                for (j, rule) in each(policy, "rules") {
                    push(
                        format!("{at}/rules/{j}/name"),
                        format!(
                            "the values of rule \"{rule}\" are never used: a {} has no rules",
                            found[0].kind
                        ),
                        Severity::Warning,
                    );
                }
            } else {
                for (j, rule) in each(policy, "rules") {
                    if !found.iter().any(|p| p.rule_types(rule).is_some()) {
                        push(
                            format!("{at}/rules/{j}/name"),
                            format!("policy \"{name}\" has no rule \"{rule}\""),
                            Severity::Error,
                        );
                    }
                }
            }
        }
        if let Some(resources) = &index.resources {
            for (j, resource) in each(policy, "resources") {
                if !resources.has_name(resource) {
                    push(
                        format!("{at}/resources/{j}/name"),
                        format!("no resource named \"{resource}\" in the resource files"),
                        Severity::Error,
                    );
                }
            }
        }
    }
}

/// The `name`s of the items of `policy[key]`, with their indices.
fn each<'v>(policy: &'v Value, key: &str) -> impl Iterator<Item = (usize, &'v str)> {
    policy
        .get(key)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .enumerate()
        .filter_map(|(j, item)| Some((j, item.get("name").and_then(Value::as_str)?)))
}
