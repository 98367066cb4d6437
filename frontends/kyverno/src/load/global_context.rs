//! `globalContextEntries`, as kyverno `cmd/cli/kubectl-kyverno/apis/v1alpha1/test.go`
//! `ValidateGlobalContextEntries` checks them, with its texts; every problem of every entry.
//!
//! Go reads a missing or `null` `resources`/`resourceFiles` as absent and an empty list as
//! present, and `data: null` as absent; so does this. Kyverno's `must be valid JSON` texts
//! cannot happen here: values read from YAML are JSON.

use std::collections::HashSet;

use serde_json::Value;

use super::go_text::clean;
use super::{error, text};
use crate::Finding;
use validgen_gotext::strconv::quote;

/// The check's short name in findings.
const KEYWORD: &str = "globalContextEntries";

/// Appends the findings on `doc`'s `globalContextEntries` to `out`.
pub fn check(doc: &Value, out: &mut Vec<Finding>) {
    let Some(entries) = doc.get(KEYWORD).and_then(Value::as_array) else {
        return;
    };
    let mut seen = HashSet::new();
    for (i, entry) in entries.iter().enumerate() {
        let at = format!("/{KEYWORD}/{i}");
        let mut push = |instance: String, message: String| {
            out.push(error(instance, KEYWORD, message));
        };
        let raw_name = text(entry, "name");
        let name = raw_name.trim();
        let name_at = if entry.get("name").is_some() {
            format!("{at}/name")
        } else {
            at.clone()
        };
        if name.is_empty() {
            push(name_at, "globalContextEntries: name is required".to_owned());
        } else if !seen.insert(name.to_owned()) {
            push(
                name_at,
                format!("globalContextEntries: duplicate name {}", quote(name)),
            );
        }
        // Kyverno quotes the name as written (untrimmed) from here on.
        let entry_name = quote(raw_name);
        let projections = entry.get("projections").and_then(Value::as_array);
        for (j, p) in projections.into_iter().flatten().enumerate() {
            let p_at = format!("{at}/projections/{j}");
            let field_at = |field: &str| {
                if p.get(field).is_some() {
                    format!("{p_at}/{field}")
                } else {
                    p_at.clone()
                }
            };
            let p_name = text(p, "name");
            if p_name.trim().is_empty() {
                push(
                    field_at("name"),
                    format!("globalContextEntries entry {entry_name}: projection name is required"),
                );
            }
            if text(p, "path").trim().is_empty() {
                push(
                    field_at("path"),
                    format!(
                        "globalContextEntries entry {entry_name} projection {}: path is required",
                        quote(p_name)
                    ),
                );
            }
        }
        let data = entry.get("data").filter(|d| !d.is_null());
        let resources = entry.get("resources").filter(|r| !r.is_null());
        let files = entry.get("resourceFiles").filter(|f| !f.is_null());
        match [data, resources, files].iter().flatten().count() {
            0 => push(
                at.clone(),
                format!(
                    "globalContextEntries entry {entry_name}: one of data, resources, or resourceFiles is required"
                ),
            ),
            1 => {}
            _ => push(
                at.clone(),
                format!(
                    "globalContextEntries entry {entry_name}: data, resources, and resourceFiles are mutually exclusive"
                ),
            ),
        }
        if data.is_some_and(|d| !d.is_object()) {
            push(
                format!("{at}/data"),
                format!("globalContextEntries entry {entry_name}: data must be a JSON object"),
            );
        }
        let resources = resources.and_then(Value::as_array);
        for (j, r) in resources.into_iter().flatten().enumerate() {
            if !r.is_object() {
                push(
                    format!("{at}/resources/{j}"),
                    format!(
                        "globalContextEntries entry {entry_name} resources[{j}]: must be a JSON object (Kubernetes resource manifest)"
                    ),
                );
            }
        }
        let files = files.and_then(Value::as_array);
        for (j, f) in files.into_iter().flatten().enumerate() {
            let Some(f) = f.as_str() else { continue };
            let why = resource_file(f.trim());
            if let Some(why) = why {
                push(
                    format!("{at}/resourceFiles/{j}"),
                    format!("globalContextEntries entry {entry_name} resourceFiles[{j}]: {why}"),
                );
            }
        }
    }
}

/// What is wrong with a resource file path (trimmed), in Kyverno's words.
fn resource_file(path: &str) -> Option<&'static str> {
    if path.is_empty() {
        return Some("file path must not be empty");
    }
    if path.starts_with('/') {
        return Some("file path must not be absolute");
    }
    let clean = clean(path);
    if clean == ".." || clean.starts_with("../") {
        return Some("file path must not escape the test directory");
    }
    None
}
