//! `-o tap`: TAP version 13, streamed. One test point per VM, `ok N - <source> <name>` or
//! `not ok N - …`, with a YAML diagnostic block (status code, reason, causes or the message,
//! warnings) when there is something to say; a document that is not a VM is an `ok … # SKIP`,
//! an input that could not be read a `not ok` with its error; a document validated against
//! schemas is `ok` when valid, else `not ok` with its violations. The plan `1..N` comes last,
//! then `--summary` as a comment. `#` and `\` in descriptions are escaped with `\`, control
//! characters everywhere (descriptions and YAML strings) as escapes, so that input cannot forge
//! test points or send terminal sequences.

use std::fmt::Write as _;
use std::io::{self, Write};

use super::document::{position, violation_line};
use super::{Sink, escape_controls, summary_line};
use crate::validate::{Item, Tally};

/// Test points on standard output, numbered from 1.
pub(super) struct TapSink {
    out: Box<dyn Write>,
    points: usize,
}

impl TapSink {
    pub(super) fn new(out: Box<dyn Write>) -> Self {
        TapSink { out, points: 0 }
    }

    fn header(&mut self) -> io::Result<()> {
        if self.points == 0 {
            writeln!(self.out, "TAP version 13")?;
        }
        Ok(())
    }
}

impl Sink for TapSink {
    fn item(&mut self, file: &str, item: &Item) -> io::Result<()> {
        self.header()?;
        self.points += 1;
        let n = self.points;
        let mut yaml = Vec::new();
        let line = match item {
            Item::Vm(v) => {
                let d = &v.decision;
                let status = if d.allowed { "ok" } else { "not ok" };
                if let Some(code) = d.code {
                    yaml.push(format!("code: {code}"));
                }
                if let Some(reason) = &d.reason {
                    yaml.push(format!("reason: {}", quote(reason)));
                }
                // A 422's message is its causes' messages joined: only a 400's is its own.
                if let (Some(message), true) = (&d.message, d.causes.is_empty()) {
                    yaml.push(format!("message: {}", quote(message)));
                }
                if !d.causes.is_empty() {
                    yaml.push("causes:".to_owned());
                    for c in &d.causes {
                        yaml.push(format!("  - field: {}", quote(&c.field)));
                        yaml.push(format!("    message: {}", quote(&c.message)));
                    }
                }
                if !d.warnings.is_empty() {
                    yaml.push("warnings:".to_owned());
                    yaml.extend(d.warnings.iter().map(|w| format!("  - {}", quote(w))));
                }
                let description = escape(&format!("{} {}", v.source, v.display_name()));
                format!("{status} {n} - {description}")
            }
            Item::Document(d) => {
                if !d.valid() {
                    yaml.push("violations:".to_owned());
                    for v in &d.violations {
                        yaml.push(format!("  - at: {}", quote(&position(file, v))));
                        yaml.push(format!("    instance: {}", quote(&v.instance)));
                        yaml.push(format!("    keyword: {}", quote(&v.keyword_location())));
                        yaml.push(format!("    message: {}", quote(&v.message)));
                        if !v.found.is_empty() {
                            yaml.push(format!("    found: {}", quote(&v.found)));
                        }
                    }
                }
                if !d.warnings.is_empty() {
                    yaml.push("warnings:".to_owned());
                    for w in &d.warnings {
                        let line = violation_line(file, w);
                        yaml.push(format!("  - {}", quote(&line)));
                    }
                }
                let status = if d.valid() { "ok" } else { "not ok" };
                format!("{status} {n} - {}", escape(&d.title()))
            }
            Item::Skipped { source, kind, why } => format!(
                "ok {n} - {} # SKIP {} is {}",
                escape(&format!("{source} {kind}")),
                escape(kind),
                escape(why)
            ),
            Item::Error { message, .. } => {
                yaml.push(format!("error: {}", quote(message)));
                format!("not ok {n} - {}", escape(file))
            }
        };
        writeln!(self.out, "{line}")?;
        if !yaml.is_empty() {
            writeln!(self.out, "  ---")?;
            for l in yaml {
                writeln!(self.out, "  {l}")?;
            }
            writeln!(self.out, "  ...")?;
        }
        Ok(())
    }

    fn finish(&mut self, tally: &Tally, summary: bool) -> io::Result<()> {
        self.header()?;
        writeln!(self.out, "1..{}", self.points)?;
        if summary {
            writeln!(self.out, "# {}", summary_line(tally))?;
        }
        self.out.flush()
    }
}

/// A YAML double-quoted scalar: `"` and `\` escaped, every control character (C0, DEL, C1)
/// written `\n`, `\r`, `\t` or `\u00XX` (escapes YAML's double-quoted style reads back).
fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A TAP description: `\` and `#` escaped, control characters as [`escape_controls`] writes
/// them.
fn escape(s: &str) -> String {
    escape_controls(&s.replace('\\', "\\\\").replace('#', "\\#")).into_owned()
}
