//! The checks the Kyverno CLI makes when it loads a v1alpha1 test, with its texts:
//!
//! - the deprecated layout (kyverno `cmd/cli/kubectl-kyverno/deprecations/check.go`
//!   `CheckTest`, failed by `commands/test/command.go`): `apiVersion` or `kind` missing or
//!   empty, or a top-level `name`;
//! - each result's `operation` (`commands/test/test.go`, `processor/operation.go`
//!   `NormalizeOperation`), and inline values' `request.operation`
//!   (`NormalizeValuesOperation`);
//! - `apiCallResponses` (`api_calls.rs`, `apis/v1alpha1/test.go` `ValidateAPICallResponses`);
//! - `globalContextEntries` (`global_context.rs`, `ValidateGlobalContextEntries`).
//!
//! Kyverno stops at the first problem of a test; these checks report every one, each at the
//! JSON Pointer of the offending value (or of the entry when a field is missing). A value of
//! the wrong JSON type is left to the schema (Go's decoder fails before these checks run).

mod api_calls;
mod global_context;
mod go_text;

use serde_json::Value;

use super::{Finding, Layer};
use validgen_core::ir::Severity;
use validgen_gotext::strconv::quote;

/// The load-time findings on the v1alpha1 test `doc` read from `path` (the path Kyverno
/// names in the deprecated-layout text).
pub fn check(path: &str, doc: &Value) -> Vec<Finding> {
    let mut out = Vec::new();
    deprecated(path, doc, &mut out);
    operations(doc, &mut out);
    api_calls::check(doc, &mut out);
    global_context::check(doc, &mut out);
    out
}

/// A load error at `instance`, found by the check `keyword`.
fn error(instance: String, keyword: &str, message: String) -> Finding {
    Finding {
        instance,
        layer: Layer::Load,
        keyword: keyword.to_owned(),
        message,
        severity: Severity::Error,
        file: String::new(),
    }
}

/// A string field as Go decodes it: missing, `null` or not a string (a decoding error the
/// schema reports) is empty.
fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or_default()
}

/// Whether Go decodes field `key` of `v` as the empty string: missing, `null` or `""` (a
/// value of another type fails decoding, which the schema reports).
pub(super) fn unset(v: &Value, key: &str) -> bool {
    match v.get(key) {
        None | Some(Value::Null) => true,
        Some(Value::String(s)) => s.is_empty(),
        Some(_) => false,
    }
}

/// The deprecated layout: one finding, at the top-level `name` when that is what makes it
/// deprecated, else at the document.
fn deprecated(path: &str, doc: &Value, out: &mut Vec<Finding>) {
    let named = !text(doc, "name").is_empty();
    if unset(doc, "apiVersion") || unset(doc, "kind") || named {
        out.push(error(
            if named {
                "/name".to_owned()
            } else {
                String::new()
            },
            "deprecated",
            format!(
                "test file {path} uses a deprecated schema — please migrate to the latest format"
            ),
        ));
    }
}

/// Each result's `operation`, and inline `values.globalValues["request.operation"]`.
fn operations(doc: &Value, out: &mut Vec<Finding>) {
    if let Some(Value::String(op)) = doc.pointer("/values/globalValues/request.operation")
        && !matches!(op.as_str(), "" | "CREATE" | "UPDATE" | "DELETE" | "CONNECT")
    {
        out.push(error(
            "/values/globalValues/request.operation".to_owned(),
            "operation",
            format!(
                "invalid request.operation value {}, must be one of CREATE, UPDATE, DELETE, CONNECT",
                quote(op)
            ),
        ));
    }
    let results = doc.get("results").and_then(Value::as_array);
    for (i, result) in results.into_iter().flatten().enumerate() {
        let Some(Value::String(op)) = result.get("operation") else {
            continue;
        };
        let policy = text(result, "policy");
        let why = match op.as_str() {
            "" => continue,
            "CREATE" | "UPDATE" | "DELETE" => {
                if result.get("isDeletingPolicy") != Some(&Value::Bool(true)) {
                    continue;
                }
                "operation is not supported for deleting policies".to_owned()
            }
            _ => format!(
                "invalid operation {}, must be one of CREATE, UPDATE, DELETE",
                quote(op)
            ),
        };
        out.push(error(
            format!("/results/{i}/operation"),
            "operation",
            format!("invalid test result for policy {policy}: {why}"),
        ));
    }
}
