//! The bound on one JSONPath evaluation: templates are untrusted (a rule path can leave its
//! action with `}` and open `range` blocks), and nested `range`s multiply the work. Found by the
//! `jsonpath` fuzz target (`fuzz/regressions/jsonpath/nested-range-timeout`: 965 bytes, 6 s).

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use validgen_jsonpath::JsonPath;
use validgen_kubevirt::admission::{self, Catalog, Mode};

/// A VM with `n` disks.
fn vm(n: usize, rules: &str) -> Value {
    let disks: Vec<Value> = (0..n)
        .map(|i| json!({"name": format!("d{i}"), "disk": {"bus": "virtio"}}))
        .collect();
    json!({
        "apiVersion": "kubevirt.io/v1", "kind": "VirtualMachine",
        "metadata": {"name": "v", "annotations": {"vm.kubevirt.io/validations": rules}},
        "spec": {"template": {"spec": {"domain": {"devices": {"disks": disks}}}}}
    })
}

/// `depth` ranges without `end`, each over one literal: as client-go, the segments after a
/// range are evaluated once in its body and once more after it when no `end` closes it, so the
/// work doubles with each range: 2^depth.
fn nested_ranges(depth: usize) -> String {
    r#"{"" range}x"#.repeat(depth)
}

#[test]
fn nested_ranges_stop_at_the_work_bound_with_an_error() {
    let doc = vm(0, "[]");
    let path = JsonPath::parse(&nested_ranges(60)).expect("parses");
    let start = Instant::now();
    let err = path.find(&doc, false).expect_err("over the bound");
    assert!(err.message().contains("exceeds"), "{}", err.message());
    // Unbounded, this is 2^60 evaluations; bounded, well under a second in a release build.
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn shallow_ranges_are_untouched_by_the_bound() {
    let doc = vm(0, "[]");
    let path = JsonPath::parse(&nested_ranges(10)).expect("parses");
    let found = path.find(&doc, false).expect("2^11 - 2 texts");
    assert_eq!(found.len(), (1 << 11) - 2);
    let names = "{range .spec.template.spec.domain.devices.disks[*]}{.name}{end}";
    let doc = vm(64, "[]");
    let found = JsonPath::parse(names).expect("parses").find(&doc, false);
    assert_eq!(found.expect("64 names").len(), 64);
}

#[test]
fn a_rule_path_with_nested_ranges_denies_the_vm() {
    // `}` ends the rule's action; the ranges follow as further actions of the template.
    let path = format!("jsonpath::.spec}}{}", r#"{"" range}x"#.repeat(60));
    let rules = json!([{"name": "r", "path": path, "rule": "string", "message": "m"}]).to_string();
    let start = Instant::now();
    let d = admission::decide(&vm(0, &rules), &Catalog::new(), Mode::Raw);
    assert!(!d.allowed);
    assert_eq!(d.code, Some(422));
    assert!(
        d.message
            .as_deref()
            .unwrap_or("")
            .contains("invalid JSONPath"),
        "{d:?}"
    );
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
}
