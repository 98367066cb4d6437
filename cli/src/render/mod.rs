//! Renderers of `validate` results: one [`Sink`] per output format.

mod document;
mod json;
mod junit;
mod standard;
mod tap;
mod text;

use std::borrow::Cow;
use std::fmt::Write as _;
use std::io::{self, Write};

pub use document::{document_json_line, document_text};
pub use json::json_line;
pub use text::text;

use validgen_json_schema::OutputFormat;

use crate::cli::Format;
use crate::validate::{Item, Tally};

/// Where the results of a run go, item by item, in input order.
pub trait Sink {
    /// One item of input `file` (only the items to show: `--errors-only` filters before).
    ///
    /// # Errors
    /// Standard output could not be written.
    fn item(&mut self, file: &str, item: &Item) -> io::Result<()>;

    /// Input `file` has no more items.
    ///
    /// # Errors
    /// Standard output could not be written.
    fn end_file(&mut self, _file: &str) -> io::Result<()> {
        Ok(())
    }

    /// The run is over; with `summary`, print the counts.
    ///
    /// # Errors
    /// Standard output could not be written.
    fn finish(&mut self, tally: &Tally, summary: bool) -> io::Result<()>;
}

/// The sink of `format`, writing to `out`; `color` is for text only.
pub fn sink(format: Format, color: bool, out: Box<dyn Write>) -> Box<dyn Sink> {
    match format {
        Format::Text => Box::new(text::TextSink::new(out, color)),
        Format::Json => Box::new(json::JsonSink::new(out)),
        Format::Junit => Box::new(junit::JunitSink::new(out)),
        Format::Tap => Box::new(tap::TapSink::new(out)),
        Format::Flag => Box::new(standard::StandardSink::new(out, OutputFormat::Flag)),
        Format::List => Box::new(standard::StandardSink::new(out, OutputFormat::List)),
        Format::Hierarchical => {
            Box::new(standard::StandardSink::new(out, OutputFormat::Hierarchical))
        }
    }
}

/// The `--summary` line, e.g. `Summary: 3 VMs in 2 files - allowed: 2, denied: 1, with
/// warnings: 1, errors: 0, skipped documents: 0`; for a run against schemas `Summary: 3
/// documents in 2 files - valid: 2, invalid: 1, errors: 0, skipped documents: 0` (also for a
/// run that met Kyverno test manifests and no VM; with VMs too, the tests' counts follow the
/// VMs').
pub fn summary_line(t: &Tally) -> String {
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    if t.schemas || (t.vms == 0 && t.documents > 0) {
        return format!(
            "Summary: {} in {} - valid: {}, invalid: {}, errors: {}, skipped documents: {}",
            plural(t.documents, "document"),
            plural(t.files, "file"),
            t.valid,
            t.invalid,
            t.errors,
            t.skipped
        );
    }
    let documents = if t.documents > 0 {
        format!(
            ", Kyverno tests: {} (valid: {}, invalid: {})",
            t.documents, t.valid, t.invalid
        )
    } else {
        String::new()
    };
    format!(
        "Summary: {} in {} - allowed: {}, denied: {}, with warnings: {}{documents}, errors: {}, skipped documents: {}",
        plural(t.vms, "VM"),
        plural(t.files, "file"),
        t.allowed,
        t.denied,
        t.warned,
        t.errors,
        t.skipped
    )
}

/// `s` with every control character (C0, DEL and C1, as `char::is_control`) written as an
/// escape: `\n`, `\r`, `\t`, else `\u{1b}`. Names, sources and messages come from manifests:
/// escaped, they cannot end an output line, forge another, or send terminal sequences.
pub fn escape_controls(s: &str) -> Cow<'_, str> {
    if !s.chars().any(char::is_control) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// `s` escaped line by line ([`escape_controls`]), its lines kept as real line breaks, each
/// after the first indented two spaces: a multi-line error (ytt's) reads as it was written,
/// and no line of it can pass for a line of its own.
pub fn escape_lines(s: &str) -> String {
    s.split('\n')
        .map(escape_controls)
        .collect::<Vec<_>>()
        .join("\n  ")
}

#[cfg(test)]
mod tests {
    use super::{escape_controls, escape_lines};

    #[test]
    fn lines_are_kept_and_indented() {
        assert_eq!(
            escape_lines("error: a:\n  b\tc\n\u{1b}[31m"),
            "error: a:\n    b\\tc\n  \\u{1b}[31m"
        );
    }

    #[test]
    fn control_characters_are_escaped() {
        assert_eq!(
            escape_controls("a\nb\rc\td\u{1b}[31me\0f\u{7f}g\u{9b}h"),
            "a\\nb\\rc\\td\\u{1b}[31me\\u{0}f\\u{7f}g\\u{9b}h"
        );
        assert_eq!(escape_controls("plain é \\d"), "plain é \\d");
    }
}
