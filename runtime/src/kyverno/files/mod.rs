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
mod policies;
mod read;
mod resources;
mod results;
mod variables;

use std::path::Path;
use std::rc::Rc;

use serde_json::Value;

use self::fields::{FileField, Resolve, Role};
use self::policies::Policies;
use self::read::{Loaded, Reader};
use self::resources::Resources;
use super::{Finding, Layer, Version};
use crate::ir::Severity;

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

/// The findings on the files the test `doc` (of `version`, read from `test_file`) names, in
/// document order of the naming values: unreadable files, then results, then variables.
/// Each file is read once, within `limits`.
pub fn check(version: Version, doc: &Value, test_file: &Path, limits: &Limits) -> Vec<Finding> {
    let layout = fields::layout(version);
    let mut reader = Reader::new(test_file, limits);
    let mut out = Vec::new();
    let mut policies = Some(Policies::default());
    let mut resources = Some(Resources::default());
    let mut values: Vec<(String, String, Rc<Loaded>)> = Vec::new();

    for field in layout.files {
        for (pointer, name) in names(doc, field.pointer, field.many) {
            if let (Role::JsonPayloads, Some(r)) = (field.role, resources.as_mut()) {
                r.add_payload(name);
            }
            for (shown, loaded) in reader.files(name, field) {
                let docs = match (&*loaded, field.role) {
                    (Err(e), role) => {
                        out.push(finding(
                            pointer.clone(),
                            "file",
                            e.clone(),
                            Severity::Error,
                            &shown,
                        ));
                        match role {
                            Role::Policies => policies = None,
                            Role::Resources | Role::Targets => resources = None,
                            _ => {}
                        }
                        continue;
                    }
                    (Ok(docs), _) => docs,
                };
                match field.role {
                    Role::Policies => {
                        if let Some(why) = skipped_policy_file(&shown) {
                            // Not `policies = None`: without this file the index is what
                            // kyverno loads, so results naming its policies are rightly missing.
                            out.push(finding(
                                pointer.clone(),
                                "file",
                                why,
                                Severity::Error,
                                &shown,
                            ));
                            continue;
                        }
                        if let Some(p) = policies.as_mut() {
                            for problem in p.add(&shown, docs) {
                                out.push(finding(
                                    pointer.clone(),
                                    "file",
                                    problem.message,
                                    problem.severity,
                                    &shown,
                                ));
                            }
                        }
                    }
                    Role::Resources | Role::Targets => {
                        if let Some(r) = resources.as_mut() {
                            r.add(docs);
                        }
                    }
                    Role::Values => values.push((pointer.clone(), shown, Rc::clone(&loaded))),
                    Role::ClusterResources => {
                        read_crds(&mut reader, &shown, docs, &pointer, &mut out);
                    }
                    Role::JsonPayloads | Role::Plain => {}
                }
            }
        }
    }
    read_result_files(layout, doc, &mut reader, &mut out);
    read_global_context(layout, doc, &mut reader, &mut out);

    let index = Index {
        policies,
        resources,
    };
    results::check(version, layout, doc, &index, &mut out);
    if let Some(inline) = doc.pointer(layout.inline_values).filter(|v| v.is_object()) {
        let source = variables::Source {
            pointer: layout.inline_values.to_owned(),
            file: "",
        };
        variables::check(inline, &source, &index, &mut out);
    }
    for (pointer, shown, loaded) in &values {
        if let Ok(docs) = &**loaded {
            let source = variables::Source {
                pointer: pointer.clone(),
                file: shown,
            };
            for spec in docs {
                variables::check(spec, &source, &index, &mut out);
            }
        }
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

/// The non-empty paths at `pointer` of `doc` (a list when `many`), with their pointers.
/// Values of other types are the schema's to report.
fn names<'v>(doc: &'v Value, pointer: &str, many: bool) -> Vec<(String, &'v str)> {
    let Some(v) = doc.pointer(pointer) else {
        return Vec::new();
    };
    let found: Vec<(String, &str)> = if many {
        v.as_array()
            .into_iter()
            .flatten()
            .enumerate()
            .filter_map(|(i, p)| Some((format!("{pointer}/{i}"), p.as_str()?)))
            .collect()
    } else {
        v.as_str()
            .map(|p| (pointer.to_owned(), p))
            .into_iter()
            .collect()
    };
    found
        .into_iter()
        .filter(|(_, p)| !p.trim().is_empty())
        .collect()
}

/// Why kyverno's policy loader silently skips a policy file it is named (`policy.fsLoad`:
/// hidden names, and names not ending in `.yaml`/`.yml`).
fn skipped_policy_file(shown: &str) -> Option<String> {
    let base = shown.rsplit('/').next().unwrap_or(shown);
    if base.starts_with('.') && base != "." && base != ".." {
        return Some(format!(
            "\"{shown}\" is skipped by kyverno: policy files whose names start with \".\" are not loaded"
        ));
    }
    (!read::is_yaml_name(base)).then(|| {
        format!("\"{shown}\" is skipped by kyverno: only .yaml and .yml policy files are loaded")
    })
}

/// Reads the CRD files the `ClusterResource` documents `docs` (of the file `shown`) name;
/// their errors are at `pointer`, the naming value of `shown`.
fn read_crds(
    reader: &mut Reader,
    shown: &str,
    docs: &[Value],
    pointer: &str,
    out: &mut Vec<Finding>,
) {
    const FIELD: FileField = FileField {
        pointer: "/spec/crds",
        many: true,
        role: Role::Plain,
        resolve: Resolve::Full,
        dir_ok: false,
    };
    for doc in docs {
        for (at, name) in names(doc, FIELD.pointer, FIELD.many) {
            for (crd, loaded) in reader.files(name, &FIELD) {
                if let Err(e) = &*loaded {
                    let inner = dotted(&at);
                    let message = format!("{shown}: {inner}: {e}");
                    out.push(finding(
                        pointer.to_owned(),
                        "file",
                        message,
                        Severity::Error,
                        &crd,
                    ));
                }
            }
        }
    }
}

/// Reads the expected resources each result names (patched, generated, clone source).
fn read_result_files(
    layout: &fields::Layout,
    doc: &Value,
    reader: &mut Reader,
    out: &mut Vec<Finding>,
) {
    let Some(results) = doc.pointer(layout.results).and_then(Value::as_array) else {
        return;
    };
    for (i, result) in results.iter().enumerate() {
        for field in layout.result_files {
            for (pointer, name) in names(result, field.pointer, field.many) {
                let at = format!("{}/{i}{pointer}", layout.results);
                report_unreadable(reader, name, field, &at, out);
            }
        }
    }
}

/// Reads the `resourceFiles` of `globalContextEntries` that stay in the test's directory.
fn read_global_context(
    layout: &fields::Layout,
    doc: &Value,
    reader: &mut Reader,
    out: &mut Vec<Finding>,
) {
    const FIELD: FileField = FileField {
        pointer: "/resourceFiles",
        many: true,
        role: Role::Plain,
        resolve: Resolve::Join,
        dir_ok: false,
    };
    let Some(entries) = layout
        .global_context
        .and_then(|p| doc.pointer(p))
        .and_then(Value::as_array)
    else {
        return;
    };
    for (k, entry) in entries.iter().enumerate() {
        for (pointer, name) in names(entry, FIELD.pointer, FIELD.many) {
            if escapes(name) {
                continue;
            }
            let at = format!("{}/{k}{pointer}", layout.global_context.unwrap_or_default());
            report_unreadable(reader, name, &FIELD, &at, out);
        }
    }
}

/// Reads `name` and reports it when it cannot be read.
fn report_unreadable(
    reader: &mut Reader,
    name: &str,
    field: &FileField,
    at: &str,
    out: &mut Vec<Finding>,
) {
    for (shown, loaded) in reader.files(name, field) {
        if let Err(e) = &*loaded {
            out.push(finding(
                at.to_owned(),
                "file",
                e.clone(),
                Severity::Error,
                &shown,
            ));
        }
    }
}

/// Whether a path is absolute or leaves its directory once cleaned (kyverno
/// `ValidateGlobalContextEntries`: `filepath.Clean`, then `..` or a `../` prefix).
fn escapes(path: &str) -> bool {
    let path = path.trim();
    if path.starts_with('/') {
        return true;
    }
    let mut depth: usize = 0;
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => match depth.checked_sub(1) {
                Some(d) => depth = d,
                None => return true,
            },
            _ => depth += 1,
        }
    }
    false
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
