//! A document validated against schemas (`validate --schema`, `--crd`), as text and as a JSON
//! line; and a violation's position and line, which JUnit and TAP use too.

use anstyle::{AnsiColor, Style};
use serde_json::json;

use super::escape_controls as esc;
use crate::validate::{DocVerdict, SchemaViolation};

/// `file:line:column` of a violation's value in stream `file` (`file:line` when the column is
/// unknown).
pub fn position(file: &str, v: &SchemaViolation) -> String {
    if v.column == 0 {
        format!("{file}:{}", v.line)
    } else {
        format!("{file}:{}:{}", v.line, v.column)
    }
}

/// `file:line:col: <instance>: <message> [<schema>#<keyword>]`.
pub fn violation_line(file: &str, v: &SchemaViolation) -> String {
    let at = if v.instance.is_empty() {
        "(document)"
    } else {
        &v.instance
    };
    format!(
        "{}: {at}: {} [{}]",
        position(file, v),
        v.message,
        v.keyword_location()
    )
}

/// For people: `VALID`/`INVALID`, the source (and `metadata` name), the count of violations,
/// then one indented `violation_line` per violation. ANSI colour only when `color`; control
/// characters of what comes from the input escaped.
pub fn document_text(d: &DocVerdict, color: bool) -> String {
    let paint = |style: Style, s: &str| {
        if color {
            format!("{style}{s}{style:#}")
        } else {
            s.to_owned()
        }
    };
    let file = d
        .source
        .rsplit_once('#')
        .map_or(d.source.as_str(), |(f, _)| f);
    let mut s = if d.valid() {
        let green = Style::new().fg_color(Some(AnsiColor::Green.into())).bold();
        format!("{}   {}", paint(green, "VALID"), esc(&d.title()))
    } else {
        let red = Style::new().fg_color(Some(AnsiColor::Red.into())).bold();
        let n = d.violations.len();
        format!(
            "{} {} ({n} violation{})",
            paint(red, "INVALID"),
            esc(&d.title()),
            if n == 1 { "" } else { "s" }
        )
    };
    for v in &d.violations {
        s.push_str("\n    ");
        s.push_str(&esc(&violation_line(file, v)));
    }
    s
}

/// One JSON object per document: `source`, `line` (where its value starts), `name`, `valid`,
/// `schemas` (those it was validated against) and `violations`, each with `file`, `line`,
/// `column` (0 when unknown), `instance` (the value's JSON Pointer), `schema`, `keyword` (the
/// keyword's JSON Pointer in that schema) and `message`.
pub fn document_json_line(d: &DocVerdict) -> String {
    let file = d
        .source
        .rsplit_once('#')
        .map_or(d.source.as_str(), |(f, _)| f);
    let violations: Vec<_> = d
        .violations
        .iter()
        .map(|v| {
            json!({
                "file": file,
                "line": v.line,
                "column": v.column,
                "instance": v.instance,
                "schema": v.schema,
                "keyword": v.keyword,
                "message": v.message,
            })
        })
        .collect();
    json!({
        "source": d.source,
        "line": d.line,
        "name": d.name,
        "valid": d.valid(),
        "schemas": d.schemas,
        "violations": violations,
    })
    .to_string()
}
