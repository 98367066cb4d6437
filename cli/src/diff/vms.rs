//! `--vms`: VM manifests read as `validate` reads them (folders expanded into their manifest
//! files in sorted order, `-` for standard input, `List` and `VirtualMachineList` expanded into
//! their items, each file bounded by `--max-bytes`), and each VirtualMachine judged against both
//! releases ([`impact`]).

use std::io::Read;
use std::path::{Path, PathBuf};

use serde::Serialize;
use serde_json::Value;
use validgen_kubevirt::admission::{Catalog, Mode, collect_files};
use validgen_kubevirt::diff::{VmImpact, impact};
use validgen_kubevirt::manifest::{self, Document, ManifestError};

/// The VMs judged under both releases.
#[derive(Debug, Serialize)]
pub struct JudgedVms {
    /// `admitted` or `raw` (see [`Mode`]).
    pub mode: &'static str,
    /// Every VirtualMachine, in input order.
    pub rows: Vec<VmRow>,
    /// Documents that are not VirtualMachines.
    pub skipped: usize,
    /// Inputs that could not be read, each naming its file (and line where known).
    #[serde(skip)]
    pub errors: Vec<String>,
}

/// One VM judged under both releases.
#[derive(Debug, Serialize)]
pub struct VmRow {
    /// `<file>#<document index>` (`-` is standard input).
    pub source: String,
    /// `namespace/name`, `name`, or `(unnamed)`.
    pub name: String,
    /// Its verdicts and what changed.
    #[serde(flatten)]
    pub impact: VmImpact,
}

/// Reads every input of `paths` and judges its VirtualMachines against `old` and `new`.
pub fn judge(paths: &[PathBuf], old: &Catalog, new: &Catalog, mode: Mode, max: usize) -> JudgedVms {
    let mut out = JudgedVms {
        mode: match mode {
            Mode::Admitted => "admitted",
            Mode::Raw => "raw",
        },
        rows: Vec::new(),
        skipped: 0,
        errors: Vec::new(),
    };
    for path in paths {
        for (file, docs) in read(path, max) {
            match docs {
                Ok(docs) => {
                    for doc in docs {
                        out.add(&file, &doc, old, new, mode);
                    }
                }
                Err(e) => out.errors.push(e),
            }
        }
    }
    out
}

impl JudgedVms {
    fn add(&mut self, file: &str, doc: &Document, old: &Catalog, new: &Catalog, mode: Mode) {
        let v = &doc.value;
        if v.get("kind").and_then(Value::as_str) != Some("VirtualMachine") {
            self.skipped += 1;
            return;
        }
        let meta = |k: &str| v.pointer(&format!("/metadata/{k}")).and_then(Value::as_str);
        let name = match (meta("namespace"), meta("name")) {
            (Some(ns), Some(n)) => format!("{ns}/{n}"),
            (None, Some(n)) => n.to_owned(),
            _ => "(unnamed)".to_owned(),
        };
        self.rows.push(VmRow {
            source: format!("{file}#{}", doc.index),
            name,
            impact: impact(v, old, new, mode),
        });
    }
}

/// The documents of one path: a file, each manifest file of a folder, or standard input.
fn read(path: &Path, max: usize) -> Vec<(String, Result<Vec<Document>, String>)> {
    let name = path.display().to_string();
    if path.as_os_str() == "-" {
        let mut bytes = Vec::new();
        let limit = u64::try_from(max).unwrap_or(u64::MAX).saturating_add(1);
        let docs = match std::io::stdin().lock().take(limit).read_to_end(&mut bytes) {
            Ok(_) => manifest::parse("-", &bytes, max).map_err(|e| e.to_string()),
            Err(e) => Err(format!("-: {e}")),
        };
        return vec![(name, docs)];
    }
    if !path.is_dir() {
        return vec![(name, read_file(path, max))];
    }
    let mut files = Vec::new();
    match collect_files(path, &mut files) {
        Err(e) => vec![(name, Err(e.to_string()))],
        Ok(()) if files.is_empty() => vec![(
            name.clone(),
            Err(format!(
                "{name}: no manifests found (looked for *.yaml, *.yml and *.json files)"
            )),
        )],
        Ok(()) => files
            .iter()
            .map(|f| (f.display().to_string(), read_file(f, max)))
            .collect(),
    }
}

fn read_file(path: &Path, max: usize) -> Result<Vec<Document>, String> {
    manifest::read_file(path, max).map_err(|e: ManifestError| e.to_string())
}
