//! CRDs the API server refuses for their CEL rules, and the recorded CRDs it takes.
//!
//! `crd_errors.jsonl` (beside `cases.jsonl`) holds CRDs recorded from the Kubernetes v1.36.3
//! API server's CRD validation with their `crd_error`: rules with type errors, and rules over
//! the estimated cost limits (synthetic ones, and real ones made costly by removing a
//! `maxItems` or `maxLength`). validgen's refusal must hold the same errors, in the same
//! words: the API server walks a schema's properties in Go's map order (and sorts the dearest
//! rules unstably), so the order of several errors varies from run to run; they are compared
//! as sets, a single error as the whole text. And no rule of a recorded real CRD may be
//! refused.

use std::collections::BTreeSet;

use serde_json::Value;
use validgen_crd::{CelRules, FieldError, invalid_status};

use super::dir;

/// Where the API server's errors of a version's schema are: `spec.validation` when every
/// version has the same schema (the internal CRD keeps one then), else the version's own.
fn schema_field(crd: &Value, index: usize) -> String {
    let versions = crd.pointer("/spec/versions").and_then(Value::as_array);
    let schemas: BTreeSet<String> = versions
        .into_iter()
        .flatten()
        .map(|v| {
            v.pointer("/schema/openAPIV3Schema")
                .map(Value::to_string)
                .unwrap_or_default()
        })
        .collect();
    if schemas.len() == 1 {
        "spec.validation.".to_owned()
    } else {
        format!("spec.versions[{index}].schema.")
    }
}

/// The refusals of every version of `crd`, as the API server's errors.
fn refusals(crd: &Value) -> Vec<FieldError> {
    let versions = crd.pointer("/spec/versions").and_then(Value::as_array);
    let mut out = Vec::new();
    let shared = schema_field(crd, 0).starts_with("spec.validation");
    for (i, v) in versions.into_iter().flatten().enumerate() {
        let Some(schema) = v.pointer("/schema/openAPIV3Schema") else {
            continue;
        };
        if let Err(errors) = CelRules::compile(schema) {
            for e in errors {
                let mut error = e
                    .refusal
                    .expect("a refusal of the API server's CRD validation");
                // The API server's paths start at the CRD; validgen's at `openAPIV3Schema`.
                let at = schema_field(crd, i);
                error.field = format!("{at}{}", error.field);
                error.detail = error.detail.replace(
                    " within openAPIV3Schema",
                    &format!(" within {at}openAPIV3Schema"),
                );
                out.push(error);
            }
        }
        if shared {
            break;
        }
    }
    out
}

#[test]
fn refused_crds_are_refused_in_the_api_servers_words() {
    let text = std::fs::read_to_string(dir().join("crd_errors.jsonl")).expect("cases");
    let mut wrong = Vec::new();
    let mut count = 0;
    for line in text.lines() {
        let case: Value = serde_json::from_str(line).expect("a case");
        let file = case["crd"].as_str().expect("a CRD file");
        let crd: Value =
            serde_json::from_str(&std::fs::read_to_string(dir().join(file)).expect("the CRD"))
                .expect("CRD JSON");
        let name = crd
            .pointer("/metadata/name")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let ours = invalid_status(
            "CustomResourceDefinition.apiextensions.k8s.io",
            name,
            &refusals(&crd),
        );
        let expected = case.pointer("/expected/crd_error").and_then(Value::as_str);
        count += 1;
        let (ours, expected) = (errors_of(&ours), errors_of(expected.unwrap_or_default()));
        if ours != expected {
            let only = |a: &[String], b: &[String]| -> Vec<String> {
                a.iter().filter(|e| !b.contains(e)).cloned().collect()
            };
            wrong.push(format!(
                "{}:\n  only ours:     {:?}\n  only expected: {:?}",
                case["id"],
                only(&ours, &expected),
                only(&expected, &ours)
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {count} differ:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert_eq!(count, CRD_ERROR_CASES);
}

/// The errors of an `is invalid` status, sorted: its one error, or those of its `[…]` list
/// (each starts with the field path, `spec.`).
fn errors_of(status: &str) -> Vec<String> {
    let body = status
        .split_once(" is invalid: ")
        .map_or(status, |(_, b)| b);
    let Some(list) = body.strip_prefix('[').and_then(|b| b.strip_suffix(']')) else {
        return vec![body.to_owned()];
    };
    let mut errors: Vec<String> = list
        .split(", spec.")
        .enumerate()
        .map(|(i, e)| {
            if i == 0 {
                e.to_owned()
            } else {
                format!("spec.{e}")
            }
        })
        .collect();
    errors.sort();
    errors
}

/// How many cases `crd_errors.jsonl` holds.
const CRD_ERROR_CASES: usize = 171;

#[test]
fn every_rule_of_the_recorded_crds_is_taken() {
    let text = std::fs::read_to_string(dir().join("cases.jsonl")).expect("cases");
    let files: BTreeSet<String> = text
        .lines()
        .filter_map(|l| serde_json::from_str::<Value>(l).ok())
        .filter_map(|c| c["crd"].as_str().map(str::to_owned))
        .collect();
    let mut refused = Vec::new();
    let mut versions = 0;
    for file in &files {
        let crd: Value =
            serde_json::from_str(&std::fs::read_to_string(dir().join(file)).expect("the CRD"))
                .expect("CRD JSON");
        versions += crd
            .pointer("/spec/versions")
            .and_then(Value::as_array)
            .map_or(0, Vec::len);
        refused.extend(
            refusals(&crd)
                .iter()
                .map(|e| format!("{file}: {}", e.message())),
        );
    }
    assert!(refused.is_empty(), "refused:\n{}", refused.join("\n"));
    assert_eq!((files.len(), versions), (59, 92));
}
