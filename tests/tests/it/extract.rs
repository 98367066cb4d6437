//! The single pass from `AdmissionReview` bytes (`validgen::extract`) against the `Value` path
//! (`admission::review_value_with`): on every conformance case, with interpreted and compiled
//! validators, and on every VM of a set mutated value by value (wrong JSON types, `null`,
//! repeated and case-variant keys), the reviews must be equal, and the single pass must
//! actually answer (not step aside) for the well-formed cases.

// Shared with conformance.rs, which also reads the expected answers.
#[allow(dead_code)]
use crate::data;

use serde_json::{Value, json};
use validgen::admission::{Catalog, Validators};
use validgen::extract::{ExtractionPlan, review_bytes, single_pass};
use validgen_tests::conformance::CATALOG;
use validgen_tests::{Compiled, assert_none_differ, case_catalog, review_body, value_path};

fn templates(case: &data::Case) -> Catalog {
    case_catalog(&case.id, &case.input.templates)
}

/// Compares the two paths on `body`; returns whether the single pass answered.
fn check(body: &[u8], v: &dyn Validators, what: &str, failures: &mut Vec<String>) -> bool {
    let want = value_path(body, v);
    let fast = single_pass(body, v);
    if let Some(got) = &fast
        && Some(got) != want.as_ref()
    {
        failures.push(format!("{what}:\n    got  {got:?}\n    want {want:?}"));
    }
    let full = review_bytes(body, v).ok();
    if full != want {
        failures.push(format!(
            "{what} (review_bytes):\n    got  {full:?}\n    want {want:?}"
        ));
    }
    fast.is_some()
}

#[test]
fn single_pass_reviews_every_case_as_the_value_path() {
    let cases = data::load_cases();
    let compiled_plan = CATALOG
        .extraction_plan()
        .expect("generated with extraction");
    let mut failures = Vec::new();
    let (mut interpreted_fast, mut compiled_fast) = (0, 0);
    for case in &cases {
        let b = review_body(&case.input.vm, &case.id);
        let catalog = templates(case);
        if check(
            &b,
            &catalog,
            &format!("{} interpreted", case.id),
            &mut failures,
        ) {
            interpreted_fast += 1;
        }
        // The pass keeps less of `spec` when `metadata` comes first (as the API server writes
        // a VM, and as these VMs are written); the other order takes the whole plan.
        if let Some(vm) = case.input.vm.as_object() {
            let reversed: serde_json::Map<String, Value> = vm
                .iter()
                .rev()
                .map(|(k, v)| (k.clone(), v.clone()))
                .collect();
            let what = format!("{} interpreted, keys reversed", case.id);
            check(
                &review_body(&Value::Object(reversed), &case.id),
                &catalog,
                &what,
                &mut failures,
            );
        }
        let mut plan = compiled_plan.clone();
        for t in catalog.templates() {
            if let Some(text) = t.validations.as_deref() {
                plan.add_text(text);
            }
        }
        let compiled = Compiled {
            templates: &catalog,
            plan: Some(plan),
        };
        if check(
            &b,
            &compiled,
            &format!("{} compiled", case.id),
            &mut failures,
        ) {
            compiled_fast += 1;
        }
    }
    assert_none_differ("reviews", &failures);
    eprintln!(
        "single pass answered {interpreted_fast} (interpreted) / {compiled_fast} (compiled) of {}",
        cases.len()
    );
    // The cases that step aside: VMs the typed decoding refuses, case-variant or repeated keys,
    // and rule sets that do not parse.
    assert!(
        interpreted_fast > 2000 && compiled_fast > 2000,
        "single pass answered {interpreted_fast} (interpreted) / {compiled_fast} (compiled) of {}",
        cases.len()
    );
}

#[test]
fn generated_plan_is_the_runtime_plan() {
    // The capture paths `validgen-codegen` emitted for each rule set are those the runtime
    // plans from the rule text.
    let mut runtime = ExtractionPlan::new();
    for text in CATALOG.rule_texts() {
        assert!(runtime.add_text(text), "compiled rule sets parse");
    }
    assert_eq!(Some(&runtime), CATALOG.extraction_plan());
    assert!(CATALOG.rule_texts().all(|t| runtime.covers(t)));
}

/// Every JSON pointer of the scalars, objects and arrays of `v`.
fn pointers(v: &Value, at: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                let k = k.replace('~', "~0").replace('/', "~1");
                pointers(x, format!("{at}/{k}"), out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                pointers(x, format!("{at}/{i}"), out);
            }
        }
        _ => {}
    }
    out.push(at);
}

/// Writes `v` as JSON with the object at `dup` holding its first key twice (the copy first,
/// with `copy` as value) and, when `upper`, that key's case changed instead.
fn with_repeated_key(v: &Value, dup: &str, copy: &Value, upper: bool) -> Option<String> {
    let mut v = v.clone();
    let obj = v.pointer_mut(dup)?.as_object_mut()?;
    let (k, _) = obj.iter().next()?;
    let k = k.clone();
    let marker = "\"__validgen_marker__\":0";
    obj.insert("__validgen_marker__".to_owned(), json!(0));
    let text = serde_json::to_string(&v).ok()?;
    let key = if upper { k.to_uppercase() } else { k };
    let extra = format!("{}:{}", serde_json::to_string(&key).ok()?, copy);
    Some(text.replacen(marker, &extra, 1))
}

#[test]
fn single_pass_agrees_on_mutated_vms() {
    let cases = data::load_cases();
    // A few VMs with many fields and rules of every kind.
    let chosen: Vec<&data::Case> = cases
        .iter()
        .filter(|c| c.input.vm.to_string().len() > 1500)
        .step_by(97)
        .take(6)
        .collect();
    assert!(chosen.len() >= 4, "enough VMs to mutate");
    // JSON texts put in place of a value: other types, out-of-range numbers, escapes a
    // `Value` parse decodes or refuses, and nesting beyond serde_json's recursion limit.
    let deep = format!("{}{}", "[".repeat(130), "]".repeat(130));
    let replacements = [
        "null",
        r#""x""#,
        r#""1Gi""#,
        r#""1\u0047i""#,
        r#""\ud800""#,
        r#""2006-01-02T15:04:05Z""#,
        "1.5",
        "-1",
        "4294967296",
        "1e400",
        "true",
        "{}",
        "[]",
        r#"{"zz":1}"#,
        &deep,
    ];
    let mut failures = Vec::new();
    let (mut fast, mut total) = (0, 0);
    for case in chosen {
        let catalog = templates(case);
        let vm = &case.input.vm;
        let mut ptrs = Vec::new();
        pointers(vm, String::new(), &mut ptrs);
        for p in ptrs.iter().filter(|p| !p.is_empty()) {
            for r in &replacements {
                let mut m = vm.clone();
                if let Some(slot) = m.pointer_mut(p) {
                    *slot = json!("__validgen_value__");
                }
                let b = String::from_utf8(review_body(&m, "u"))
                    .expect("utf-8")
                    .replacen("\"__validgen_value__\"", r, 1);
                total += 1;
                let what = format!("{} {p} := {}", case.id, &r[..r.len().min(20)]);
                if check(b.as_bytes(), &catalog, &what, &mut failures) {
                    fast += 1;
                }
            }
            for upper in [false, true] {
                for copy in [json!(null), json!("x"), json!({})] {
                    let Some(text) = with_repeated_key(vm, p, &copy, upper) else {
                        continue;
                    };
                    // Written out by hand so that the repeated key reaches the bytes.
                    let b = String::from_utf8(review_body(&json!("__vm__"), "u"))
                        .expect("utf-8")
                        .replacen("\"__vm__\"", &text, 1);
                    total += 1;
                    let what = format!("{} {p} repeated key (upper {upper}, {copy})", case.id);
                    if check(b.as_bytes(), &catalog, &what, &mut failures) {
                        fast += 1;
                    }
                }
            }
        }
    }
    assert_none_differ("reviews", &failures);
    eprintln!("the single pass answered {fast} of {total} mutated reviews");
    assert!(
        fast * 6 > total,
        "the single pass answered {fast} of {total} mutated reviews"
    );
}

/// A field of the review around the VM with a JSON type its Go type cannot take fails the
/// reference's decoding of the whole body (400, no verdict): both paths refuse the body, where
/// they used to read a number `uid` as empty and allow a VM without rules. A well-typed body
/// with the same fields (and unknown ones) is still answered by the single pass.
#[test]
fn review_fields_of_the_wrong_go_type_are_refused() {
    let catalog = Catalog::new();
    let vm = json!({"apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
        "metadata": {"name": "vm"}, "spec": {"template": {"spec": {}}}});
    let body = |patch: (&str, Value)| {
        let mut review: Value = serde_json::from_slice(&review_body(&vm, "u")).expect("JSON");
        let (pointer, value) = patch;
        let (parent, key) = pointer.rsplit_once('/').expect("pointer");
        review
            .pointer_mut(parent)
            .and_then(Value::as_object_mut)
            .expect("parent")
            .insert(key.to_owned(), value);
        serde_json::to_vec(&review).expect("JSON")
    };
    let well_typed = [
        ("/request/uid", json!(null)),
        ("/request/userInfo/extra", json!({"scopes": ["a", "b"]})),
        ("/request/unknownField", json!([1, {"x": true}])),
        (
            "/request/requestKind",
            json!({"group": "", "version": "v1", "kind": "X"}),
        ),
        (
            "/response",
            json!({"uid": "u", "allowed": true, "patch": "W10=", "status": {"code": 200}}),
        ),
    ];
    for patch in well_typed {
        let what = format!("{patch:?}");
        let b = body(patch);
        let fast = single_pass(&b, &catalog);
        assert!(
            fast.as_ref().is_some_and(|r| r.decision.allowed),
            "{what}: {fast:?}"
        );
        assert_eq!(fast, value_path(&b, &catalog), "{what}");
    }
    let wrong = [
        ("/request/uid", json!(5)),
        ("/request/UID", json!(["u"])),
        ("/request/resource", json!("virtualmachines")),
        ("/request/resource/resource", json!(1)),
        ("/request/kind/kind", json!(false)),
        ("/request/operation", json!({"op": "CREATE"})),
        ("/request/dryRun", json!("false")),
        ("/request/userInfo/groups", json!("system:masters")),
        ("/request/userInfo/extra", json!({"scopes": "a"})),
        ("/request/name", json!(7)),
        ("/kind", json!(1)),
        ("/response", json!({"allowed": "yes"})),
        ("/response", json!({"patch": "not base64"})),
        ("/response", json!({"status": {"code": 1.5}})),
        (
            "/response",
            json!({"status": {"details": {"causes": [{"field": 1}]}}}),
        ),
    ];
    for patch in wrong {
        let what = format!("{patch:?}");
        let b = body(patch);
        assert_eq!(
            single_pass(&b, &catalog),
            None,
            "{what}: the pass must step aside"
        );
        let err = review_bytes(&b, &catalog).expect_err(&what).to_string();
        assert!(
            err.contains("json: cannot unmarshal") || err.contains("base64"),
            "{what}: {err}"
        );
    }
}
