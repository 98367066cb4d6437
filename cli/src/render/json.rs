//! `-o json`: one JSON object per line: per VM, and per input that could not be read.

use std::io::{self, Write};

use serde_json::json;

use super::{Sink, document_json_line};
use crate::validate::{Item, Tally, VmVerdict};

/// One JSON object per VM: `source`, `name`, `namespace`, the admission response's `allowed`,
/// `code`, `reason`, `message`, `causes` (`reason`, `field`, `message`), `warnings`, every
/// rule's `name`, `field`, `outcome`, `detail`, and `missing_template` (`namespace/name`) when
/// the VM names a template the catalog lacks.
pub fn json_line(v: &VmVerdict) -> String {
    let d = &v.decision;
    let rules: Vec<_> = d
        .report
        .rules
        .iter()
        .map(
            |r| json!({"name": r.name, "field": r.field, "outcome": r.outcome, "detail": r.detail}),
        )
        .collect();
    let causes: Vec<_> = d
        .causes
        .iter()
        .map(|c| json!({"reason": c.kind, "field": c.field, "message": c.message}))
        .collect();
    let mut line = json!({
        "source": v.source,
        "name": v.name,
        "namespace": v.namespace,
        "allowed": d.allowed,
        "code": d.code,
        "reason": d.reason,
        "message": d.message,
        "causes": causes,
        "warnings": d.warnings,
        "rules": rules,
    });
    if let (Some(key), Some(map)) = (&d.missing_template, line.as_object_mut()) {
        map.insert("missing_template".to_owned(), key.clone().into());
    }
    line.to_string()
}

/// JSON lines on standard output: a VM's [`json_line`] (a document's [`document_json_line`]),
/// or `{"source", "error"}` for an input
/// (or a document of one) that could not be read; with `--summary`, a last line
/// `{"summary": {...}}`.
pub(super) struct JsonSink {
    pub(super) out: Box<dyn Write>,
}

impl JsonSink {
    pub(super) fn new(out: Box<dyn Write>) -> Self {
        JsonSink { out }
    }
}

impl Sink for JsonSink {
    fn item(&mut self, _file: &str, item: &Item) -> io::Result<()> {
        match item {
            Item::Vm(v) => writeln!(self.out, "{}", json_line(v)),
            Item::Document(d) => writeln!(self.out, "{}", document_json_line(d)),
            // Reported where it comes in the input, as JUnit and TAP do, so that a reader of
            // standard output alone sees that an input was not judged.
            Item::Error { source, message } => {
                writeln!(self.out, "{}", json!({"source": source, "error": message}))
            }
            Item::Skipped { .. } => Ok(()),
        }
    }

    fn finish(&mut self, t: &Tally, summary: bool) -> io::Result<()> {
        if summary && (t.schemas || (t.vms == 0 && t.documents > 0)) {
            let line = json!({"summary": {
                "files": t.files,
                "documents": t.documents,
                "valid": t.valid,
                "invalid": t.invalid,
                "errors": t.errors,
                "skipped": t.skipped,
            }});
            writeln!(self.out, "{line}")?;
        } else if summary {
            let mut line = json!({"summary": {
                "files": t.files,
                "vms": t.vms,
                "allowed": t.allowed,
                "denied": t.denied,
                "with_warnings": t.warned,
                "errors": t.errors,
                "skipped": t.skipped,
            }});
            // Kyverno test manifests met beside the VMs.
            if let (true, Some(map)) = (t.documents > 0, line["summary"].as_object_mut()) {
                map.insert("documents".to_owned(), t.documents.into());
                map.insert("valid".to_owned(), t.valid.into());
                map.insert("invalid".to_owned(), t.invalid.into());
            }
            writeln!(self.out, "{line}")?;
        }
        self.out.flush()
    }
}
