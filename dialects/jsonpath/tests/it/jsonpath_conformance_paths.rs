//! Every `jsonpath::` string in the conformance inputs (rule paths and path-valued arguments,
//! in VM annotations and templates) parses as the reference parsed it: when the recorded
//! outcome is a JSONPath syntax error, our first failing path fails with that text; when our
//! parser rejects a path, the recorded outcome is a rejection with the same text.
//!
//! Only parsing is checked here; evaluating on the typed VM belongs to the conformance harness.

use std::path::Path;

use serde_json::Value;
use validgen_jsonpath::JsonPath;

/// The `jsonpath::` strings of a case input, in document order, looking inside strings that
/// hold JSON (the `vm.kubevirt.io/validations` annotation).
fn collect_paths(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => {
            if s.starts_with("jsonpath::") {
                out.push(s.clone());
            } else if s.trim_start().starts_with(['[', '{'])
                && let Ok(inner) = serde_json::from_str::<Value>(s)
            {
                collect_paths(&inner, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|v| collect_paths(v, out)),
        Value::Object(map) => map.values().for_each(|v| collect_paths(v, out)),
        _ => {}
    }
}

/// The validator's template for a rule path (ssp-operator `NewJSONPathFromString`).
fn template_for(path: &str) -> String {
    let expr = path.strip_prefix("jsonpath::").unwrap_or(path);
    let expr = expr.strip_prefix('$').unwrap_or(expr);
    format!("{{.spec.template{expr}}}")
}

#[test]
fn conformance_paths_parse_as_recorded() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance/cases.jsonl");
    let Ok(text) = std::fs::read_to_string(&file) else {
        eprintln!("no conformance data at {}", file.display());
        return;
    };
    let mut checked = 0;
    let mut mismatches = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let case: Value = serde_json::from_str(line).expect("a JSON case per line");
        let id = case["id"].as_str().unwrap_or("?").to_owned();
        let mut paths = Vec::new();
        collect_paths(&case["input"], &mut paths);
        let ours: Vec<(String, String)> = paths
            .iter()
            .filter_map(|p| {
                JsonPath::parse(&template_for(p))
                    .err()
                    .map(|e| (p.clone(), e.to_string()))
            })
            .collect();
        checked += paths.len();
        for expected in [&case["expected"], &case["expected_admitted"]] {
            let recorded = expected["parse_error"].as_str();
            match (ours.first(), recorded) {
                (Some((path, ours)), Some(recorded)) if recorded.ends_with(ours.as_str()) => {
                    let _ = path;
                }
                (Some((path, ours)), recorded) => {
                    mismatches.push(format!(
                        "{id}: {path:?} fails with {ours:?}, recorded {recorded:?}"
                    ));
                }
                (None, Some(recorded)) if looks_like_jsonpath_error(recorded) => {
                    mismatches.push(format!("{id}: all paths parse, recorded {recorded:?}"));
                }
                (None, _) => {}
            }
        }
    }
    assert!(checked > 1000, "only {checked} paths found");
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

/// The syntax errors client-go's parser produces.
fn looks_like_jsonpath_error(message: &str) -> bool {
    [
        "unclosed action",
        "unrecognized character in action",
        "cannot parse number",
        "unterminated array",
        "unterminated filter",
        "unterminated quoted string",
        "unclosed array expect ]",
        "invalid array index",
        "is not a number",
        "invalid multiple recursive descent",
        "unquote string",
    ]
    .iter()
    .any(|m| message.contains(m))
}
