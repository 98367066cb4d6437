//! ytt's type-error report (`pkg/schema/error.go`, its text template): a summary underlined
//! with `=`, then per violation its description, the file, an excerpt of the offending line
//! with right-aligned line numbers, and the `found`, `expected` and `hint` lines.

use std::collections::HashMap;

use super::typecheck::Violation;
use super::{SchemaFile, Source};
use validgen_gotext::yaml::Pos;

/// The texts of the files, to quote their lines.
pub(super) struct Texts<'a> {
    files: HashMap<String, &'a str>,
    /// Texts quoted whole as their line 1 (a `--data-value-file`'s, as ytt's position holds).
    wholes: HashMap<String, &'a str>,
}

impl<'a> Texts<'a> {
    /// The schema's file and the values files, by name.
    pub fn new(schema: Option<&SchemaFile<'a>>, sources: &[Source<'a>]) -> Texts<'a> {
        let mut files = HashMap::new();
        if let Some(schema) = schema {
            for (name, text) in &schema.texts {
                files.insert((*name).to_owned(), *text);
            }
        }
        for source in sources {
            files.insert(source.name.to_owned(), source.text);
        }
        Texts {
            files,
            wholes: HashMap::new(),
        }
    }

    /// Takes `text` as the text of the file `name` from now on (the unnamed file of a YAML
    /// key-value argument's value).
    pub fn set(&mut self, name: &str, text: &'a str) {
        self.files.insert(name.to_owned(), text);
    }

    /// Takes `text` as the whole line 1 of the file `name` from now on (a key-value
    /// argument, `-v a=b` or an environment variable's `PREFIX_a=b`, or a
    /// `--data-value-file`'s text, which ytt's position carries as its line; the arguments
    /// of one flag share one name, `(data-value arg)`).
    pub fn set_whole(&mut self, name: &str, text: &'a str) {
        self.wholes.insert(name.to_owned(), text);
    }

    /// The text of line `pos.line` of `pos.file` (ytt splits on `\n` only); empty if unknown.
    /// ytt knows no text for a file's first document when the file does not start with `---`
    /// (`pkg/yamlmeta/parser.go` places that document on line 1 without its line).
    fn line(&self, pos: &Pos, at_document: bool) -> &'a str {
        if let Some(whole) = self.wholes.get(&*pos.file).filter(|_| pos.line == 1) {
            return whole;
        }
        let Some(text) = self.files.get(&*pos.file) else {
            return "";
        };
        if at_document && pos.line == 1 && !starts_with_marker(text) {
            return "";
        }
        pos.line
            .checked_sub(1)
            .and_then(|i| text.split('\n').nth(i))
            .unwrap_or("")
    }
}

/// Whether a text starts with a document marker (Go's `\A\s*---\s+`).
fn starts_with_marker(text: &str) -> bool {
    let is_space = |c: char| matches!(c, ' ' | '\t' | '\n' | '\x0c' | '\r');
    text.trim_start_matches(is_space)
        .strip_prefix("---")
        .and_then(|rest| rest.chars().next())
        .is_some_and(is_space)
}

/// The report for `violations` under `summary`, ending with the line break ytt's template
/// ends with (the command adds its own after it).
pub(super) fn render(summary: &str, violations: &[Violation], texts: &Texts<'_>) -> String {
    let width = violations
        .iter()
        .map(|v| v.pos.line.to_string().len())
        .max()
        .unwrap_or(0);
    let pad = |delimiter: &str, number: &str| format!("  {number:>width$} {delimiter}");
    let mut out = format!("\n{summary}\n{}\n", "=".repeat(summary.len()));
    for violation in violations {
        if let Some(description) = violation.description {
            out.push('\n');
            out.push_str(description);
        }
        out.push('\n');
        out.push_str(&violation.pos.file);
        out.push_str(":\n");
        out.push_str(&pad("|", ""));
        out.push('\n');
        out.push_str(&pad("|", &violation.pos.line.to_string()));
        out.push(' ');
        out.push_str(texts.line(&violation.pos, violation.at_document));
        out.push('\n');
        out.push_str(&pad("|", ""));
        out.push_str("\n\n");
        if !violation.found.is_empty() {
            out.push_str(&pad("=", ""));
            out.push_str(" found: ");
            out.push_str(&violation.found);
        }
        out.push('\n');
        if !violation.expected.is_empty() {
            out.push_str(&pad("=", ""));
            out.push_str(" expected: ");
            out.push_str(&violation.expected);
        }
        for hint in &violation.hints {
            out.push('\n');
            out.push_str(&pad("=", ""));
            out.push_str(" hint: ");
            out.push_str(hint);
        }
        out.push('\n');
    }
    out.push('\n');
    out
}
