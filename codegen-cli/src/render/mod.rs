//! Renderers of `validate` results: one [`Sink`] per output format.

mod json;
mod junit;
mod tap;
mod text;

use std::io::{self, Write};

pub use json::json_line;
pub use text::text;

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
    }
}

/// The `--summary` line, e.g. `Summary: 3 VMs in 2 files - allowed: 2, denied: 1, with
/// warnings: 1, errors: 0, skipped documents: 0`.
pub fn summary_line(t: &Tally) -> String {
    let plural = |n: usize, word: &str| {
        if n == 1 {
            format!("{n} {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    format!(
        "Summary: {} in {} - allowed: {}, denied: {}, with warnings: {}, errors: {}, skipped documents: {}",
        plural(t.vms, "VM"),
        plural(t.files, "file"),
        t.allowed,
        t.denied,
        t.warned,
        t.errors,
        t.skipped
    )
}
