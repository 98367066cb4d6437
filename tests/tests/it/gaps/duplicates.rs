//! Repeated keys in the VM's bytes: the typed-VM oracle checks `duplicate-*`
//! (`frontends/kubevirt/data/types-checks.jsonl`) sent as `AdmissionReview`s with their rules on the VM.
//! encoding/json merges a repeated key into the same struct, pointer or map, except a
//! repeated template `spec` (VirtualMachineInstanceSpec has its own UnmarshalJSON), which
//! replaces the earlier one whole.

use validgen::admission::{self, Catalog, Mode, Validators, review_value_with};
use validgen::extract::{review_bytes, single_pass};
use validgen::interpret::Outcome;
use validgen::serde_json::{self, Value};
use validgen::typed::GoReview;
use validgen_tests::conformance::CATALOG;
use validgen_tests::{Compiled, assert_none_differ};

const CHECKS: &str = include_str!("../../../../frontends/kubevirt/data/types-checks.jsonl");

/// The check's VM as JSON text (repeated keys kept) with `rules` as its own rule annotation,
/// and the oracle's per-rule outcomes.
fn check_input(row: &Value) -> (String, String, Vec<(Outcome, String)>) {
    let (vm, rules) = match row["input"]["input_line_verbatim_has_duplicate_keys"].as_str() {
        Some(line) => {
            // The line's `vm` member, as written.
            #[derive(serde::Deserialize)]
            struct Line<'a> {
                #[serde(borrow)]
                vm: &'a serde_json::value::RawValue,
                rules: String,
            }
            let l: Line<'_> = serde_json::from_str(line).expect("verbatim line");
            (l.vm.get().to_owned(), l.rules)
        }
        None => (
            row["input"]["vm"].to_string(),
            row["input"]["rules"].as_str().expect("rules").to_owned(),
        ),
    };
    let annotated = format!(
        r#""metadata":{{"name":"t","annotations":{{"vm.kubevirt.io/validations":{}}}}}"#,
        Value::from(rules.clone())
    );
    let vm = vm.replacen(r#""metadata":{"name":"t"}"#, &annotated, 1);
    assert!(vm.contains("validations"), "rules attached");
    let outcomes = row["oracle"]["rules"]
        .as_array()
        .expect("oracle rules")
        .iter()
        .map(|r| match (r["error"].as_str(), r["satisfied"].as_bool()) {
            (Some(e), _) => (Outcome::Error, e.to_owned()),
            (None, Some(true)) => (
                Outcome::Satisfied,
                r["explanation"].as_str().unwrap_or("").to_owned(),
            ),
            (None, _) => (
                Outcome::Unsatisfied,
                r["explanation"].as_str().unwrap_or("").to_owned(),
            ),
        })
        .collect();
    (vm, rules, outcomes)
}

#[test]
fn repeated_keys_in_a_review_combine_as_the_reference_decodes_them() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for line in CHECKS.lines().filter(|l| l.contains("\"duplicate-")) {
        let row: Value = serde_json::from_str(line).expect("check line");
        let id = row["id"].as_str().expect("id");
        let (vm, rules, want) = check_input(&row);
        assert!(CATALOG.compiled(&rules).is_some(), "{id}: compiled");
        let body = format!(
            r#"{{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{{"uid":"{id}","resource":{{"group":"kubevirt.io","version":"v1","resource":"virtualmachines"}},"operation":"CREATE","object":{vm}}}}}"#
        );
        let catalog = Catalog::new();
        let compiled = Compiled::with_generated_plan(&catalog);
        let parsed = serde_json::from_str::<GoReview>(&body).expect("parses").0;
        for (name, v) in [
            ("interpreted", &catalog as &dyn Validators),
            ("compiled", &compiled),
        ] {
            // Every rule explained, on the VM as the review's bytes give it (the webhook's CPU
            // defaulting changes none of these values).
            let object = parsed.pointer("/request/object").expect("an object");
            let decided = admission::decide_with(object, v, Mode::Raw);
            let got: Vec<(Outcome, String)> = decided
                .report
                .rules
                .iter()
                .map(|r| (r.outcome, r.detail.clone()))
                .collect();
            if got != want || !decided.allowed {
                failures.push(format!("{id} {name}:\n    got  {got:?}\n    want {want:?}"));
            }
            let reviewed = review_bytes(body.as_bytes(), v).expect("a review");
            let value = review_value_with(&parsed, v).expect("a review");
            if value != reviewed {
                failures.push(format!("{id} {name}: the Value path differs"));
            }
            if let Some(fast) = single_pass(body.as_bytes(), v)
                && fast != reviewed
            {
                failures.push(format!("{id} {name}: the single pass differs"));
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 4, "the four duplicate-key checks");
    assert_none_differ("reviews", &failures);
}

/// A repeated `request`: encoding/json decodes it into the same `*AdmissionRequest` (fields
/// merge) but replaces `object` whole (a `RawExtension` keeps the last bytes), so nothing of
/// the first object survives: here, its skip annotation must not let the second VM through.
#[test]
fn a_repeated_request_keeps_only_the_last_object() {
    let rules = r#"[{\"name\":\"cores\",\"path\":\"jsonpath::.spec.domain.cpu.cores\",\"rule\":\"integer\",\"message\":\"m\",\"min\":2}]"#;
    let first = r#"{"kind":"VirtualMachine","apiVersion":"kubevirt.io/v1","metadata":{"name":"a","annotations":{"vm.kubevirt.io/skip-validations":""}}}"#;
    let second = format!(
        r#"{{"kind":"VirtualMachine","apiVersion":"kubevirt.io/v1","metadata":{{"name":"b","annotations":{{"vm.kubevirt.io/validations":"{rules}"}}}},"spec":{{"template":{{"spec":{{"domain":{{"cpu":{{"cores":1}}}}}}}}}}}}"#
    );
    let resource =
        r#""resource":{"group":"kubevirt.io","version":"v1","resource":"virtualmachines"}"#;
    let body = format!(
        r#"{{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{{"uid":"u1",{resource},"object":{first}}},"request":{{"uid":"u2","object":{second}}}}}"#
    );
    let catalog = Catalog::new();
    let compiled = Compiled::with_generated_plan(&catalog);
    let validators: [(&str, &dyn Validators); 2] =
        [("interpreted", &catalog), ("compiled", &compiled)];
    for (name, v) in validators {
        let reviewed = review_bytes(body.as_bytes(), v).expect("a review");
        assert_eq!(reviewed.uid, "u2", "{name}: the later uid");
        assert!(
            !reviewed.decision.allowed,
            "{name}: {:?}",
            reviewed.decision
        );
        assert_eq!(reviewed.decision.code, Some(422), "{name}");
        let parsed = serde_json::from_str::<GoReview>(&body).expect("parses").0;
        assert_eq!(review_value_with(&parsed, v).ok(), Some(reviewed), "{name}");
    }
}

/// The answers (`code`, `message`) to a review of the VM `vm` (JSON text, repeated keys as
/// written): the `Value` path and the bytes, with each back end; the single pass too when it
/// answers (it steps aside on repeated struct keys and on any value that does not decode).
fn answers_to(vm: &str) -> Vec<(String, Option<u16>, Option<String>)> {
    let body = format!(
        r#"{{"apiVersion":"admission.k8s.io/v1","kind":"AdmissionReview","request":{{"uid":"u","resource":{{"group":"kubevirt.io","version":"v1","resource":"virtualmachines"}},"operation":"CREATE","object":{vm}}}}}"#
    );
    let catalog = Catalog::new();
    let compiled = Compiled::with_generated_plan(&catalog);
    let parsed = serde_json::from_str::<GoReview>(&body).expect("parses").0;
    let mut out = Vec::new();
    for (name, v) in [
        ("interpreted", &catalog as &dyn Validators),
        ("compiled", &compiled),
    ] {
        let mut ways = vec![
            (
                "value path",
                review_value_with(&parsed, v).expect("a review"),
            ),
            ("bytes", review_bytes(body.as_bytes(), v).expect("a review")),
        ];
        if let Some(fast) = single_pass(body.as_bytes(), v) {
            ways.push(("single pass", fast));
        }
        for (how, r) in ways {
            out.push((format!("{name} {how}"), r.decision.code, r.decision.message));
        }
    }
    out
}

/// A VM with `cpu` (JSON text) as its template's CPU.
fn with_cpu(cpu: &str) -> String {
    format!(
        r#"{{"apiVersion":"kubevirt.io/v1","kind":"VirtualMachine","metadata":{{"name":"t"}},"spec":{{"template":{{"spec":{{"domain":{{"cpu":{cpu}}}}}}}}}}}"#
    )
}

fn assert_refused(vm: &str, message: &str) {
    let answers = answers_to(vm);
    assert!(answers.len() >= 4, "{answers:?}");
    for (how, code, got) in answers {
        assert_eq!(
            (code, got.as_deref()),
            (Some(400), Some(message)),
            "{how}: {vm}"
        );
    }
}

const CORES: &str = "json: cannot unmarshal string into Go struct field VMISpecAlias.domain.cpu.cores of type uint32";

/// encoding/json decodes every copy of a repeated key (`decodeState.object` decodes each value
/// into the field in turn), so a wrong type in a copy a later one replaces still makes
/// `json.Unmarshal` fail: the webhook answers 400 (ssp-operator webhooks/utils.go
/// `GetAdmissionReviewVM`, then `ToAdmissionResponseError`).
#[test]
fn a_wrong_type_in_a_replaced_copy_is_refused() {
    assert_refused(&with_cpu(r#"{"cores":"2","cores":2}"#), CORES);
    // A struct merges: the earlier copy's field is overwritten but was decoded first.
    assert_refused(
        &with_cpu(r#"{"cores":"2"},"cpu":{"cores":2,"sockets":1}"#),
        CORES,
    );
    // A map entry is decoded afresh, after the earlier one was.
    let labels = r#"{"apiVersion":"kubevirt.io/v1","kind":"VirtualMachine","metadata":{"name":"t","labels":{"a":1,"a":"x"}}}"#;
    assert_refused(
        labels,
        "json: cannot unmarshal number into Go struct field VirtualMachine.metadata.labels.a of type string",
    );
    // A slice's extra elements are dropped by a shorter later copy after being decoded.
    let disks = r#"{"apiVersion":"kubevirt.io/v1","kind":"VirtualMachine","metadata":{"name":"t"},"spec":{"template":{"spec":{"domain":{"devices":{"disks":[{"name":"a"},{"name":5}],"disks":[{"name":"b"}]}}}}}}"#;
    assert_refused(
        disks,
        "json: cannot unmarshal number into Go struct field VMISpecAlias.domain.devices.disks.name of type string",
    );
}

/// A template `spec` is replaced whole by a later one (VirtualMachineInstanceSpec's own
/// UnmarshalJSON decodes a fresh `VMISpecAlias`), but the earlier one was decoded first and its
/// error returned from UnmarshalJSON, which stops decoding.
#[test]
fn a_wrong_type_inside_a_replaced_template_spec_is_refused() {
    let vm = r#"{"apiVersion":"kubevirt.io/v1","kind":"VirtualMachine","metadata":{"name":"t"},"spec":{"template":{"spec":{"domain":{"cpu":{"cores":"2"}}},"spec":{"domain":{"cpu":{"cores":2}}}}}}"#;
    assert_refused(vm, CORES);
}

/// The reported error is the first in document order (encoding/json `saveError` keeps the
/// first type error and decoding goes on), wherever the copies of a repeated key sit.
#[test]
fn the_first_type_error_in_document_order_is_reported() {
    let running = "json: cannot unmarshal string into Go struct field VirtualMachine.spec.running of type bool";
    let ready = "json: cannot unmarshal string into Go struct field VirtualMachine.status.ready of type bool";
    let vm = |first: &str, second: &str| {
        format!(
            r#"{{"apiVersion":"kubevirt.io/v1","kind":"VirtualMachine","metadata":{{"name":"t"}},"spec":{{"running":{first}}},"status":{{"ready":"no"}},"spec":{{"running":{second}}}}}"#
        )
    };
    // The earlier copy's error comes before `status`'s.
    assert_refused(&vm(r#""yes""#, "true"), running);
    // The later copy's error comes after it.
    assert_refused(&vm("true", r#""yes""#), ready);
    // An error that stops decoding (inside the template spec) wins over an earlier type error.
    let hard = r#"{"apiVersion":"kubevirt.io/v1","kind":"VirtualMachine","metadata":{"name":"t"},"spec":{"running":"yes"},"spec":{"template":{"spec":{"domain":{"cpu":{"cores":"2"}}}}}}"#;
    assert_refused(hard, CORES);
}

/// A key in another case is the same struct field (encoding/json `foldName`): its copies and
/// the exact repeats around it are decoded in document order, so `cpu`, `CPU`, `cpu` ends with
/// the last `cpu`'s cores.
#[test]
fn case_variants_between_repeated_keys_combine_in_document_order() {
    let vm = |cpus: &str| {
        format!(
            r#"{{"apiVersion":"kubevirt.io/v1","kind":"VirtualMachine","metadata":{{"name":"t","annotations":{{"vm.kubevirt.io/validations":"[{{\"name\":\"c\",\"path\":\"jsonpath::.spec.domain.cpu.cores\",\"rule\":\"integer\",\"min\":3,\"message\":\"m\"}}]"}}}},"spec":{{"template":{{"spec":{{"domain":{{{cpus}}}}}}}}}}}"#
        )
    };
    let cases = [
        (
            r#""cpu":{"cores":1},"CPU":{"cores":2},"cpu":{"cores":3}"#,
            None,
        ),
        (r#""cpu":{"cores":3},"Cpu":{"cores":2}"#, Some(422)),
        (
            r#""CPU":{"cores":1},"cpu":{"sockets":2},"CPU":{"cores":3}"#,
            None,
        ),
    ];
    for (cpus, want) in cases {
        let vm = vm(cpus);
        let answers = answers_to(&vm);
        assert!(answers.len() >= 4, "{answers:?}");
        for (how, code, message) in answers {
            assert_eq!(code, want, "{how}: {cpus}: {message:?}");
        }
    }
}
