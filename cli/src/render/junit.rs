//! `-o junit`: JUnit XML, one `testsuite` per input file and one `testcase` per VM. A denied
//! VM has a `failure` (the status message, then one line per cause), its warnings are its
//! `system-out`; a document that is not a VM is a `skipped` testcase, an input that could not
//! be read an `error` testcase. A document validated against schemas is a testcase whose
//! `failure` lists its violations. The document is written once the run is over (its totals come
//! first); `--summary` goes to standard error so that standard output stays XML.
//!
//! Written here rather than with `quick-junit` (0.8.0, checked): that crate silently drops
//! control characters and ANSI escapes, which this writer shows as `\uXXXX`, and writes line
//! breaks inside attributes raw, which XML parsers read back as spaces (a `failure` message
//! keeps its lines here, as `&#10;`).

use std::fmt::Write as _;
use std::io::{self, Write};

use super::document::violation_line;
use super::{Sink, summary_line};
use crate::validate::{Item, Tally};

/// Test cases grouped by file, written at the end.
pub(super) struct JunitSink {
    out: Box<dyn Write>,
    suites: Vec<Suite>,
    current: Vec<Case>,
}

struct Suite {
    name: String,
    cases: Vec<Case>,
}

struct Case {
    name: String,
    classname: String,
    outcome: Outcome,
    system_out: Vec<String>,
}

enum Outcome {
    Passed,
    Failure {
        message: String,
        kind: String,
        body: String,
    },
    Error {
        message: String,
    },
    Skipped {
        message: String,
    },
}

impl JunitSink {
    pub(super) fn new(out: Box<dyn Write>) -> Self {
        JunitSink {
            out,
            suites: Vec::new(),
            current: Vec::new(),
        }
    }
}

impl Sink for JunitSink {
    fn item(&mut self, file: &str, item: &Item) -> io::Result<()> {
        let case = match item {
            Item::Vm(v) => {
                let d = &v.decision;
                let outcome = if d.allowed {
                    Outcome::Passed
                } else {
                    let message = d.message.clone().unwrap_or_default();
                    let body = if d.causes.is_empty() {
                        message.clone()
                    } else {
                        d.causes
                            .iter()
                            .map(|c| format!("{}: {}", c.field, c.message))
                            .collect::<Vec<_>>()
                            .join("\n")
                    };
                    let kind = match (d.code, &d.reason) {
                        (Some(code), Some(reason)) => format!("{code} {reason}"),
                        (Some(code), None) => code.to_string(),
                        (None, _) => "denied".to_owned(),
                    };
                    Outcome::Failure {
                        message,
                        kind,
                        body,
                    }
                };
                Case {
                    name: format!("{} {}", v.source, v.display_name()),
                    classname: file.to_owned(),
                    outcome,
                    system_out: d.warnings.iter().map(|w| format!("warning: {w}")).collect(),
                }
            }
            Item::Document(d) => Case {
                name: d.title(),
                classname: file.to_owned(),
                outcome: if d.valid() {
                    Outcome::Passed
                } else {
                    let n = d.violations.len();
                    Outcome::Failure {
                        message: format!("{n} violation{}", if n == 1 { "" } else { "s" }),
                        kind: "invalid".to_owned(),
                        body: d
                            .violations
                            .iter()
                            .map(|v| violation_line(file, v))
                            .collect::<Vec<_>>()
                            .join("\n"),
                    }
                },
                system_out: d
                    .warnings
                    .iter()
                    .map(|w| format!("warning: {}", violation_line(file, w)))
                    .collect(),
            },
            Item::Skipped { source, kind, why } => Case {
                name: format!("{source} {kind}"),
                classname: file.to_owned(),
                outcome: Outcome::Skipped {
                    message: format!("{kind} is {why}"),
                },
                system_out: Vec::new(),
            },
            Item::Error { message, .. } => Case {
                name: file.to_owned(),
                classname: file.to_owned(),
                outcome: Outcome::Error {
                    message: message.clone(),
                },
                system_out: Vec::new(),
            },
        };
        self.current.push(case);
        Ok(())
    }

    fn end_file(&mut self, file: &str) -> io::Result<()> {
        if !self.current.is_empty() {
            self.suites.push(Suite {
                name: file.to_owned(),
                cases: std::mem::take(&mut self.current),
            });
        }
        Ok(())
    }

    fn finish(&mut self, tally: &Tally, summary: bool) -> io::Result<()> {
        let all: Vec<&Case> = self.suites.iter().flat_map(|s| &s.cases).collect();
        let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(xml, "<testsuites name=\"validgen\"{}>", totals(&all));
        for suite in &self.suites {
            let cases: Vec<&Case> = suite.cases.iter().collect();
            let _ = writeln!(
                xml,
                "  <testsuite name=\"{}\"{}>",
                attr(&suite.name),
                totals(&cases)
            );
            for case in &suite.cases {
                write_case(&mut xml, case);
            }
            xml.push_str("  </testsuite>\n");
        }
        xml.push_str("</testsuites>\n");
        self.out.write_all(xml.as_bytes())?;
        self.out.flush()?;
        if summary {
            eprintln!("{}", summary_line(tally));
        }
        Ok(())
    }
}

/// ` tests=".." failures=".." errors=".." skipped=".."` over `cases`.
fn totals(cases: &[&Case]) -> String {
    let count = |f: fn(&Outcome) -> bool| cases.iter().filter(|c| f(&c.outcome)).count();
    format!(
        " tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\"",
        cases.len(),
        count(|o| matches!(o, Outcome::Failure { .. })),
        count(|o| matches!(o, Outcome::Error { .. })),
        count(|o| matches!(o, Outcome::Skipped { .. })),
    )
}

fn write_case(xml: &mut String, case: &Case) {
    let _ = write!(
        xml,
        "    <testcase name=\"{}\" classname=\"{}\"",
        attr(&case.name),
        attr(&case.classname)
    );
    if matches!(case.outcome, Outcome::Passed) && case.system_out.is_empty() {
        xml.push_str("/>\n");
        return;
    }
    xml.push_str(">\n");
    match &case.outcome {
        Outcome::Passed => {}
        Outcome::Failure {
            message,
            kind,
            body,
        } => {
            let _ = writeln!(
                xml,
                "      <failure message=\"{}\" type=\"{}\">{}</failure>",
                attr(message),
                attr(kind),
                text(body)
            );
        }
        Outcome::Error { message } => {
            let _ = writeln!(
                xml,
                "      <error message=\"{}\" type=\"input\"/>",
                attr(message)
            );
        }
        Outcome::Skipped { message } => {
            let _ = writeln!(xml, "      <skipped message=\"{}\"/>", attr(message));
        }
    }
    if !case.system_out.is_empty() {
        let _ = writeln!(
            xml,
            "      <system-out>{}</system-out>",
            text(&case.system_out.join("\n"))
        );
    }
    xml.push_str("    </testcase>\n");
}

/// Escapes an attribute value (line breaks and tabs kept as character references).
fn attr(s: &str) -> String {
    escape(s, true)
}

/// Escapes element text.
fn text(s: &str) -> String {
    escape(s, false)
}

/// XML escaping; characters XML 1.0 cannot carry (most C0 controls, U+FFFE, U+FFFF) and those
/// it carries but a terminal may act on (DEL, C1) are written as `\uXXXX`.
fn escape(s: &str, attr: bool) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' if attr => out.push_str("&quot;"),
            '\n' if attr => out.push_str("&#10;"),
            '\t' if attr => out.push_str("&#9;"),
            '\r' => out.push_str("&#13;"),
            '\t' | '\n' => out.push(c),
            c if c.is_control() || c == '\u{fffe}' || c == '\u{ffff}' => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_keeps_everything_readable_back() {
        assert_eq!(
            attr("a<b>&\"c\"\nd\te\r\u{1}\u{1b}\u{7f}\u{9b}"),
            "a&lt;b&gt;&amp;&quot;c&quot;&#10;d&#9;e&#13;\\u0001\\u001b\\u007f\\u009b"
        );
        assert_eq!(text("x \"y\"\nz"), "x \"y\"\nz");
    }
}
