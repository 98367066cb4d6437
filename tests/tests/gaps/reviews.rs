//! Whole `AdmissionReview`s the reference answers before judging any rule.

use validgen::admission::{self, Catalog, Reviewed, Validators, review_value_with};
use validgen::extract::{review_bytes, single_pass};
use validgen::serde_json::{self, Value};
use validgen_tests::Compiled;

/// A review of `resource` (in group `kubevirt.io`, version `v1`) whose `request` has the
/// members `object` (JSON text, e.g. `"object":null`) and a DELETE's `oldObject`.
fn review(resource: &str, object: &str) -> Vec<u8> {
    let old = r#"{"apiVersion":"kubevirt.io/v1","kind":"VirtualMachine","metadata":{"name":"vm","annotations":{"vm.kubevirt.io/validations":"[{\"name\":\"a\",\"path\":\"jsonpath::.spec.domain.cpu.cores\",\"rule\":\"integer\",\"min\":4,\"message\":\"m\"}]"}},"spec":{"template":{"spec":{"domain":{"devices":{}}}}}}"#;
    format!(
        r#"{{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{{"uid":"u-1","kind":{{"group":"kubevirt.io","version":"v1","kind":"VirtualMachine"}},"resource":{{"group":"kubevirt.io","version":"v1","resource":"{resource}"}},"operation":"DELETE","namespace":"default"{object},"oldObject":{old}}}}}"#
    )
    .into_bytes()
}

/// Every way validgen reviews `body`, as response bytes: the `Value` path and the single pass,
/// with the interpreter and with the compiled catalog.
fn answers(body: &[u8]) -> Vec<(String, Vec<u8>)> {
    let templates = Catalog::new();
    let compiled = Compiled::with_generated_plan(&templates);
    let back_ends: [(&str, &dyn Validators); 2] =
        [("interpreted", &templates), ("compiled", &compiled)];
    let response = |r: Reviewed| admission::response_json(&r.uid, &r.decision, true);
    let parsed: Value = serde_json::from_slice(body).expect("test body parses");
    let mut out = Vec::new();
    for (name, v) in back_ends {
        let value = review_value_with(&parsed, v).expect("a review");
        out.push((format!("{name} value path"), response(value)));
        let bytes = review_bytes(body, v).expect("a review");
        out.push((format!("{name} review_bytes"), response(bytes)));
        let fast = single_pass(body, v).expect("the single pass answers");
        out.push((format!("{name} single pass"), response(fast)));
    }
    out
}

fn assert_all(body: &[u8], want: &str) {
    for (how, got) in answers(body) {
        assert_eq!(String::from_utf8_lossy(&got), want, "{how}");
    }
}

#[test]
fn a_review_without_object_is_refused_with_an_empty_json_input_error() {
    // ssp-operator webhooks/utils.go GetAdmissionReviewVM: json.Unmarshal(ar.Request.Object.Raw)
    // of empty bytes (absent, or `null`: apimachinery RawExtension.UnmarshalJSON keeps no
    // bytes for it) fails with encoding/json's "unexpected end of JSON input"; the webhook
    // answers it as ToAdmissionResponseError (code 400, no reason), with HTTP 200.
    let want = r#"{"kind":"AdmissionReview","apiVersion":"admission.k8s.io/v1","response":{"uid":"u-1","allowed":false,"status":{"metadata":{},"message":"unexpected end of JSON input","code":400}}}"#;
    for object in ["", r#","object":null"#, r#","object": null "#] {
        assert_all(&review("virtualmachines", object), want);
    }
}

#[test]
fn the_resource_is_checked_before_the_object() {
    // GetAdmissionReviewVM compares the resource first.
    let want = r#"{"kind":"AdmissionReview","apiVersion":"admission.k8s.io/v1","response":{"uid":"u-1","allowed":false,"status":{"metadata":{},"message":"expect resource {kubevirt.io v1 virtualmachineinstances} to be 'virtualmachines'","code":400}}}"#;
    for object in ["", r#","object":null"#] {
        assert_all(&review("virtualmachineinstances", object), want);
    }
}

#[test]
fn an_empty_object_is_a_vm_without_rules() {
    // `{}` is bytes: it decodes into an empty VirtualMachine, which names no rules: allowed.
    let want = r#"{"kind":"AdmissionReview","apiVersion":"admission.k8s.io/v1","response":{"uid":"u-1","allowed":true}}"#;
    assert_all(&review("virtualmachines", r#","object":{}"#), want);
}
