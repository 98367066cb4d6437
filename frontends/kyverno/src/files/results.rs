//! The checks of each result against the indexed files: its `policy` names a policy, its
//! `rule` a rule of that policy, its fields fit the rule's type, its `resources` name
//! resources, and a namespaced policy's resources are in its namespace.

use serde_json::Value;

use super::fields::Layout;
use super::policies::{Policies, Policy, RuleType};
use super::resources::Resources;
use super::{Index, finding};
use crate::{Finding, Version};
use validgen_core::ir::Severity;

/// Checks every result of `doc`. A check whose index is incomplete (a policy or resource
/// file could not be read) is left out: its file's error says why.
pub(super) fn check(
    version: Version,
    layout: &Layout,
    doc: &Value,
    index: &Index,
    out: &mut Vec<Finding>,
) {
    let Some(results) = doc.pointer(layout.results).and_then(Value::as_array) else {
        return;
    };
    for (i, result) in results.iter().enumerate() {
        let at = format!("{}/{i}", layout.results);
        let policies = index
            .policies
            .as_ref()
            .and_then(|p| named_policies(p, result, &at, out));
        if let Some(found) = policies {
            check_rule(version, layout, result, &at, found, out);
        }
        if let Some(resources) = &index.resources {
            check_resources(version, layout, result, &at, resources, policies, out);
            check_resource_specs(result, &at, resources, out);
        }
    }
}

/// The policies the result's `policy` names (kyverno compares the part after the last `/`,
/// `commands/test/output.go`), or a finding.
fn named_policies<'p>(
    policies: &'p Policies,
    result: &Value,
    at: &str,
    out: &mut Vec<Finding>,
) -> Option<&'p [Policy]> {
    let policy = result.get("policy").and_then(Value::as_str)?;
    let name = policy.rsplit('/').next().unwrap_or(policy);
    let found = policies.get(name);
    if found.is_empty() {
        let known = policies.names();
        let known = if known.is_empty() {
            "the policy files define none".to_owned()
        } else {
            format!("they define {}", known.join(", "))
        };
        out.push(finding(
            format!("{at}/policy"),
            "policy",
            format!("no policy named \"{name}\" in the policy files ({known}); kyverno would report the result \"Not found\""),
            Severity::Error,
            "",
        ));
        return None;
    }
    Some(found)
}

/// The result's `rule` against the named policies' rules, and the result's fields against
/// the rule's type.
fn check_rule(
    version: Version,
    layout: &Layout,
    result: &Value,
    at: &str,
    found: &[Policy],
    out: &mut Vec<Finding>,
) {
    let rule = result
        .get("rule")
        .and_then(Value::as_str)
        .filter(|r| !r.is_empty());
    let types: Vec<RuleType> = if found.iter().all(|p| p.rules.is_none()) {
        if let Some(rule) = rule {
            out.push(finding(
                format!("{at}/rule"),
                "rule",
                format!(
                    "rule \"{rule}\" is ignored: a {} has no rules (kyverno checks every result of the policy)",
                    found[0].kind
                ),
                Severity::Warning,
                "",
            ));
        }
        found.iter().map(|p| p.kind_type).collect()
    } else if let Some(rule) = rule {
        let types: Vec<RuleType> = found
            .iter()
            .filter_map(|p| p.rule_types(rule))
            .flatten()
            .collect();
        if types.is_empty() {
            let mut names: Vec<&str> = found
                .iter()
                .flat_map(|p| p.rules.iter().flatten().map(|r| r.name.as_str()))
                .collect();
            names.sort_unstable();
            names.dedup();
            let policy = result.get("policy").and_then(Value::as_str).unwrap_or("");
            let has = if names.is_empty() {
                "it has no rules".to_owned()
            } else {
                format!("its rules are {}", names.join(", "))
            };
            out.push(finding(
                format!("{at}/rule"),
                "rule",
                format!("policy \"{policy}\" has no rule \"{rule}\" ({has}); kyverno would find no result for it"),
                Severity::Error,
                "",
            ));
        }
        types
    } else {
        // No rule: the result covers every rule of the policy, of whatever type.
        return;
    };
    check_type(version, layout, result, at, &types, out);
}

/// Whether the result's expected-resource fields fit the type of what it names: a mutation
/// is checked against `patchedResource(s)`, a generation against `generatedResource(s)`
/// (kyverno `commands/test/command.go` `checkResult`).
fn check_type(
    version: Version,
    layout: &Layout,
    result: &Value,
    at: &str,
    types: &[RuleType],
    out: &mut Vec<Finding>,
) {
    let present = |p: &str| result.pointer(p).is_some_and(|v| !v.is_null());
    let patched = present(layout.patched);
    let generated = layout.generated.iter().find(|p| present(p));
    let is = |t: RuleType| types.contains(&t);
    let passes = result.get("result").and_then(Value::as_str) == Some("pass");
    let field = |p: &str| p.trim_start_matches('/').to_owned();
    let word = types.first().map_or("", |t| t.word());
    let mut push = |pointer: String, message: String, severity: Severity| {
        out.push(finding(pointer, "ruleType", message, severity, ""));
    };
    // v1beta1 (the proposal) requires the field; in v1alpha1 a result without it only
    // compares the status, which kyverno allows: a warning there.
    let missing = match version {
        Version::V1beta1 => Severity::Error,
        Version::V1alpha1 => Severity::Warning,
    };
    if is(RuleType::Mutate) && !patched && passes && !is(RuleType::Generate) {
        push(
            at.to_owned(),
            format!(
                "a passing result of a mutate rule has no {}: only its status is compared, not the patched resource",
                field(layout.patched)
            ),
            missing,
        );
    }
    if is(RuleType::Generate) && generated.is_none() && passes && !is(RuleType::Mutate) {
        push(
            at.to_owned(),
            format!(
                "a passing result of a generate rule has no {}: only its status is compared, not the generated resource",
                field(layout.generated[0])
            ),
            missing,
        );
    }
    if patched && !is(RuleType::Mutate) {
        push(
            format!("{at}{}", layout.patched),
            format!(
                "{} is for mutate rules; this result names a {word} rule, whose resource is compared with it unchanged",
                field(layout.patched)
            ),
            missing,
        );
    }
    if let Some(p) = generated.filter(|_| !is(RuleType::Generate)) {
        push(
            format!("{at}{p}"),
            format!(
                "{} is for generate rules; this result names a {word} rule, whose resource is compared with it instead",
                field(p)
            ),
            missing,
        );
    }
}

/// Each entry of the result's `resources` names a resource (or payload); for namespaced
/// policies, one in the policy's namespace.
fn check_resources(
    version: Version,
    layout: &Layout,
    result: &Value,
    at: &str,
    resources: &Resources,
    policies: Option<&[Policy]>,
    out: &mut Vec<Finding>,
) {
    let Some(entries) = result.get("resources").and_then(Value::as_array) else {
        return;
    };
    let override_ns = layout
        .result_namespace
        .and_then(|p| result.pointer(p))
        .and_then(Value::as_str);
    // The proposal's rule, "a namespaced Policy must specify Namespace"; kyverno's engine
    // applies a namespaced policy only in its namespace, so the result is not what it
    // expects, but the CLI does not reject it: a warning for v1alpha1.
    let namespaced: Vec<&Policy> = policies
        .unwrap_or(&[])
        .iter()
        .filter(|p| p.namespace.is_some())
        .collect();
    let all_namespaced = policies.is_some_and(|p| p.len() == namespaced.len() && !p.is_empty());
    for (j, entry) in entries.iter().enumerate() {
        let Some(entry) = entry.as_str() else {
            continue;
        };
        let pointer = format!("{at}/resources/{j}");
        let nss = resources.matches(entry);
        if nss.is_empty() {
            let why = match entry.split('/').count() {
                1 => format!("no resource named \"{entry}\" in the resource files"),
                2 if resources.has_name(entry.rsplit('/').next().unwrap_or("")) => format!(
                    "no resource \"{entry}\" in the resource files: a resource of that name is in another namespace"
                ),
                2 => format!("no resource \"{entry}\" in the resource files"),
                _ => format!(
                    "\"{entry}\" names no resource: kyverno reads `name` or `namespace/name`"
                ),
            };
            out.push(finding(pointer, "resources", why, Severity::Error, ""));
            continue;
        }
        if !all_namespaced {
            continue;
        }
        let nss: Vec<&str> = match override_ns {
            Some(ns) => vec![ns],
            None => nss,
        };
        let fits = nss.iter().any(|ns| {
            namespaced
                .iter()
                .any(|p| p.namespace.as_deref() == Some(*ns))
        });
        if !fits {
            let p = namespaced[0];
            let policy_ns = p.namespace.as_deref().unwrap_or("default");
            let shown: Vec<String> = nss
                .iter()
                .map(|n| {
                    if n.is_empty() {
                        "no namespace (cluster-scoped)".to_owned()
                    } else {
                        format!("namespace \"{n}\"")
                    }
                })
                .collect();
            out.push(finding(
                pointer,
                "namespace",
                format!(
                    "resource \"{entry}\" is in {}{}, but the {} \"{}\" is in namespace \"{policy_ns}\" and applies only there",
                    shown.join(" or "),
                    if override_ns.is_some() { " (the result's namespace)" } else { "" },
                    p.kind,
                    p.name
                ),
                match version {
                    Version::V1beta1 => Severity::Error,
                    Version::V1alpha1 => Severity::Warning,
                },
                "",
            ));
        }
    }
}

/// Each entry of the result's `resourceSpecs` matches a resource of the resource or target
/// files, compared as kyverno's `commands/test/output.go` compares them: the `apiVersion`
/// (`group/version`, or `version` when `group` is empty), the effective namespace (`namespace`
/// as given, empty for none) and the name; not `kind` nor `subresource`. An entry that
/// matches nothing is an error: it adds no resource, and when no entry of the result matches
/// anything, kyverno checks the result against every resource it evaluated. An entry whose
/// `kind` differs from the resource it matches is a warning.
fn check_resource_specs(result: &Value, at: &str, resources: &Resources, out: &mut Vec<Finding>) {
    let Some(specs) = result.get("resourceSpecs").and_then(Value::as_array) else {
        return;
    };
    for (j, spec) in specs.iter().enumerate() {
        let text = |k: &str| spec.get(k).and_then(Value::as_str).unwrap_or("");
        let (group, version, namespace, name) = (
            text("group"),
            text("version"),
            text("namespace"),
            text("name"),
        );
        let api_version = if group.is_empty() {
            version.to_owned()
        } else {
            format!("{group}/{version}")
        };
        let pointer = format!("{at}/resourceSpecs/{j}");
        let same = resources.keys(name);
        let matched = same
            .iter()
            .find(|k| k.api_version == api_version && k.namespace == namespace);
        match matched {
            Some(key) => {
                let kind = text("kind");
                if !kind.is_empty() && kind != key.kind {
                    out.push(finding(
                        format!("{pointer}/kind"),
                        "resourceSpecs",
                        format!(
                            "this entry matches the {} \"{name}\" (kyverno does not compare `kind`), not a {kind}",
                            key.kind
                        ),
                        Severity::Warning,
                        "",
                    ));
                }
            }
            None => {
                let nearby: Vec<String> = same
                    .iter()
                    .map(|k| {
                        let ns = if k.namespace.is_empty() {
                            "no namespace".to_owned()
                        } else {
                            format!("namespace \"{}\"", k.namespace)
                        };
                        format!("{} {} in {ns}", k.api_version, k.kind)
                    })
                    .collect();
                let nearby = if nearby.is_empty() {
                    String::new()
                } else {
                    format!(" (\"{name}\" is {})", nearby.join(", "))
                };
                let ns = if namespace.is_empty() {
                    "no namespace".to_owned()
                } else {
                    format!("namespace \"{namespace}\"")
                };
                out.push(finding(
                    pointer,
                    "resourceSpecs",
                    format!(
                        "no resource of apiVersion \"{api_version}\" named \"{name}\" in {ns} in the resource files{nearby}; kyverno compares apiVersion, namespace and name, and a result none of whose resources match is checked against every resource"
                    ),
                    Severity::Error,
                    "",
                ));
            }
        }
    }
}
