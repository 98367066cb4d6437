//! CEL cost (VAP.md §6.9): a worst-case VM evaluated against every bundled policy stays under
//! the API server's runtime budget of 10,000,000 per binding (K8s `apis/cel/config.go`
//! `RuntimeCELCostBudget`), counted by the offline evaluator's conservative cost
//! (`validgen_vap_eval::cost`: an upper bound of cel-go's runtime cost).
//!
//! The worst case: 256 disks (KubeVirt's `+kubebuilder:validation:MaxItems:=256`), each with
//! both a `disk` and a `cdrom` bus of 6,000 bytes (3 MB of strings: the API server's request
//! limit is 3 MiB) and a 63-byte name, carrying each rule text of the catalog in turn, so
//! that every policy matches once.

use crate::common;

use common::{bundled_catalog, default_policies};

use std::collections::BTreeMap;

use serde_json::{Value, json};
use validgen_vap_eval::cost::{OUT_OF_BUDGET, PER_BINDING_BUDGET};
use validgen_vap_eval::{Evaluator, Request};

/// The worst-case VM carrying `rules` as its `vm.kubevirt.io/validations` text.
fn worst_case(rules: &str) -> Value {
    let disks: Vec<Value> = (0..256)
        .map(|i| {
            json!({
                "name": format!("{i:03}{}", "d".repeat(60)),
                "disk": {"bus": format!("{i:03}{}", "b".repeat(5997))},
                "cdrom": {"bus": format!("{i:03}{}", "c".repeat(5997))},
            })
        })
        .collect();
    json!({
        "apiVersion": "kubevirt.io/v1",
        "kind": "VirtualMachine",
        "metadata": {"name": "worst", "annotations": {"vm.kubevirt.io/validations": rules}},
        "spec": {"template": {"spec": {"domain": {
            "cpu": {"cores": 1},
            "memory": {"guest": "256Mi"},
            "devices": {"disks": disks},
        }}}},
    })
}

#[test]
fn a_worst_case_vm_stays_under_the_per_binding_budget_of_every_bundled_policy() {
    let catalog = bundled_catalog();
    let policies = default_policies(&catalog);
    let mut texts: Vec<&str> = catalog
        .templates()
        .filter_map(|t| t.object_validations.as_deref())
        .collect();
    texts.sort_unstable();
    texts.dedup();
    assert_eq!(texts.len(), 7);
    let evaluator = Evaluator::default();
    let mut most: BTreeMap<String, u64> = BTreeMap::new();
    for text in texts {
        let vm = worst_case(text);
        let out = evaluator.admit(&policies, &Request::create(&vm));
        let denied = out.denied.expect("the worst case is denied");
        assert_ne!(denied.message, OUT_OF_BUDGET);
        for (binding, cost) in out.costs {
            let entry = most.entry(binding).or_default();
            *entry = (*entry).max(cost);
        }
    }
    assert_eq!(most.len(), 10, "every binding evaluated");
    assert!(most.values().all(|&c| c < PER_BINDING_BUDGET), "{most:#?}");
    let lines: Vec<String> = most
        .iter()
        .map(|(binding, cost)| format!("{binding}: {cost}"))
        .collect();
    insta::assert_snapshot!("worst_case_costs", lines.join("\n"));
}
