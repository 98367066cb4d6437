//! Findings as one JSON document:
//! `{"errors": N, "warnings": M, "diagnostics": [{"level", "id", "file", "line", "column",
//! "rule", "message", "hint"}]}` (`line` and `column` 0 when unknown, `rule` and `hint` null
//! when none).

use serde_json::{Value, json};

use super::Finding;

/// Renders the findings and their counts, pretty-printed, with a final newline.
pub(super) fn render(findings: &[Finding], errors: usize, warnings: usize) -> String {
    let diagnostics: Vec<Value> = findings.iter().map(diagnostic).collect();
    let doc = json!({"errors": errors, "warnings": warnings, "diagnostics": diagnostics});
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
