//! The bytes entry points of a compiled schema against its `Value` entry point: what the
//! conformance tests check on every document they validate.

use validgen::interpret::{DocumentReport, Explain};
use validgen::json_schema::SchemaValidator;
use validgen::serde_json::{self, Value};

/// How the bytes path (`validate_bytes`, `is_valid_bytes`, `stream` where it answers) and the
/// verdict-only path (`is_valid`) differ from `report`, the `Value` path's report of `doc` with `explain`:
/// the same report once the bytes path's positions and messages are set aside (every
/// violation must have a position, and as message what `describe` says of the `Value`
/// path's), and the same verdict. `None` when they agree.
pub fn differences(
    validator: &SchemaValidator,
    doc: &Value,
    explain: Explain,
    report: &DocumentReport,
) -> Option<String> {
    let bytes = serde_json::to_vec_pretty(doc).expect("a Value serializes");
    // serde_json's float parsing is not always correctly rounded (no `float_roundtrip`), so a
    // float may read back as its neighbour: the bytes path must then equal the `Value` path
    // on the value serde_json reads back, as it reads bytes exactly as serde_json does.
    let reread: Value = serde_json::from_slice(&bytes).expect("serde_json reads its output");
    let reread_report;
    let report = if &reread == doc {
        report
    } else {
        reread_report = (validator.validate)(&reread, explain);
        &reread_report
    };
    let doc = &reread;
    let mut located = match (validator.validate_bytes)(&bytes, explain) {
        Ok(r) => r,
        Err(e) => return Some(format!("bytes refused: {e}")),
    };
    if let Some(v) = located.violations.iter().find(|v| v.span.is_none()) {
        return Some(format!(
            "bytes: violation at {:?} without a position",
            v.location
        ));
    }
    for v in &mut located.violations {
        v.span = None;
    }
    // Each carries its text, as `describe` words the `Value` path's violation; then set aside.
    if located.violations.len() == report.violations.len() {
        for (b, v) in located.violations.iter_mut().zip(&report.violations) {
            let text = validator.describe(v, doc);
            if b.message.as_deref() != Some(text.as_str()) {
                return Some(format!(
                    "bytes: violation at {:?} with message {:?}, not {text:?}",
                    v.location, b.message
                ));
            }
            b.message.clone_from(&v.message);
        }
    }
    if &located != report {
        return Some(format!(
            "bytes report {located:?}\n!= value report {report:?}"
        ));
    }
    let valid = !report.report.failed();
    let verdicts = (
        (validator.is_valid)(doc),
        (validator.is_valid_bytes)(&bytes),
    );
    if verdicts != (valid, Ok(valid)) {
        return Some(format!(
            "verdicts (value, bytes) {verdicts:?}, the report's valid={valid}"
        ));
    }
    // The streamed verdict answers as the others, or steps aside.
    match (validator.stream)(&bytes) {
        Some(streamed) if streamed != valid => Some(format!(
            "streamed verdict {streamed}, the report's valid={valid}"
        )),
        _ => None,
    }
}
