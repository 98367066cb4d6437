//! The seeds of every target, made from the recorded conformance sets and the vendored corpora
//! under `tests/` (read where the crate's sources are, at run time): KubeVirt cases, CRD cases
//! and CRDs, ytt cases and packages, the JSON-Schema-Test-Suite, the SchemaStore collection,
//! the JSON Schema, ytt and Kyverno corpora.

use std::path::{Path, PathBuf};
use std::sync::LazyLock;

use validgen::serde_json::{self, Value};

use super::{join_files, kubevirt, regex};
use crate::review_body;

/// `tests/`, where the recorded sets and corpora are.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The lines of a JSON Lines file under `tests/`, parsed (lines that do not parse left out).
fn jsonl(path: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// Every file under `dir` (relative to `tests/`) whose name ends with one of `endings`, sorted.
fn files_under(dir: &str, endings: &[&str]) -> Vec<PathBuf> {
    fn walk(dir: &Path, endings: &[&str], out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for path in entries.flatten().map(|e| e.path()) {
            if path.is_dir() {
                walk(&path, endings, out);
            } else if endings.iter().any(|e| path.to_string_lossy().ends_with(e)) {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&root().join(dir), endings, &mut out);
    out.sort();
    out
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The KubeVirt conformance cases (`conformance/cases.jsonl`), read once.
static CASES: LazyLock<Vec<Value>> = LazyLock::new(|| jsonl("conformance/cases.jsonl"));

/// The JSON-Schema-Test-Suite's groups, every draft: (schema, the tests' instances).
static SUITE: LazyLock<Vec<(Value, Vec<Value>)>> = LazyLock::new(|| {
    let mut out = Vec::new();
    for path in files_under("corpus/json-schema-test-suite/tests", &[".json"]) {
        let Ok(Value::Array(groups)) = serde_json::from_str::<Value>(&read(&path)) else {
            continue;
        };
        for g in groups {
            let data = g["tests"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|t| t["data"].clone())
                .collect();
            out.push((g["schema"].clone(), data));
        }
    }
    out
});

/// Seeds for `target` (a name of [`super::TARGETS`]), sorted and without repeats: every seed
/// the recorded sets and corpora give, however many (`tests/tests/it/fuzz_regress.rs` samples
/// them).
pub fn seeds(target: &str) -> Vec<Vec<u8>> {
    let mut out = match target {
        "rule_set" | "jsonpath" | "quantity" | "goregex" | "manifest" => CASES
            .iter()
            .flat_map(|c| kubevirt::seeds(target, c))
            .collect(),
        "single_pass" | "decision" | "webhook" => CASES
            .iter()
            .map(|c| review_body(&c["input"]["vm"], c["id"].as_str().unwrap_or_default()))
            .collect(),
        "json_tape" => json_texts(),
        "json_stream" => json_stream(),
        "json_schema" => json_schemas(),
        "ecmaregex" => regex::seeds(&SUITE),
        "yaml" => yaml_texts(),
        "ytt" => ytt(),
        "kyverno" => kyverno(),
        "cel" => cel_rules(),
        "crd" => crd(),
        _ => Vec::new(),
    };
    out.sort();
    out.dedup();
    out
}

/// JSON documents: the suite's files, the JSON Schema corpus, the SchemaStore schemas, the
/// CRDs of the CRD cases.
fn json_texts() -> Vec<Vec<u8>> {
    [
        "corpus/json-schema-test-suite/tests",
        "corpus/json-schema",
        "corpus/schemastore",
        "conformance/crd/crds",
    ]
    .iter()
    .flat_map(|dir| files_under(dir, &[".json"]))
    .map(|p| read(&p).into_bytes())
    .collect()
}

/// The suite's instances, each behind a byte picking a compiled random schema (in turn).
fn json_stream() -> Vec<Vec<u8>> {
    let instances = SUITE.iter().flat_map(|(_, data)| data);
    instances
        .enumerate()
        .map(|(i, data)| {
            let mut seed = vec![(i % 256) as u8];
            seed.extend(data.to_string().into_bytes());
            seed
        })
        .collect()
}

/// Schemas of every draft (the suite's groups), and the SchemaStore and JSON Schema corpora's
/// schemas.
fn json_schemas() -> Vec<Vec<u8>> {
    let suite = SUITE.iter().map(|(s, _)| s.to_string().into_bytes());
    let corpora = ["corpus/schemastore", "corpus/json-schema"]
        .iter()
        .flat_map(|dir| files_under(dir, &["schema.json"]))
        .map(|p| read(&p).into_bytes());
    suite.chain(corpora).collect()
}

/// YAML texts: the Kyverno, JSON Schema and ytt corpora's files, the KubeVirt catalogs'
/// history, and the files of the ytt cases.
fn yaml_texts() -> Vec<Vec<u8>> {
    let corpora = [
        "corpus/kyverno-tests",
        "corpus/json-schema",
        "corpus/ytt-schemas",
        "corpus/common-templates-history",
    ]
    .iter()
    .flat_map(|dir| files_under(dir, &[".yaml", ".yml"]))
    .map(|p| read(&p).into_bytes());
    let ytt = jsonl("conformance/ytt/cases.jsonl")
        .into_iter()
        .flat_map(|c| case_files(&c))
        .map(|(_, text)| text.into_bytes());
    corpora.chain(ytt).collect()
}

/// A recorded ytt case's files (name, text).
fn case_files(case: &Value) -> Vec<(String, String)> {
    case["files"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|f| {
            Some((
                f["name"].as_str()?.to_owned(),
                f["text"].as_str()?.to_owned(),
            ))
        })
        .collect()
}

/// The files of every recorded ytt case and package case.
fn ytt() -> Vec<Vec<u8>> {
    [
        "conformance/ytt/cases.jsonl",
        "conformance/ytt/packages.jsonl",
    ]
    .iter()
    .flat_map(|p| jsonl(p))
    .map(|case| {
        let files = case_files(&case);
        let files: Vec<(&str, &str)> = files
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_str()))
            .collect();
        join_files(&files)
    })
    .collect()
}

/// Each Kyverno test file of the corpus, with the files of its folder.
fn kyverno() -> Vec<Vec<u8>> {
    files_under("corpus/kyverno-tests", &["kyverno-test.yaml"])
        .iter()
        .map(|test| {
            let folder = test.parent().expect("in a folder");
            let mut others: Vec<PathBuf> = std::fs::read_dir(folder)
                .into_iter()
                .flatten()
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.is_file() && p != test)
                .collect();
            others.sort();
            let texts: Vec<(String, String)> = std::iter::once(test)
                .chain(&others)
                .map(|p| {
                    let name = p.file_name().unwrap_or_default().to_string_lossy();
                    (name.into_owned(), read(p))
                })
                .collect();
            let files: Vec<(&str, &str)> = texts
                .iter()
                .map(|(n, t)| (n.as_str(), t.as_str()))
                .collect();
            join_files(&files)
        })
        .collect()
}

/// The CRDs of the CRD cases (refused ones included): path under `conformance/crd/`, CRD.
static CRDS: LazyLock<Vec<(String, Value)>> = LazyLock::new(|| {
    let dir = root().join("conformance/crd");
    files_under("conformance/crd/crds", &[".json"])
        .iter()
        .filter_map(|p| {
            let name = p.strip_prefix(&dir).ok()?.to_string_lossy().into_owned();
            Some((name, serde_json::from_str(&read(p)).ok()?))
        })
        .collect()
});

/// Every CEL rule (and message expression) of the CRDs, on the first object of a case of its
/// CRD (the rule's own object is not picked out: any object exercises the evaluator).
fn cel_rules() -> Vec<Vec<u8>> {
    let cases = jsonl("conformance/crd/cases.jsonl");
    let mut out = Vec::new();
    for (name, crd) in CRDS.iter() {
        let object = cases
            .iter()
            .find(|c| c["crd"] == name.as_str())
            .map_or(Value::Null, |c| c["object"].clone());
        let mut rules = Vec::new();
        expressions(crd, &mut rules);
        for rule in rules {
            out.push(format!("{}\n{object}", rule.replace('\n', " ")).into_bytes());
        }
    }
    out
}

/// The `rule`s and `messageExpression`s of every `x-kubernetes-validations` under `v`.
fn expressions(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            for (k, x) in map {
                if k == "x-kubernetes-validations" {
                    for r in x.as_array().into_iter().flatten() {
                        for key in ["rule", "messageExpression"] {
                            out.extend(r[key].as_str().map(str::to_owned));
                        }
                    }
                }
                expressions(x, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|x| expressions(x, out)),
        _ => {}
    }
}

/// Each CRD case: its version's schema, the object, and the old object of an update.
fn crd() -> Vec<Vec<u8>> {
    jsonl("conformance/crd/cases.jsonl")
        .iter()
        .filter_map(|case| {
            let (_, crd) = CRDS.iter().find(|(n, _)| case["crd"] == n.as_str())?;
            let version = crd["spec"]["versions"]
                .as_array()?
                .iter()
                .find(|v| v["name"] == case["version"])?;
            let schema = version["schema"]["openAPIV3Schema"].to_string();
            let object = case["object"].to_string();
            let mut files = vec![
                ("schema.json", schema.as_str()),
                ("object.json", object.as_str()),
            ];
            let old = case.get("oldObject").map(Value::to_string);
            if let Some(old) = &old {
                files.push(("old.json", old));
            }
            Some(join_files(&files))
        })
        .collect()
}
