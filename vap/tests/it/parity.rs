//! Parity of the generated policies with the reference, offline: every catalog case of the
//! shared conformance data (`tests/conformance/cases.jsonl`, group `catalog`) in admitted mode
//! (what the API server hands to admission: the VM re-encoded by KubeVirt's API, nulls pruned)
//! through the bundled catalog's policies and the offline evaluator (`validgen-vap-eval`). Verdicts and
//! status messages must equal the reference's recorded ones (validgen's documented answer where
//! the reference crashed), and the Warn warnings validgen's unsatisfied `justWarning` rules.

use crate::common;

use common::{bundled_catalog, conformance_cases, default_policies};

use validgen_vap_eval as offline;

use serde_json::Value;
use validgen_kubevirt::admission::{Mode, decide};
use validgen_kubevirt::typed::TypedVm;
use validgen_vap_eval::Quantities;

/// The VM the API server admits: decoded as KubeVirt's API decodes it, quantities re-encoded
/// (SEMANTICS §10; as validgen's `Mode::Admitted`).
fn admitted(vm: &Value) -> Option<Value> {
    let mut typed = TypedVm::decode(vm).ok()?;
    typed.canonicalize_quantities();
    Some(typed.json().clone())
}

#[test]
fn catalog_cases_admitted_have_the_reference_verdicts_messages_and_warnings() {
    let differences = differences(Quantities::Go);
    assert!(
        differences.is_empty(),
        "{} differ:\n{}",
        differences.len(),
        differences[..differences.len().min(15)].join("\n")
    );
}

/// kube-cel 0.8's own quantity library is exact decimal where the API server's is Go's
/// `AsInt64` (VAP.md §1): with it, these admitted cases differ. A kube-cel release that changes
/// this changes the list.
#[test]
fn kube_cel_quantities_differ_from_the_api_servers_on_these_cases() {
    let ids: Vec<String> = differences(Quantities::KubeCel)
        .iter()
        .map(|d| d.split(':').next().unwrap_or_default().to_owned())
        .collect();
    insta::assert_snapshot!("kube_cel_quantity_divergence", ids.join("\n"));
}

/// Raw VMs (as written, not re-encoded by KubeVirt's API): the policies differ from the
/// reference's recorded answer only on VMs the API server would refuse before admission (the
/// reference cannot decode them: 400) and on JSON floats such as `1610612736.0`, which the
/// reference refuses as a mismatching type and CEL reads as a number (VAP.md §2.3); every
/// such case is listed.
#[test]
fn catalog_cases_raw_differ_only_on_undecodable_vms_and_json_floats() {
    let catalog = bundled_catalog();
    let policies = default_policies(&catalog);
    let cases = conformance_cases();
    let mut classes: std::collections::BTreeMap<&str, Vec<String>> = Default::default();
    let mut checked = 0;
    for line in cases.lines() {
        let case: Value = serde_json::from_str(line).expect("a JSON line");
        if case["group"] != "catalog" {
            continue;
        }
        checked += 1;
        let vm = &case["input"]["vm"];
        let expected = &case["expected"];
        let message = if case["reference_panicked"] == true {
            decide(vm, &catalog, Mode::Raw).message
        } else {
            expected["message"].as_str().map(str::to_owned)
        };
        let got = offline::admit(&policies, vm).denied.map(|d| d.message);
        if expected["allowed"].as_bool() == Some(got.is_none()) && (got.is_none() || got == message)
        {
            continue;
        }
        let class = if TypedVm::decode(vm).is_err() {
            "undecodable"
        } else if has_float(vm) {
            "json-float"
        } else {
            "other"
        };
        let verdict = if expected["allowed"].as_bool() == Some(got.is_none()) {
            "message"
        } else {
            "verdict"
        };
        classes.entry(class).or_default().push(format!(
            "{} ({verdict})",
            case["id"].as_str().unwrap_or_default()
        ));
    }
    assert_eq!(checked, 1438);
    assert!(
        !classes.contains_key("other"),
        "{:#?}",
        classes.get("other")
    );
    insta::assert_snapshot!("raw_differences", format!("{classes:#?}"));
}

/// Whether a JSON number with a fraction or exponent is anywhere in `v`.
fn has_float(v: &Value) -> bool {
    match v {
        Value::Number(n) => !n.is_i64() && !n.is_u64(),
        Value::Array(items) => items.iter().any(has_float),
        Value::Object(m) => m.values().any(has_float),
        _ => false,
    }
}

/// The catalog cases (admitted) whose outcome through the policies differs from the
/// reference's, one line each.
fn differences(quantities: Quantities) -> Vec<String> {
    let catalog = bundled_catalog();
    let policies = default_policies(&catalog);
    let cases = conformance_cases();
    let (mut checked, mut undecodable, mut denied) = (0, 0, 0);
    let mut differences = Vec::new();
    for line in cases.lines() {
        let case: Value = serde_json::from_str(line).expect("a JSON line");
        if case["group"] != "catalog" {
            continue;
        }
        let id = case["id"].as_str().unwrap_or_default();
        let vm = &case["input"]["vm"];
        // No admitted verdict: the API server refuses the VM before admission.
        let (Some(expected), Some(object)) = (case.get("expected_admitted"), admitted(vm)) else {
            undecodable += 1;
            continue;
        };
        checked += 1;
        let ours = decide(vm, &catalog, Mode::Admitted);
        let message = if case["reference_panicked"] == true {
            ours.message.clone()
        } else {
            expected["message"].as_str().map(str::to_owned)
        };
        let outcome = offline::admit_with(&policies, &object, quantities);
        let got_message = outcome.denied.as_ref().map(|d| d.message.clone());
        let got_warnings: Vec<String> =
            outcome.warnings.iter().map(|d| d.message.clone()).collect();
        denied += usize::from(got_message.is_some());
        if expected["allowed"].as_bool() != Some(got_message.is_none())
            || (got_message.is_some() && got_message != message)
            || got_warnings != ours.warnings
        {
            differences.push(format!(
                "{id}: expected allowed={} {message:?} warnings {:?}; got {got_message:?} warnings {got_warnings:?}",
                expected["allowed"], ours.warnings
            ));
        }
    }
    // The shared data's counts (`tests/conformance/README.md`): 1438 catalog cases, 68 of
    // them VMs the API server would refuse.
    assert_eq!((checked, undecodable), (1370, 68));
    assert!(denied > 500, "{denied} denials");
    differences
}
