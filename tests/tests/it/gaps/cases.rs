//! Our own cases (`tests/gaps/cases.jsonl`, the format of the recorded ones): each VM decided
//! by the interpreter must give the expected answer, and the compiled validators and the
//! single pass from bytes exactly the interpreter's.

use validgen::admission::{self, Catalog, Decision, Mode, review_value_with};
use validgen::extract::{review_bytes, single_pass};
use validgen::interpret::Outcome;
use validgen::serde_json::{self, Value};
use validgen_tests::conformance::CATALOG;
use validgen_tests::{Compiled, assert_none_differ, review_body};

use super::data::{Case, Expected, load_cases_at};

fn cases() -> Vec<Case> {
    load_cases_at(concat!(env!("CARGO_MANIFEST_DIR"), "/gaps/cases.jsonl"))
}

/// What differs between `got` and the expected answer, field by field (`failures_only`: `got`
/// explains unsatisfied and failed rules only, as a review does).
fn differences(exp: &Expected, got: &Decision, failures_only: bool) -> Vec<String> {
    let mut out = Vec::new();
    let causes: Vec<(String, String, String)> = got
        .causes
        .iter()
        .map(|c| (c.kind.clone(), c.field.clone(), c.message.clone()))
        .collect();
    let want_causes: Vec<(String, String, String)> = exp
        .causes
        .iter()
        .flatten()
        .map(|c| (c.kind.clone(), c.field.clone(), c.message.clone()))
        .collect();
    let rules: Vec<(String, String, Outcome, String)> = got
        .report
        .rules
        .iter()
        .map(|r| {
            (
                r.name.to_string(),
                r.field.to_string(),
                r.outcome,
                r.detail.clone(),
            )
        })
        .collect();
    let want_rules: Vec<(String, String, Outcome, String)> = exp
        .rules
        .iter()
        .flatten()
        .map(|r| {
            let (o, mut d) = r.outcome();
            if failures_only && o == Outcome::Satisfied {
                d.clear();
            }
            (r.name.clone(), r.field.clone(), o, d)
        })
        .collect();
    let pairs = [
        (
            "allowed",
            format!("{}", got.allowed),
            format!("{}", exp.allowed),
        ),
        ("code", format!("{:?}", got.code), format!("{:?}", exp.code)),
        (
            "reason",
            format!("{:?}", got.reason),
            format!("{:?}", exp.reason),
        ),
        (
            "message",
            format!("{:?}", got.message),
            format!("{:?}", exp.message),
        ),
        ("causes", format!("{causes:?}"), format!("{want_causes:?}")),
    ];
    for (what, g, w) in pairs {
        if g != w {
            out.push(format!("{what}:\n    got  {g}\n    want {w}"));
        }
    }
    for (g, w) in rules.iter().zip(&want_rules) {
        if g != w {
            out.push(format!("rule:\n    got  {g:?}\n    want {w:?}"));
        }
    }
    if rules.len() != want_rules.len() {
        out.push(format!("{} rules, want {}", rules.len(), want_rules.len()));
    }
    out
}

#[test]
fn our_cases_are_answered_as_the_reference_by_every_back_end() {
    let cases = cases();
    assert!(cases.len() >= 2, "{} cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let vm = &case.input.vm;
        let catalog = Catalog::new();
        let interpreted = admission::decide(vm, &catalog, Mode::Raw);
        for d in differences(&case.expected, &interpreted, false) {
            failures.push(format!("{} interpreted {d}", case.id));
        }
        let text = vm
            .pointer("/metadata/annotations/vm.kubevirt.io~1validations")
            .and_then(Value::as_str)
            .expect("rules");
        assert!(CATALOG.compiled(text).is_some(), "{}: compiled", case.id);
        let compiled = Compiled::with_generated_plan(&catalog);
        let got = admission::decide_with(vm, &compiled, Mode::Raw);
        if got != interpreted {
            failures.push(format!(
                "{} compiled:\n    got  {got:?}\n    want {interpreted:?}",
                case.id
            ));
        }
        let body = review_body(vm, "u");
        let parsed: Value = serde_json::from_slice(&body).expect("parses");
        for (name, v) in [
            ("interpreted", &catalog as &dyn admission::Validators),
            ("compiled", &compiled),
        ] {
            let want = review_value_with(&parsed, v).expect("a review");
            for d in differences(&case.expected, &want.decision, true) {
                failures.push(format!("{} {name} review {d}", case.id));
            }
            // The single pass steps aside for what it does not reproduce (case-variant keys).
            let fast = single_pass(&body, v);
            let bytes = review_bytes(&body, v).expect("a review");
            if fast.is_some_and(|f| f != want) || bytes != want {
                failures.push(format!(
                    "{} {name} from bytes:\n    got  {bytes:?}\n    want {want:?}",
                    case.id
                ));
            }
        }
    }
    assert_none_differ("answers", &failures);
}
