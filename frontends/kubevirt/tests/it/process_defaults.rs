//! The default VMs of the bundled catalog (`examples/common-templates/templates`), processed
//! as `oc process` does and judged with their templates' rules, against the reference's
//! recorded verdicts on the same VMs (`tests/conformance/cases.jsonl`, the `catalog-<template>-default`
//! cases: `expected` raw, `expected_admitted` admitted) and against the processed VMs recorded
//! there (`input.vm`), generated values aside.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use regex::Regex;
use serde_json::Value;
use validgen_kubevirt::admission::{Catalog, Decision};
use validgen_kubevirt::process::{default_vm, process};

const CASES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/conformance/cases.jsonl"
);
const CATALOG: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../examples/common-templates/templates"
);

/// The recorded default-VM cases, by template name.
fn cases() -> BTreeMap<String, Value> {
    let text = std::fs::read_to_string(CASES).expect("vendored cases");
    text.lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("a JSON case"))
        .filter(|c| c["group"] == "catalog")
        .filter_map(|c| {
            let id = c["id"].as_str()?;
            let name = id.strip_prefix("catalog-")?.strip_suffix("-default")?;
            Some((name.to_owned(), c))
        })
        .collect()
}

fn catalog() -> Catalog {
    Catalog::load_dir(Path::new(CATALOG)).expect("the bundled catalog loads")
}

/// `(allowed, code, message)` of a decision and of a recorded outcome; the message of a 400
/// (a rule set that does not parse) is ours, not Go's, and left out.
fn outcome(d: &Decision) -> (bool, Option<u64>, Option<String>) {
    let message = d.message.clone().filter(|_| d.code != Some(400));
    (d.allowed, d.code.map(u64::from), message)
}

fn recorded_outcome(v: &Value) -> (bool, Option<u64>, Option<String>) {
    let code = v["code"].as_u64();
    (
        v["allowed"].as_bool().expect("allowed"),
        code,
        v["message"]
            .as_str()
            .filter(|_| code != Some(400))
            .map(str::to_owned),
    )
}

#[test]
fn denied_default_vms_are_those_the_reference_denies() {
    let cases = cases();
    let catalog = catalog();
    assert_eq!(catalog.len(), 172);
    assert_eq!(cases.len(), 172, "one recorded default VM per template");
    let mut denied = BTreeSet::new();
    let mut expected = BTreeSet::new();
    for t in catalog.templates() {
        let case = &cases[&t.name];
        let d = default_vm(t, &BTreeMap::new()).expect("every template processes");
        assert_eq!(
            outcome(&d.raw),
            recorded_outcome(&case["expected"]),
            "{} raw",
            t.name
        );
        assert_eq!(
            outcome(&d.admitted),
            recorded_outcome(&case["expected_admitted"]),
            "{} admitted",
            t.name
        );
        if d.denied() {
            denied.insert(t.name.clone());
        }
        if case["expected"]["allowed"] == false || case["expected_admitted"]["allowed"] == false {
            expected.insert(t.name.clone());
        }
    }
    assert_eq!(denied, expected);
    // What the recorded data says today: the `*-tiny` templates, denied as written only.
    assert_eq!(expected.len(), 21);
    assert!(expected.iter().all(|n| n.contains("-tiny")), "{expected:?}");
}

/// The values `recorded` holds where `ours` (processed with each generated parameter set to
/// `\u{1}NAME\u{2}`) holds a marker.
fn recover(ours: &Value, recorded: &Value, found: &mut BTreeMap<String, String>) {
    match (ours, recorded) {
        (Value::Object(a), Value::Object(b)) => {
            for (k, v) in a {
                if let Some(w) = b.get(k) {
                    recover(v, w, found);
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            for (v, w) in a.iter().zip(b) {
                recover(v, w, found);
            }
        }
        (Value::String(a), Value::String(b)) if a.contains('\u{1}') => {
            let marker = Regex::new("\u{1}([A-Z0-9_]+)\u{2}").expect("regex");
            let mut names = Vec::new();
            let mut pattern = String::from("^");
            let mut last = 0;
            for c in marker.captures_iter(a) {
                let m = c.get(0).expect("match");
                pattern.push_str(&regex::escape(&a[last..m.start()]));
                pattern.push_str("(.+?)");
                names.push(c[1].to_owned());
                last = m.end();
            }
            pattern.push_str(&regex::escape(&a[last..]));
            pattern.push('$');
            let caps = Regex::new(&pattern)
                .expect("regex")
                .captures(b)
                .unwrap_or_else(|| panic!("{b:?} is not {a:?} with generated values"));
            for (i, name) in names.into_iter().enumerate() {
                found.insert(name, caps[i + 1].to_owned());
            }
        }
        _ => {}
    }
}

#[test]
fn processed_default_vms_are_the_recorded_ones() {
    let cases = cases();
    let catalog = catalog();
    for t in catalog.templates() {
        let recorded = &cases[&t.name]["input"]["vm"];
        let ours = process(t, &BTreeMap::new()).expect("processes");
        assert!(!ours.generated.is_empty(), "{}: NAME is generated", t.name);
        let markers: BTreeMap<String, String> = ours
            .generated
            .iter()
            .map(|n| (n.clone(), format!("\u{1}{n}\u{2}")))
            .collect();
        let marked = process(t, &markers).expect("processes");
        let mut values = BTreeMap::new();
        recover(&marked.object, recorded, &mut values);
        assert_eq!(
            values.keys().collect::<Vec<_>>(),
            ours.generated.iter().collect::<Vec<_>>(),
            "{}: every generated value found in the recorded VM",
            t.name
        );
        for (name, value) in &values {
            assert_eq!(
                value.chars().count(),
                ours.values[name].chars().count(),
                "{}: {name} is as long as ours",
                t.name
            );
        }
        let same = process(t, &values).expect("processes");
        assert_eq!(&same.object, recorded, "{}", t.name);
        assert!(same.unsubstituted.is_empty(), "{}", t.name);
    }
}

/// The historical releases' recorded default VMs (`history-<release>-<template>-default`: the
/// Template in `input.templates`, its rules on the Template for the oldest releases): our
/// default VM, labelled as created from the template, is the recorded one (generated and
/// required values taken from it, the template namespace aside) and gets its verdicts.
#[test]
fn historical_default_vms_get_the_recorded_verdicts() {
    let text = std::fs::read_to_string(CASES).expect("vendored cases");
    let mut seen = 0;
    let mut releases: BTreeMap<String, Catalog> = BTreeMap::new();
    for case in text
        .lines()
        .map(|l| serde_json::from_str::<Value>(l).expect("JSON"))
    {
        let id = case["id"].as_str().expect("id");
        if !(id.starts_with("history-") && id.ends_with("-default")) {
            continue;
        }
        let release = id.split('-').nth(1).expect("a release");
        let name = case["input"]["vm"]["metadata"]["labels"]["vm.kubevirt.io/template"]
            .as_str()
            .expect("the VM's template");
        let dir = format!(
            "{}/../../tests/corpus/common-templates-history/{release}",
            env!("CARGO_MANIFEST_DIR")
        );
        let catalog = releases
            .entry(release.to_owned())
            .or_insert_with(|| Catalog::load_dir(Path::new(&dir)).expect("a release loads"));
        let t = catalog
            .templates()
            .find(|t| t.name == name)
            .expect("the template is in its release");
        let unset: BTreeMap<String, String> = validgen_kubevirt::process::parameters(t)
            .expect("parameters")
            .into_iter()
            .filter(|p| p.value.is_empty())
            .map(|p| (p.name.clone(), format!("\u{1}{}\u{2}", p.name)))
            .collect();
        let marked = process(t, &unset).expect("processes");
        let mut recorded = case["input"]["vm"].clone();
        let mut values = BTreeMap::new();
        recover(&marked.object, &recorded, &mut values);
        let d = default_vm(t, &values).expect("processes");
        let ns = "vm.kubevirt.io/template.namespace";
        recorded["metadata"]["labels"][ns] = d.processed.object["metadata"]["labels"][ns].clone();
        assert_eq!(d.processed.object, recorded, "{id}");
        assert_eq!(
            outcome(&d.raw),
            recorded_outcome(&case["expected"]),
            "{id} raw"
        );
        assert_eq!(
            outcome(&d.admitted),
            recorded_outcome(&case["expected_admitted"]),
            "{id} admitted"
        );
        seen += 1;
    }
    assert_eq!(seen, 24);
}
