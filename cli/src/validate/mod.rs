//! `validgen validate`: judge VM manifests against their own rules or their templates' rules,
//! and Kyverno CLI test manifests against the built-in catalog of their version (`kyverno`);
//! or (`--schema`, `--crd`) validate documents against JSON Schemas or CRDs (`schema`).
//!
//! Files are read and judged in parallel (rayon) and printed in input order as soon as every
//! file before them is done; standard input is judged document by document as it arrives.
//! Both are read as streams of documents (`stream`), so `--max-bytes` bounds each document.
//! The `--templates` catalogs (or the schemas) are loaded first, and any error in them ends the
//! run before a document is judged.

mod console;
mod documents;
mod inputs;
mod kyverno;
mod ordered;
mod parsed;
pub mod schema;
mod stream;
mod ytt;

use std::io::IsTerminal;

use serde_json::Value;
use validgen_core::ir::Annotation;
use validgen_kubevirt::admission::{self, Catalog, Decision, Mode};
use validgen_kubevirt::manifest::Document;

use crate::cli::ValidateArgs;
use crate::render::{self, Sink, escape_controls, escape_lines};
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

/// One violation of a schema by a document.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SchemaViolation {
    /// The file the value is in, when it is not the document's stream (ytt data values
    /// merged from several files, or a schema default); empty otherwise.
    pub file: String,
    /// The line of the value in its stream (1-based; the document's line when the value has
    /// no position).
    pub line: usize,
    /// The column of the value (1-based, in characters; 0 when unknown).
    pub column: usize,
    /// The instance location: the JSON Pointer of the value in the document.
    pub instance: String,
    /// The schema: its file, with `#<pointer>` to the schema in the file for a CRD version.
    pub schema: String,
    /// The keyword location: the JSON Pointer of the keyword in that schema.
    pub keyword: String,
    /// What is wrong, in words (the schema's `errorMessage`, or a default text).
    pub message: String,
    /// What was found instead, when the validator says it (ytt's `found:`); empty otherwise.
    pub found: String,
    /// The annotations (`title`, `description`…) of the schema object the keyword belongs
    /// to ([`validgen_json_schema::annotation_of`]), when it has any.
    pub annotations: Option<Annotation>,
}

impl SchemaViolation {
    /// The keyword as one reference: `schema#pointer` (a CRD version's pointer continued);
    /// a ytt rule's position (`schema.yml:3`, no keyword) as it is; a keyword of another
    /// document of the registry (`<url>#<pointer>`) as it is.
    pub fn keyword_location(&self) -> String {
        if self.keyword.is_empty() && !self.file.is_empty() {
            self.schema.clone()
        } else if self.keyword.contains('#') {
            self.keyword.clone()
        } else if self.schema.contains('#') {
            format!("{}{}", self.schema, self.keyword)
        } else {
            format!("{}#{}", self.schema, self.keyword)
        }
    }
}

/// The verdict on one document validated against schemas.
#[derive(Debug, Clone)]
pub struct DocVerdict {
    /// `<file>#<document index>` (`-` is standard input).
    pub source: String,
    /// The line of the stream its value starts on.
    pub line: usize,
    /// `namespace/name` or `name` from its `metadata`, when it has one.
    pub name: Option<String>,
    /// The schemas it was validated against (as [`SchemaViolation::schema`] names them).
    pub schemas: Vec<String>,
    /// Its violations, schema by schema, in document order.
    pub violations: Vec<SchemaViolation>,
    /// What deserves a look but does not make it invalid (`kyverno fix test`'s warnings on a
    /// Kyverno test), in document order.
    pub warnings: Vec<SchemaViolation>,
    /// The annotations a valid document collects from its `--schema`s, each keyword located
    /// as `<schema file>#<pointer>` (or a registry document's `<url>#<pointer>`): collected
    /// only for `-o list` and `-o hierarchical`, which print them.
    pub annotations: Vec<validgen_json_schema::annotate::AnnotationUnit>,
}

impl DocVerdict {
    /// Valid against every schema.
    pub fn valid(&self) -> bool {
        self.violations.is_empty()
    }

    /// The source, and the name when there is one.
    pub fn title(&self) -> String {
        match &self.name {
            Some(n) => format!("{} {n}", self.source),
            None => self.source.clone(),
        }
    }
}

/// What became of one document, or of an input that could not be read.
#[derive(Debug, Clone)]
pub enum Item {
    /// A VirtualMachine, judged (boxed: a verdict is much larger than the other variants).
    Vm(Box<VmVerdict>),
    /// A document validated against schemas (`--schema`, `--crd`).
    Document(Box<DocVerdict>),
    /// A document that is not judged: neither a VirtualMachine nor a Kyverno test manifest, or (`--crd`) of a kind no CRD
    /// defines.
    Skipped {
        /// `<file>#<document index>`.
        source: String,
        /// Its `kind` (or a phrase saying it has none).
        kind: String,
        /// Why it is skipped: `neither a VirtualMachine nor a Kyverno test manifest`, `not a kind of the --crd files`…
        why: String,
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
    /// The run validated documents against schemas (`--schema`, `--crd`): the counts that
    /// follow are those shown, not the VMs'.
    pub schemas: bool,
    /// Documents validated against schemas.
    pub documents: usize,
    /// Documents valid against every schema.
    pub valid: usize,
    /// Documents invalid against some schema.
    pub invalid: usize,
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
            Item::Document(d) => {
                self.documents += 1;
                if d.valid() {
                    self.valid += 1;
                } else {
                    self.invalid += 1;
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
        } else if self.denied > 0 || self.invalid > 0 {
            EXIT_DENIED
        } else {
            match warn_exit_code {
                Some(code) if self.warned > 0 => code,
                _ => EXIT_OK,
            }
        }
    }
}

/// What documents are judged against.
pub(super) enum Against<'a> {
    /// VMs, by their own rules or their templates'.
    Templates {
        /// Where parent templates are found.
        catalog: &'a Catalog,
        /// Raw or admitted.
        mode: Mode,
        /// Kyverno test manifests met on the way: which files are tests, and whether the
        /// files a v1alpha1 `Test` names are checked.
        kyverno: kyverno::Options<'a>,
    },
    /// Every document, by JSON Schemas or CRDs.
    Schemas(&'a schema::SchemaSet),
}

/// Runs `validate`; returns the exit status.
pub fn run(args: &ValidateArgs) -> u8 {
    let stdout = std::io::stdout();
    let color = stdout.is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let units = inputs::units(&args.paths);
    let files = units
        .iter()
        .map(|u| match u {
            Unit::Batch(jobs) => jobs.len(),
            Unit::Stdin => 0,
        })
        .sum();
    let mut run = Run {
        sink: render::sink(args.output, color, Box::new(stdout.lock())),
        console: Console::new(files),
        tally: Tally::default(),
        errors_only: args.errors_only,
        broken: false,
    };
    if !args.ytt_schema.is_empty() {
        run.tally.schemas = true;
        let report = ytt::judge(
            &args.ytt_schema,
            &args.paths,
            args.max_bytes,
            args.seed_extensions,
        );
        run.tally.files = args.paths.len();
        run.report(&report);
        run.console.finish();
        if run.broken || run.sink.finish(&run.tally, args.summary).is_err() {
            return EXIT_ERROR;
        }
        return run.tally.exit_code(None);
    }
    if !args.schemas.is_empty() || !args.crds.is_empty() {
        run.tally.schemas = true;
        let crd = args.schemas.is_empty();
        let paths = if crd { &args.crds } else { &args.schemas };
        let loaded = schema::load(
            paths,
            schema::LoadOptions {
                crd,
                assert_formats: args.assert_formats,
                strict: args.strict,
                old: args.old.as_deref(),
                default_draft: args.default_draft,
                schema_map: &args.schema_map,
                yaml: args.yaml_version.into(),
                annotate: matches!(
                    args.output,
                    crate::cli::Format::List | crate::cli::Format::Hierarchical
                ),
            },
        );
        if !run.loaded(&loaded.errors, &loaded.warnings, args.summary) {
            return EXIT_ERROR;
        }
        return run.judge_all(&units, &Against::Schemas(&loaded.set), args);
    }
    let Catalogs {
        catalog,
        errors: catalog_errors,
        warnings: catalog_warnings,
    } = load_catalogs(&args.templates);
    // A catalog that did not load fails the run before any VM is judged: a VM whose template
    // was in the failed file would otherwise come out allowed (issue #12).
    if !run.loaded(&catalog_errors, &catalog_warnings, args.summary) {
        return EXIT_ERROR;
    }
    let mode = if args.raw { Mode::Raw } else { Mode::Admitted };
    run.judge_all(
        &units,
        &Against::Templates {
            catalog: &catalog,
            mode,
            kyverno: kyverno::Options {
                check_files: args.check_files,
                test_file_name: &args.kyverno_file_name,
            },
        },
        args,
    )
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
    /// Reports what loading the catalogs or schemas found; `false` when it has errors (they
    /// are reported, and the run is over).
    fn loaded(&mut self, errors: &[(String, String)], warnings: &[String], summary: bool) -> bool {
        for w in warnings {
            self.console
                .note(&escape_controls(&format!("warning: {w}")));
        }
        if errors.is_empty() {
            return true;
        }
        for (name, message) in errors {
            self.report(&FileReport {
                items: vec![Item::Error {
                    source: name.clone(),
                    message: message.clone(),
                }],
                name: name.clone(),
            });
        }
        self.console.finish();
        let _ = self.sink.finish(&self.tally, summary);
        false
    }

    /// Judges every input against `against`; returns the exit status.
    fn judge_all(&mut self, units: &[Unit], against: &Against<'_>, args: &ValidateArgs) -> u8 {
        for unit in units {
            match unit {
                Unit::Batch(jobs) => {
                    let judge_job = |job: &_| inputs::judge_job(job, against, args.max_bytes);
                    ordered::for_each(jobs, judge_job, |report| {
                        self.tally.files += 1;
                        self.report(&report);
                        self.console.tick();
                        !self.broken
                    });
                }
                Unit::Stdin => {
                    self.tally.files += 1;
                    let judge = stream::Judge {
                        file: "-",
                        against,
                        max_bytes: args.max_bytes,
                    };
                    stream::judge_stream(&judge, std::io::stdin().lock(), |item| {
                        self.item("-", &item);
                        !self.broken
                    });
                    self.end_file("-");
                }
            }
            if self.broken {
                break;
            }
        }
        self.console.finish();
        if self.broken || self.sink.finish(&self.tally, args.summary).is_err() {
            return EXIT_ERROR;
        }
        self.tally.exit_code(args.warn_exit_code)
    }

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
            Item::Document(d) => !self.errors_only || !d.valid(),
            Item::Skipped { source, kind, why } => {
                if !self.errors_only {
                    self.console.note(&escape_controls(&format!(
                        "note: {source}: skipped {kind} ({why})"
                    )));
                }
                !self.errors_only
            }
            Item::Error { message, .. } => {
                self.console
                    .note(&escape_lines(&format!("error: {message}")));
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
            why: "neither a VirtualMachine nor a Kyverno test manifest".to_owned(),
        },
    }
}
