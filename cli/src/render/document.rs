//! A document validated against schemas (`validate --schema`, `--crd`), as text and as a JSON
//! line; and a violation's position and line, which JUnit and TAP use too.

use anstyle::{AnsiColor, Style};
use serde_json::json;

use super::escape_controls as esc;
use validgen_core::ir::Annotation;

use crate::validate::{DocVerdict, SchemaViolation};

/// `file:line:column` of a violation's value in stream `file` (`file:line` when the column is
/// unknown; the violation's own file when it names one).
pub fn position(file: &str, v: &SchemaViolation) -> String {
    let file = if v.file.is_empty() { file } else { &v.file };
    if v.column == 0 {
        format!("{file}:{}", v.line)
    } else {
        format!("{file}:{}:{}", v.line, v.column)
    }
}

/// `file:line:col: <instance>: <message> [<schema>#<keyword>]` (`<message>; found: <found>`
/// when the violation says what it found).
pub fn violation_line(file: &str, v: &SchemaViolation) -> String {
    let at = if v.instance.is_empty() {
        "(document)"
    } else {
        &v.instance
    };
    let found = if v.found.is_empty() {
        String::new()
    } else {
        format!("; found: {}", v.found)
    };
    format!(
        "{}: {at}: {}{found} [{}]",
        position(file, v),
        v.message,
        v.keyword_location()
    )
}

/// For people: `VALID`/`INVALID`, the source (and `metadata` name), the count of violations,
/// then one indented `violation_line` per violation (followed, when the schema object of its
/// keyword has a `title` or `description`, by a line with them) and one
/// `warning <violation_line>` per warning. ANSI colour only when `color`; control
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
        if let Some(context) = v.annotations.as_ref().and_then(annotation_line) {
            s.push_str("\n      ");
            s.push_str(&esc(&context));
        }
    }
    let yellow = Style::new().fg_color(Some(AnsiColor::Yellow.into()));
    for w in &d.warnings {
        s.push_str(&format!("\n    {} ", paint(yellow, "warning")));
        s.push_str(&esc(&violation_line(file, w)));
    }
    s
}

/// The schema's words on the value a violation is about: `<title>: <description's first
/// line>` (either alone when the other is missing); `None` when it has neither.
fn annotation_line(a: &Annotation) -> Option<String> {
    let first_line = a
        .description
        .as_deref()
        .and_then(|d| d.lines().map(str::trim).find(|l| !l.is_empty()));
    match (a.title.as_deref(), first_line) {
        (Some(t), Some(d)) => Some(format!("{t}: {d}")),
        (Some(t), None) => Some(t.to_owned()),
        (None, Some(d)) => Some(d.to_owned()),
        (None, None) => None,
    }
}

/// One JSON object per document: `source`, `line` (where its value starts), `name`, `valid`,
/// `schemas` (those it was validated against), `violations` and (when there are any)
/// `warnings`, each with `file`, `line`,
/// `column` (0 when unknown), `instance` (the value's JSON Pointer; for ytt, its path as ytt
/// prints it), `schema`, `keyword` (the keyword's JSON Pointer in that schema; for ytt, empty,
/// `schema` being the rule's `file:line`), `message`, `found` when the validator says it, and
/// `annotations` when the schema object of the keyword has any (`title`, `description`,
/// `default`, `examples`, `deprecated`, `readOnly`, `writeOnly`, `contentEncoding`,
/// `contentMediaType`, as written).
pub fn document_json_line(d: &DocVerdict) -> String {
    let file = d
        .source
        .rsplit_once('#')
        .map_or(d.source.as_str(), |(f, _)| f);
    let line = |v: &SchemaViolation| {
        let mut line = json!({
            "file": if v.file.is_empty() { file } else { &v.file },
            "line": v.line,
            "column": v.column,
            "instance": v.instance,
            "schema": v.schema,
            "keyword": v.keyword,
            "message": v.message,
        });
        if let (false, Some(map)) = (v.found.is_empty(), line.as_object_mut()) {
            map.insert("found".to_owned(), v.found.clone().into());
        }
        if let (Some(a), Some(map)) = (&v.annotations, line.as_object_mut()) {
            map.insert("annotations".to_owned(), json!(a));
        }
        line
    };
    let mut out = json!({
        "source": d.source,
        "line": d.line,
        "name": d.name,
        "valid": d.valid(),
        "schemas": d.schemas,
        "violations": d.violations.iter().map(line).collect::<Vec<_>>(),
    });
    if let (false, Some(map)) = (d.warnings.is_empty(), out.as_object_mut()) {
        let warnings = d.warnings.iter().map(line).collect::<Vec<_>>();
        map.insert("warnings".to_owned(), warnings.into());
    }
    out.to_string()
}
