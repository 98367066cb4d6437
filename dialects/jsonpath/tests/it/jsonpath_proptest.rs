//! `JsonPath::parse` and evaluation never panic, whatever the template and the document.

use proptest::prelude::*;
use serde_json::{Map, Value, json};
use validgen_jsonpath::JsonPath;

/// Small JSON documents with keys a template is likely to name.
fn document() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        (-1e6f64..1e6).prop_map(|f| json!(f)),
        "[a-z0-9 ]{0,6}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
            prop::collection::vec(("(a|b|name|x|spec|)", inner), 0..5)
                .prop_map(|entries| Value::Object(entries.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// Text made of the characters the scanner cares about.
fn template_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        r#"[{}\[\]().*@$?=!<>'" ,:0-9abnxe_\\\t\n+-]{0,48}"#,
        r#"(\.(a|b|name|x|spec|\*)|\[[0-9:*,-]{0,5}\]|\[\?\(@\.(a|b|x)(==|<|>=|!=)(1|'x'|1\.5|true)\)\]|\.\.|range |end| )*"#,
    ]
}

fn check(template: &str, doc: &Value) {
    match JsonPath::parse(template) {
        Ok(path) => {
            assert_eq!(JsonPath::parse(template).as_ref(), Ok(&path));
            for allow in [false, true] {
                let results = path.find_results(doc, allow);
                let flat = path.find(doc, allow);
                match (results, flat) {
                    (Ok(r), Ok(f)) => assert_eq!(r.into_iter().flatten().collect::<Vec<_>>(), f),
                    (Err(a), Err(b)) => assert_eq!(a, b),
                    (a, b) => panic!("find_results {a:?} and find {b:?} disagree"),
                }
            }
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            assert!(e.offset().is_none_or(|o| o <= template.len()));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn whole_templates_never_panic(template in template_text(), doc in document()) {
        check(&template, &doc);
    }

    #[test]
    fn rule_paths_never_panic(rest in template_text(), doc in document()) {
        check(&format!("{{.spec.template{rest}}}"), &json!({"spec": {"template": doc}}));
    }

    #[test]
    fn actions_never_panic(inside in template_text(), doc in document()) {
        check(&format!("{{{inside}}}"), &doc);
    }
}

/// A list nested `depth` times around `1`, built and dropped without recursion.
fn nested_lists(depth: usize) -> Value {
    let mut deep = json!(1);
    for _ in 0..depth {
        deep = Value::Array(vec![deep]);
    }
    deep
}

fn drop_iteratively(value: Value) {
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        if let Value::Array(items) = v {
            stack.extend(items);
        }
    }
}

#[test]
fn deep_documents() {
    // Recursive descent over a deep document is iterative.
    let deep = nested_lists(100_000);
    let path = JsonPath::parse("{..}").expect("parses");
    assert_eq!(path.find(&deep, false).map(|v| v.len()), Ok(100_000));
    let path = JsonPath::parse("{..[0]}").expect("parses");
    assert_eq!(path.find(&deep, false).map(|v| v.len()), Ok(100_000));
    drop_iteratively(deep);
}

#[test]
fn long_templates() {
    // Long templates are scanned with loops.
    let long = format!("{{{}}}", ".a".repeat(100_000));
    assert!(JsonPath::parse(&long).is_ok());
    let many = "{.a}x".repeat(20_000);
    assert!(JsonPath::parse(&many).is_ok());
}

#[test]
fn nested_reparses() {
    // Pathological nesting of re-parsed parts does not panic (re-parses are capped).
    let nested = format!("{{{}@.a{}}}", "[?(".repeat(200), ")]".repeat(200));
    let _ = JsonPath::parse(&nested);
}

#[test]
fn nested_ranges() {
    // Nested ranges are capped.
    let ranges = "{range @}".repeat(5_000);
    let path = JsonPath::parse(&ranges).expect("parses");
    assert!(path.find(&json!({}), false).is_err());
}
