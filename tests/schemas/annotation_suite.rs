//! The Annotations Test Suite of JSON-Schema-Test-Suite (`annotations/tests/*.json`, vendored
//! under `tests/corpus/json-schema-test-suite/annotations`): its cases for a draft, and the
//! check of a standard output's annotations against a test's assertions. Shared by
//! `build.rs` (which compiles the 2020-12 cases with `validgen-codegen`),
//! `tests/it/json_schema_compiled.rs` (compiled validators) and
//! `frontends/json-schema/tests/it/json_schema_annotation_suite.rs` (the interpreter).
//!
//! An assertion names an instance location, a keyword and the annotations expected there
//! for it, by schema location (a URI fragment, percent-encoded): exactly those, none for
//! `{}`.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

/// One case: a schema and its tests (`(instance, assertions)`).
#[derive(Debug, Clone)]
pub struct Case {
    /// `<file>: <description>`.
    pub label: String,
    /// A Rust identifier for the case's compiled validator.
    pub name: String,
    /// The schema.
    pub schema: Value,
    /// Each test's instance and assertions.
    pub tests: Vec<(Value, Vec<Value>)>,
}

/// The cases of `dir` (`annotations/tests`) compatible with `release` (`7`, `2019`,
/// `2020`), in file order.
pub fn cases(dir: &Path, release: u32) -> Vec<Case> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .expect("read the annotation suite")
        .map(|e| e.expect("read the annotation suite").path())
        .collect();
    files.sort();
    let mut out = Vec::new();
    for file in files {
        let stem = file
            .file_stem()
            .unwrap_or_default()
            .to_string_lossy()
            .replace('-', "_");
        let text = std::fs::read_to_string(&file).expect("read an annotation suite file");
        let doc: Value = serde_json::from_str(&text).expect("the suite is JSON");
        for (i, case) in doc["suite"].as_array().into_iter().flatten().enumerate() {
            let compatibility = case["compatibility"].as_str().unwrap_or_default();
            if !compatible(compatibility, release) {
                continue;
            }
            let tests = case["tests"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|t| {
                    let assertions = t["assertions"].as_array().cloned().unwrap_or_default();
                    (t["instance"].clone(), assertions)
                })
                .collect();
            out.push(Case {
                label: format!(
                    "{stem}: {}",
                    case["description"].as_str().unwrap_or_default()
                ),
                name: format!("annotations_{stem}_{i}"),
                schema: case["schema"].clone(),
                tests,
            });
        }
    }
    out
}

/// Whether a case's `compatibility` (`"7"`, `"<=2019"`, `"6,<=2019"`, `"=2020"`; none: every
/// release) admits `release`.
fn compatible(constraints: &str, release: u32) -> bool {
    constraints
        .split(',')
        .filter(|c| !c.is_empty())
        .all(|c| match c.trim() {
            c if c.starts_with("<=") => c[2..].parse().is_ok_and(|n: u32| release <= n),
            c if c.starts_with('=') => c[1..].parse().is_ok_and(|n: u32| release == n),
            c => c.parse().is_ok_and(|n: u32| release >= n),
        })
}

/// The failures of a `list` output's annotations against `assertions`, each worded.
pub fn failures(list: &Value, assertions: &[Value]) -> Vec<String> {
    let found = annotations(list);
    let mut out = Vec::new();
    for a in assertions {
        let at = a["location"].as_str().unwrap_or_default();
        let keyword = a["keyword"].as_str().unwrap_or_default();
        let expected: BTreeMap<String, Value> = a["expected"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(k, v)| (decode(k.trim_start_matches('#')), v.clone()))
            .collect();
        let got = found
            .get(&(at.to_owned(), keyword.to_owned()))
            .cloned()
            .unwrap_or_default();
        if got != expected {
            out.push(format!(
                "`{keyword}` at `{at}`: expected {expected:?}, got {got:?}"
            ));
        }
    }
    out
}

/// A `list` output's annotations by (instance location, keyword): each schema location's
/// value. A schema object's unit holds its keywords; a keyword's unit is located at the
/// keyword, inside the schema object the suite names.
fn annotations(list: &Value) -> BTreeMap<(String, String), BTreeMap<String, Value>> {
    let mut out: BTreeMap<(String, String), BTreeMap<String, Value>> = BTreeMap::new();
    for unit in list["annotations"].as_array().into_iter().flatten() {
        let at = unit["instanceLocation"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        let location = unit["keywordLocation"].as_str().unwrap_or_default();
        match &unit["annotations"] {
            Value::Object(written) => {
                for (k, v) in written {
                    out.entry((at.clone(), k.clone()))
                        .or_default()
                        .insert(location.to_owned(), v.clone());
                }
            }
            value => {
                let (object, keyword) = location.rsplit_once('/').unwrap_or(("", location));
                out.entry((at.clone(), keyword.to_owned()))
                    .or_default()
                    .insert(object.to_owned(), value.clone());
            }
        }
    }
    out
}

/// A URI fragment percent-decoded.
pub fn decode(fragment: &str) -> String {
    let bytes = fragment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[i], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                i += 3;
            }
            (b, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}
