//! `validgen diff`: two catalog releases compared rule by rule
//! ([`validgen_kubevirt::diff`]), and (`--vms`) the VMs whose verdict changes, as text,
//! JSON or Markdown.

mod json;
mod markdown;
mod text;
mod vms;

use std::collections::BTreeMap;
use std::io::Write;

use validgen_kubevirt::admission::{Catalog, Mode, Source};
use validgen_kubevirt::diff::{
    Annotation, CatalogDiff, Flip, Release, RuleChange, RuleDiff, RuleSetDiff, TemplateDiff,
    VmVerdict, diff_catalogs,
};

use crate::cli::{DiffArgs, DiffFormat};
use crate::render::escape_controls;
use crate::{EXIT_DENIED, EXIT_ERROR, EXIT_OK};
pub use vms::{JudgedVms, VmRow};

/// Everything `diff` reports.
#[derive(Debug)]
pub struct DiffReport {
    /// The old catalog folder, as given.
    pub old: String,
    /// The new catalog folder, as given.
    pub new: String,
    /// The diff; `None` when a catalog did not load.
    pub diff: Option<CatalogDiff>,
    /// The VMs judged (`--vms`), when a diff was made.
    pub vms: Option<JudgedVms>,
    /// What could not be read: a catalog's errors, a VM file's; each names its file.
    pub errors: Vec<String>,
    /// What loading the catalogs found that changes no verdict.
    pub warnings: Vec<String>,
}

impl DiffReport {
    /// 2 when something could not be read or a rule set of the new release does not parse;
    /// else 1 when templates, rules or VM verdicts changed; else 0.
    pub fn exit_code(&self) -> u8 {
        let broken_new = self
            .diff
            .as_ref()
            .is_some_and(|d| d.problems.iter().any(|p| p.release == Release::New));
        let vms_changed = self
            .vms
            .as_ref()
            .is_some_and(|v| v.rows.iter().any(|r| r.impact.flip != Flip::Unchanged));
        if !self.errors.is_empty() || broken_new {
            EXIT_ERROR
        } else if self.diff.as_ref().is_some_and(CatalogDiff::has_changes) || vms_changed {
            EXIT_DENIED
        } else {
            EXIT_OK
        }
    }
}

/// Runs `diff`; returns the exit status.
pub fn run(args: &DiffArgs) -> u8 {
    let report = compare(args);
    for w in &report.warnings {
        eprintln!("{}", escape_controls(&format!("warning: {w}")));
    }
    let out = match args.output {
        DiffFormat::Text => text::render(&report),
        DiffFormat::Markdown => markdown::render(&report),
        DiffFormat::Json => match json::render(&report) {
            Ok(out) => out,
            Err(e) => {
                eprintln!("error: {e}");
                return EXIT_ERROR;
            }
        },
    };
    if args.output != DiffFormat::Json {
        for e in &report.errors {
            eprintln!("{}", escape_controls(&format!("error: {e}")));
        }
    }
    if std::io::stdout().lock().write_all(out.as_bytes()).is_err() {
        return EXIT_ERROR;
    }
    report.exit_code()
}

/// Loads both catalogs (reporting every error of each), diffs them and judges the VMs.
pub fn compare(args: &DiffArgs) -> DiffReport {
    let mut report = DiffReport {
        old: args.old.display().to_string(),
        new: args.new.display().to_string(),
        diff: None,
        vms: None,
        errors: Vec::new(),
        warnings: Vec::new(),
    };
    let mut load = |dir: &std::path::Path| match Catalog::load_dir(dir) {
        Ok(c) => {
            report.warnings.extend_from_slice(c.warnings());
            Some(c)
        }
        Err(e) => {
            report.errors.extend(e.0.iter().map(ToString::to_string));
            None
        }
    };
    let (old, new) = (load(&args.old), load(&args.new));
    let (Some(old), Some(new)) = (old, new) else {
        return report;
    };
    report.diff = Some(diff_catalogs(&old, &new));
    if !args.vms.is_empty() {
        let mode = if args.raw { Mode::Raw } else { Mode::Admitted };
        let judged = vms::judge(&args.vms, &old, &new, mode, args.max_bytes);
        report.errors.extend(judged.errors.iter().cloned());
        report.vms = Some(judged);
    }
    report
}

/// The counts line: `2 templates added, 1 removed, 1 renamed, 3 changed, 10 unchanged`.
fn counts(d: &CatalogDiff) -> String {
    let renamed = d.renamed().count();
    let changed = d.changed.iter().filter(|t| !t.rule_sets.is_empty()).count();
    format!(
        "{} template{} added, {} removed, {renamed} renamed, {changed} with rule changes, {} unchanged",
        d.added.len(),
        plural(d.added.len()),
        d.removed.len(),
        d.unchanged
    )
}

/// Templates with the same rule-set changes, in the order of their first template: each
/// group's templates and its lines (see [`rule_set_lines`]).
fn groups(d: &CatalogDiff) -> Vec<(Vec<&TemplateDiff>, Vec<Line>)> {
    let mut out: Vec<(Vec<&TemplateDiff>, Vec<Line>)> = Vec::new();
    let mut index: BTreeMap<Vec<Line>, usize> = BTreeMap::new();
    for t in d.changed.iter().filter(|t| !t.rule_sets.is_empty()) {
        let lines: Vec<Line> = t.rule_sets.iter().flat_map(rule_set_lines).collect();
        match index.get(&lines) {
            Some(&i) => out[i].0.push(t),
            None => {
                index.insert(lines.clone(), out.len());
                out.push((vec![t], lines));
            }
        }
    }
    out
}

/// One line of a template's changes, before rendering.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Line {
    /// The rule set moved, appeared, disappeared or stopped or started parsing.
    Set(String),
    /// A rule added (`+`), removed (`-`) or changed (`~`): its name and what it says.
    Rule {
        /// `+`, `-` or `~`.
        mark: char,
        /// The rule's name.
        name: String,
        /// For `+`/`-` the rule's summary; for `~` one entry per change.
        words: Vec<String>,
    },
}

/// The lines of one rule set's diff.
fn rule_set_lines(s: &RuleSetDiff) -> Vec<Line> {
    let at = |a: &[Annotation]| {
        a.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" and ")
    };
    let mut out = Vec::new();
    if s.moved() {
        out.push(Line::Set(format!(
            "rule set moved: {} → {}",
            at(&s.old_at),
            at(&s.new_at)
        )));
    } else if s.old_at.is_empty() {
        out.push(Line::Set(format!("rule set added at {}", at(&s.new_at))));
    } else if s.new_at.is_empty() {
        out.push(Line::Set(format!(
            "rule set removed from {}",
            at(&s.old_at)
        )));
    }
    if s.old_error != s.new_error {
        if let Some(e) = &s.old_error {
            out.push(Line::Set(format!("the old rule set does not parse: {e}")));
        }
        if let Some(e) = &s.new_error {
            out.push(Line::Set(format!("the new rule set does not parse: {e}")));
        }
    }
    for r in &s.rules {
        out.push(match r {
            RuleDiff::Added { name, summary } => Line::Rule {
                mark: '+',
                name: name.clone(),
                words: vec![summary.clone()],
            },
            RuleDiff::Removed { name, summary } => Line::Rule {
                mark: '-',
                name: name.clone(),
                words: vec![summary.clone()],
            },
            RuleDiff::Changed { name, changes } => Line::Rule {
                mark: '~',
                name: name.clone(),
                words: changes.iter().map(change_words).collect(),
            },
        });
    }
    out
}

/// One rule change in words: `min: 1Gi (1073741824 bytes) → 2Gi (2147483648 bytes)`.
fn change_words(c: &RuleChange) -> String {
    let opt = |v: &Option<String>| v.clone().unwrap_or_else(|| "(none)".to_owned());
    match c {
        RuleChange::Kind { old, new } => format!("rule: {old:?} → {new:?}"),
        RuleChange::Path { old, new } => format!("path: {} → {}", opt(old), opt(new)),
        RuleChange::Valid { old, new } => format!("valid: {} → {}", opt(old), opt(new)),
        RuleChange::Message { old, new } => format!("message: {old:?} → {new:?}"),
        RuleChange::JustWarning { old, new } => format!("justWarning: {old} → {new}"),
        RuleChange::Bound { key, old, new } => format!("{key}: {} → {}", opt(old), opt(new)),
        RuleChange::Values { added, removed } => {
            let mut parts = Vec::new();
            if !added.is_empty() {
                parts.push(format!("added {}", added.join(", ")));
            }
            if !removed.is_empty() {
                parts.push(format!("removed {}", removed.join(", ")));
            }
            format!("values: {}", parts.join("; "))
        }
        RuleChange::Regex { old, new } => format!("regex: `{old}` → `{new}`"),
    }
}

/// How a verdict came about, in words: the causes with their rules, the 400's error, or why
/// the VM is allowed.
fn verdict_words(v: &VmVerdict) -> Vec<String> {
    if let Some(e) = &v.error {
        return vec![format!("code 400: {e}")];
    }
    if !v.allowed {
        return v
            .causes
            .iter()
            .map(|c| format!("rule {} ({}): {}", c.rule, c.field, c.message))
            .collect();
    }
    let why = match v.source {
        Source::VmAnnotation if v.rules == 0 => "its own rule set is empty",
        Source::VmAnnotation => "its own rules are satisfied",
        Source::Template if v.rules == 0 => "its template has no `validations` rules",
        Source::Template => "its template's rules are satisfied",
        Source::NoTemplate => "it names no template",
        Source::TemplateMissing => "its template is not in the catalog",
        Source::Deleting => "it is being deleted",
        Source::SkipAnnotation => "it skips validation",
        Source::VmUnmarshalError => "it does not decode",
    };
    vec![format!("allowed: {why}")]
}

/// `allowed → denied`, `denied → allowed`, `causes changed`.
fn flip_words(f: Flip) -> &'static str {
    match f {
        Flip::AllowedToDenied => "allowed → denied",
        Flip::DeniedToAllowed => "denied → allowed",
        Flip::CausesChanged => "causes changed",
        Flip::Unchanged => "unchanged",
    }
}

/// The VM summary line: `3 VMs judged (admitted): 1 allowed → denied, …`.
fn vm_summary(v: &JudgedVms) -> String {
    let n = |f: Flip| v.rows.iter().filter(|r| r.impact.flip == f).count();
    let mut out = format!(
        "{} VM{} judged ({}): {} allowed → denied, {} denied → allowed, {} causes changed, {} unchanged",
        v.rows.len(),
        plural(v.rows.len()),
        v.mode,
        n(Flip::AllowedToDenied),
        n(Flip::DeniedToAllowed),
        n(Flip::CausesChanged),
        n(Flip::Unchanged),
    );
    if v.skipped > 0 {
        out.push_str(&format!(
            ", {} other document{} skipped",
            v.skipped,
            plural(v.skipped)
        ));
    }
    out
}

/// The VMs whose verdict changed, most serious change first, then in input order.
fn changed_vms(v: &JudgedVms) -> Vec<&VmRow> {
    let mut rows: Vec<&VmRow> = v
        .rows
        .iter()
        .filter(|r| r.impact.flip != Flip::Unchanged)
        .collect();
    rows.sort_by_key(|r| r.impact.flip);
    rows
}

/// `s` unless `n` is 1.
fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// `N rule(s)`.
fn rules_count(n: usize) -> String {
    format!("{n} rule{}", plural(n))
}
