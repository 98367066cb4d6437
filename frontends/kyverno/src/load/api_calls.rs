//! `apiCallResponses`, as kyverno `cmd/cli/kubectl-kyverno/apis/v1alpha1/test.go`
//! `ValidateAPICallResponses` checks them, with its texts; every problem of every entry.
//!
//! Kyverno's `response.body must be valid JSON` cannot happen here: a body read from YAML is
//! JSON.

use std::collections::HashSet;

use serde_json::Value;

use super::go_text::parse_url;
use super::{error, text};
use crate::Finding;
use validgen_gotext::strconv::quote;

/// The check's short name in findings.
const KEYWORD: &str = "apiCallResponses";

/// Appends the findings on `doc`'s `apiCallResponses` to `out`.
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
        let url = text(entry, "url").trim();
        let url_path = text(entry, "urlPath").trim();
        match (url.is_empty(), url_path.is_empty()) {
            (true, true) => push(
                at.clone(),
                format!("apiCallResponses[{i}]: either url or urlPath is required"),
            ),
            (false, false) => push(
                at.clone(),
                format!("apiCallResponses[{i}]: url and urlPath are mutually exclusive"),
            ),
            _ => {}
        }
        if !url.is_empty() {
            let quoted = quote(url);
            let why = match parse_url(url) {
                Err(e) => Some(format!("url {quoted} is not a valid URL: {e}")),
                Ok((scheme, _)) if scheme != "http" && scheme != "https" => {
                    Some(format!("url {quoted} must be an absolute https/http URL"))
                }
                Ok((_, host)) if host.is_empty() => {
                    Some(format!("url {quoted} has scheme but no host"))
                }
                Ok(_) => None,
            };
            if let Some(why) = why {
                push(format!("{at}/url"), format!("apiCallResponses[{i}]: {why}"));
            }
        }
        if !url_path.is_empty() && !url_path.starts_with('/') {
            push(
                format!("{at}/urlPath"),
                format!(
                    "apiCallResponses[{i}]: urlPath {} must be an absolute path starting with '/'",
                    quote(url_path)
                ),
            );
        }
        let method = text(entry, "method").trim().to_uppercase();
        if !matches!(method.as_str(), "" | "GET" | "POST") {
            push(
                format!("{at}/method"),
                format!("apiCallResponses[{i}]: method must be GET or POST"),
            );
        }
        let label = quote(if url.is_empty() { url_path } else { url });
        match entry.pointer("/response/body") {
            None | Some(Value::Null) => push(
                if entry.pointer("/response/body").is_some() {
                    format!("{at}/response/body")
                } else if entry.get("response").is_some() {
                    format!("{at}/response")
                } else {
                    at.clone()
                },
                format!("apiCallResponses[{i}] {label}: response.body is required"),
            ),
            Some(Value::Object(_)) => {}
            Some(_) => push(
                format!("{at}/response/body"),
                format!("apiCallResponses[{i}] {label}: response.body must be a JSON object"),
            ),
        }
        if let Some(code) = entry
            .pointer("/response/statusCode")
            .and_then(Value::as_i64)
            && code != 0
            && !(100..=599).contains(&code)
        {
            push(
                format!("{at}/response/statusCode"),
                format!(
                    "apiCallResponses[{i}] {label}: statusCode {code} must be between 100 and 599"
                ),
            );
        }
        let resolved = if url.is_empty() { url_path } else { url };
        if resolved.is_empty() {
            continue;
        }
        let key = if method.is_empty() {
            resolved.to_owned()
        } else {
            format!("{method}:{resolved}")
        };
        if !seen.insert(key.clone()) {
            let field = if url.is_empty() { "urlPath" } else { "url" };
            push(
                format!("{at}/{field}"),
                format!(
                    "apiCallResponses: duplicate entry for {} (key {}) — each method+url combination must be unique",
                    quote(resolved),
                    quote(&key)
                ),
            );
        }
    }
}
