//! Legacy Template-level rules (VAP.md §2.1, §6.11): every conformance case that comes with
//! Templates (`history`: real old releases; `upstream`, `admission`: the lookup's corners)
//! and whose VM has no rules of its own is compiled from its Templates, as the cluster would
//! hold them, and run through the policies offline, admitted. Verdicts and messages must be
//! the reference's: the lookup by labels else annotations, both namespace keys, a missing
//! Template allowing the VM. Cases whose Templates cannot get a policy are counted by reason.

use crate::common;

use common::{conformance_cases, default_policies};

use validgen_vap_eval as offline;

use std::collections::BTreeMap;

use serde_json::{Value, json};
use validgen_kubevirt::admission::{Catalog, Mode, Template, VALIDATIONS, decide};
use validgen_kubevirt::typed::TypedVm;
use validgen_vap::{Class, Options, compile};

fn cases() -> Vec<Value> {
    conformance_cases()
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .filter(|c: &Value| c["input"].get("templates").is_some())
        .collect()
}

/// The case's Templates as a catalog keyed as the reference's cache (`namespace/name`).
fn catalog_of(case: &Value) -> Catalog {
    let mut catalog = Catalog::new();
    for (i, t) in case["input"]["templates"]
        .as_array()
        .expect("templates")
        .iter()
        .enumerate()
    {
        catalog
            .insert(Template::from_json(t.clone(), format!("template {i}")).expect("a Template"));
    }
    catalog
}

/// The case's Templates, as the cluster holds them for the bindings' `paramRef`s.
fn templates(case: &Value) -> Vec<Value> {
    case["input"]["templates"]
        .as_array()
        .expect("templates")
        .clone()
}

/// `policies` run on a CREATE of `vm` in a cluster holding `templates`.
fn admit(policies: &[offline::Policy], vm: &Value, templates: Vec<Value>) -> offline::Outcome {
    offline::Evaluator::default()
        .with_params(templates)
        .admit(policies, &offline::Request::create_virtual_machine(vm))
}

fn admitted(vm: &Value) -> Value {
    let mut typed = TypedVm::decode(vm).expect("decodes");
    typed.canonicalize_quantities();
    typed.json().clone()
}

#[test]
fn template_level_rules_give_the_reference_verdicts_and_messages() {
    let (mut checked, mut denied, mut differences) = (0, 0, Vec::new());
    let mut skipped: BTreeMap<String, usize> = BTreeMap::new();
    for case in cases() {
        let vm = &case["input"]["vm"];
        let own = vm["metadata"]["annotations"][VALIDATIONS]
            .as_str()
            .is_some_and(|t| !t.is_empty());
        if own {
            *skipped.entry("own rule text".to_owned()).or_default() += 1;
            continue;
        }
        let catalog = catalog_of(&case);
        let out = compile(&catalog, &Options::default());
        if let Some(set) = out
            .report
            .rule_sets
            .iter()
            .find(|s| s.class == Class::Untranslatable)
        {
            let reason = set
                .rules
                .iter()
                .find(|r| r.class == Class::Untranslatable)
                .map_or(&set.reasons, |r| &r.reasons);
            *skipped.entry(reason[0].code.clone()).or_default() += 1;
            continue;
        }
        let exact = out.report.worst() == Class::Exact;
        let policies = offline::load(&out.documents).expect("the policies load");
        let expected = &case["expected_admitted"];
        let message = if case["reference_panicked"] == true {
            decide(vm, &catalog, Mode::Admitted).message
        } else {
            expected["message"].as_str().map(str::to_owned)
        };
        let got = admit(&policies, &admitted(vm), templates(&case))
            .denied
            .map(|d| d.message);
        checked += 1;
        denied += usize::from(got.is_some());
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
        differences.join("\n")
    );
    insta::assert_snapshot!(
        "legacy_coverage",
        format!("cases checked: {checked} ({denied} denied)\nskipped: {skipped:#?}")
    );
}

/// A history case the reference denies through its Template's own rules.
fn denied_history_case() -> Value {
    cases()
        .into_iter()
        .find(|c| {
            c["group"] == "history"
                && c["expected_admitted"]["allowed"] == false
                && c["input"]["vm"]["metadata"]["annotations"][VALIDATIONS].is_null()
        })
        .expect("a denied history case")
}

#[test]
fn a_missing_template_allows_the_vm_through_parameter_not_found_action() {
    let case = denied_history_case();
    let catalog = catalog_of(&case);
    let out = compile(&catalog, &Options::default());
    let t = catalog.templates().next().expect("a template");
    let policy = &out.documents[0];
    assert_eq!(
        policy["spec"]["paramKind"],
        json!({"apiVersion": "template.openshift.io/v1", "kind": "Template"})
    );
    for binding in out.documents.iter().skip(1).step_by(2) {
        assert_eq!(
            binding["spec"]["paramRef"],
            json!({"name": t.name, "namespace": t.namespace, "parameterNotFoundAction": "Allow"})
        );
    }
    let vm = admitted(&case["input"]["vm"]);
    let policies = offline::load(&out.documents).expect("the policies load");
    let with = admit(&policies, &vm, templates(&case));
    assert_eq!(
        with.denied.map(|d| d.message).as_deref(),
        case["expected_admitted"]["message"].as_str()
    );
    let without = admit(&policies, &vm, Vec::new());
    assert!(
        without.denied.is_none() && without.warnings.is_empty() && without.audit.is_empty(),
        "{without:?}"
    );
}

#[test]
fn the_lookup_reads_labels_before_annotations_and_both_namespace_keys() {
    let case = denied_history_case();
    let catalog = catalog_of(&case);
    let t = catalog.templates().next().expect("a template");
    let (ns, name) = (t.namespace.clone().expect("a namespace"), t.name.clone());
    let policies = default_policies(&catalog);
    let base = admitted(&case["input"]["vm"]);
    let denied = |labels: Value, annotations: Value| {
        let mut vm = base.clone();
        vm["metadata"]["labels"] = labels;
        vm["metadata"]["annotations"] = annotations;
        admit(&policies, &vm, templates(&case)).denied.is_some()
    };
    let pair = |ns_key: &str| json!({"vm.kubevirt.io/template": name, ns_key: ns});
    let (new, old) = (
        "vm.kubevirt.io/template.namespace",
        "vm.kubevirt.io/template-namespace",
    );
    assert!(denied(pair(new), json!({})));
    assert!(denied(pair(old), json!({})));
    assert!(denied(json!({}), pair(new)));
    assert!(denied(json!({}), pair(old)));
    // An empty `template.namespace` gives way to the older key.
    assert!(denied(
        json!({"vm.kubevirt.io/template": name, new: "", old: ns}),
        json!({})
    ));
    // `template.namespace` wins over the older key.
    assert!(!denied(
        json!({"vm.kubevirt.io/template": name, new: "elsewhere", old: ns}),
        json!({})
    ));
    // Complete labels win over the annotations, even naming another template.
    assert!(!denied(
        json!({"vm.kubevirt.io/template": "other", new: ns}),
        pair(new)
    ));
    // Incomplete labels give way to the annotations.
    assert!(denied(json!({"vm.kubevirt.io/template": name}), pair(new)));
    // A VM with rules of its own is judged by them, not by its template's.
    let mut own = pair(new);
    own[VALIDATIONS] = json!("[]");
    assert!(!denied(json!({}), own.clone()));
    own[VALIDATIONS] = json!("");
    assert!(denied(json!({}), own));
    // Skipped and deleted VMs are not judged.
    let mut skip = pair(new);
    skip["vm.kubevirt.io/skip-validations"] = json!("false");
    assert!(!denied(pair(new), skip));
}

#[test]
fn a_template_without_namespace_needs_the_deployment_namespace() {
    let case = denied_history_case();
    let mut catalog = Catalog::new();
    let mut doc = case["input"]["templates"][0].clone();
    let ns = doc["metadata"]["namespace"].clone();
    doc["metadata"]
        .as_object_mut()
        .map(|m| m.remove("namespace"));
    catalog.insert(Template::from_json(doc, "template".to_owned()).expect("a Template"));
    let out = compile(&catalog, &Options::default());
    assert_eq!(out.documents.len(), 0);
    assert_eq!(
        out.report.rule_sets[0].reasons[0].code,
        "legacy-template-namespace"
    );
    let opts = Options {
        template_namespace: ns.as_str().map(str::to_owned),
        ..Options::default()
    };
    let policies = offline::load(&compile(&catalog, &opts).documents).expect("the policies load");
    let got = admit(&policies, &admitted(&case["input"]["vm"]), templates(&case));
    assert_eq!(
        got.denied.map(|d| d.message).as_deref(),
        case["expected_admitted"]["message"].as_str()
    );
}
