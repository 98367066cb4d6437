//! The warnings `kyverno fix test` gives on a v1alpha1 test, with its texts (kyverno
//! `cmd/cli/kubectl-kyverno/fix/test.go` `FixTest`, without `--compress`): `apiVersion` or
//! `kind` not set, a top-level `name`, no policies, no resources, a result listing a
//! resource or a generated resource twice, a global context entry without a data source.
//! Each is a [`Severity::Warning`] at the value concerned (the document, the result's list,
//! the entry); `fix` repeats a text for each result, so do these.

use std::collections::HashSet;

use serde_json::Value;

use super::{Finding, Layer};
use validgen_core::ir::Severity;

/// The warnings on the v1alpha1 test `doc`, in `fix`'s order.
pub fn warnings(doc: &Value) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut warn = |instance: String, keyword: &str, message: &str| {
        out.push(Finding {
            instance,
            layer: Layer::Fix,
            keyword: keyword.to_owned(),
            message: message.to_owned(),
            severity: Severity::Warning,
            file: String::new(),
        });
    };
    if super::load::unset(doc, "apiVersion") {
        warn(
            String::new(),
            "apiVersion",
            "api version is not set, setting `cli.kyverno.io/v1alpha1`",
        );
    }
    if super::load::unset(doc, "kind") {
        warn(String::new(), "kind", "kind is not set, setting `Test`");
    }
    if doc
        .get("name")
        .and_then(Value::as_str)
        .is_some_and(|n| !n.is_empty())
    {
        warn(
            "/name".to_owned(),
            "name",
            "name is deprecated, moving it into `metadata.name`",
        );
    }
    for (key, message) in [
        ("policies", "test has no policies"),
        ("resources", "test has no resources"),
    ] {
        if list(doc.get(key)).is_empty() {
            warn(String::new(), key, message);
        }
    }
    let results = doc.get("results").and_then(Value::as_array);
    for (i, result) in results.into_iter().flatten().enumerate() {
        for (key, message) in [
            ("resources", "test results contains duplicate resources"),
            (
                "generatedResources",
                "test results contains duplicate generated resources",
            ),
        ] {
            let items = list(result.get(key));
            if items.iter().collect::<HashSet<_>>().len() != items.len() {
                warn(format!("/results/{i}/{key}"), "duplicates", message);
            }
        }
    }
    let entries = doc.get("globalContextEntries").and_then(Value::as_array);
    for (i, entry) in entries.into_iter().flatten().enumerate() {
        let absent = |key: &str| entry.get(key).is_none_or(Value::is_null);
        if absent("data") && absent("resources") && absent("resourceFiles") {
            let name = entry
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or_default();
            warn(
                format!("/globalContextEntries/{i}"),
                "globalContextEntries",
                &format!("globalContextEntries entry {name} has no data source"),
            );
        }
    }
    out
}

/// The strings of a list value (missing, `null` or not a list: none).
fn list(v: Option<&Value>) -> Vec<&str> {
    v.and_then(Value::as_array)
        .map(|l| l.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}
