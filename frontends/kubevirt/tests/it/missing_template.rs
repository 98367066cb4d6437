//! A VM naming a template the catalog lacks: allowed as the reference allows it, and said so
//! (a warning and `missing_template`) on the whole-VM path and the single pass alike, while
//! the response without warnings keeps the reference's bytes.

use serde_json::json;
use validgen_kubevirt::admission::{self, Catalog, Mode, Template};
use validgen_kubevirt::extract;

fn review() -> serde_json::Value {
    json!({
        "apiVersion": "admission.k8s.io/v1",
        "kind": "AdmissionReview",
        "request": {
            "uid": "u1",
            "kind": {"group": "kubevirt.io", "version": "v1", "kind": "VirtualMachine"},
            "resource": {"group": "kubevirt.io", "version": "v1", "resource": "virtualmachines"},
            "operation": "CREATE",
            "object": {
                "apiVersion": "kubevirt.io/v1",
                "kind": "VirtualMachine",
                "metadata": {"name": "vm", "namespace": "ns", "labels": {
                    "vm.kubevirt.io/template": "gone",
                    "vm.kubevirt.io/template.namespace": "openshift",
                }},
                "spec": {"template": {"spec": {"domain": {"devices": {}}}}},
            },
        },
    })
}

fn catalog() -> Catalog {
    let mut c = Catalog::new();
    let t = json!({"kind": "Template", "metadata": {"name": "other", "namespace": "openshift",
        "annotations": {"validations": "[]"}}});
    c.insert(Template::from_json(t, "t.yaml#0".to_owned()).expect("a template"));
    c
}

#[test]
fn a_missing_template_is_allowed_with_a_note_on_both_paths() {
    let catalog = catalog();
    let review = review();
    let d = admission::decide(&review["request"]["object"], &catalog, Mode::Raw);
    assert!(d.allowed);
    assert_eq!(d.source, admission::Source::TemplateMissing);
    assert_eq!(d.missing_template.as_deref(), Some("openshift/gone"));
    assert_eq!(
        d.warnings,
        vec!["template openshift/gone named by the VM is not in the catalog: allowed without validation, as the reference does".to_owned()]
    );
    let body = serde_json::to_vec(&review).expect("json");
    let whole = validgen_kubevirt::extract::review_bytes(&body, &catalog).expect("a review");
    let single = extract::review_bytes(&body, &catalog).expect("a review");
    assert_eq!(whole.decision, d);
    assert_eq!(single.decision, d, "the single pass carries the note too");
    let with = admission::response_json("u1", &d, true);
    assert!(
        String::from_utf8_lossy(&with).contains(r#""warnings":["template openshift/gone"#),
        "{}",
        String::from_utf8_lossy(&with)
    );
    assert_eq!(
        admission::response_json("u1", &d, false),
        br#"{"kind":"AdmissionReview","apiVersion":"admission.k8s.io/v1","response":{"uid":"u1","allowed":true}}"#,
        "without warnings, the reference's bytes"
    );
}
