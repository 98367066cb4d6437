//! The document checks (every IR variant for plain JSON and YAML documents): the interpreter
//! against the validators `validgen-codegen` compiled from the same IR (`build.rs`), on random
//! documents, and the interpreter's verdicts on chosen ones.

#[path = "../../documents/cases.rs"]
mod cases;

use proptest::prelude::*;
use serde_json::{Value, json};
use validgen::interpret::{
    DocumentReport, Explain, Outcome, evaluate_document, evaluate_document_with,
};
use validgen::model::{Plain, Yaml};
use validgen::rules::ReferenceTexts;
use validgen_tests::documents::ALL;

fn interpreted(name: &str, doc: &Value, explain: Explain) -> DocumentReport {
    let sets = cases::cases();
    let set = sets
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, s)| s)
        .unwrap_or_else(|| panic!("no rule set {name}"));
    // The value checks (`value_checks`) are KubeVirt's: generated code explains them with the
    // reference's texts, whatever the model.
    evaluate_document_with(set, &Plain::new(doc), explain, &ReferenceTexts)
}

/// Small JSON values over the keys and strings the rule sets read.
fn document() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        (-3i64..8).prop_map(Value::from),
        prop_oneof![Just(2.0), Just(2.5), Just(-1.5), Just(0.0), Just(1e300)].prop_map(Value::from),
        prop_oneof![
            Just(""),
            Just("a"),
            Just("abc"),
            Just("é"),
            Just("x/y~"),
            Just("ABC")
        ]
        .prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 40, 4, |inner| {
        let key = prop_oneof![
            Just("a"),
            Just("b"),
            Just("c"),
            Just("name"),
            Just("items"),
            Just("a/b~"),
            Just("z")
        ];
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::from),
            prop::collection::vec((key, inner), 0..5).prop_map(|entries| {
                Value::Object(
                    entries
                        .into_iter()
                        .map(|(k, v)| (k.to_owned(), v))
                        .collect(),
                )
            }),
        ]
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn compiled_equals_interpreted(doc in document()) {
        for (name, compiled) in ALL {
            for explain in [Explain::All, Explain::Failures] {
                prop_assert_eq!(compiled(&doc, explain), interpreted(name, &doc, explain), "{} on {}", name, doc);
            }
        }
    }
}

/// Every compiled validator on documents that reach each branch.
#[test]
fn compiled_equals_interpreted_on_chosen_documents() {
    let docs = [
        json!({"a": 3, "b": 2, "name": "ab", "items": [{"name": "x", "a/b~": 1}, {"name": "x", "a/b~": 1}]}),
        json!({"a": {"a": {"a": [1, [2, {"z": null}]]}}, "b": null, "c": {"b": null, "a": [1.0, "x"]}}),
        json!([1, 2, 3]),
        json!("text"),
        json!({"items": [{"z": null, "name": 3}], "name": "é"}),
    ];
    for doc in &docs {
        for (name, compiled) in ALL {
            assert_eq!(
                compiled(doc, Explain::All),
                interpreted(name, doc, Explain::All),
                "{name} on {doc}"
            );
        }
    }
}

fn outcomes(report: &DocumentReport) -> Vec<(String, Outcome)> {
    report
        .report
        .rules
        .iter()
        .map(|r| (r.name.to_string(), r.outcome))
        .collect()
}

/// The violations of the rule called `rule`, as texts.
fn texts(report: &DocumentReport, rule: &str) -> Vec<String> {
    let Some(index) = report.report.rules.iter().position(|r| r.name == rule) else {
        panic!("no rule {rule}");
    };
    report
        .violations_of(index)
        .map(ToString::to_string)
        .collect()
}

#[test]
fn leaf_checks_judge_as_json_schema_does() {
    let doc = json!({"a": 1.0, "b": 2.0, "c": {"b": null, "a": [1, "x"]}, "items": [1, 1.0], "name": null, "z": 0});
    let r = interpreted("leaves", &doc, Explain::All);
    use Outcome::*;
    assert_eq!(
        outcomes(&r),
        [
            ("type", Satisfied),
            ("number-or-null", Satisfied),
            ("required", Satisfied),
            ("no-extra", Unsatisfied),
            ("const", Satisfied),
            ("const-object", Satisfied),
            ("unique", Unsatisfied),
            ("not-null", Unsatisfied),
            ("one-not-null", Unsatisfied),
        ]
        .map(|(n, o)| (n.to_owned(), o))
    );
    assert_eq!(
        texts(&r, "no-extra"),
        ["(document): additionalProperties: expected only keys a, b, name, found c, items, z"]
    );
    assert_eq!(
        texts(&r, "unique"),
        ["/items: uniqueItems: expected items that differ, found items 0 and 1 equal"]
    );
    assert_eq!(
        texts(&r, "one-not-null"),
        ["(document): oneNotNull: expected exactly one of a, b not null, found a, b"]
    );
    // A warning does not fail the set; the others do.
    assert!(r.report.failed());
}

#[test]
fn ranges_and_sizes_count_what_they_say() {
    let r = interpreted(
        "ranges",
        &json!({"a": 5, "b": 2.5, "name": "é", "items": []}),
        Explain::All,
    );
    let found: Vec<String> = r.violations.iter().map(ToString::to_string).collect();
    assert_eq!(
        found,
        [
            "/b: exclusiveMaximum: expected below 2.5, found 2.5",
            "/items: minItems: expected at least 1 items, found 0 items",
        ]
    );
    // `é` is two bytes (within 1..=2) and one code point.
    let r = interpreted("ranges", &json!({"name": "abc"}), Explain::All);
    assert_eq!(
        texts(&r, "bytes"),
        ["/name: maxLength: expected at most 2 bytes, found 3 bytes"]
    );
    assert_eq!(
        texts(&r, "code-points"),
        ["/name: maxLength: expected at most 2 characters, found 3 characters"]
    );
    assert_eq!(
        texts(&r, "entries"),
        ["(document): minProperties: expected at least 2 entries, found 1 entries"]
    );
}

#[test]
fn compositions_nesting_and_references() {
    let r = interpreted("compositions", &json!({"a": 3, "b": null}), Explain::All);
    assert_eq!(
        texts(&r, "one-of"),
        ["/a: oneOf: expected exactly one of 2 branches to hold, found 2 held"]
    );
    assert_eq!(texts(&r, "any-of"), Vec::<String>::new());
    assert_eq!(texts(&r, "not"), Vec::<String>::new());
    assert_eq!(
        texts(&r, "if-then-else"),
        ["(document): required: expected keys name, found no name"]
    );
    let doc = json!({"a": [1, {"z": "x"}], "b": 1, "items": [{"name": 1, "a/b~": 1.5, "q": null}]});
    let r = interpreted("nested", &doc, Explain::All);
    // The definition recurses through every array and object of the document.
    assert_eq!(
        texts(&r, "tree"),
        [
            "/a/1/z: type: expected object or array or integer, found string",
            "/items/0/a~1b~0: type: expected object or array or integer, found number",
            "/items/0/q: type: expected object or array or integer, found null",
        ]
    );
    assert_eq!(
        texts(&r, "loop"),
        ["/a: $ref: expected at most 128 nested definitions, found more"]
    );
    assert_eq!(
        texts(&r, "undefined"),
        ["/b: $ref: expected a definition `nowhere`, found none"]
    );
    assert_eq!(
        texts(&r, "items-and-properties"),
        [
            "/items/0/name: type: expected string, found integer",
            "/items/0/a~1b~0: type: expected integer, found number",
            "/items/0/q: notNull: expected a value, found null",
        ]
    );
}

#[test]
fn guards_skip_rules_and_kubevirt_checks_read_plain_documents() {
    let r = interpreted(
        "guards",
        &json!({"a": 0, "b": "x", "name": "abc"}),
        Explain::All,
    );
    use Outcome::*;
    assert_eq!(
        outcomes(&r),
        [
            ("when-present", Satisfied),
            ("when-equal", Unsatisfied),
            ("when-truthy", Skipped),
            ("when-all", Skipped),
            ("when-any", Skipped),
        ]
        .map(|(n, o)| (n.to_owned(), o))
    );
    let r = interpreted(
        "value_checks",
        &json!({"a": 4, "b": 3, "name": "Abc", "c": "Abc", "items": [{"name": ""}]}),
        Explain::All,
    );
    let details: Vec<(String, Outcome, String)> = r
        .report
        .rules
        .iter()
        .map(|r| (r.name.to_string(), r.outcome, r.detail.clone()))
        .collect();
    assert_eq!(
        details,
        [
            (
                "int-range",
                Unsatisfied,
                "value 4 is higher than maximum [3]"
            ),
            (
                "length",
                Unsatisfied,
                "Lengths of some strings are not in interval [1, N/A]"
            ),
            (
                "pattern",
                Unsatisfied,
                "Some of [Abc] do not match ^[a-z]+$"
            ),
            ("enum", Satisfied, "All [Abc] are in [abc, Abc]"),
            ("document-by-jsonpath", Satisfied, ""),
        ]
        .map(|(n, o, d)| (n.to_owned(), o, d.to_owned()))
    );
}

#[test]
fn violations_in_yaml_say_where_the_value_is() {
    let text = "a: 9\nname: abc\nitems:\n  - {name: 1}\n";
    let yaml = Yaml::parse(text).unwrap_or_else(|e| panic!("{e}"));
    let sets = cases::cases();
    let Some((_, set)) = sets.iter().find(|(n, _)| n == "nested") else {
        panic!("no nested rule set");
    };
    let mut report = evaluate_document(set, &yaml.document(), Explain::All);
    yaml.locate(&mut report);
    assert_eq!(
        texts(&report, "items-and-properties"),
        ["/items/0/name (line 4, column 12): type: expected string, found integer"]
    );
    // The compiled validator reports the same, located the same way.
    let Some((_, compiled)) = ALL.iter().find(|(n, _)| *n == "nested") else {
        panic!("no compiled nested rule set");
    };
    let mut compiled_report = compiled(yaml.value(), Explain::All);
    yaml.locate(&mut compiled_report);
    assert_eq!(compiled_report, report);
}
