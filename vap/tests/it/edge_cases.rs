//! The cases of VAP.md §6 the conformance data has few of, on the windows11 policy (memory,
//! the three bus rules, cores): zero values and the reference-VM fallback, CPU defaulting,
//! matchConditions, the crash without `spec.template`, and the API server's 5 KiB message
//! limit. Each variant of the catalog's default windows11 VM goes through the bundled
//! catalog's policies offline and through validgen's admission decision (admitted), which the
//! conformance tests hold to the reference.

use crate::common;

use common::{bundled_catalog, conformance_cases, default_policies};

use validgen_vap_eval as offline;

use serde_json::{Value, json};
use validgen_kubevirt::admission::{Catalog, Mode, decide};
use validgen_kubevirt::typed::TypedVm;
use validgen_vap::policy::STATIC_MESSAGE;

struct Setup {
    catalog: Catalog,
    policies: Vec<offline::Policy>,
    base: Value,
}

fn setup() -> Setup {
    let catalog = bundled_catalog();
    let policies = default_policies(&catalog);
    let cases = conformance_cases();
    let base = cases
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("a JSON line"))
        .find(|c| c["id"] == "catalog-windows11-desktop-medium-default")
        .map(|c| c["input"]["vm"].clone())
        .expect("the default windows11 VM");
    Setup {
        catalog,
        policies,
        base,
    }
}

/// The VM with `edit` applied to `spec.template.spec.domain`.
fn with_domain(base: &Value, edit: impl FnOnce(&mut Value)) -> Value {
    let mut vm = base.clone();
    edit(
        vm.pointer_mut("/spec/template/spec/domain")
            .expect("a domain"),
    );
    vm
}

/// A denial's message (none when allowed) and the warnings.
type Answer = (Option<String>, Vec<String>);

/// The policies' answer and validgen's, on `vm` (admitted).
fn both(s: &Setup, vm: &Value) -> (Answer, Answer) {
    let mut typed = TypedVm::decode(vm).expect("decodes");
    typed.canonicalize_quantities();
    let got = offline::admit(&s.policies, typed.json());
    let d = decide(vm, &s.catalog, Mode::Admitted);
    (
        (
            got.denied.map(|d| d.message),
            got.warnings.into_iter().map(|d| d.message).collect(),
        ),
        (d.message.filter(|_| !d.allowed), d.warnings),
    )
}

#[test]
fn zero_values_fallbacks_and_cpu_defaulting_are_the_references() {
    let s = setup();
    let disks = |d: Value| move |dom: &mut Value| dom["devices"]["disks"] = d;
    let variants: Vec<(&str, Value)> = vec![
        ("as is", s.base.clone()),
        (
            "no cpu",
            with_domain(&s.base, |d| {
                drop(d.as_object_mut().map(|m| m.remove("cpu")))
            }),
        ),
        ("cpu {}", with_domain(&s.base, |d| d["cpu"] = json!({}))),
        (
            "sockets only",
            with_domain(&s.base, |d| d["cpu"] = json!({"sockets": 4})),
        ),
        (
            "cores 0",
            with_domain(&s.base, |d| d["cpu"] = json!({"cores": 0})),
        ),
        (
            "cores 1",
            with_domain(&s.base, |d| d["cpu"] = json!({"cores": 1})),
        ),
        (
            "cores 3",
            with_domain(&s.base, |d| d["cpu"] = json!({"cores": 3})),
        ),
        (
            "no memory",
            with_domain(&s.base, |d| {
                drop(d.as_object_mut().map(|m| m.remove("memory")))
            }),
        ),
        (
            "memory {}",
            with_domain(&s.base, |d| d["memory"] = json!({})),
        ),
        (
            "maxGuest only",
            with_domain(&s.base, |d| d["memory"] = json!({"maxGuest": "8Gi"})),
        ),
        (
            "small memory",
            with_domain(&s.base, |d| d["memory"] = json!({"guest": "1Gi"})),
        ),
        (
            "all cdroms",
            with_domain(
                &s.base,
                disks(
                    json!([{"name": "a", "cdrom": {"bus": "sata"}}, {"name": "b", "cdrom": {"bus": "scsi"}}]),
                ),
            ),
        ),
        (
            "disk {}",
            with_domain(&s.base, disks(json!([{"name": "a", "disk": {}}]))),
        ),
        ("no disks", with_domain(&s.base, disks(json!([])))),
        (
            "lun disks",
            with_domain(
                &s.base,
                disks(json!([{"name": "a", "lun": {"bus": "scsi"}}])),
            ),
        ),
        (
            "mixed buses",
            with_domain(
                &s.base,
                disks(json!([
            {"name": "a", "disk": {"bus": "usb"}}, {"name": "b", "disk": {"bus": "sata"}},
            {"name": "c", "cdrom": {"bus": "scsi"}}, {"name": "d"}])),
            ),
        ),
    ];
    let mut denied = Vec::new();
    for (name, vm) in &variants {
        let (got, want) = both(&s, vm);
        assert_eq!(got, want, "{name}");
        if let Some(m) = got.0 {
            denied.push(format!("{name}: {m}"));
        }
    }
    insta::assert_snapshot!("denied_variants", denied.join("\n"));
}

#[test]
fn match_conditions_follow_the_decision_order_and_the_exact_text() {
    let s = setup();
    let annotations = |edit: &dyn Fn(&mut Value)| {
        let mut vm = with_domain(&s.base, |d| d["cpu"] = json!({"cores": 1}));
        edit(&mut vm["metadata"]);
        vm
    };
    let denied = annotations(&|_| {});
    assert!(both(&s, &denied).0.0.is_some(), "the base case is denied");
    for (name, vm) in [
        (
            "deleting",
            annotations(&|m| m["deletionTimestamp"] = json!("2026-01-01T00:00:00Z")),
        ),
        (
            "skip key false",
            annotations(&|m| m["annotations"]["vm.kubevirt.io/skip-validations"] = json!("false")),
        ),
        (
            "no rules",
            annotations(&|m| m["annotations"]["vm.kubevirt.io/validations"] = json!("[]")),
        ),
        (
            "no annotations",
            annotations(&|m| drop(m.as_object_mut().map(|o| o.remove("annotations")))),
        ),
        (
            "other annotations",
            annotations(&|m| m["annotations"] = json!({"a": "b"})),
        ),
    ] {
        let (got, want) = both(&s, &vm);
        assert_eq!(got, want, "{name}");
        assert_eq!(got.0, None, "{name}: allowed");
    }
    // The same rules re-indented are another text: no policy matches (the webhook, which
    // parses the text, denies).
    let reindented = annotations(&|m| {
        let text = m["annotations"]["vm.kubevirt.io/validations"]
            .as_str()
            .unwrap_or_default();
        let compact: Value = serde_json::from_str(text).expect("JSON rules");
        m["annotations"]["vm.kubevirt.io/validations"] = json!(compact.to_string());
    });
    let (got, want) = both(&s, &reindented);
    assert_eq!(got.0, None);
    assert!(want.0.is_some());
}

#[test]
fn without_spec_template_every_rule_fails_as_validgen_answers_the_crash() {
    let s = setup();
    let mut vm = s.base.clone();
    vm["spec"].as_object_mut().map(|m| m.remove("template"));
    let (got, want) = both(&s, &vm);
    assert_eq!(got.0, want.0);
    assert!(
        got.0
            .is_some_and(|m| m.ends_with("This VM requires more cores.: invalid JSONPath"))
    );
}

#[test]
fn a_message_over_5_kib_falls_back_to_the_static_message() {
    let s = setup();
    let disks: Vec<Value> = (0..256)
        .map(|i| json!({"name": format!("d{i}"), "disk": {"bus": format!("bus-{i:04}-{}", "x".repeat(20))}}))
        .collect();
    let vm = with_domain(&s.base, |d| d["devices"]["disks"] = json!(disks));
    let (got, want) = both(&s, &vm);
    assert!(want.0.as_ref().is_some_and(|m| m.len() > 5 * 1024));
    assert_eq!(got.0.as_deref(), Some(STATIC_MESSAGE));
}
