//! The CEL rules of the recorded CRD cases (`tests/conformance/crd`, recorded from the
//! Kubernetes v1.36.3 API server's own CustomResource validation): every rule failure the API
//! server reports (`<field>: Invalid value: <message>`), validgen reports in the same words at
//! the same field, and validgen reports no CEL error the API server does not (724 errors,
//! evaluation errors included: cel-go's `no such key: <field>` and `type conversion error`
//! texts, the left error of `a || b`). A case whose structural errors stop the API server
//! before its CEL rules (`some validation rules were not checked`) is not compared there: the
//! whole answers of creates are, below.

#[path = "conformance/crd_errors.rs"]
mod crd_errors;

use std::collections::HashMap;
use std::path::PathBuf;

use serde_json::Value;
use validgen_crd::{CelRules, FieldError};

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/conformance/crd")
}

/// The CRD file `file` (relative to the cases), read once.
fn crd_file<'a>(crds: &'a mut HashMap<String, Value>, file: &str) -> &'a Value {
    crds.entry(file.to_owned()).or_insert_with(|| {
        serde_json::from_str(&std::fs::read_to_string(dir().join(file)).expect("crd"))
            .expect("crd json")
    })
}

/// The `openAPIV3Schema` of `version` in the CRD file `crd`.
fn schema(crd: &Value, version: &str) -> Option<Value> {
    version_of(crd, version)?
        .pointer("/schema/openAPIV3Schema")
        .cloned()
}

/// The item of `spec.versions` named `version`.
fn version_of<'a>(crd: &'a Value, version: &str) -> Option<&'a Value> {
    crd.pointer("/spec/versions")?
        .as_array()?
        .iter()
        .find(|v| v["name"] == version)
}

#[derive(Debug, Default)]
struct Tally {
    cases: usize,
    ours: usize,
    extra: Vec<String>,
    found: usize,
    missed: Vec<String>,
    skipped: usize,
}

#[test]
fn cel_errors_are_the_api_servers() {
    let text = std::fs::read_to_string(dir().join("cases.jsonl")).expect("cases");
    let mut crds: HashMap<String, Value> = HashMap::new();
    let mut rules: HashMap<(String, String), Option<CelRules>> = HashMap::new();
    let mut t = Tally::default();
    for line in text.lines() {
        let case: Value = serde_json::from_str(line).expect("a case");
        let expected = &case["expected"];
        if expected.get("crd_error").is_some() || expected.get("decode_error").is_some() {
            t.skipped += 1;
            continue;
        }
        let file = case["crd"].as_str().unwrap_or_default().to_owned();
        let version = case["version"].as_str().unwrap_or_default().to_owned();
        let crd = crd_file(&mut crds, &file);
        let compiled = rules
            .entry((file.clone(), version.clone()))
            .or_insert_with(|| schema(crd, &version).and_then(|s| CelRules::compile(&s).ok()));
        let Some(compiled) = compiled else {
            t.skipped += 1;
            continue;
        };
        t.cases += 1;
        let id = case["id"].as_str().unwrap_or_default();
        let errors = expected["errors"].as_array().cloned().unwrap_or_default();
        let messages: Vec<&str> = errors
            .iter()
            .filter_map(|e| e["message"].as_str())
            .collect();
        let blocked = messages
            .iter()
            .any(|m| m.contains("some validation rules were not checked"));
        let ours: Vec<FieldError> = compiled
            .validate(&case["object"], case.get("oldObject"))
            .into_iter()
            .map(|v| v.error)
            .collect();
        t.ours += ours.len();
        for e in &ours {
            let m = e.message();
            if messages.contains(&m.as_str()) {
                t.found += 1;
            } else if !blocked {
                t.extra
                    .push(format!("{id}: {m}\n    expected {messages:?}"));
            }
        }
        // CEL failures are the errors without a bad value (`Invalid value: <detail>`).
        for e in &errors {
            let m = e["message"].as_str().unwrap_or_default();
            let cel_like = e.get("badValue").is_none() && e["type"] == "FieldValueInvalid";
            if cel_like && !ours.iter().any(|o| o.message() == m) {
                t.missed.push(format!("{id}: {m}"));
            }
        }
    }
    let summary = format!(
        "cases {}, skipped {}, ours {}, found {}, extra {}, missed {}",
        t.cases,
        t.skipped,
        t.ours,
        t.found,
        t.extra.len(),
        t.missed.len()
    );
    eprintln!("{summary}");
    // Every case is judged (no CRD of the set fails to compile its rules).
    assert_eq!((t.cases, t.skipped), (2328, 0), "{summary}");
    // Every rule failure the API server reports is found, in its words and at its field.
    assert!(t.missed.is_empty(), "{summary}\n{}", t.missed.join("\n"));
    assert_eq!(t.found, 724, "{summary}");
    // And no CEL error the API server does not give.
    assert!(t.extra.is_empty(), "{summary}\n{}", t.extra.join("\n"));
}

/// `x-kubernetes-list-type` uniqueness: on the pruned object, validgen's `Duplicate value`
/// errors are exactly the API server's, case by case.
#[test]
fn duplicate_values_are_the_api_servers() {
    let text = std::fs::read_to_string(dir().join("cases.jsonl")).expect("cases");
    let mut crds: HashMap<String, Value> = HashMap::new();
    let (mut compared, mut with_duplicates) = (0, 0);
    let mut wrong = Vec::new();
    for line in text.lines() {
        let case: Value = serde_json::from_str(line).expect("a case");
        let expected = &case["expected"];
        if expected.get("crd_error").is_some() || expected.get("decode_error").is_some() {
            continue;
        }
        let file = case["crd"].as_str().unwrap_or_default().to_owned();
        let crd = crd_file(&mut crds, &file);
        let Some(schema) = schema(crd, case["version"].as_str().unwrap_or_default()) else {
            continue;
        };
        // List checks run on updates only when the old object passes them (the README).
        if case.get("oldObject").is_some() {
            continue;
        }
        let mut object = case["object"].clone();
        validgen_crd::prune::prune(&schema, &mut object);
        let ours: Vec<String> = validgen_crd::listtype::validate(&schema, &object)
            .iter()
            .filter(|e| e.error_type == validgen_crd::ErrorType::Duplicate)
            .map(FieldError::message)
            .collect();
        let theirs: Vec<&str> = expected["errors"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|e| e["type"] == "FieldValueDuplicate")
            .filter_map(|e| e["message"].as_str())
            .collect();
        compared += 1;
        with_duplicates += usize::from(!theirs.is_empty());
        let mut sorted = ours.clone();
        sorted.sort();
        let mut expected_sorted: Vec<String> = theirs.iter().map(|s| (*s).to_owned()).collect();
        expected_sorted.sort();
        if sorted != expected_sorted {
            wrong.push(format!("{}: ours {ours:?}, theirs {theirs:?}", case["id"]));
        }
    }
    assert!(
        compared > 2000 && with_duplicates >= 20,
        "{compared} {with_duplicates}"
    );
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The whole answers of the recorded cases of `file`, every error, structural and CEL, as the
/// API server returns it (as a set: the API server's order within one step is Go map order),
/// for creates (`updates` false) or updates, through [`validgen_crd::judge`]; with the cases
/// whose unknown fields differ, and the count of cases.
fn whole_answers(file: &str, updates: bool) -> (usize, Vec<String>, Vec<String>) {
    use validgen_json_schema::compile;

    let text = std::fs::read_to_string(dir().join(file)).expect("cases");
    let mut crds: HashMap<String, Value> = HashMap::new();
    type Compiled = Option<(
        Value,
        validgen_core::ir::RuleSet,
        Option<CelRules>,
        validgen_crd::Subresources,
    )>;
    let mut compiled: HashMap<(String, String), Compiled> = HashMap::new();
    let mut cases = 0;
    let mut wrong: Vec<String> = Vec::new();
    let mut unknown_wrong: Vec<String> = Vec::new();
    for line in text.lines() {
        let case: Value = serde_json::from_str(line).expect("a case");
        let expected = &case["expected"];
        if expected.get("crd_error").is_some()
            || expected.get("decode_error").is_some()
            || case.get("oldObject").is_some() != updates
        {
            continue;
        }
        let file = case["crd"].as_str().unwrap_or_default().to_owned();
        let version = case["version"].as_str().unwrap_or_default().to_owned();
        let crd = crd_file(&mut crds, &file);
        let entry = compiled.entry((file, version.clone())).or_insert_with(|| {
            let s = schema(crd, &version)?;
            let rules = compile(&s, &validgen_crd::schema_options()).ok()?.rules;
            let cel = CelRules::compile(&s).ok();
            let subresources = validgen_crd::Subresources::of(
                version_of(crd, &version)?
                    .get("subresources")
                    .unwrap_or(&Value::Null),
            );
            Some((s, rules, cel, subresources))
        });
        let Some((s, rules, cel, subresources)) = entry else {
            continue;
        };
        cases += 1;
        let answer = validgen_crd::judge_version(
            s,
            rules,
            cel.as_ref(),
            subresources,
            &case["object"],
            case.get("oldObject"),
        );
        let mut unknown = answer.unknown_fields.clone();
        let mut expected_unknown: Vec<String> = expected["unknownFields"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|f| f.as_str().map(str::to_owned))
            .collect();
        unknown.sort();
        expected_unknown.sort();
        if unknown != expected_unknown {
            unknown_wrong.push(format!(
                "{}: {unknown:?} != {expected_unknown:?}",
                case["id"]
            ));
        }
        let mut ours: Vec<String> = answer.errors.iter().map(|f| f.error.message()).collect();
        ours.sort();
        ours.dedup();
        let mut theirs: Vec<String> = expected["errors"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|e| e["message"].as_str().map(str::to_owned))
            .collect();
        theirs.sort();
        theirs.dedup();
        if ours != theirs {
            wrong.push(format!(
                "{}\n  ours   {ours:?}\n  theirs {theirs:?}",
                case["id"]
            ));
        }
    }
    (cases, wrong, unknown_wrong)
}

/// Creates: all 2 102 whole answers exactly (the scale subresource's accessor error
/// included); the unknown fields pruned, all of them.
#[test]
fn whole_answers_of_creates() {
    let (creates, wrong, unknown_wrong) = whole_answers("cases.jsonl", false);
    assert_eq!(creates, 2102);
    assert!(unknown_wrong.is_empty(), "{}", unknown_wrong.join("\n"));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Updates (transition rules, ratcheting of structural and CEL errors, list checks only after
/// the stored object's pass): all 226 whole answers exactly.
#[test]
fn whole_answers_of_updates() {
    let (updates, wrong, unknown_wrong) = whole_answers("cases.jsonl", true);
    assert_eq!(updates, 226);
    assert!(unknown_wrong.is_empty(), "{}", unknown_wrong.join("\n"));
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// validgen's synthetic CRD with rules in the optional syntax and the API server's macros
/// (`cel_syntax.jsonl`, recorded from the same API server build): all 29 whole answers
/// exactly, 19 creates and 10 updates (`optionalOldSelf` read as an optional, optionals
/// compared).
#[test]
fn whole_answers_of_the_optional_syntax_and_macros() {
    for (updates, count) in [(false, 19), (true, 10)] {
        let (cases, wrong, unknown_wrong) = whole_answers("cel_syntax.jsonl", updates);
        assert_eq!(cases, count);
        assert!(unknown_wrong.is_empty(), "{}", unknown_wrong.join("\n"));
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
