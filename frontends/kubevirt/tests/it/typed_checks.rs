//! The oracle checks of the typed-VM facts (`data/types-checks.jsonl`, see TYPES.md):
//! each input VM judged by validgen, compared with the reference's per-rule outcomes.

use serde_json::Value;
use serde_json::value::RawValue;
use validgen_core::interpret::{Outcome, RuleReport, RuleReports};
use validgen_kubevirt::admission::{self, Catalog, Mode};

use validgen_kubevirt::manifest;
use validgen_kubevirt::rules::parse_rule_set;
use validgen_kubevirt::typed::TypedVm;

/// Checks validgen answers differently, with the reason. Nothing else is skipped.
const DEVIATIONS: &[(&str, &str)] = &[
    (
        "firmware-uuid-random",
        "the reference VM's firmware.uuid is a fresh random UUID on every call; ours is the recorded sample",
    ),
    (
        "quantity-ptr-nil",
        "the reference crashes on a nil *resource.Quantity; validgen fails the rule with `invalid JSONPath` (checked below)",
    ),
];

/// The `vm` of a verbatim input line, as written.
#[derive(serde::Deserialize)]
struct VerbatimVm {
    vm: Box<RawValue>,
}

fn outcome(r: &Value) -> (Outcome, String) {
    let text = r["explanation"].as_str().unwrap_or("").to_owned();
    match (r["error"].as_str(), r["satisfied"].as_bool()) {
        (Some(e), _) => (Outcome::Error, e.to_owned()),
        (None, Some(true)) => (Outcome::Satisfied, text),
        (None, Some(false)) => (Outcome::Unsatisfied, text),
        (None, None) => (Outcome::Skipped, String::new()),
    }
}

fn got(r: &RuleReport) -> (Outcome, String) {
    (r.outcome, r.detail.clone())
}

#[test]
fn typed_view_matches_the_oracle_checks() {
    let text = include_str!("../../data/types-checks.jsonl");
    let mut failures = Vec::new();
    let mut count = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let row: Value = serde_json::from_str(line).expect("json line");
        let id = row["id"].as_str().expect("id");
        count += 1;
        // Inputs with duplicate keys are kept verbatim: their VM is read as validgen reads a
        // manifest (the same bytes the reference decoded).
        let input = match row["input"]["input_line_verbatim_has_duplicate_keys"].as_str() {
            Some(verbatim) => {
                let mut parts: serde_json::Map<String, Value> =
                    serde_json::from_str(verbatim).expect("verbatim input parses");
                let vm: Box<RawValue> = serde_json::from_str(verbatim)
                    .map(|p: VerbatimVm| p.vm)
                    .expect("verbatim input has a vm");
                let vm = manifest::parse(id, vm.get().as_bytes(), 1 << 20)
                    .expect("verbatim vm parses")
                    .remove(0)
                    .value;
                parts.insert("vm".to_owned(), vm);
                Value::Object(parts)
            }
            None => row["input"].clone(),
        };
        let oracle = &row["oracle"];
        let reports: RuleReports = if input["mode"] == "evaluate" {
            // Evaluate mode: the rules applied directly, without the webhook's CPU defaulting.
            let rules =
                parse_rule_set(input["rules"].as_str().expect("rules")).expect("rules parse");
            match TypedVm::decode(&input["vm"]) {
                Ok(vm) => {
                    validgen_kubevirt::typed::evaluate(
                        &validgen_kubevirt::rules::lower(&rules),
                        &vm,
                    )
                    .rules
                }
                Err(e) => {
                    failures.push(format!("{id}: VM does not decode: {e}"));
                    continue;
                }
            }
        } else {
            let d = admission::decide(&input["vm"], &Catalog::new(), Mode::Raw);
            if d.allowed != oracle["allowed"].as_bool().expect("allowed")
                && oracle.get("panic").is_none()
            {
                failures.push(format!(
                    "{id}: allowed {} want {}",
                    d.allowed, oracle["allowed"]
                ));
            }
            if let Some(vm_error) = oracle["vm_error"].as_str()
                && d.message.as_deref() != Some(vm_error)
            {
                failures.push(format!("{id}: message {:?} want {vm_error:?}", d.message));
            }
            d.report.rules
        };
        if let Some((_, why)) = DEVIATIONS.iter().find(|(d, _)| *d == id) {
            if id == "quantity-ptr-nil" {
                assert_eq!(
                    reports.first().map(got),
                    Some((Outcome::Error, "invalid JSONPath".to_owned())),
                    "{why}"
                );
            }
            continue;
        }
        let want: Vec<(Outcome, String)> = oracle["rules"]
            .as_array()
            .expect("rules")
            .iter()
            .map(outcome)
            .collect();
        let have: Vec<(Outcome, String)> = reports.iter().map(got).collect();
        if have != want {
            failures.push(format!("{id}:\n    got  {have:?}\n    want {want:?}"));
        }
    }
    assert_eq!(count, 35);
    assert!(
        failures.is_empty(),
        "{} checks differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
