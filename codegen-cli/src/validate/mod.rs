//! `validgen validate`: judge VM manifests against their own rules or their templates' rules.
//!
//! Files are read and judged in parallel (rayon) and printed in input order as soon as every
//! file before them is done; standard input is judged document by document as it arrives.
//! Both are read as streams of documents (`stream`), so `--max-bytes` bounds each document.
//! The `--templates` catalogs are loaded first, and any error in them ends the run before a VM
//! is judged.

mod console;
mod inputs;
mod ordered;
mod stream;

use std::io::IsTerminal;

use serde_json::Value;
use validgen_runtime::kubevirt::admission::{self, Catalog, Decision, Mode};
use validgen_runtime::kubevirt::manifest::Document;

use crate::cli::ValidateArgs;
use crate::render::{self, Sink, escape_controls};
use crate::{EXIT_DENIED, EXIT_ERROR, EXIT_OK};
use console::Console;
use inputs::Unit;
pub use inputs::{Catalogs, load_catalogs};

/// The verdict on one VM document.
#[derive(Debug, Clone)]
pub struct VmVerdict {
    /// `<file>#<document index>` (`-` is standard input).
    pub source: String,
    /// `metadata.name`.
    pub name: Option<String>,
    /// `metadata.namespace`.
    pub namespace: Option<String>,
    /// The decision.
    pub decision: Decision,
}

impl VmVerdict {
    /// `namespace/name`, `name`, or `(unnamed)`.
    pub fn display_name(&self) -> String {
        match (&self.namespace, &self.name) {
            (Some(ns), Some(n)) => format!("{ns}/{n}"),
            (None, Some(n)) => n.clone(),
            _ => "(unnamed)".to_owned(),
        }
    }
}

/// What became of one document, or of an input that could not be read.
#[derive(Debug, Clone)]
pub enum Item {
    /// A VirtualMachine, judged (boxed: a verdict is much larger than the other variants).
    Vm(Box<VmVerdict>),
    /// A document that is not a VirtualMachine.
    Skipped {
        /// `<file>#<document index>`.
        source: String,
        /// Its `kind` (or a phrase saying it has none).
        kind: String,
    },
    /// An input (or part of one) that could not be read or parsed.
    Error {
        /// The input's name, with `:<line>` when the error is at a line of it (a broken
        /// document of a stream).
        source: String,
        /// The full message, naming the file (and line where known).
        message: String,
    },
}

/// Everything one input produced, in document order.
#[derive(Debug, Clone)]
pub struct FileReport {
    /// The input's name: its path, `-` for standard input.
    pub name: String,
    /// Its items.
    pub items: Vec<Item>,
}

/// Counts over a whole run.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Inputs read: files (those found in folders included), standard input, and paths that
    /// could not be listed.
    pub files: usize,
    /// VirtualMachines judged.
    pub vms: usize,
    /// VMs allowed.
    pub allowed: usize,
    /// VMs denied.
    pub denied: usize,
    /// VMs (allowed or denied) with at least one warning.
    pub warned: usize,
    /// Inputs or documents that could not be read.
    pub errors: usize,
    /// Documents that are not VirtualMachines.
    pub skipped: usize,
}

impl Tally {
    fn count(&mut self, item: &Item) {
        match item {
            Item::Vm(v) => {
                self.vms += 1;
                if v.decision.allowed {
                    self.allowed += 1;
                } else {
                    self.denied += 1;
                }
                if !v.decision.warnings.is_empty() {
                    self.warned += 1;
                }
            }
            Item::Skipped { .. } => self.skipped += 1,
            Item::Error { .. } => self.errors += 1,
        }
    }

    /// The exit status: errors first, then denials, then warnings when asked.
    pub fn exit_code(&self, warn_exit_code: Option<u8>) -> u8 {
        if self.errors > 0 {
            EXIT_ERROR
        } else if self.denied > 0 {
            EXIT_DENIED
        } else {
            match warn_exit_code {
                Some(code) if self.warned > 0 => code,
                _ => EXIT_OK,
            }
        }
    }
}

/// Runs `validate`; returns the exit status.
pub fn run(args: &ValidateArgs) -> u8 {
    let Catalogs {
        catalog,
        errors: catalog_errors,
        warnings: catalog_warnings,
    } = load_catalogs(&args.templates);
    let units = inputs::units(&args.paths);
    let files = units
        .iter()
        .map(|u| match u {
            Unit::Batch(jobs) => jobs.len(),
            Unit::Stdin => 0,
        })
        .sum();
    let stdout = std::io::stdout();
    let color = stdout.is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut run = Run {
        sink: render::sink(args.output, color, Box::new(stdout.lock())),
        console: Console::new(files),
        tally: Tally::default(),
        errors_only: args.errors_only,
        broken: false,
    };
    for w in &catalog_warnings {
        run.console.note(&escape_controls(&format!("warning: {w}")));
    }
    // A catalog that did not load fails the run before any VM is judged: a VM whose template
    // was in the failed file would otherwise come out allowed (issue #12).
    if !catalog_errors.is_empty() {
        for (name, message) in catalog_errors {
            run.report(&FileReport {
                items: vec![Item::Error {
                    source: name.clone(),
                    message,
                }],
                name,
            });
        }
        run.console.finish();
        let _ = run.sink.finish(&run.tally, args.summary);
        return EXIT_ERROR;
    }
    let mode = if args.raw { Mode::Raw } else { Mode::Admitted };
    for unit in &units {
        match unit {
            Unit::Batch(jobs) => {
                let judge_job = |job: &_| inputs::judge_job(job, &catalog, mode, args.max_bytes);
                ordered::for_each(jobs, judge_job, |report| {
                    run.tally.files += 1;
                    run.report(&report);
                    run.console.tick();
                    !run.broken
                });
            }
            Unit::Stdin => {
                run.tally.files += 1;
                let judge = stream::Judge {
                    file: "-",
                    catalog: &catalog,
                    mode,
                    max_bytes: args.max_bytes,
                };
                stream::judge_stream(&judge, std::io::stdin().lock(), |item| {
                    run.item("-", &item);
                    !run.broken
                });
                run.end_file("-");
            }
        }
        if run.broken {
            break;
        }
    }
    run.console.finish();
    if run.broken {
        return EXIT_ERROR;
    }
    if run.sink.finish(&run.tally, args.summary).is_err() {
        return EXIT_ERROR;
    }
    run.tally.exit_code(args.warn_exit_code)
}

/// The state of a run: where results go and what was counted.
struct Run {
    sink: Box<dyn Sink>,
    console: Console,
    tally: Tally,
    errors_only: bool,
    /// Standard output could not be written (closed pipe): stop.
    broken: bool,
}

impl Run {
    fn report(&mut self, report: &FileReport) {
        for item in &report.items {
            self.item(&report.name, item);
        }
        self.end_file(&report.name);
    }

    fn item(&mut self, file: &str, item: &Item) {
        self.tally.count(item);
        let shown = match item {
            Item::Vm(v) => !self.errors_only || !v.decision.allowed,
            Item::Skipped { source, kind } => {
                if !self.errors_only {
                    self.console.note(&escape_controls(&format!(
                        "note: {source}: skipped {kind} (not a VirtualMachine)"
                    )));
                }
                !self.errors_only
            }
            Item::Error { message, .. } => {
                self.console
                    .note(&escape_controls(&format!("error: {message}")));
                true
            }
        };
        if shown && !self.broken {
            let sink = &mut self.sink;
            self.broken = self.console.stdout(|| sink.item(file, item)).is_err();
        }
    }

    fn end_file(&mut self, file: &str) {
        if !self.broken {
            let sink = &mut self.sink;
            self.broken = self.console.stdout(|| sink.end_file(file)).is_err();
        }
    }
}

/// Judges one document; `None` when it is not a VirtualMachine.
pub fn judge(source: String, doc: &Value, catalog: &Catalog, mode: Mode) -> Option<VmVerdict> {
    if doc.get("kind").and_then(Value::as_str) != Some("VirtualMachine") {
        return None;
    }
    let meta = |k: &str| {
        doc.pointer(&format!("/metadata/{k}"))
            .and_then(Value::as_str)
            .map(str::to_owned)
    };
    Some(VmVerdict {
        source,
        name: meta("name"),
        namespace: meta("namespace"),
        decision: admission::decide(doc, catalog, mode),
    })
}

/// The item for one parsed document of `file`.
fn document_item(file: &str, doc: &Document, catalog: &Catalog, mode: Mode) -> Item {
    let source = format!("{file}#{}", doc.index);
    match judge(source.clone(), &doc.value, catalog, mode) {
        Some(v) => Item::Vm(Box::new(v)),
        None => Item::Skipped {
            source,
            kind: doc
                .value
                .get("kind")
                .and_then(Value::as_str)
                .unwrap_or("a document without kind")
                .to_owned(),
        },
    }
}
