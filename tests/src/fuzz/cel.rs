//! Kubernetes CEL: expressions in the offline ValidatingAdmissionPolicy evaluator
//! (`validgen-vap-eval`), and CRD schemas with their CEL rules (`validgen-crd` on
//! `validgen-cel`).

use validgen::crd::{CelRules, judge, schema_options};
use validgen::json_schema::compile;
use validgen::serde_json::{self, Value, json};
use validgen_vap_eval::{Evaluator, Request, load};

use super::{caught_panics_allowed, files, first_line, text};

/// The per-binding cost budget of the `cel` target: a tenth of the API server's (so that a run
/// stays short), honoured as the API server's is.
const BUDGET: u64 = 1_000_000;

/// A policy validating every CREATE with `expression`, and its `Deny` binding.
fn policy(expression: &str) -> [Value; 2] {
    let rules = [
        json!({"apiGroups": ["*"], "apiVersions": ["*"], "operations": ["CREATE"],
        "resources": ["*"]}),
    ];
    [
        json!({"apiVersion": "admissionregistration.k8s.io/v1",
            "kind": "ValidatingAdmissionPolicy", "metadata": {"name": "fuzz"},
            "spec": {"matchConstraints": {"resourceRules": rules},
                "validations": [{"expression": expression}]}}),
        json!({"apiVersion": "admissionregistration.k8s.io/v1",
            "kind": "ValidatingAdmissionPolicyBinding", "metadata": {"name": "fuzz-b"},
            "spec": {"policyName": "fuzz", "validationActions": ["Deny"]}}),
    ]
}

/// The first line is a CEL expression, the rest the object created (JSON; a sample
/// VirtualMachine when it is not). The expression `e` and its negation `!(e)` are each run as
/// a policy's validation: no panic, each binding's cost within [`BUDGET`], and at most one of
/// the two admits the object (an error or a spent budget denies, never admits).
pub fn cel(data: &[u8]) {
    caught_panics_allowed(|| policy_and_negation(data));
}

fn policy_and_negation(data: &[u8]) {
    let Some(text) = text(data) else {
        return;
    };
    let (expression, object) = first_line(text);
    let object: Value = serde_json::from_str(object).unwrap_or_else(|_| {
        json!({"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
            "metadata": {"name": "vm", "labels": {"tier": "gold"}},
            "spec": {"running": false, "template": {"spec": {"domain": {
                "cpu": {"cores": 2}, "memory": {"guest": "2Gi"}}}}}})
    });
    let request = Request::create(&object);
    let evaluator = Evaluator::default().with_budget(BUDGET);
    let mut admitted = 0;
    for e in [expression.to_owned(), format!("!(\n{expression}\n)")] {
        let Ok(policies) = load(&policy(&e)) else {
            continue;
        };
        let outcome = evaluator.admit(&policies, &request);
        for (binding, cost) in &outcome.costs {
            assert!(*cost <= BUDGET, "{binding}: cost {cost} over {BUDGET}");
        }
        // A binding that did not run (the request did not match) admits by default.
        admitted += usize::from(outcome.allowed() && !outcome.costs.is_empty());
    }
    assert!(admitted <= 1, "{expression:?} and its negation both admit");
}

/// CRD schemas with CEL rules: the input is files ([`super::files`]): an `openAPIV3Schema`
/// (JSON, with `x-kubernetes-validations`), an object, and optionally the old object of an
/// update. The rules are compiled as a CRD's creation checks them (type checks, estimated
/// cost limits) and as a stored CRD serves them, and the object is judged as the API server
/// judges it. No panic, bounded time (the runtime cost budget).
pub fn crd(data: &[u8]) {
    caught_panics_allowed(|| judged_as_stored_and_created(data));
}

fn judged_as_stored_and_created(data: &[u8]) {
    let Some(text) = text(data) else {
        return;
    };
    let files = files(text, "schema.json");
    let json = |i: usize| {
        files
            .get(i)
            .and_then(|(_, t)| serde_json::from_str::<Value>(t).ok())
    };
    let (Some(schema), Some(object)) = (json(0), json(1)) else {
        return;
    };
    let old = json(2);
    let Ok(rules) = compile(&schema, &schema_options()) else {
        return;
    };
    let created = CelRules::compile(&schema);
    let stored = CelRules::compile_stored(&schema);
    for cel in [created.ok(), stored.ok()] {
        let _ = judge(&schema, &rules.rules, cel.as_ref(), &object, old.as_ref());
    }
}
