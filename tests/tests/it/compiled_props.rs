//! Property: for generated rule sets (compiled at build time, see `build.rs`) and random VMs,
//! the compiled validators report exactly what the interpreter reports, on a `Value` and on
//! the same VM as `Kept` values.

use proptest::prelude::*;
use serde_json::{Map, Value, json};
use std::sync::LazyLock;

use validgen::interpret::Explain;
use validgen::kubevirt::compiled::{KeptFn, RuleSetFn};
use validgen::typed::TypedVm;
use validgen::view::Kept;
use validgen::{ir, rules, typed};
use validgen_tests::GENERATED_RULE_SETS;
use validgen_tests::conformance::CATALOG;

fn quantity() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!("1Gi")),
        Just(json!("1.5Gi")),
        Just(json!("1536Mi")),
        Just(json!("128M")),
        Just(json!("100m")),
        Just(json!("2e9")),
        Just(json!(1610612736)),
        Just(json!(null)),
    ]
}

fn word() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!("virtio")),
        Just(json!("sata")),
        Just(json!("scsi")),
        Just(json!("rootdisk")),
        Just(json!("")),
        Just(json!("q35")),
        Just(json!("pc-q35-rhel9.2.0")),
    ]
}

fn optional<T: std::fmt::Debug>(v: impl Strategy<Value = T>) -> impl Strategy<Value = Option<T>> {
    prop::option::weighted(0.7, v)
}

fn disk() -> impl Strategy<Value = Value> {
    (word(), 0..4u8, word(), optional(0..5u32)).prop_map(|(name, kind, bus, boot)| {
        let mut d = Map::new();
        d.insert("name".into(), name);
        match kind {
            0 => {
                d.insert("disk".into(), json!({"bus": bus}));
            }
            1 => {
                d.insert("cdrom".into(), json!({"bus": bus}));
            }
            2 => {
                d.insert("disk".into(), json!({}));
            }
            _ => {}
        }
        if let Some(b) = boot {
            d.insert("bootOrder".into(), json!(b));
        }
        Value::Object(d)
    })
}

fn object(entries: Vec<(&str, Option<Value>)>) -> Value {
    Value::Object(
        entries
            .into_iter()
            .filter_map(|(k, v)| v.map(|v| (k.to_owned(), v)))
            .collect(),
    )
}

prop_compose! {
    fn vm()(
        cores in optional(0..6u32), sockets in optional(0..3u32), model in optional(word()),
        has_cpu in 0..3u8,
        guest in optional(quantity()), has_memory in 0..3u8,
        request in optional(quantity()),
        disks in optional(prop::collection::vec(disk(), 0..4)),
        machine in optional(word()),
        app in optional(word()),
        smm in optional(any::<bool>()),
    ) -> Value {
        let cpu = object(vec![
            ("cores", cores.map(|c| json!(c))),
            ("sockets", sockets.map(|s| json!(s))),
            ("model", model),
        ]);
        let mut domain = Map::new();
        match has_cpu {
            0 => {}
            1 => { domain.insert("cpu".into(), json!({})); }
            _ => { domain.insert("cpu".into(), cpu); }
        }
        match has_memory {
            0 => {}
            1 => { domain.insert("memory".into(), json!({})); }
            _ => { domain.insert("memory".into(), object(vec![("guest", guest)])); }
        }
        if let Some(r) = request {
            domain.insert("resources".into(), json!({"requests": {"memory": r}}));
        }
        if let Some(d) = disks {
            domain.insert("devices".into(), json!({"disks": d}));
        }
        if let Some(m) = machine {
            domain.insert("machine".into(), json!({"type": m}));
        }
        if let Some(e) = smm {
            domain.insert("features".into(), json!({"smm": {"enabled": e}}));
        }
        json!({
            "apiVersion": "kubevirt.io/v1",
            "kind": "VirtualMachine",
            "metadata": {"name": "vm"},
            "spec": {"template": {
                "metadata": object(vec![("labels", app.map(|a| json!({"app": a})))]),
                "spec": {"domain": Value::Object(domain)}
            }}
        })
    }
}

/// Each generated rule set: its text, lowered IR and compiled validator on a `Value` and on
/// the single pass's `Kept` values (prepared once).
static SETS: LazyLock<Vec<(&str, ir::RuleSet, RuleSetFn, KeptFn)>> = LazyLock::new(|| {
    GENERATED_RULE_SETS
        .iter()
        .map(|text| {
            let parsed = rules::parse_rule_set(text).expect("generated rule sets parse");
            let compiled = CATALOG
                .compiled(text)
                .expect("every generated rule set is compiled");
            let kept = CATALOG
                .compiled_kept(text)
                .expect("every generated rule set is compiled");
            (*text, rules::lower(&parsed), compiled, kept)
        })
        .collect()
});

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn compiled_equals_interpreted(vm in vm()) {
        // VMs that do not decode never reach the rules (code 400 either way).
        if let Ok(decoded) = TypedVm::decode(&vm) {
            let arena = bumpalo::Bump::new();
            let kept = Kept::from_value(decoded.json(), &arena);
            for (text, set, compiled, on_kept) in SETS.iter() {
                for explain in [Explain::All, Explain::Failures] {
                    let want = typed::evaluate_with(set, &decoded, explain);
                    prop_assert_eq!(&compiled(decoded.json(), explain), &want, "rule set {} {:?}", text, explain);
                    prop_assert_eq!(&on_kept(&kept, explain), &want, "rule set {} {:?} on kept values", text, explain);
                }
            }
        }
    }
}
