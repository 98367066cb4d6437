//! `validgen validate`: judge VM manifests against their own rules or their templates' rules.

use std::io::{IsTerminal, Read, Write};
use std::path::Path;

use serde_json::Value;
use validgen_runtime::admission::{self, Catalog, Decision, Mode, collect_files};
use validgen_runtime::manifest::{self, Document};

use crate::cli::{Format, ValidateArgs};
use crate::render;
use crate::{EXIT_DENIED, EXIT_ERROR, EXIT_OK};

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

/// One input: where it came from and its bytes.
struct Input {
    name: String,
    docs: Result<Vec<Document>, String>,
}

/// Runs `validate`; returns the exit status.
pub fn run(args: &ValidateArgs) -> u8 {
    let stderr = std::io::stderr();
    let mut errors = Vec::new();
    let catalog = load_catalogs(&args.templates, &mut errors);
    let inputs = gather_inputs(args, &mut errors);
    let stdout = std::io::stdout();
    let color = stdout.is_terminal() && std::env::var_os("NO_COLOR").is_none();
    let mut out = stdout.lock();
    let mode = if args.raw { Mode::Raw } else { Mode::Admitted };
    let mut denied = false;
    for input in inputs {
        let docs = match input.docs {
            Ok(d) => d,
            Err(e) => {
                errors.push(e);
                continue;
            }
        };
        for doc in docs {
            let source = format!("{}#{}", input.name, doc.index);
            let Some(verdict) = judge(source, &doc.value, &catalog, mode) else {
                let _ = writeln!(stderr.lock(), "note: {}", skipped_note(&input.name, &doc));
                continue;
            };
            denied |= !verdict.decision.allowed;
            let line = match args.output {
                Format::Text => render::text(&verdict, color),
                Format::Json => render::json_line(&verdict),
            };
            if writeln!(out, "{line}").is_err() {
                return EXIT_ERROR;
            }
        }
    }
    let _ = out.flush();
    for e in &errors {
        let _ = writeln!(stderr.lock(), "error: {e}");
    }
    if !errors.is_empty() {
        EXIT_ERROR
    } else if denied {
        EXIT_DENIED
    } else {
        EXIT_OK
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

fn skipped_note(file: &str, doc: &Document) -> String {
    let kind = doc
        .value
        .get("kind")
        .and_then(Value::as_str)
        .unwrap_or("a document without kind");
    format!(
        "{file}#{}: skipped {kind} (not a VirtualMachine)",
        doc.index
    )
}

fn load_catalogs(dirs: &[std::path::PathBuf], errors: &mut Vec<String>) -> Catalog {
    let mut catalog = Catalog::new();
    catalog.set_any_namespace(true);
    for dir in dirs {
        match Catalog::load_dir(dir) {
            Ok(c) => c.templates().cloned().for_each(|t| catalog.insert(t)),
            Err(e) => errors.push(e.to_string()),
        }
    }
    catalog
}

fn gather_inputs(args: &ValidateArgs, errors: &mut Vec<String>) -> Vec<Input> {
    let mut inputs = Vec::new();
    for path in &args.paths {
        if path.as_os_str() == "-" {
            let mut bytes = Vec::new();
            // Read one byte past the limit so that an oversized stream is reported as such.
            let limit = u64::try_from(args.max_bytes)
                .unwrap_or(u64::MAX)
                .saturating_add(1);
            let docs = match std::io::stdin().lock().take(limit).read_to_end(&mut bytes) {
                Ok(_) => manifest::parse("-", &bytes, args.max_bytes).map_err(|e| e.to_string()),
                Err(e) => Err(format!("-: {e}")),
            };
            inputs.push(Input {
                name: "-".to_owned(),
                docs,
            });
        } else if path.is_dir() {
            let mut files = Vec::new();
            if let Err(e) = collect_files(path, &mut files) {
                errors.push(e.to_string());
                continue;
            }
            if files.is_empty() {
                errors.push(format!(
                    "{}: no manifests found (looked for *.yaml, *.yml and *.json files)",
                    path.display()
                ));
            }
            inputs.extend(files.iter().map(|f| read(f, args.max_bytes)));
        } else {
            inputs.push(read(path, args.max_bytes));
        }
    }
    inputs
}

fn read(path: &Path, max_bytes: usize) -> Input {
    Input {
        name: path.display().to_string(),
        docs: manifest::read_file(path, max_bytes).map_err(|e| e.to_string()),
    }
}
