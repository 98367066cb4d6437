//! What a test names in other files ([`Layer::Files`]): every named file exists and parses,
//! results name policies, rules and resources of those files and fit the rule's type, a
//! namespaced policy's resources are in its namespace, variables name existing policies,
//! rules and resources. These checks read other files, so no schema keyword expresses them:
//! they are Rust code here, on top of the catalog's reports.
//!
//! Paths are resolved as kyverno's CLI does (`cmd/cli/kubectl-kyverno/path.GetFullPath`:
//! absolute kept, relative joined to the test's directory; some fields always joined, see
//! `fields.rs`). A path leaving the test's directory (`../policy.yaml`) is allowed, as kyverno
//! allows it and real tests use it (`test/cli/test-context-resource-ivpol`), except in
//! `globalContextEntries[].resourceFiles`, which kyverno refuses before reading (the
//! [`Layer::Load`] check reports it with kyverno's text): those are not read here.
//!
//! Severities: what kyverno fails on, or what makes a result unable to match (a missing file,
//! policy, rule or resource), is an error in both versions; what kyverno tolerates but the
//! proposal forbids (a mutate or generate result without its expected resource, a namespaced
//! policy's resource in another namespace) is an error in v1beta1 and a warning in v1alpha1.

mod fields;
mod named;
mod policies;
mod read;
mod resources;
mod results;
mod strict;
mod variables;

use std::path::Path;

use serde_json::Value;

use self::policies::Policies;
use self::read::Reader;
use self::resources::Resources;
use super::{Finding, Layer, Version};
use validgen_core::ir::Severity;

/// Bounds on what the file checks read, per test document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The largest file read, in bytes (a larger one is a finding, never read).
    pub max_file_bytes: u64,
    /// The most distinct files read (a directory of policies counts each file).
    pub max_files: usize,
}

impl Default for Limits {
    /// 16 MiB per file, 1000 files.
    fn default() -> Self {
        Limits {
            max_file_bytes: 16 * 1024 * 1024,
            max_files: 1000,
        }
    }
}

/// What the named files hold: `None` when a file of that role could not be read, so that
/// checks against it are left out (the file's own finding says why).
struct Index {
    policies: Option<Policies>,
    resources: Option<Resources>,
}

/// The findings on the files the test `doc` (of `version`, read from `test_file`) names:
/// the files that cannot be read (in the layout's field order), then the results' findings,
/// then the variables'. Each file is read once, within `limits`; a missing file or one that
/// does not parse is never an `Err`, only a finding.
pub fn check(version: Version, doc: &Value, test_file: &Path, limits: &Limits) -> Vec<Finding> {
    let layout = fields::layout(version);
    let mut reader = Reader::new(test_file, limits);
    let mut out = Vec::new();
    let (index, values) = named::read(layout, doc, &mut reader, &mut out);
    results::check(version, layout, doc, &index, &mut out);
    if let Some(inline) = doc.pointer(layout.inline_values).filter(|v| v.is_object()) {
        let source = variables::Source {
            pointer: layout.inline_values.to_owned(),
            file: "",
            decoded: None,
        };
        variables::check(inline, &source, &index, &mut out);
    }
    for file in &values {
        let source = variables::Source {
            pointer: file.pointer.clone(),
            file: &file.shown,
            decoded: Some(&file.decoded),
        };
        variables::check(&file.decoded.value, &source, &index, &mut out);
    }
    out
}

/// A [`Layer::Files`] finding.
pub(super) fn finding(
    instance: String,
    keyword: &str,
    message: String,
    severity: Severity,
    file: &str,
) -> Finding {
    Finding {
        instance,
        layer: Layer::Files,
        keyword: keyword.to_owned(),
        message,
        severity,
        file: file.to_owned(),
    }
}

/// A JSON Pointer as a path in the file: `/policies/0/name` → `policies[0].name`.
pub(super) fn dotted(pointer: &str) -> String {
    let mut out = String::new();
    for part in pointer.split('/').skip(1) {
        if part.bytes().all(|b| b.is_ascii_digit()) && !part.is_empty() {
            out.push_str(&format!("[{part}]"));
        } else {
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(part);
        }
    }
    out
}
