//! The KubeVirt fixtures: compiled and interpreted reports and response bytes agree, so the
//! benchmarks compare equal work.

use serde_json::Value;
use validgen::interpret::Explain;
use validgen::interpret::Outcome;
use validgen::{admission, extract, rules};
use validgen_benches::*;

#[test]
fn compiled_and_interpreted_reports_agree() {
    for f in fixtures() {
        let compiled = common_templates::CATALOG
            .compiled(&f.rules)
            .unwrap_or_else(|| panic!("{}: the catalog compiled this rule text", f.label));
        let ir = f.ir();
        let a = compiled(f.typed.json(), Explain::All);
        let b = interpret(&ir, &f.typed, Explain::All);
        // A one-rule report is kept inline (no allocation), in both back ends.
        for r in [&a, &b] {
            assert_eq!(r.rules.spilled(), r.rules.len() > 1, "{}", f.label);
        }
        assert_eq!(a, b, "{}", f.label);
        assert_eq!(
            Ok(a),
            admission::interpret_text(&f.rules, &f.typed).map_err(|e| e.to_string()),
            "{}",
            f.label
        );
    }
}

#[test]
fn windows11_function_is_the_catalog_validator() {
    let f = &fixtures()[1];
    assert_eq!(f.rules.matches("\"name\"").count(), 5);
    let report = common_templates::windows11_desktop_medium(f.typed.json(), Explain::All);
    assert_eq!(report.rules.len(), 5);
    assert_eq!(report, interpret(&f.ir(), &f.typed, Explain::All));
}

#[test]
fn many_disks_vm_has_25_disks_and_is_judged_like_the_original() {
    let vm = windows11_many_disks();
    let disks = vm
        .pointer("/spec/template/spec/domain/devices/disks")
        .and_then(Value::as_array)
        .unwrap();
    assert_eq!(disks.len(), 1 + EXTRA_DISKS);
    let f = Fixture::new("many", vm);
    let report = interpret(&f.ir(), &f.typed, Explain::All);
    let outcomes: Vec<Outcome> = report.rules.iter().map(|r| r.outcome).collect();
    assert_eq!(
        outcomes,
        [
            Outcome::Satisfied,
            Outcome::Unsatisfied, // justWarning: the root disk is sata
            Outcome::Satisfied,
            Outcome::Satisfied,
            Outcome::Satisfied
        ]
    );
}

#[test]
fn compiled_and_interpreted_responses_are_the_same_bytes() {
    let catalog = interpreted_catalog();
    for f in fixtures() {
        // The single pass answers these reviews itself (it does not step aside).
        assert!(
            extract::single_pass(&f.review, &common_templates::CATALOG).is_some(),
            "{}",
            f.label
        );
        assert!(
            extract::single_pass(&f.review, &catalog).is_some(),
            "{}",
            f.label
        );
        // Their rule sets are in both plans (no second, whole-VM decision).
        assert!(catalog.extraction_plan().covers(&f.rules), "{}", f.label);
        let compiled_plan = common_templates::CATALOG.extraction_plan();
        assert!(
            compiled_plan.is_some_and(|p| p.covers(&f.rules)),
            "{}",
            f.label
        );
        let a = String::from_utf8(respond_compiled(&f.review).unwrap()).unwrap();
        for other in [
            respond_interpreted(&f.review, &catalog),
            respond_compiled_value(&f.review),
            respond_interpreted_value(&f.review, &catalog),
        ] {
            assert_eq!(a, String::from_utf8(other.unwrap()).unwrap(), "{}", f.label);
        }
        let (_, d) = review_compiled(&f.review).unwrap();
        assert!(d.allowed, "{}: {:?}", f.label, d.message);
        assert_eq!(d.report.rules.len(), f.rules.matches("\"name\"").count());
    }
}

#[test]
fn dynamic_rule_set_uses_the_runtime_fallback_and_agrees() {
    let generated = include_str!(concat!(env!("OUT_DIR"), "/dynamic_validators.rs"));
    assert!(generated.contains("compiled::lookup"), "{generated}");
    let ir = rules::lower(&rules::parse_rule_set(DYNAMIC_RULES).unwrap());
    let compiled = dynamic_compiled();
    for f in fixtures().iter().skip(1) {
        let a = compiled(f.typed.json(), Explain::All);
        assert_eq!(a, interpret(&ir, &f.typed, Explain::All), "{}", f.label);
        for r in &a.rules {
            assert_ne!(r.outcome, Outcome::Error, "{}: {r:?}", f.label);
        }
    }
}
