//! `admission::response_json` (the response written straight to bytes) against the
//! serialisation it replaced (a `serde_json::Value` tree, printed, then Go's HTML-safe escapes
//! applied to the text): byte for byte on every conformance decision, with and without
//! warnings, and on decisions with arbitrary strings.

// Shared with conformance.rs, which also reads the expected answers.
#[allow(dead_code)]
use crate::data;

use proptest::prelude::*;
use serde_json::{Map, Value, json};
use validgen::admission::{self, Decision, Mode, Source};
use validgen::interpret::{Cause, Report};
use validgen_tests::{assert_none_differ, case_catalog};

/// The former `admission::response`: the response as a `Value` (object keys in insertion
/// order, the workspace enables serde_json's `preserve_order`).
fn response_value(uid: &str, d: &Decision, warnings: bool) -> Value {
    let mut resp = Map::new();
    resp.insert("uid".to_owned(), json!(uid));
    resp.insert("allowed".to_owned(), json!(d.allowed));
    if let Some(code) = d.code {
        let mut status = Map::new();
        status.insert("metadata".to_owned(), json!({}));
        status.insert(
            "message".to_owned(),
            json!(d.message.clone().unwrap_or_default()),
        );
        if let Some(reason) = &d.reason {
            status.insert("reason".to_owned(), json!(reason));
        }
        if !d.causes.is_empty() {
            status.insert("details".to_owned(), json!({ "causes": d.causes }));
        }
        status.insert("code".to_owned(), json!(code));
        resp.insert("status".to_owned(), Value::Object(status));
    }
    if warnings && !d.warnings.is_empty() {
        resp.insert("warnings".to_owned(), json!(d.warnings));
    }
    json!({
        "kind": "AdmissionReview",
        "apiVersion": "admission.k8s.io/v1",
        "response": resp,
    })
}

/// The difference between the two serialisations of `d`, if any.
fn differs(uid: &str, d: &Decision, warnings: bool) -> Option<String> {
    let got = admission::response_json(uid, d, warnings);
    // The reference: the value written as Go's `json.Marshal` writes it.
    let want = validgen_gotext::json::marshal(&response_value(uid, d, warnings));
    (got != want.as_bytes()).then(|| {
        format!(
            "warnings {warnings}:\n    got  {}\n    want {want}",
            String::from_utf8_lossy(&got)
        )
    })
}

#[test]
fn every_conformance_decision_is_written_as_before() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for case in data::load_cases() {
        let catalog = case_catalog(&case.id, &case.input.templates);
        let uid = format!("oracle-{}", case.id);
        for mode in [Mode::Raw, Mode::Admitted] {
            let d = admission::decide(&case.input.vm, &catalog, mode);
            for warnings in [false, true] {
                checked += 1;
                if let Some(diff) = differs(&uid, &d, warnings) {
                    failures.push(format!("{} [{mode:?}] {diff}", case.id));
                }
            }
        }
    }
    assert_eq!(
        checked,
        4 * 2505,
        "every case, both modes, with and without warnings"
    );
    assert_none_differ("responses", &failures);
}

/// Strings rich in what gets escaped: HTML characters, the separators and their neighbours
/// (same UTF-8 lead byte), quotes, backslashes, controls, other non-ASCII; or anything.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        "[<>&\"\\\\/\u{0}-\u{1f}\u{7f}\u{2026}-\u{202a}\u{20ac}é😀 a-z]{0,24}",
        any::<String>(),
    ]
}

fn cause() -> impl Strategy<Value = Cause> {
    // Empty strings are frequent: they are omitted fields.
    let part = || prop_oneof![Just(String::new()), text()];
    (part(), part(), part()).prop_map(|(kind, message, field)| Cause {
        kind,
        message,
        field,
    })
}

prop_compose! {
    fn decision()(
        allowed in any::<bool>(),
        code in proptest::option::of(prop_oneof![Just(400u16), Just(422u16), any::<u16>()]),
        reason in proptest::option::of(text()),
        message in proptest::option::of(text()),
        causes in proptest::collection::vec(cause(), 0..3),
        warnings in proptest::collection::vec(text(), 0..3),
    ) -> Decision {
        Decision {
            allowed,
            code,
            reason,
            message,
            causes,
            warnings,
            missing_template: None,
            report: Report::default(),
            source: Source::VmAnnotation,
            rule_set_error: None,
            decode_error: None,
            reference_crashes: false,
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1024, ..ProptestConfig::default() })]

    #[test]
    fn any_decision_is_written_as_before(uid in text(), d in decision(), warnings in any::<bool>()) {
        let diff = differs(&uid, &d, warnings);
        prop_assert!(diff.is_none(), "{}", diff.unwrap_or_default());
    }
}
