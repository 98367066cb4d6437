//! Reading everything a test names, once: the files of each field of the version's layout,
//! the expected resources of each result, the CRDs of cluster resources and the
//! `globalContextEntries` resource files, into the [`Index`] the checks read. A file that
//! cannot be read is a finding at the value naming it.

use serde_json::Value;

use super::fields::{FileField, Layout, Resolve, Role};
use super::policies::Policies;
use super::read::{self, Reader};
use super::resources::Resources;
use super::strict::{self, GoType};
use super::{Index, dotted, finding};
use crate::Finding;
use crate::decode::Decoded;
use validgen_core::ir::Severity;

/// A values file the test names, read and decoded as Kyverno decodes it.
pub(super) struct ValuesFile {
    /// The JSON Pointer of the naming value.
    pub pointer: String,
    /// The file, as the test names it.
    pub shown: String,
    /// Its first document (the one Kyverno reads) as Go decodes it.
    pub decoded: Decoded,
}

/// Reads what `doc` names (fields at `layout`'s pointers): the index of its policies and
/// resources, and its values files; unreadable files go to `out`.
pub(super) fn read(
    layout: &Layout,
    doc: &Value,
    reader: &mut Reader,
    out: &mut Vec<Finding>,
) -> (Index, Vec<ValuesFile>) {
    let mut policies = Some(Policies::default());
    let mut resources = Some(Resources::default());
    let mut values = Vec::new();

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
                    Role::Values | Role::UserInfo | Role::Context => {
                        let go_type = match field.role {
                            Role::Values => GoType::Values,
                            Role::UserInfo => GoType::UserInfo,
                            _ => GoType::Context,
                        };
                        let (decoded, found) = strict::check(go_type, name, docs);
                        for (at, severity, message) in found {
                            let message = if at.is_empty() {
                                format!("{shown}: {message}")
                            } else {
                                format!("{shown}: {}: {message}", dotted(&at))
                            };
                            out.push(finding(pointer.clone(), "file", message, severity, &shown));
                        }
                        if let (Role::Values, Some(decoded)) = (field.role, decoded) {
                            values.push(ValuesFile {
                                pointer: pointer.clone(),
                                shown,
                                decoded,
                            });
                        }
                    }
                    Role::ClusterResources => {
                        read_crds(reader, &shown, docs, &pointer, out);
                    }
                    Role::JsonPayloads | Role::Plain => {}
                }
            }
        }
    }

    read_result_files(layout, doc, reader, out);
    read_global_context(layout, doc, reader, out);
    let index = Index {
        policies,
        resources,
    };
    (index, values)
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
fn read_result_files(layout: &Layout, doc: &Value, reader: &mut Reader, out: &mut Vec<Finding>) {
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
fn read_global_context(layout: &Layout, doc: &Value, reader: &mut Reader, out: &mut Vec<Finding>) {
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
