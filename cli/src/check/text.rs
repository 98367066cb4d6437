//! Findings as text: each with the line of the file it is on, underlined, and its hint as a
//! `= help:` note, as rustc shows errors (annotate-snippets); then a count.

use std::collections::HashMap;
use std::io::IsTerminal;
use std::ops::Range;

use annotate_snippets::{AnnotationKind, Level, Origin, Renderer, Snippet};

use super::{Finding, Severity};

/// Whether standard output takes colours: a terminal, and `NO_COLOR` unset.
pub fn styled_stdout() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// Whether standard error takes colours.
pub fn styled_stderr() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// Renders the findings, each followed by a blank line; the files named are read for their
/// lines (a file that cannot be read is named without its line).
pub fn render(findings: &[Finding], styled: bool) -> String {
    let renderer = if styled {
        Renderer::styled()
    } else {
        Renderer::plain()
    };
    let mut files: HashMap<&str, Option<String>> = HashMap::new();
    let mut out = String::new();
    for f in findings {
        let d = &f.diagnostic;
        let source = files
            .entry(d.file.as_str())
            .or_insert_with(|| std::fs::read_to_string(&d.file).ok());
        let line = d
            .line
            .checked_sub(1)
            .and_then(|i| source.as_deref()?.lines().nth(i));
        let title = match &d.rule {
            Some(rule) => format!("rule `{rule}`: {}", d.message),
            None => d.message.clone(),
        };
        let level = match f.severity {
            Severity::Error => Level::ERROR,
            Severity::Warning => Level::WARNING,
        };
        let group = level.primary_title(title).id(f.id);
        let group = match line {
            Some(text) => group.element(
                Snippet::source(text)
                    .line_start(d.line)
                    .path(d.file.as_str())
                    .annotation(AnnotationKind::Primary.span(span(text, d.column))),
            ),
            None => {
                let mut origin = Origin::path(d.file.as_str());
                if d.line > 0 {
                    origin = origin.line(d.line);
                }
                group.element(origin)
            }
        };
        let group = match &d.hint {
            Some(hint) => group.element(Level::HELP.message(&**hint)),
            None => group,
        };
        out.push_str(&renderer.render(&[group]));
        out.push_str("\n\n");
    }
    out
}

/// The count line: `2 errors, 1 warning in 1 catalog` (`… in 1 catalog and 2 schema paths`
/// with `--schema`).
pub fn summary(errors: usize, warnings: usize, catalogs: usize, schemas: usize) -> String {
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let inputs = match (catalogs, schemas) {
        (_, 0) => plural(catalogs, "catalog"),
        (0, _) => plural(schemas, "schema path"),
        _ => format!(
            "{} and {}",
            plural(catalogs, "catalog"),
            plural(schemas, "schema path")
        ),
    };
    format!(
        "{}, {} in {inputs}\n",
        plural(errors, "error"),
        plural(warnings, "warning"),
    )
}

/// The bytes to underline from the 1-based character `column` of `line`: a JSON string
/// through its closing quote, otherwise the word there (up to white space or `,`); the whole
/// line when the column is unknown or past its end.
fn span(line: &str, column: usize) -> Range<usize> {
    let Some((start, _)) = column
        .checked_sub(1)
        .and_then(|c| line.char_indices().nth(c))
    else {
        let indent = line.len() - line.trim_start().len();
        return indent..line.len();
    };
    let rest = &line[start..];
    let len = if let Some(body) = rest.strip_prefix('"') {
        let mut escaped = false;
        body.char_indices()
            .find(|&(_, c)| {
                let close = c == '"' && !escaped;
                escaped = c == '\\' && !escaped;
                close
            })
            .map_or(rest.len(), |(i, _)| i + 2)
    } else {
        rest.find(|c: char| c.is_whitespace() || c == ',')
            .unwrap_or(rest.len())
            .max(rest.chars().next().map_or(0, char::len_utf8))
    };
    start..start + len
}

#[cfg(test)]
mod tests {
    use super::span;

    #[test]
    fn underlines_the_token_at_the_column() {
        let line = r#"    "regex": "a\"b", "x": 1"#;
        assert_eq!(&line[span(line, 14)], r#""a\"b""#);
        assert_eq!(&line[span(line, 5)], r#""regex""#);
        let yaml = "      guest: 1.5Gi";
        assert_eq!(&yaml[span(yaml, 14)], "1.5Gi");
        assert_eq!(&yaml[span(yaml, 0)], "guest: 1.5Gi");
        assert_eq!(&yaml[span(yaml, 99)], "guest: 1.5Gi");
        assert_eq!(&line[span(line, 1)], " ", "a blank is underlined alone");
    }
}
