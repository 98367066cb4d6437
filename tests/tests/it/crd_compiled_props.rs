//! Property: for random objects of a CRD with a CEL rule of each compiled shape
//! (`tests/crd-rules/widgets.json`), the compiled `widget_v1_judge` gives the interpreter's
//! whole answer (`validgen::crd::judge`), on create and on update; and every compiled rule
//! decides objects itself (its code is run, not only the interpreter's).

use std::sync::LazyLock;

use proptest::prelude::*;
use serde_json::{Value, json};

mod widgets {
    validgen::include_schemas!("crd-rules");
}

/// The interpreter's parts for the same version: schema, structural rule set, CEL rules.
static INTERPRETED: LazyLock<(Value, validgen::ir::RuleSet, validgen::crd::CelRules)> =
    LazyLock::new(|| {
        let text = include_str!("../../crd-rules/widgets.json");
        let crd: Value = serde_json::from_str(text).expect("the CRD");
        let schema = crd
            .pointer("/spec/versions/0/schema/openAPIV3Schema")
            .cloned()
            .expect("a schema");
        let rules = validgen::json_schema::compile(&schema, &validgen::crd::schema_options())
            .expect("compiles")
            .rules;
        let cel = validgen::crd::CelRules::compile(&schema).expect("rules compile");
        (schema, rules, cel)
    });

fn word() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(json!("w-a")),
        Just(json!("a-x")),
        Just(json!("httpd")),
        Just(json!("bad")),
        Just(json!("")),
        Just(json!("ünï")),
        Just(json!("Widget 1")),
        Just(json!(7)),
    ]
}

fn int() -> impl Strategy<Value = Value> {
    prop_oneof![
        (-10i64..200).prop_map(Value::from),
        Just(json!(i64::MAX)),
        Just(json!(i64::MIN)),
        Just(json!("80")),
    ]
}

/// An optional field: present with a value of `value`, or absent.
fn field(
    name: &'static str,
    value: impl Strategy<Value = Value>,
) -> impl Strategy<Value = Option<(String, Value)>> {
    proptest::option::weighted(0.8, value.prop_map(move |v| (name.to_owned(), v)))
}

fn spec() -> impl Strategy<Value = Value> {
    let port = (field("name", word()), field("port", int()))
        .prop_map(|(a, b)| Value::Object(a.into_iter().chain(b).collect()));
    (
        field("min", int()),
        field("max", int()),
        field("legacy", prop_oneof![Just(json!(true)), Just(json!(false))]),
        field(
            "mode",
            prop_oneof![
                Just(json!("fast")),
                Just(json!("slow")),
                Just(json!("other"))
            ],
        ),
        field("name", word()),
        field(
            "tags",
            proptest::collection::vec(word(), 0..6).prop_map(Value::from),
        ),
        field(
            "ports",
            proptest::collection::vec(port, 0..4).prop_map(Value::from),
        ),
    )
        .prop_map(|(a, b, c, d, e, f, g)| {
            Value::Object([a, b, c, d, e, f, g].into_iter().flatten().collect())
        })
}

fn object(spec: Value) -> Value {
    json!({"apiVersion": "example.com/v1", "kind": "Widget",
        "metadata": {"name": "w", "namespace": "default"}, "spec": spec})
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn compiled_and_interpreted_answers_agree(new in spec(), stored in spec(), update in any::<bool>()) {
        let (schema, rules, cel) = &*INTERPRETED;
        let judge = &widgets::CRD_JUDGES[0];
        let (object, old) = (object(new), object(stored));
        let old = update.then_some(&old);
        let compiled = (judge.judge)(&object, old);
        let interpreted = validgen::crd::judge(schema, rules, Some(cel), &object, old);
        prop_assert_eq!(compiled, interpreted);
    }
}

/// The rules the lowering compiles: all but `matches`; and each one's code decides objects.
#[test]
fn every_compiled_rule_decides_objects_itself() {
    let judge = &widgets::CRD_JUDGES[0];
    assert_eq!((judge.compiled.len(), judge.rules), (8, 9));
    let spec = json!({"min": 1, "max": 5, "mode": "fast", "name": "w-a", "tags": ["a"],
        "ports": [{"name": "http", "port": 80}]});
    for (node, index, rule) in judge.compiled {
        assert!(rule(&spec).is_some(), "{node} rule {index} did not decide");
    }
    // A missing field is an evaluation error: the interpreter words it.
    let (_, _, first) = judge.compiled[0];
    assert_eq!(first(&json!({"max": 1})), None);
    // The cost is Budget's: `self.min <= self.max` is two selections of `self` and a call.
    assert_eq!(first(&spec), Some((true, 5)));
}
