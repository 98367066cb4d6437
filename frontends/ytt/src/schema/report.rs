//! ytt's schema error report (`Invalid schema - ...`, `One or more data values were invalid`),
//! as ytt 0.48 `pkg/schema/error.go` renders it through its text template.

use std::fmt::Write as _;

use validgen_gotext::yaml::Pos;

/// One failed assertion of a report: an excerpt of the source around `position` (and the
/// annotations that caused it), then its `found:`, `expected:` and `hint:` lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    /// A line printed above the excerpt (`Given data value is not declared in schema`), or
    /// empty.
    pub description: String,
    /// The annotations involved, shown in the excerpt before the node (sorted by line).
    pub annotations: Vec<Pos>,
    /// The node the failure is about.
    pub position: Pos,
    /// The `= found:` text, or empty for none.
    pub found: String,
    /// The `= expected:` text, or empty for none.
    pub expected: String,
    /// The `= hint:` lines.
    pub hints: Vec<String>,
}

/// A report: a summary underlined with `=`, its failures, and other errors.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// The title (`Invalid schema - null value not allowed here`).
    pub summary: String,
    /// The failures, in order.
    pub failures: Vec<Failure>,
    /// Errors that are not failures (a nested report), each printed as `<text> \n` after the
    /// failures, as ytt does.
    pub misc: Vec<Problem>,
}

/// An error of a schema: a report, or another error's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// ytt's report (`Invalid schema - ...`).
    Report(Box<Report>),
    /// Any other error's text (`Invalid @schema/validation annotation - ...`).
    Text(String),
}

impl Problem {
    /// The error's text, as ytt's `err.Error()`; `line` gives a position's source line.
    pub fn render(&self, line: &dyn Fn(&Pos) -> String) -> String {
        match self {
            Problem::Report(r) => r.render(line),
            Problem::Text(t) => t.clone(),
        }
    }
}

impl Report {
    /// A report of `failures` under `summary`.
    pub fn new(summary: impl Into<String>, failures: Vec<Failure>) -> Self {
        Report {
            summary: summary.into(),
            failures,
            misc: Vec::new(),
        }
    }

    /// A report whose only content is `inner`, as ytt wraps an already-built report in a new
    /// one (`NewSchemaError("Invalid schema", err)` where `err` is a report itself).
    pub fn wrapping(summary: impl Into<String>, inner: Problem) -> Self {
        Report {
            summary: summary.into(),
            failures: Vec::new(),
            misc: vec![inner],
        }
    }

    /// The report's text, byte for byte as ytt's `schemaError.Error()`: it starts with a line
    /// break and ends with two. `line` gives the source text of a position's line (for the
    /// excerpts). ytt prints it after `Overlaying data values schema (in following order:
    /// schema.yml): ` (note the space), then one more line break.
    pub fn render(&self, line: &dyn Fn(&Pos) -> String) -> String {
        let width = self
            .failures
            .iter()
            .map(|f| f.position.line.to_string().len())
            .max()
            .unwrap_or(0);
        let pad = |delim: &str, num: &str| format!("  {num:>width$} {delim}");
        let mut out = String::new();
        if !self.summary.is_empty() {
            let _ = write!(
                out,
                "\n{}\n{}\n",
                self.summary,
                "=".repeat(self.summary.len())
            );
        }
        for failure in &self.failures {
            if !failure.description.is_empty() {
                let _ = write!(out, "\n{}", failure.description);
            }
            let _ = write!(out, "\n{}:\n{}", failure.position.file, pad("|", ""));
            let mut annotations = failure.annotations.clone();
            annotations.sort_by_key(|p| p.line);
            let mut previous: Option<&Pos> = None;
            for pos in annotations.iter().chain(std::iter::once(&failure.position)) {
                if let Some(prev) = previous {
                    let next_to = prev.file == pos.file && prev.line.abs_diff(pos.line) <= 1;
                    if !next_to {
                        let _ = write!(out, "\n{} ...", pad("|", ""));
                    }
                }
                let _ = write!(out, "\n{} {}", pad("|", &pos.line.to_string()), line(pos));
                previous = Some(pos);
            }
            let _ = write!(out, "\n{}\n\n", pad("|", ""));
            if !failure.found.is_empty() {
                let _ = write!(out, "{} found: {}", pad("=", ""), failure.found);
            }
            out.push('\n');
            if !failure.expected.is_empty() {
                let _ = write!(out, "{} expected: {}", pad("=", ""), failure.expected);
            }
            for hint in &failure.hints {
                let _ = write!(out, "\n{} hint: {hint}", pad("=", ""));
            }
            out.push('\n');
        }
        for problem in &self.misc {
            out.push_str(&problem.render(line));
            out.push_str(" \n");
        }
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    fn pos(line: usize) -> Pos {
        Pos {
            file: Arc::from("schema.yml"),
            line,
        }
    }

    #[test]
    fn renders_as_ytt_with_annotations_and_gaps() {
        let report = Report::new(
            "Invalid schema",
            vec![Failure {
                description: "desc".to_owned(),
                annotations: vec![pos(3)],
                position: pos(10),
                found: "f".to_owned(),
                expected: String::new(),
                hints: vec!["h".to_owned()],
            }],
        );
        let text = report.render(&|p| format!("line{}", p.line));
        assert_eq!(
            text,
            "\nInvalid schema\n==============\n\ndesc\nschema.yml:\n     |\n   3 | line3\n     | ...\n  10 | line10\n     |\n\n     = found: f\n\n     = hint: h\n\n"
        );
    }
}
