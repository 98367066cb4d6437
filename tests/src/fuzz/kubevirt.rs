//! The KubeVirt side: rule sets, JSONPath, quantities, Go regexps, manifests, the single pass
//! from review bytes, and compiled against interpreted decisions on reviews.

use std::cmp::Ordering;
use std::sync::LazyLock;

use validgen::GoRegex;
use validgen::JsonPath;
use validgen::Quantity;
use validgen::admission::{self, Catalog, Mode, Template};
use validgen::extract;
use validgen::manifest;
use validgen::rules;
use validgen::serde_json::{self, Value, json};
use validgen::typed::TypedVm;

use super::{MAX_INPUT, capped, first_line, text};
use crate::conformance::CATALOG;
use crate::{Compiled, value_path};

/// A VM that decodes, carrying `rules` as its own rule set.
fn vm_with_rules(rules: &str) -> Value {
    json!({
        "apiVersion": "kubevirt.io/v1",
        "kind": "VirtualMachine",
        "metadata": {"name": "fuzz", "namespace": "default",
                     "annotations": {"vm.kubevirt.io/validations": rules}},
        "spec": {"template": {"spec": {"domain": {
            "cpu": {"cores": 2, "sockets": 1},
            "memory": {"guest": "2Gi"},
            "devices": {"disks": [{"name": "root", "disk": {"bus": "virtio"}},
                                  {"name": "cd", "cdrom": {"bus": "sata"}}]}
        }}}}
    })
}

/// The validators of the conformance rule sets: compiled where the text was compiled, the
/// interpreter otherwise, with the single pass's plan.
fn compiled() -> Compiled<'static> {
    static EMPTY: LazyLock<Catalog> = LazyLock::new(Catalog::new);
    Compiled::with_generated_plan(&EMPTY)
}

/// Rule-set parser, lowering and evaluation: a rule set (UTF-8 text) is parsed, and a VM
/// carrying it is decided by the interpreter and by the compiled validators (which run the
/// compiled code for the conformance texts): both decisions must be equal.
pub fn rule_set(data: &[u8]) {
    let Some(text) = text(data) else {
        return;
    };
    let parsed = rules::parse_rule_set(text);
    let vm = vm_with_rules(text);
    let interpreted = admission::decide(&vm, &Catalog::new(), Mode::Raw);
    let compiled = admission::decide_with(&vm, &compiled(), Mode::Raw);
    assert_eq!(
        interpreted, compiled,
        "interpreted and compiled decisions of {text:?}"
    );
    if !text.trim().is_empty() && parsed.is_err() {
        assert_eq!(
            interpreted.code,
            Some(400),
            "a rule set that does not parse is a 400"
        );
    }
}

/// JSONPath parser and evaluator: the first line is a template (client-go syntax), the rest a
/// JSON document (a sample VM when it is not JSON). The template is evaluated on the document
/// as plain JSON and as a typed VM; an error's offset lies within the template.
pub fn jsonpath(data: &[u8]) {
    let Some(text) = text(data) else {
        return;
    };
    let (template, doc) = first_line(text);
    let path = match JsonPath::parse(template) {
        Ok(p) => p,
        Err(e) => {
            assert!(e.offset().is_none_or(|o| o <= template.len()), "{e:?}");
            return;
        }
    };
    let doc: Value = serde_json::from_str(doc).unwrap_or_else(|_| vm_with_rules("[]"));
    let first = path.find(&doc, false).map(|v| v.len());
    assert_eq!(
        first,
        path.find(&doc, false).map(|v| v.len()),
        "deterministic"
    );
    let _ = path.find(&doc, true);
    if let Ok(vm) = TypedVm::decode(&doc) {
        let _ = path.find(vm.root(), false);
    }
}

/// Quantities (Go `resource.ParseQuantity`): a quantity that parses keeps its value through its
/// canonical form, and the fast integer path agrees with the full parser.
pub fn quantity(data: &[u8]) {
    let Some(text) = text(data) else {
        return;
    };
    let parsed = Quantity::parse(text);
    if let Some(fast) = Quantity::simple_as_i64(text) {
        let full = parsed.as_ref().ok().and_then(Quantity::as_i64);
        assert_eq!(Some(fast), parsed.as_ref().ok().map(|_| full), "{text:?}");
    }
    if let Ok(q) = parsed {
        let canonical = q.canonical();
        let again = Quantity::parse(&canonical)
            .unwrap_or_else(|e| panic!("canonical {canonical:?} of {text:?}: {e:?}"));
        // apimachinery v0.35 has no decimal suffix past E and drops the exponent of larger
        // values (`1000E` is written `1`, see quantity/canonical.rs): the value holds below.
        let bound = |s: &str| Quantity::parse(s).expect("a bound");
        let within_suffixes = q.cmp_value(&bound("1000E")) == Ordering::Less
            && q.cmp_value(&bound("-1000E")) == Ordering::Greater;
        if within_suffixes {
            assert_eq!(
                q.cmp_value(&again),
                Ordering::Equal,
                "{text:?} → {canonical:?}"
            );
        }
    }
    let _ = Quantity::from_json_raw(text);
}

/// The Go-regex translator: a pattern (the first line) that compiles is matched against the
/// rest of the input and against itself.
pub fn goregex(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(&data[..data.len().min(4096)]) else {
        return;
    };
    let (pattern, subject) = first_line(text);
    let Ok(re) = GoRegex::new(pattern) else {
        return;
    };
    let _ = re.is_match(subject);
    let _ = re.is_match(pattern);
    let again = GoRegex::from_translated(pattern, re.rust_pattern())
        .expect("a translation that built once builds again");
    assert_eq!(again.is_match(subject), re.is_match(subject));
}

/// The manifest loader (YAML or JSON, several documents, `List`s): never panics, and every
/// document it returns is numbered in order.
pub fn manifest(data: &[u8]) {
    if let Ok(docs) = manifest::parse("fuzz.yaml", capped(data), MAX_INPUT) {
        assert!(docs.windows(2).all(|w| w[0].index <= w[1].index));
    }
}

/// The single pass from `AdmissionReview` bytes against the `Value` path, with interpreted and
/// compiled validators: wherever the pass answers, its review is the `Value` path's, and
/// `review_bytes` always is.
pub fn single_pass(data: &[u8]) {
    let body = capped(data);
    let interpreted = interpreted_with_plan();
    let compiled = compiled();
    let validators: [&dyn admission::Validators; 2] = [interpreted, &compiled];
    for v in validators {
        let want = value_path(body, v);
        if let Some(fast) = extract::single_pass(body, v) {
            assert_eq!(Some(&fast), want.as_ref(), "single pass vs Value path");
        }
        assert_eq!(extract::review_bytes(body, v).ok(), want, "review_bytes");
    }
}

/// Compiled against interpreted KubeVirt decisions on `AdmissionReview` bytes (mutated reviews
/// of the conformance VMs): over the same templates, the interpreted catalog and the compiled
/// validators (compiled code for the conformance rule sets) decide alike, by the `Value` path
/// and from bytes.
pub fn decision(data: &[u8]) {
    let body = capped(data);
    let interpreted = interpreted_with_plan();
    let compiled = Compiled::with_generated_plan(interpreted);
    assert_eq!(
        value_path(body, interpreted),
        value_path(body, &compiled),
        "interpreted and compiled decisions (Value path)"
    );
    assert_eq!(
        extract::review_bytes(body, interpreted).ok(),
        extract::review_bytes(body, &compiled).ok(),
        "interpreted and compiled decisions (bytes)"
    );
}

/// An interpreted catalog whose plan covers the conformance rule sets: one template per
/// compiled text, carried by its `objects[0]` as VMs created from it carry it.
pub(super) fn interpreted_with_plan() -> &'static Catalog {
    static C: LazyLock<Catalog> = LazyLock::new(|| {
        let mut c = Catalog::new();
        for (i, text) in CATALOG.rule_texts().enumerate() {
            let doc = json!({
                "kind": "Template",
                "metadata": {"name": format!("t{i}")},
                "objects": [{"metadata": {"annotations": {(admission::VALIDATIONS): text}}}],
            });
            if let Some(t) = Template::from_json(doc, format!("t{i}")) {
                c.insert(t);
            }
        }
        c
    });
    &C
}

/// Seeds for `target` from a conformance case (a line of `tests/conformance/cases.jsonl`):
/// the rule sets, paths, quantities and regexes it uses, its VM as a manifest.
pub(super) fn seeds(target: &str, case: &Value) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = Vec::new();
    let vm = &case["input"]["vm"];
    let rules = vm
        .pointer("/metadata/annotations/vm.kubevirt.io~1validations")
        .and_then(Value::as_str);
    let rule_list: Vec<Value> = rules
        .and_then(|r| serde_json::from_str::<Vec<Value>>(r).ok())
        .unwrap_or_default();
    let vm_text = vm.to_string();
    match target {
        "rule_set" => out.extend(rules.map(|r| r.as_bytes().to_vec())),
        "jsonpath" => {
            for r in &rule_list {
                for key in ["path", "valid", "min", "max"] {
                    if let Some(p) = r[key].as_str().and_then(|p| p.strip_prefix("jsonpath::")) {
                        let p = p.strip_prefix('$').unwrap_or(p);
                        out.push(format!("{{.spec.template{p}}}\n{vm_text}").into_bytes());
                    }
                }
            }
        }
        "quantity" => strings(vm, &mut |s| {
            if s.starts_with(|c: char| c.is_ascii_digit() || ".+-".contains(c)) {
                out.push(s.as_bytes().to_vec());
            }
        }),
        "goregex" => {
            for r in &rule_list {
                if let Some(re) = r["regex"].as_str() {
                    out.push(format!("{re}\n{vm_text}").into_bytes());
                }
            }
        }
        "manifest" => out.push(vm_text.into_bytes()),
        _ => {}
    }
    out
}

/// Calls `f` on every string of `v`.
fn strings(v: &Value, f: &mut dyn FnMut(&str)) {
    match v {
        Value::String(s) => f(s),
        Value::Array(a) => a.iter().for_each(|x| strings(x, f)),
        Value::Object(m) => m.values().for_each(|x| strings(x, f)),
        _ => {}
    }
}
