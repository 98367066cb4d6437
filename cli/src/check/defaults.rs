//! `check --defaults`: every template's default VM (`objects[0]` processed as `oc process`
//! does, [`validgen_kubevirt::process`]) judged with the template's rules, raw and
//! admitted; the templates whose default VM is denied are reported with the causes, located at
//! the template's `metadata.name` in its file; rendered as text or JSON.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use validgen_codegen::Diagnostic;
use validgen_codegen::source::{SourceTemplate, read_catalog, shown_path};
use validgen_kubevirt::admission::{Decision, Source, Template};
use validgen_kubevirt::manifest::{self, DEFAULT_MAX_BYTES};
use validgen_kubevirt::process::{self, DefaultVm, default_vm};

use super::{Finding, Severity, sort_findings, text};
use crate::cli::{CheckArgs, CheckFormat};
use crate::{EXIT_DENIED, EXIT_ERROR, EXIT_OK};

/// The identifier of a default VM denied in either mode.
pub const DENIED_ID: &str = "default-vm-denied";
/// The identifier of a template whose default VM cannot be made or judged: a catalog that
/// cannot be read, a parameter without a value, a `from` pattern outside the generator's
/// subset, a rule set that does not parse.
pub const NOT_PROCESSED_ID: &str = "template-not-processed";
/// The identifier of `justWarning` rules the default VM does not satisfy.
pub const WARNING_ID: &str = "default-vm-warning";
/// The identifier of a VM object whose parent-template label does not name its template,
/// when the template's own rules are the ones that apply.
pub const PARENT_ID: &str = "parent-label-mismatch";
/// The identifier of a `${…}` reference processing leaves as written.
pub const UNSUBSTITUTED_ID: &str = "reference-not-substituted";

/// One template's default VM, as reported.
struct Judged {
    /// The template's `metadata.name`.
    name: String,
    /// The template's location, `metadata.name`'s value.
    at: Diagnostic,
    /// `None` when the template could not be processed.
    vm: Option<DefaultVm>,
}

/// Runs `check --defaults`; returns the exit status.
pub fn run(args: &CheckArgs) -> u8 {
    if args.output == CheckFormat::Sarif {
        eprintln!("error: --defaults prints text or json, not sarif");
        return EXIT_ERROR;
    }
    let overrides: BTreeMap<String, String> = args.params.iter().cloned().collect();
    let (judged, findings) = check_defaults(&args.catalogs, &overrides);
    let counts = Counts::of(&judged, &findings);
    let out = match args.output {
        CheckFormat::Json => render_json(&judged, &findings, &counts),
        _ => {
            let plural =
                |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
            text::render(&findings, text::styled_stdout())
                + &format!(
                    "{}: {} denied ({} raw, {} admitted), {}, {} in {}\n",
                    plural(judged.len(), "template"),
                    plural(counts.denied, "default VM"),
                    counts.raw,
                    counts.admitted,
                    plural(counts.errors, "error"),
                    plural(counts.warnings, "warning"),
                    plural(args.catalogs.len(), "catalog"),
                )
        }
    };
    if std::io::stdout().lock().write_all(out.as_bytes()).is_err() {
        return EXIT_ERROR;
    }
    if counts.errors > 0 {
        EXIT_ERROR
    } else if counts.denied > 0 {
        EXIT_DENIED
    } else if counts.warnings > 0 {
        args.warn_exit_code.unwrap_or(EXIT_OK)
    } else {
        EXIT_OK
    }
}

/// What a report counts.
struct Counts {
    /// Default VMs denied in either mode.
    denied: usize,
    /// … denied raw.
    raw: usize,
    /// … denied admitted.
    admitted: usize,
    /// Problems of the input ([`NOT_PROCESSED_ID`]).
    errors: usize,
    /// Warnings.
    warnings: usize,
}

impl Counts {
    fn of(judged: &[Judged], findings: &[Finding]) -> Counts {
        let denied = |f: fn(&DefaultVm) -> bool| {
            judged
                .iter()
                .filter(|j| j.vm.as_ref().is_some_and(f))
                .count()
        };
        Counts {
            denied: denied(DefaultVm::denied),
            raw: denied(|d| !d.raw.allowed),
            admitted: denied(|d| !d.admitted.allowed),
            errors: findings.iter().filter(|f| f.id == NOT_PROCESSED_ID).count(),
            warnings: findings
                .iter()
                .filter(|f| f.severity == Severity::Warning)
                .count(),
        }
    }
}

/// Judges the default VM of every template of `dirs` (named as given) with `overrides`
/// (parameter name → value; each is given to the templates that declare it, and one that no
/// template declares is an error); returns the templates in path order and the findings,
/// sorted by file and line.
fn check_defaults(
    dirs: &[PathBuf],
    overrides: &BTreeMap<String, String>,
) -> (Vec<Judged>, Vec<Finding>) {
    let mut findings = Vec::new();
    let mut templates: Vec<(Template, Diagnostic, Option<SourceTemplate>)> = Vec::new();
    for dir in dirs {
        templates.extend(read_templates(dir, &mut findings));
    }
    let declared: BTreeSet<String> = templates
        .iter()
        .filter_map(|(t, ..)| process::parameters(t).ok())
        .flatten()
        .map(|p| p.name)
        .collect();
    for name in overrides.keys().filter(|k| !declared.contains(*k)) {
        findings.push(error(Diagnostic::file(
            "--param",
            format!("no template of the catalog declares a parameter `{name}`"),
        )));
    }
    let mut judged = Vec::new();
    for (t, at, source) in templates {
        let own: BTreeMap<String, String> = process::parameters(&t)
            .unwrap_or_default()
            .into_iter()
            .filter_map(|p| overrides.get(&p.name).map(|v| (p.name, v.clone())))
            .collect();
        let vm = match default_vm(&t, &own) {
            Ok(vm) => {
                findings.extend(vm_findings(&vm, &at, source.as_ref()));
                Some(vm)
            }
            Err(errors) => {
                findings.extend(
                    errors
                        .into_iter()
                        .map(|e| error(located(&at, None, e.to_string()))),
                );
                None
            }
        };
        judged.push(Judged {
            name: t.name.clone(),
            at,
            vm,
        });
    }
    sort_findings(&mut findings);
    (judged, findings)
}

fn error(diagnostic: Diagnostic) -> Finding {
    Finding {
        severity: Severity::Error,
        id: NOT_PROCESSED_ID,
        diagnostic,
    }
}

fn located(at: &Diagnostic, rule: Option<String>, message: String) -> Diagnostic {
    Diagnostic::at(&at.file, at.line, at.column, rule, message)
}

/// The templates of a catalog folder with their locations; the folder's problems in
/// `findings`.
fn read_templates(
    dir: &Path,
    findings: &mut Vec<Finding>,
) -> Vec<(Template, Diagnostic, Option<SourceTemplate>)> {
    let display = dir.to_string_lossy();
    let display = display.trim_end_matches('/');
    let display = if display.is_empty() { "/" } else { display };
    let read = read_catalog(dir, display);
    let mut unreadable: BTreeSet<String> = BTreeSet::new();
    for d in read.errors.0 {
        unreadable.insert(d.file.clone());
        findings.push(error(d));
    }
    // `(file, name)` → the located templates read there, in order.
    let mut sources: BTreeMap<(String, String), Vec<SourceTemplate>> = BTreeMap::new();
    for t in read.templates.into_iter().rev() {
        sources
            .entry((t.file.clone(), t.name.clone()))
            .or_default()
            .push(t);
    }
    let mut out = Vec::new();
    for path in &read.files {
        let (rel, shown) = shown_path(dir, display, path);
        if unreadable.contains(&shown) {
            continue;
        }
        let docs = match manifest::read_file(path, DEFAULT_MAX_BYTES) {
            Ok(docs) => docs,
            Err(e) => {
                findings.push(error(Diagnostic::file(&shown, e.to_string())));
                continue;
            }
        };
        for doc in docs {
            let Some(t) = Template::from_json(doc.value, format!("{shown}#{}", doc.index)) else {
                continue;
            };
            let source = sources
                .get_mut(&(rel.clone(), t.name.clone()))
                .and_then(Vec::pop);
            let at = match &source {
                Some(s) => Diagnostic::at(&shown, s.name_line, s.name_column, None, String::new()),
                None => Diagnostic::file(&shown, String::new()),
            };
            out.push((t, at, source));
        }
    }
    if out.is_empty() && !read.files.is_empty() && unreadable.is_empty() {
        findings.push(error(Diagnostic::file(
            display,
            "no Template found (looked for *.yaml, *.yml and *.json files)".to_owned(),
        )));
    }
    out
}

/// `raw and admitted`, `raw only` or `admitted only`: the modes of `item`.
fn modes<T: PartialEq>(item: &T, raw: &[T], admitted: &[T]) -> &'static str {
    match (raw.contains(item), admitted.contains(item)) {
        (true, true) => "raw and admitted",
        (true, false) => "raw only",
        _ => "admitted only",
    }
}

/// The items of both lists, each once, raw first.
fn union<T: PartialEq + Clone>(raw: &[T], admitted: &[T]) -> Vec<T> {
    let mut out: Vec<T> = raw.to_vec();
    out.extend(admitted.iter().filter(|a| !raw.contains(a)).cloned());
    out
}

/// `(rule, justWarning, message)` of each reason a decision denies: its causes (with the
/// rule they come from: the reference lists unsatisfied `justWarning` rules among the causes of
/// a denial), or its 400 message.
fn reasons(d: &Decision) -> Vec<(Option<String>, bool, String)> {
    if d.allowed {
        return Vec::new();
    }
    if d.causes.is_empty() {
        return vec![(None, false, d.message.clone().unwrap_or_default())];
    }
    d.causes
        .iter()
        .map(|c| {
            let rule = d.report.rules.iter().find(|r| {
                *r.field == c.field && c.message.starts_with(&format!("{}: ", r.message))
            });
            (
                rule.map(|r| r.name.to_string()),
                rule.is_some_and(|r| r.just_warning),
                c.message.clone(),
            )
        })
        .collect()
}

/// What the verdicts on a default VM give: denials, warnings, references left, a rule set
/// that does not parse.
fn vm_findings(vm: &DefaultVm, at: &Diagnostic, source: Option<&SourceTemplate>) -> Vec<Finding> {
    let mut out = Vec::new();
    for u in &vm.processed.unsubstituted {
        let why = if u.declared {
            "is not the whole value: oc process substitutes `${{NAME}}` only as a whole value"
        } else {
            "names no parameter of the template"
        };
        out.push(Finding {
            severity: Severity::Warning,
            id: UNSUBSTITUTED_ID,
            diagnostic: located(
                at,
                None,
                format!(
                    "`{}` at objects[0]{} {why}; left as written, as oc process leaves it",
                    u.reference, u.pointer
                ),
            ),
        });
    }
    if let Some(label) = &vm.other_parent {
        let written = if label.is_empty() {
            "no `vm.kubevirt.io/template` label".to_owned()
        } else {
            format!("the label `vm.kubevirt.io/template: {label}`")
        };
        out.push(Finding {
            severity: Severity::Warning,
            id: PARENT_ID,
            diagnostic: located(
                at,
                None,
                format!(
                    "objects[0] has {written}, which does not name this template: a VM created as written finds no parent template and is allowed without its rules; judged as created from this template (as the web console labels it)"
                ),
            ),
        });
    }
    if let Some(e) = vm
        .raw
        .rule_set_error
        .as_ref()
        .or(vm.admitted.rule_set_error.as_ref())
    {
        // The VM's own rules, or the template's (legacy) ones.
        let text = source.and_then(|s| match vm.raw.source {
            Source::Template => s.legacy_rules.as_ref(),
            _ => s.rules.as_ref(),
        });
        let d = match text {
            Some(t) => {
                let (line, column) = t.origin.locate(e.location);
                Diagnostic::at(
                    &t.origin.file,
                    line,
                    column,
                    e.rule_name.clone(),
                    String::new(),
                )
            }
            None => at.clone(),
        };
        out.push(error(located(
            &d,
            d.rule.clone(),
            format!(
                "the rule set does not parse, so every VM is denied (400): {}",
                e.message
            ),
        )));
        return out;
    }
    let (raw, admitted) = (reasons(&vm.raw), reasons(&vm.admitted));
    for r in union(&raw, &admitted) {
        out.push(Finding {
            severity: Severity::Error,
            id: DENIED_ID,
            diagnostic: located(
                at,
                r.0.clone(),
                format!(
                    "default VM denied ({}){}: {}",
                    modes(&r, &raw, &admitted),
                    if r.1 {
                        "; this justWarning rule is among the causes, as the reference lists it"
                    } else {
                        ""
                    },
                    r.2
                ),
            ),
        });
    }
    let (raw, admitted) = (&vm.raw.warnings, &vm.admitted.warnings);
    for w in union(raw, admitted) {
        out.push(Finding {
            severity: Severity::Warning,
            id: WARNING_ID,
            diagnostic: located(
                at,
                None,
                format!("default VM warning ({}): {w}", modes(&w, raw, admitted)),
            ),
        });
    }
    out
}

/// `{"templates": [{name, file, line, column, processed, generated, raw, admitted}],
/// "denied", "errors", "warnings", "diagnostics"}`: each verdict `{allowed, code, message,
/// causes}` (null when the template was not processed); diagnostics as `check -o json`.
fn render_json(judged: &[Judged], findings: &[Finding], counts: &Counts) -> String {
    let verdict = |d: &Decision| json!({"allowed": d.allowed, "code": d.code, "message": d.message, "causes": d.causes});
    let templates: Vec<Value> = judged
        .iter()
        .map(|j| {
            let vm = j.vm.as_ref();
            let generated: BTreeMap<&String, &String> = vm
                .map(|v| {
                    v.processed
                        .generated
                        .iter()
                        .map(|n| (n, &v.processed.values[n]))
                        .collect()
                })
                .unwrap_or_default();
            json!({
                "name": j.name,
                "file": j.at.file,
                "line": j.at.line,
                "column": j.at.column,
                "processed": vm.is_some(),
                "generated": generated,
                "raw": vm.map(|v| verdict(&v.raw)),
                "admitted": vm.map(|v| verdict(&v.admitted)),
            })
        })
        .collect();
    let doc = json!({
        "templates": templates,
        "denied": counts.denied,
        "errors": counts.errors,
        "warnings": counts.warnings,
        "diagnostics": findings.iter().map(super::json::diagnostic).collect::<Vec<_>>(),
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default() + "\n"
}
