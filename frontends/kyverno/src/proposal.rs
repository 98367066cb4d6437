//! The checks of the v1beta1 `KyvernoTest` proposal (Kyverno design proposal "Schema for
//! Kyverno CLI test command") that no keyword of our CRD frontend expresses. Everything else the
//! proposal asks of the document itself is in the CRD (`crds/cli.kyverno.io_kyvernotests.yaml`):
//! required fields, the `result` and `operation` enums, file lists without duplicates
//! (`x-kubernetes-list-type: set`), unknown fields (strict decoding).
//!
//! Here, each a [`Layer::Proposal`] error located by JSON Pointer:
//! - `duplicateName`: two entries of `spec.variables.policies`, or of one policy's `rules` or
//!   `resources`, with the same `name` (proposal requirement 6, "no duplicate names in
//!   resources"; Kubernetes would say it with `x-kubernetes-list-type: map`, whose key
//!   uniqueness our frontend does not check);
//! - `resultType`: a result that contradicts itself: a patched resource (mutate) and generated
//!   resources (generate) at once; a `cloneSourceResource` without a generated resource to
//!   compare; two policy types (`is…Policy` flags) at once; an `operation` on a deleting policy
//!   (Kyverno's text, `cmd/cli/kubectl-kyverno/commands/test/test.go`).
//!
//! - `subjectNamespace`: a `namespace` on a subject that is not a `ServiceAccount` (the
//!   proposal: "Namespace is only applicable to ServiceAccount and should produce a validation
//!   error if present on User or Group"). A schema `anyOf` could say it, but only at the
//!   subject and in `anyOf`'s words; here it is at the `namespace` key, in the proposal's.
//!
//! Whether a result fits the rule it names (a mutate rule needs `patchedResource`…) needs the
//! policy files: [`super::files`]. A result without `rule` is allowed: it means every rule of
//! the policy, and CEL policies have none.

use std::collections::HashMap;

use serde_json::Value;

use super::{Finding, Layer};
use validgen_core::ir::Severity;

/// The `is…Policy` flags of a result, each naming one policy type.
const POLICY_TYPE_FLAGS: [&str; 7] = [
    "isValidatingAdmissionPolicy",
    "isMutatingAdmissionPolicy",
    "isValidatingPolicy",
    "isDeletingPolicy",
    "isImageValidatingPolicy",
    "isGeneratingPolicy",
    "isMutatingPolicy",
];

/// The findings on the v1beta1 test `doc` beyond its schema, in document order within each
/// check. Values of the wrong shape (the schema's findings) are skipped. Linear in `doc`.
pub fn check(doc: &Value) -> Vec<Finding> {
    let mut out = Vec::new();
    let spec = &doc["spec"];
    if let Some(policies) = spec["variables"]["policies"].as_array() {
        let base = "/spec/variables/policies";
        duplicate_names(policies, base, &mut out);
        for (i, policy) in policies.iter().enumerate() {
            for list in ["rules", "resources"] {
                if let Some(items) = policy[list].as_array() {
                    duplicate_names(items, &format!("{base}/{i}/{list}"), &mut out);
                }
            }
        }
    }
    if let Some(results) = spec["results"].as_array() {
        for (i, result) in results.iter().enumerate() {
            result_type(result, &format!("/spec/results/{i}"), &mut out);
        }
    }
    if let Some(policies) = spec["variables"]["policies"].as_array() {
        for (i, policy) in policies.iter().enumerate() {
            let Some(resources) = policy["resources"].as_array() else {
                continue;
            };
            for (j, resource) in resources.iter().enumerate() {
                let base = format!("/spec/variables/policies/{i}/resources/{j}/userInfo/subjects");
                subject_namespaces(&resource["userInfo"]["subjects"], &base, &mut out);
            }
        }
    }
    out
}

/// A `subjectNamespace` finding at the `namespace` of every subject of `subjects` (at `base`)
/// that is not a `ServiceAccount`.
fn subject_namespaces(subjects: &Value, base: &str, out: &mut Vec<Finding>) {
    let Some(subjects) = subjects.as_array() else {
        return;
    };
    for (k, subject) in subjects.iter().enumerate() {
        let kind = subject["kind"].as_str().unwrap_or_default();
        if subject.get("namespace").is_some() && kind != "ServiceAccount" {
            out.push(error(
                format!("{base}/{k}/namespace"),
                "subjectNamespace",
                format!(
                    "namespace is only applicable to ServiceAccount subjects, not to {}",
                    if kind.is_empty() {
                        "a subject without kind"
                    } else {
                        kind
                    }
                ),
            ));
        }
    }
}

/// A `duplicateName` finding at every item of `items` (at `base`) whose `name` an earlier
/// item has.
fn duplicate_names(items: &[Value], base: &str, out: &mut Vec<Finding>) {
    let mut first: HashMap<&str, usize> = HashMap::new();
    for (i, item) in items.iter().enumerate() {
        let Some(name) = item["name"].as_str() else {
            continue;
        };
        match first.get(name) {
            Some(j) => out.push(error(
                format!("{base}/{i}/name"),
                "duplicateName",
                format!("duplicate name {name:?}: {base}/{j} has it already"),
            )),
            None => {
                first.insert(name, i);
            }
        }
    }
}

/// The `resultType` findings of the result `result` at `at`.
fn result_type(result: &Value, at: &str, out: &mut Vec<Finding>) {
    let has = |field: &str| result.get(field).is_some_and(|v| !v.is_null());
    let generated = has("generatedResource") || has("generatedResources");
    if has("patchedResource") && generated {
        let field = if has("generatedResource") {
            "generatedResource"
        } else {
            "generatedResources"
        };
        out.push(error(
            format!("{at}/{field}"),
            "resultType",
            "a result expects a patched resource (mutate) or generated resources (generate), \
             not both"
                .to_owned(),
        ));
    }
    if has("cloneSourceResource") && !generated {
        out.push(error(
            format!("{at}/cloneSourceResource"),
            "resultType",
            "cloneSourceResource is the source a generate rule clones: it needs \
             generatedResource or generatedResources"
                .to_owned(),
        ));
    }
    let flags: Vec<&str> = POLICY_TYPE_FLAGS
        .into_iter()
        .filter(|f| result[*f] == Value::Bool(true))
        .collect();
    if let [first, second, ..] = flags.as_slice() {
        out.push(error(
            format!("{at}/{second}"),
            "resultType",
            format!("{first} and {second} are both set: a policy has one type"),
        ));
    }
    if has("operation") && result["isDeletingPolicy"] == Value::Bool(true) {
        let policy = result["policy"].as_str().unwrap_or_default();
        out.push(error(
            format!("{at}/operation"),
            "operation",
            format!(
                "invalid test result for policy {policy}: operation is not supported for \
                 deleting policies"
            ),
        ));
    }
}

/// An error of the proposal layer.
fn error(instance: String, keyword: &str, message: String) -> Finding {
    Finding {
        instance,
        layer: Layer::Proposal,
        keyword: keyword.to_owned(),
        message,
        severity: Severity::Error,
        file: String::new(),
    }
}
