//! The bodies of the fuzz targets (`fuzz/fuzz_targets/*.rs`), one function per target taking
//! arbitrary bytes, and the seeds they start from. Each body panics only when an invariant
//! breaks (a panic inside validgen, or two paths that must agree disagreeing), so the same
//! functions serve `cargo fuzz` and the bounded regression run in `cargo test`
//! (`tests/tests/it/fuzz_regress.rs`).

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

use crate::conformance::CATALOG;
use crate::{Compiled, review_body, value_path};

/// A fuzz target's body: any bytes in, a panic on a finding.
pub type Target = fn(&[u8]);

/// The fuzz targets, by name (the file names under `fuzz/fuzz_targets/`).
pub const TARGETS: &[(&str, Target)] = &[
    ("rule_set", rule_set),
    ("jsonpath", jsonpath),
    ("quantity", quantity),
    ("goregex", goregex),
    ("manifest", manifest),
    ("single_pass", single_pass),
];

/// Largest input a body looks at, in bytes: libFuzzer's default `-max_len` for a corpus of
/// reviews is larger, but nothing the invariants check needs more, and it bounds each run.
const MAX_INPUT: usize = 64 * 1024;

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
    let Ok(text) = std::str::from_utf8(&data[..data.len().min(MAX_INPUT)]) else {
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
    let Ok(text) = std::str::from_utf8(&data[..data.len().min(MAX_INPUT)]) else {
        return;
    };
    let (template, doc) = text.split_once('\n').unwrap_or((text, ""));
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
    let Ok(text) = std::str::from_utf8(&data[..data.len().min(MAX_INPUT)]) else {
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
    let (pattern, subject) = text.split_once('\n').unwrap_or((text, ""));
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
    let data = &data[..data.len().min(MAX_INPUT)];
    if let Ok(docs) = manifest::parse("fuzz.yaml", data, MAX_INPUT) {
        assert!(docs.windows(2).all(|w| w[0].index <= w[1].index));
    }
}

/// The single pass from `AdmissionReview` bytes against the `Value` path, with interpreted and
/// compiled validators: wherever the pass answers, its review is the `Value` path's, and
/// `review_bytes` always is.
pub fn single_pass(data: &[u8]) {
    let body = &data[..data.len().min(MAX_INPUT)];
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

/// An interpreted catalog whose plan covers the conformance rule sets: one template per
/// compiled text, carried by its `objects[0]` as VMs created from it carry it.
fn interpreted_with_plan() -> &'static Catalog {
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

/// Seeds for `target`, made from the conformance cases (`cases`, one JSON object per line as
/// in `tests/conformance/cases.jsonl`): rule sets, paths, quantities and regexes the cases use,
/// VMs as manifests and as `AdmissionReview` bodies.
pub fn seeds(target: &str, cases: &str) -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = Vec::new();
    for line in cases.lines() {
        let Ok(case) = serde_json::from_str::<Value>(line) else {
            continue;
        };
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
                        if let Some(p) = r[key].as_str().and_then(|p| p.strip_prefix("jsonpath::"))
                        {
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
            "single_pass" => out.push(review_body(vm, case["id"].as_str().unwrap_or_default())),
            _ => {}
        }
    }
    out.sort();
    out.dedup();
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
