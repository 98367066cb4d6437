//! The diff as one JSON document: `old`, `new`, `exit_code`, the counts, the diff as data
//! ([`validgen_kubevirt::diff::CatalogDiff`]), every VM judged (`--vms`) and the
//! errors.

use serde_json::{Value, json};

use super::DiffReport;

/// Renders `report` as pretty JSON with a final newline.
///
/// # Errors
/// Serialisation failed.
pub fn render(report: &DiffReport) -> Result<String, serde_json::Error> {
    let vms = match &report.vms {
        Some(v) => serde_json::to_value(v)?,
        None => Value::Null,
    };
    let doc = json!({
        "old": report.old,
        "new": report.new,
        "exit_code": report.exit_code(),
        "diff": serde_json::to_value(&report.diff)?,
        "vms": vms,
        "errors": report.errors,
        "warnings": report.warnings,
    });
    Ok(serde_json::to_string_pretty(&doc)? + "\n")
}
