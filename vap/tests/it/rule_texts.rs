//! The CEL back end on every rule text of the shared conformance data, not only the catalog's:
//! each distinct `vm.kubevirt.io/validations` text the cases' VMs carry is compiled as a
//! template's, and every case whose text got a policy (all its rules translated) is run
//! through it, admitted, offline. Verdicts must be the reference's, and so must status messages
//! for sets classified exact (validgen's documented answer where the reference crashed); texts
//! left untranslated are counted by reason, so that a change in coverage shows. Each VM is run
//! through the policies of its own text only (the others' `rule-text` matchCondition is false;
//! `parity.rs` runs every policy of the catalog on every VM).

use crate::common;

use common::conformance_cases;

use validgen_vap_eval as offline;

use std::collections::BTreeMap;

use serde_json::{Value, json};
use validgen_kubevirt::admission::{Catalog, Mode, Template, decide};
use validgen_kubevirt::typed::TypedVm;
use validgen_vap::policy::STATIC_MESSAGE;
use validgen_vap::{Class, Options, compile};

#[test]
fn every_translated_rule_text_gives_the_reference_verdicts_and_messages() {
    let text = conformance_cases();
    let cases: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    let rules_of = |c: &Value| {
        c["input"]["vm"]["metadata"]["annotations"]["vm.kubevirt.io/validations"]
            .as_str()
            .filter(|t| !t.is_empty())
            .map(str::to_owned)
    };
    let mut catalog = Catalog::new();
    for (i, t) in cases.iter().filter_map(rules_of).enumerate() {
        let doc = json!({
            "kind": "Template",
            "metadata": {"name": format!("t{i}")},
            "objects": [{"metadata": {"annotations": {"vm.kubevirt.io/validations": t}}}],
        });
        catalog.insert(Template::from_json(doc, format!("case {i}")).expect("a template"));
    }
    let out = compile(&catalog, &Options::default());
    let policies = offline::load(&out.documents).expect("the policies load");
    let mut untranslated: BTreeMap<String, usize> = BTreeMap::new();
    for set in &out.report.rule_sets {
        for r in set
            .rules
            .iter()
            .filter(|r| r.class == Class::Untranslatable)
        {
            for reason in &r.reasons {
                *untranslated.entry(reason.code.clone()).or_default() += 1;
            }
        }
    }
    // Each text with a policy, and whether its messages are exact.
    let translated: BTreeMap<String, bool> = out
        .report
        .rule_sets
        .iter()
        .filter(|s| s.policy.is_some() && s.reasons.is_empty())
        .map(|s| (s.sha256.clone(), s.class == Class::Exact))
        .collect();
    let (mut checked, mut differences) = (0, Vec::new());
    for case in &cases {
        let Some(text) = rules_of(case) else { continue };
        let vm = &case["input"]["vm"];
        let (Some(expected), Ok(mut typed)) = (case.get("expected_admitted"), TypedVm::decode(vm))
        else {
            continue;
        };
        let Some(&exact) = translated.get(&validgen_vap::sha256(&text)) else {
            continue;
        };
        if case["nondeterministic"] == true {
            continue;
        }
        typed.canonicalize_quantities();
        checked += 1;
        let message = if case["reference_panicked"] == true {
            decide(vm, &catalog, Mode::Admitted).message
        } else {
            expected["message"].as_str().map(str::to_owned)
        }
        // The API server shows the static message instead of one over 5 KiB or with a line
        // break (the report's `message-limit`).
        .map(|m| {
            if m.len() > 5 * 1024 || m.contains('\n') {
                STATIC_MESSAGE.to_owned()
            } else {
                m
            }
        });
        let sha = validgen_vap::sha256(&text);
        let own: Vec<&offline::Policy> = policies.iter().filter(|p| p.sha256 == sha).collect();
        let outcome = offline::admit_refs(&own, typed.json());
        let got = outcome.denied.map(|d| d.message);
        if expected["allowed"].as_bool() != Some(got.is_none())
            || (exact && got.is_some() && got != message)
        {
            differences.push(format!(
                "{}: expected allowed={} {message:?}; got {got:?}",
                case["id"], expected["allowed"]
            ));
        }
    }
    assert!(
        differences.is_empty(),
        "{} of {checked} differ:\n{}",
        differences.len(),
        differences[..differences.len().min(20)].join("\n")
    );
    insta::assert_snapshot!(
        "coverage",
        format!(
            "cases checked: {checked}\nrule sets: {} ({} with a policy)\nuntranslated rules by reason: {untranslated:#?}",
            out.report.rule_sets.len(),
            translated.len()
        )
    );
}
