//! Renderers of `validate` results.

use anstyle::{AnsiColor, Style};
use serde_json::json;
use validgen_runtime::interpret::Outcome;

use crate::validate::VmVerdict;

/// One JSON object per VM: `source`, `name`, `namespace`, the admission response's `allowed`,
/// `code`, `reason`, `message`, `causes` (`reason`, `field`, `message`), `warnings`, and every
/// rule's `name`, `field`, `outcome`, `detail`.
pub fn json_line(v: &VmVerdict) -> String {
    let d = &v.decision;
    let rules: Vec<_> = d
        .report
        .rules
        .iter()
        .map(
            |r| json!({"name": r.name, "field": r.field, "outcome": r.outcome, "detail": r.detail}),
        )
        .collect();
    let causes: Vec<_> = d
        .causes
        .iter()
        .map(|c| json!({"reason": c.kind, "field": c.field, "message": c.message}))
        .collect();
    json!({
        "source": v.source,
        "name": v.name,
        "namespace": v.namespace,
        "allowed": d.allowed,
        "code": d.code,
        "reason": d.reason,
        "message": d.message,
        "causes": causes,
        "warnings": d.warnings,
        "rules": rules,
    })
    .to_string()
}

/// For people: `ALLOWED`/`DENIED`, the source and VM name, then one indented line per cause
/// and warning. ANSI colour only when `color`.
pub fn text(v: &VmVerdict, color: bool) -> String {
    let d = &v.decision;
    let paint = |style: Style, s: &str| {
        if color {
            format!("{style}{s}{style:#}")
        } else {
            s.to_owned()
        }
    };
    let red = Style::new().fg_color(Some(AnsiColor::Red.into())).bold();
    let green = Style::new().fg_color(Some(AnsiColor::Green.into())).bold();
    let yellow = Style::new().fg_color(Some(AnsiColor::Yellow.into()));
    let verdict = if d.allowed {
        paint(green, "ALLOWED")
    } else {
        paint(red, "DENIED ")
    };
    let name = match (&v.namespace, &v.name) {
        (Some(ns), Some(n)) => format!("{ns}/{n}"),
        (None, Some(n)) => n.clone(),
        _ => "(unnamed)".to_owned(),
    };
    let rules = d.report.rules.len();
    let summary = match (d.code, rules) {
        (Some(400), _) => format!("400: {}", d.message.clone().unwrap_or_default()),
        (Some(code), n) => format!(
            "{code} {}, {n} rule(s)",
            d.reason.clone().unwrap_or_default()
        ),
        (None, 0) => "no rules apply".to_owned(),
        (None, n) => format!(
            "{n} rule(s), {} skipped",
            d.report
                .rules
                .iter()
                .filter(|r| r.outcome == Outcome::Skipped)
                .count()
        ),
    };
    let mut s = format!("{verdict} {} {name} ({summary})", v.source);
    for c in &d.causes {
        s.push_str(&format!(
            "\n    {} {}: {}",
            paint(red, "cause"),
            c.field,
            c.message
        ));
    }
    for w in &d.warnings {
        s.push_str(&format!("\n    {} {w}", paint(yellow, "warning")));
    }
    s
}
