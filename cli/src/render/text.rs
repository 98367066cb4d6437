//! `-o text`: one line per VM, then one indented line per cause or warning (per document, then
//! one indented line per violation, with `--schema` or `--crd`).

use std::io::{self, Write};

use anstyle::{AnsiColor, Style};
use validgen_core::interpret::Outcome;

use super::{Sink, document_text, escape_controls as esc, summary_line};
use crate::validate::{Item, Tally, VmVerdict};

/// For people: `ALLOWED`/`DENIED`, the source and VM name, then one indented line per cause
/// and warning. ANSI colour only when `color`. What comes from the input (source, names,
/// fields, messages) has its control characters escaped ([`super::escape_controls`]).
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
    let rules = d.report.rules.len();
    let summary = match (d.code, rules) {
        (Some(400), _) => format!("400: {}", esc(d.message.as_deref().unwrap_or_default())),
        (Some(code), n) => format!(
            "{code} {}, {n} rule(s)",
            esc(d.reason.as_deref().unwrap_or_default())
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
    let mut s = format!(
        "{verdict} {} {} ({summary})",
        esc(&v.source),
        esc(&v.display_name())
    );
    for c in &d.causes {
        s.push_str(&format!(
            "\n    {} {}: {}",
            paint(red, "cause"),
            esc(&c.field),
            esc(&c.message)
        ));
    }
    for w in &d.warnings {
        s.push_str(&format!("\n    {} {}", paint(yellow, "warning"), esc(w)));
    }
    s
}

/// Text lines on standard output; notes and errors are on standard error already.
pub(super) struct TextSink {
    out: Box<dyn Write>,
    color: bool,
}

impl TextSink {
    pub(super) fn new(out: Box<dyn Write>, color: bool) -> Self {
        TextSink { out, color }
    }
}

impl Sink for TextSink {
    fn item(&mut self, _file: &str, item: &Item) -> io::Result<()> {
        match item {
            Item::Vm(v) => writeln!(self.out, "{}", text(v, self.color)),
            Item::Document(d) => writeln!(self.out, "{}", document_text(d, self.color)),
            Item::Skipped { .. } | Item::Error { .. } => Ok(()),
        }
    }

    fn finish(&mut self, tally: &Tally, summary: bool) -> io::Result<()> {
        if summary {
            writeln!(self.out, "{}", summary_line(tally))?;
        }
        self.out.flush()
    }
}
