//! CRD versions compiled by `include_schemas!` (`<name>_judge`, CEL rules compiled into Rust
//! where their shape allows) against the recorded answers of the API server
//! (`tests/conformance/crd`: the Gateway API standard CRDs, and validgen's CRD with rules in
//! the optional syntax and the server's macros, `cel_syntax.jsonl`) and against the
//! interpreter (`validgen::crd::judge`), case by case, creates and updates.

use std::collections::HashMap;
use std::path::PathBuf;

use serde_json::Value;
use validgen::crd::compiled::Judge;

mod gateway_standard {
    // Formats asserted, as the API server asserts them: the catalog's validators serve the
    // judges (no second structural validator per version).
    validgen::include_schemas!(
        "conformance/crd/crds/gateway-api/standard",
        assert_formats = true
    );
}

mod synthetic {
    // validgen's CRD with rules in the optional syntax and the API server's macros.
    validgen::include_schemas!("conformance/crd/crds/synthetic", assert_formats = true);
}

/// The compiled catalogs, by their folder in the recorded cases.
const CATALOGS: &[(&str, &[Judge])] = &[
    ("crds/gateway-api/standard/", gateway_standard::CRD_JUDGES),
    ("crds/synthetic/", synthetic::CRD_JUDGES),
];

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("conformance/crd")
}

/// The compiled judge of `version` of the CRD file `crd` (as the cases name it), if compiled.
fn judge_of(crd: &str, version: &str) -> Option<&'static Judge> {
    CATALOGS.iter().find_map(|(folder, judges)| {
        let file = format!("{} (version {version})", crd.strip_prefix(folder)?);
        judges.iter().find(|j| j.file == file)
    })
}

/// The error texts of an answer, sorted, as the recorded cases are compared (a set: the API
/// server's order within a step is Go map order).
fn texts(errors: impl Iterator<Item = String>) -> Vec<String> {
    let mut out: Vec<String> = errors.collect();
    out.sort();
    out.dedup();
    out
}

#[test]
fn compiled_judges_give_the_recorded_answers_and_the_interpreters() {
    let text = ["cases.jsonl", "cel_syntax.jsonl"]
        .map(|f| std::fs::read_to_string(dir().join(f)).expect("cases"))
        .join("\n");
    let mut interpreted: HashMap<
        (String, String),
        (Value, validgen::ir::RuleSet, validgen::crd::CelRules),
    > = HashMap::new();
    let (mut cases, mut updates, mut recorded_exact) = (0, 0, 0);
    let mut differ = Vec::new();
    for line in text.lines().filter(|l| !l.is_empty()) {
        let case: Value = serde_json::from_str(line).expect("a case");
        let expected = &case["expected"];
        if expected.get("crd_error").is_some() || expected.get("decode_error").is_some() {
            continue;
        }
        let crd = case["crd"].as_str().unwrap_or_default();
        let version = case["version"].as_str().unwrap_or_default();
        let Some(judge) = judge_of(crd, version) else {
            continue;
        };
        let (schema, rules, cel) = interpreted
            .entry((crd.to_owned(), version.to_owned()))
            .or_insert_with(|| {
                let file: Value =
                    serde_json::from_str(&std::fs::read_to_string(dir().join(crd)).expect("crd"))
                        .expect("crd json");
                let schema = file["spec"]["versions"]
                    .as_array()
                    .and_then(|vs| vs.iter().find(|v| v["name"] == version))
                    .and_then(|v| v.pointer("/schema/openAPIV3Schema"))
                    .cloned()
                    .expect("the version's schema");
                let rules =
                    validgen::json_schema::compile(&schema, &validgen::crd::schema_options())
                        .expect("compiles")
                        .rules;
                let cel = validgen::crd::CelRules::compile(&schema).expect("rules compile");
                (schema, rules, cel)
            });
        let old = case.get("oldObject");
        cases += 1;
        updates += usize::from(old.is_some());
        let ours = (judge.judge)(&case["object"], old);
        let theirs = validgen::crd::judge(schema, rules, Some(cel), &case["object"], old);
        if ours != theirs {
            differ.push(format!(
                "{}: compiled {ours:?}\n  interpreted {theirs:?}",
                case["id"]
            ));
        }
        let recorded = texts(
            expected["errors"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|e| e["message"].as_str().map(str::to_owned)),
        );
        recorded_exact +=
            usize::from(texts(ours.errors.iter().map(|f| f.error.message())) == recorded);
    }
    assert!(differ.is_empty(), "{}", differ.join("\n"));
    eprintln!("{cases} cases ({updates} updates), {recorded_exact} exactly as recorded");
    assert_eq!((cases, updates), (538, 41));
    assert_eq!(recorded_exact, cases);
}

/// How many of the versions' CEL rules compile into Rust: pinned, so that a change of the
/// lowering shows here.
#[test]
fn rules_compiled_into_rust() {
    let judges = gateway_standard::CRD_JUDGES;
    let compiled: usize = judges.iter().map(|j| j.compiled.len()).sum();
    let rules: usize = judges.iter().map(|j| j.rules).sum();
    eprintln!(
        "{} versions: {compiled} of {rules} CEL rules compiled",
        judges.len()
    );
    assert_eq!((judges.len(), compiled, rules), (17, 207, 295));
}
