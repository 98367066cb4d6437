//! The diff as plain text: the counts, the templates added, removed and renamed, each group of
//! templates with the same rule changes, the rule sets that do not parse, and the VMs whose
//! verdict changes. Errors go to standard error (see [`super::run`]).

use validgen_kubevirt::diff::{CatalogDiff, Release, Rename};

use super::{
    DiffReport, JudgedVms, Line, changed_vms, counts, flip_words, groups, rules_count,
    verdict_words, vm_summary,
};
use crate::render::escape_controls;

/// Renders `report`.
pub fn render(report: &DiffReport) -> String {
    let mut out = String::new();
    if let Some(d) = &report.diff {
        diff(&mut out, report, d);
    }
    if let Some(v) = &report.vms {
        vms(&mut out, v);
    }
    out
}

fn diff(out: &mut String, report: &DiffReport, d: &CatalogDiff) {
    put(
        out,
        format!("{} → {}: {}", report.old, report.new, counts(d)),
    );
    if !d.added.is_empty() {
        put(out, String::new());
        put(out, "added:".to_owned());
        for t in &d.added {
            put(
                out,
                format!("  + {} ({}) {}", t.key, rules_count(t.rules), t.source),
            );
        }
    }
    if !d.removed.is_empty() {
        put(out, String::new());
        put(out, "removed:".to_owned());
        for t in &d.removed {
            put(
                out,
                format!("  - {} ({}) {}", t.key, rules_count(t.rules), t.source),
            );
        }
    }
    let renamed: Vec<_> = d.renamed().collect();
    if !renamed.is_empty() {
        put(out, String::new());
        put(out, "renamed:".to_owned());
        for t in renamed {
            let how = match &t.renamed {
                Some(Rename::SameFile(f)) => format!("same file {f}"),
                Some(Rename::SameBaseName(n)) => {
                    format!("same name {n} without the release suffix")
                }
                None => String::new(),
            };
            put(out, format!("  {} → {} ({how})", t.old.key, t.new.key));
        }
    }
    for (templates, lines) in groups(d) {
        let names: Vec<&str> = templates.iter().map(|t| t.new.key.as_str()).collect();
        put(out, String::new());
        put(out, format!("{}:", names.join(", ")));
        for line in lines {
            match line {
                Line::Set(s) => {
                    put(out, format!("  {s}"));
                }
                Line::Rule {
                    mark: '~',
                    name,
                    words,
                } => {
                    put(out, format!("  ~ rule {name}:"));
                    for w in words {
                        put(out, format!("      {w}"));
                    }
                }
                Line::Rule { mark, name, words } => {
                    put(out, format!("  {mark} rule {name}: {}", words.join("; ")));
                }
            }
        }
    }
    if !d.problems.is_empty() {
        put(out, String::new());
        put(out, "rule sets that do not parse:".to_owned());
        for p in &d.problems {
            let release = match p.release {
                Release::Old => "old",
                Release::New => "new",
            };
            put(
                out,
                format!(
                    "  {release} {} template {} at {}: {}",
                    p.source, p.template, p.annotation, p.error
                ),
            );
        }
    }
}

fn vms(out: &mut String, v: &JudgedVms) {
    let rows = changed_vms(v);
    if !rows.is_empty() {
        put(out, String::new());
        put(out, "VMs whose verdict changes:".to_owned());
    }
    for r in rows {
        put(
            out,
            format!("  {}: {} {}", flip_words(r.impact.flip), r.source, r.name),
        );
        for w in verdict_words(&r.impact.old) {
            put(out, format!("      old: {w}"));
        }
        for w in verdict_words(&r.impact.new) {
            put(out, format!("      new: {w}"));
        }
    }
    put(out, String::new());
    put(out, vm_summary(v));
}

/// Appends one output line, its control characters escaped: names, messages and paths come
/// from the catalogs and manifests, and must not end a line or forge another.
fn put(out: &mut String, line: String) {
    out.push_str(&escape_controls(&line));
    out.push('\n');
}
