//! The diff as Markdown for a release pull-request comment: a heading with the counts, lists
//! of templates added, removed and renamed, one section per group of templates with the same
//! rule changes, the rule sets that do not parse, the VMs whose verdict changes, and the
//! errors. Names, paths and messages are code spans.

use validgen_kubevirt::diff::{CatalogDiff, Release, Rename};

use super::{
    DiffReport, JudgedVms, Line, changed_vms, counts, flip_words, groups, rules_count,
    verdict_words, vm_summary,
};
use crate::render::escape_controls;

/// Renders `report`.
pub fn render(report: &DiffReport) -> String {
    let mut out = vec![format!(
        "## Rule changes: {} → {}",
        code(&report.old),
        code(&report.new)
    )];
    if let Some(d) = &report.diff {
        diff(&mut out, d);
    }
    if let Some(v) = &report.vms {
        vms(&mut out, v);
    }
    if !report.errors.is_empty() {
        out.push(String::new());
        out.push("### Errors".to_owned());
        out.push(String::new());
        out.extend(report.errors.iter().map(|e| format!("- {}", code(e))));
    }
    out.join("\n") + "\n"
}

fn section(out: &mut Vec<String>, title: &str) {
    out.push(String::new());
    out.push(format!("### {title}"));
    out.push(String::new());
}

fn diff(out: &mut Vec<String>, d: &CatalogDiff) {
    out.push(String::new());
    out.push(format!("**{}**", counts(d)));
    if !d.added.is_empty() {
        section(out, "Added");
        for t in &d.added {
            out.push(format!("- {} ({})", code(&t.key), rules_count(t.rules)));
        }
    }
    if !d.removed.is_empty() {
        section(out, "Removed");
        for t in &d.removed {
            out.push(format!("- {} ({})", code(&t.key), rules_count(t.rules)));
        }
    }
    let renamed: Vec<_> = d.renamed().collect();
    if !renamed.is_empty() {
        section(out, "Renamed");
        for t in renamed {
            let how = match &t.renamed {
                Some(Rename::SameFile(f)) => format!("same file {}", code(f)),
                Some(Rename::SameBaseName(n)) => {
                    format!("same name {} without the release suffix", code(n))
                }
                None => String::new(),
            };
            out.push(format!(
                "- {} → {} ({how})",
                code(&t.old.key),
                code(&t.new.key)
            ));
        }
    }
    for (templates, lines) in groups(d) {
        let names: Vec<String> = templates.iter().map(|t| code(&t.new.key)).collect();
        // A few names make the heading; more go in a paragraph under a count.
        if names.len() <= 3 {
            section(out, &names.join(", "));
        } else {
            section(out, &format!("{} templates", names.len()));
            out.push(names.join(", "));
            out.push(String::new());
        }
        for line in lines {
            match line {
                Line::Set(s) => out.push(format!("- {}", code(&s))),
                Line::Rule { mark, name, words } => {
                    let what = match mark {
                        '+' => "added",
                        '-' => "removed",
                        _ => "changed",
                    };
                    out.push(format!("- **{what}** rule {}", code(&name)));
                    out.extend(words.iter().map(|w| format!("  - {}", code(w))));
                }
            }
        }
    }
    if !d.problems.is_empty() {
        section(out, "Rule sets that do not parse");
        for p in &d.problems {
            let release = match p.release {
                Release::Old => "old",
                Release::New => "**new**",
            };
            out.push(format!(
                "- {release} {} template {} at {}: {}",
                code(&p.source),
                code(&p.template),
                code(&p.annotation.to_string()),
                code(&p.error)
            ));
        }
    }
}

fn vms(out: &mut Vec<String>, v: &JudgedVms) {
    let rows = changed_vms(v);
    if !rows.is_empty() {
        section(out, "VMs whose verdict changes");
        for r in rows {
            out.push(format!(
                "- **{}** {} {}",
                flip_words(r.impact.flip),
                code(&r.name),
                code(&r.source)
            ));
            for (when, verdict) in [("old", &r.impact.old), ("new", &r.impact.new)] {
                out.extend(
                    verdict_words(verdict)
                        .iter()
                        .map(|w| format!("  - {when}: {}", code(w))),
                );
            }
        }
    }
    out.push(String::new());
    out.push(format!("**{}**", vm_summary(v)));
}

/// `s` as a Markdown code span: control characters escaped, fenced by one backtick more than
/// the longest run of backticks in it (CommonMark §6.1), padded when it starts or ends with one.
fn code(s: &str) -> String {
    let s = escape_controls(s);
    let mut longest = 0;
    let mut run = 0;
    for c in s.chars() {
        run = if c == '`' { run + 1 } else { 0 };
        longest = longest.max(run);
    }
    let fence = "`".repeat(longest + 1);
    let pad = if s.starts_with('`') || s.ends_with('`') {
        " "
    } else {
        ""
    };
    format!("{fence}{pad}{s}{pad}{fence}")
}

#[cfg(test)]
mod tests {
    use super::code;

    #[test]
    fn code_spans_hold_backticks_and_no_line_breaks() {
        assert_eq!(code("a"), "`a`");
        assert_eq!(code("regex: `a` → `b`"), "`` regex: `a` → `b` ``");
        assert_eq!(code("a``b"), "```a``b```");
        assert_eq!(code("x\ny"), "`x\\ny`");
    }
}
