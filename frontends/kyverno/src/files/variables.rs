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
    /// How the values file was decoded (its keys as written, and its warnings); `None` for
    /// inline values (the test's own decoding covers them).
    pub decoded: Option<&'a Decoded>,
}

/// Checks the `policies` of the values spec `spec`.
pub(super) fn check(spec: &Value, source: &Source, index: &Index, out: &mut Vec<Finding>) {
    // `at` is a pointer into the values as decoded, or (`written`) as written.
    let mut push = |at: String, written: bool, message: String, severity: Severity| {
        let (instance, message) = if source.file.is_empty() {
            (at, message)
        } else {
            let at = match source.decoded {
                Some(d) if !written => d.original(&at),
                _ => at,
            };
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
    for warning in source
        .decoded
        .map(|d| d.warnings.as_slice())
        .unwrap_or_default()
    {
        push(
            warning.instance.clone(),
            true,
            warning.message.clone(),
            warning.severity,
        );
    }
    let Some(policies) = spec.get("policies").and_then(Value::as_array) else {
        return;
    };
    let mut push = |at: String, message: String| push(at, false, message, Severity::Error);
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
                );
            } else if found.iter().any(|p| p.rules.is_some()) {
                for (j, rule) in each(policy, "rules") {
                    if !found.iter().any(|p| p.rule_types(rule).is_some()) {
                        push(
                            format!("{at}/rules/{j}/name"),
                            format!("policy \"{name}\" has no rule \"{rule}\""),
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
