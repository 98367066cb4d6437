//! Findings as one JSON document:
//! `{"errors": N, "warnings": M, "diagnostics": [{"level", "id", "file", "line", "column",
//! "rule", "message", "hint"}]}` (`line` and `column` 0 when unknown, `rule` and `hint` null
//! when none); with `--schema` schemas that have annotations, also
//! `"annotations": [{"schema", "locations": {<JSON Pointer>: {"title", "description",
//! "default", "examples", "deprecated", "readOnly", "writeOnly", "contentEncoding",
//! "contentMediaType"}}}]` (each key only when
//! written; schemas and locations in order).

use serde_json::{Value, json};

use super::{Finding, SchemaAnnotations};

/// Renders the findings and their counts, and the schemas' annotations when any has some,
/// pretty-printed, with a final newline.
pub(super) fn render(
    findings: &[Finding],
    errors: usize,
    warnings: usize,
    annotated: &[SchemaAnnotations],
) -> String {
    let diagnostics: Vec<Value> = findings.iter().map(diagnostic).collect();
    let mut doc = json!({"errors": errors, "warnings": warnings, "diagnostics": diagnostics});
    if let (false, Some(map)) = (annotated.is_empty(), doc.as_object_mut()) {
        let list: Vec<Value> = annotated
            .iter()
            .map(|a| json!({"schema": a.schema, "locations": a.annotations}))
            .collect();
        map.insert("annotations".to_owned(), list.into());
    }
    serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"
}

/// One finding as `{"level", "id", "file", "line", "column", "rule", "message", "hint"}`.
pub(super) fn diagnostic(f: &Finding) -> Value {
    let d = &f.diagnostic;
    json!({
        "level": f.severity.as_str(),
        "id": f.id,
        "file": d.file,
        "line": d.line,
        "column": d.column,
        "rule": d.rule,
        "message": d.message,
        "hint": d.hint,
    })
}
