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

/// A VM whose one rule (cores at least 4) fails, with `cores` as its template's CPU cores.
fn vm_with_cores(cores: u32) -> String {
    format!(
        r#"{{"apiVersion":"kubevirt.io/v1","kind":"VirtualMachine","metadata":{{"name":"vm","annotations":{{"vm.kubevirt.io/validations":"[{{\"name\":\"a\",\"path\":\"jsonpath::.spec.domain.cpu.cores\",\"rule\":\"integer\",\"min\":4,\"message\":\"m\"}}]"}}}},"spec":{{"template":{{"spec":{{"domain":{{"cpu":{{"cores":{cores}}}}}}}}}}}}}"#
    )
}

/// Every way validgen reviews `body`, as response bytes: the `Value` path (on a body parsed
/// as the reference decodes it, and on a plain `Value`), the bytes, and the single pass when
/// it answers, with the interpreter and with the compiled catalog.
fn every_answer(body: &[u8]) -> Vec<(String, String)> {
    let templates = Catalog::new();
    let compiled = Compiled::with_generated_plan(&templates);
    let back_ends: [(&str, &dyn Validators); 2] =
        [("interpreted", &templates), ("compiled", &compiled)];
    let response = |r: Reviewed| {
        String::from_utf8_lossy(&admission::response_json(&r.uid, &r.decision, true)).into_owned()
    };
    let plain: Value = serde_json::from_slice(body).expect("test body parses");
    let mut out = Vec::new();
    for (name, v) in back_ends {
        let go = validgen_tests::value_path(body, v).expect("a review");
        out.push((format!("{name} value path"), response(go)));
        let value = review_value_with(&plain, v).expect("a review");
        out.push((format!("{name} plain value"), response(value)));
        let bytes = review_bytes(body, v).expect("a review");
        out.push((format!("{name} review_bytes"), response(bytes)));
        if let Some(fast) = single_pass(body, v) {
            out.push((format!("{name} single pass"), response(fast)));
        }
    }
    out
}

/// ssp-operator webhooks/utils.go `GetAdmissionReview` decodes the body with encoding/json's
/// `json.Unmarshal`, which matches keys case-insensitively (Unicode simple folding: `ſ` is
/// `s`): `Request`, `UID`, `Resource`, `OBJECT` are the review's `request`, `uid`,
/// `resource`, `object`.
#[test]
fn the_review_keys_match_in_any_case() {
    let resource = r#"{"group":"kubevirt.io","version":"v1","resource":"virtualmachines"}"#;
    let exact = format!(
        r#"{{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{{"uid":"u-1","resource":{resource},"operation":"CREATE","object":{}}}}}"#,
        vm_with_cores(1)
    );
    let want = String::from_utf8_lossy(&admission::response_json(
        "u-1",
        &review_bytes(exact.as_bytes(), &Catalog::new())
            .expect("a review")
            .decision,
        true,
    ))
    .into_owned();
    assert!(want.contains(r#""code":422"#), "{want}");
    let folded = format!(
        r#"{{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","Request":{{"UID":"u-1","reſource":{{"Group":"kubevirt.io","VERSION":"v1","Resource":"virtualmachines"}},"operation":"CREATE","OBJECT":{}}}}}"#,
        vm_with_cores(1)
    );
    // Only the object's key in another case (the single pass must step aside, not miss it).
    let object_only = exact.replace(r#""object":"#, r#""Object":"#);
    for body in [folded, object_only] {
        for (how, got) in every_answer(body.as_bytes()) {
            assert_eq!(got, want, "{how}: {body}");
        }
    }
}

/// Keys in other cases are the same field: a later `Request` is decoded into the same
/// `*AdmissionRequest` (fields merge), a later `Object` replaces the `RawExtension`'s bytes, and
/// a later `null` object leaves them (apimachinery runtime/extension.go `UnmarshalJSON`).
#[test]
fn case_variants_of_review_keys_combine_as_repeated_keys() {
    let resource = r#"{"group":"kubevirt.io","version":"v1","resource":"virtualmachines"}"#;
    let review = |request: String| {
        format!(r#"{{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview",{request}}}"#)
    };
    let want = |uid: &str, cores: u32| {
        let body = review(format!(
            r#""request":{{"uid":"{uid}","resource":{resource},"object":{}}}"#,
            vm_with_cores(cores)
        ));
        every_answer(body.as_bytes())[0].1.clone()
    };
    assert_ne!(want("u", 1), want("u", 5), "the object decides");
    let cases = [
        (
            format!(
                r#""request":{{"uid":"u","resource":{resource},"object":{}}},"Request":{{"Object":{}}}"#,
                vm_with_cores(5),
                vm_with_cores(1)
            ),
            want("u", 1),
        ),
        (
            format!(
                r#""request":{{"uid":"u","resource":{resource},"object":{}}},"REQUEST":{{"object":null,"uid":"v"}}"#,
                vm_with_cores(1)
            ),
            want("v", 1),
        ),
        (
            format!(
                r#""request":{{"uid":"u","resource":{resource},"object":{},"Object":null,"UID":null}}"#,
                vm_with_cores(5)
            ),
            want("u", 5),
        ),
    ];
    for (request, want) in cases {
        let body = review(request);
        for (how, got) in every_answer(body.as_bytes()) {
            // A plain `Value` keeps both spellings; only the parse combines them as Go does.
            if how.ends_with("plain value") {
                continue;
            }
            assert_eq!(got, want, "{how}: {body}");
        }
    }
}
