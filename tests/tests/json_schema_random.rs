//! The random schemas of `schemas/random.rs` (every keyword validgen applies, both drafts'
//! forms), through the validators `validgen-codegen` emitted for them (`build.rs`): on random
//! instances shaped to meet them, the same report as the interpreter (verdict, violations,
//! locations, keyword locations, messages), for `Explain::All` and `Explain::Failures`.

#[path = "../schemas/costly.rs"]
mod costly;
#[path = "../schemas/random.rs"]
mod random;

use std::sync::OnceLock;

use proptest::prelude::*;
use serde_json::{Value, json};
use validgen::interpret::{Explain, evaluate_document};
use validgen::ir::RuleSet;
use validgen::json_schema::{Options, compile};
use validgen::model::Plain;
use validgen_tests::json_schema_costly::COSTLY;
use validgen_tests::json_schema_random::{RANDOM, REFUSED, SCHEMAS as COMPILED};

/// Each schema with its rule set, regenerated as `build.rs` generated them.
fn schemas() -> &'static [(String, Value, RuleSet)] {
    static SCHEMAS: OnceLock<Vec<(String, Value, RuleSet)>> = OnceLock::new();
    SCHEMAS.get_or_init(|| {
        random::schemas()
            .into_iter()
            .map(|(name, schema)| {
                let rules = match compile(&schema, &Options::default()) {
                    Ok(c) => c.rules,
                    Err(e) => panic!("{name}: {e:?}"),
                };
                (name, schema, rules)
            })
            .collect()
    })
}

/// The differences between the compiled and the interpreted reports of schema `i` on `doc`,
/// and between the compiled reports from a `Value` and from bytes (one pass, no `Value`), and
/// the verdict-only entry points'.
fn compare(i: usize, doc: &Value) -> Result<(), String> {
    compare_shown(i, doc, &doc.to_string())?;
    let (name, schema, _) = &schemas()[i];
    assert_eq!(COMPILED[i].name, name.as_str());
    for explain in [Explain::All, Explain::Failures] {
        let report = (COMPILED[i].validate)(doc, explain);
        if let Some(e) = validgen_tests::bytes::differences(&COMPILED[i], doc, explain, &report) {
            return Err(format!("{name} {schema}\non {doc} ({explain:?}): {e}"));
        }
    }
    Ok(())
}

/// As [`compare`], naming the document `shown` in the differences.
fn compare_shown(i: usize, doc: &Value, shown: &str) -> Result<(), String> {
    let (name, schema, rules) = &schemas()[i];
    let (compiled_name, compiled) = RANDOM[i];
    assert_eq!(name, compiled_name);
    for explain in [Explain::All, Explain::Failures] {
        let fast = compiled(doc, explain);
        let slow = evaluate_document(rules, &Plain::new(doc), explain);
        if fast != slow {
            return Err(format!(
                "{name} {schema}\non {shown} ({explain:?}):\ncompiled {fast:?}\n!= interpreted {slow:?}"
            ));
        }
    }
    Ok(())
}

#[test]
fn every_random_schema_compiles() {
    assert_eq!(REFUSED, 0, "build.rs: validgen refused random schemas");
    assert_eq!(RANDOM.len(), random::COUNT);
    assert_eq!(schemas().len(), random::COUNT);
    // Draft-07 forms are among them, and recursion through `$defs`.
    let text: Vec<String> = schemas().iter().map(|(_, s, _)| s.to_string()).collect();
    for needle in [
        "draft-07",
        "\"definitions\"",
        "\"dependencies\"",
        "\"additionalItems\"",
        "\"prefixItems\"",
        "\"dependentSchemas\"",
        "\"dependentRequired\"",
        "\"minContains\"",
        "\"maxContains\"",
        "\"patternProperties\"",
        "\"propertyNames\"",
        "\"errorMessage\":{",
        "\"errorMessage\":\"",
        "\"$ref\":\"#\"",
        "\"$ref\":\"#/$defs/tree\"",
        "\"multipleOf\":0.",
        "\"exclusiveMinimum\"",
        "\"oneOf\"",
        "\"else\"",
        "\"uniqueItems\"",
        "\"type\":[",
        "\"const\"",
        "\"enum\"",
        "\"pattern\"",
        "\"not\"",
        ":false",
    ] {
        let n = text.iter().filter(|t| t.contains(needle)).count();
        assert!(n >= 2, "only {n} random schemas hold {needle}");
    }
}

/// An instance for schema `i` from `seed`: shaped by the schema, or a plain value, a nested
/// one, or a recursive list or tree for the `$defs`.
fn instance(i: usize, seed: u64) -> Value {
    let (_, schema, _) = &schemas()[i];
    let mut g = random::Lcg(seed);
    match g.below(8) {
        0 => random::plain(&mut g),
        1 => {
            // A linked list and a tree, as `$defs/list` and `$defs/tree` read them.
            let mut list = Value::Null;
            for n in 0..g.below(5) {
                list = json!({"n": n, "foo": list});
            }
            let mut tree = json!(random::STRINGS[g.below(random::STRINGS.len())]);
            for _ in 0..g.below(4) {
                tree = json!([tree, "a"]);
            }
            json!({"foo": list, "a": [tree, list], "b": tree})
        }
        _ => random::near(schema, schema, &mut g, 0),
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 10000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn compiled_equals_interpreted_on_random_instances(
        i in 0..random::COUNT,
        seed in any::<u64>(),
    ) {
        let doc = instance(i, seed);
        if let Err(e) = compare(i, &doc) {
            prop_assert!(false, "{}", e);
        }
    }
}

/// Every schema on instances from fixed seeds: each schema is met whatever proptest draws.
#[test]
fn compiled_equals_interpreted_on_every_schema() {
    let mut failures = Vec::new();
    let mut failed = 0;
    for (i, (_, compiled)) in RANDOM.iter().enumerate() {
        for seed in 0..40 {
            let doc = instance(i, seed * 7919 + i as u64);
            if let Err(e) = compare(i, &doc) {
                failures.push(e);
            }
            failed += usize::from(compiled(&doc, Explain::Failures).report.failed());
        }
    }
    validgen_tests::assert_none_differ("reports", &failures);
    // The instances are neither all valid nor all invalid.
    let total = random::COUNT * 40;
    assert!(
        failed > total / 5 && failed < total * 4 / 5,
        "{failed} of {total} failed"
    );
}

/// A value nested `n` deep: arrays, or objects under `foo` (where `$defs/list` recurses).
fn deep(n: usize, objects: bool) -> Value {
    let mut v = json!(1);
    for _ in 0..n {
        v = if objects {
            Value::Object(serde_json::Map::from_iter([("foo".to_owned(), v)]))
        } else {
            Value::Array(vec![v])
        };
    }
    v
}

/// Drops `v` without recursion (serde_json's `Drop` recurses).
fn dismantle(v: Value) {
    let mut stack = vec![v];
    while let Some(v) = stack.pop() {
        match v {
            Value::Array(list) => stack.extend(list),
            Value::Object(map) => stack.extend(map.into_iter().map(|(_, v)| v)),
            _ => {}
        }
    }
}

/// Documents nested 100 000 deep (which only the API can build: the readers stop at 64
/// levels): every compiled validator judges them as the interpreter does, on a thread with
/// a 2 MiB stack, recursion bounded by the depth limit of `$ref`s and of schemas.
///
/// Left out: the schemas that name the root (`"$ref": "#"`) more than once. Where one
/// level of the instance reaches the root twice (`{"contains": {"not": {"$ref": "#"},
/// "allOf": [{"$ref": "#"}]}}`), evaluation would take 2^depth steps; it ends at the budget
/// of `$ref` evaluations, which takes a while in a debug build for each such schema:
/// `schemas_doubling_their_work_stop_at_the_ref_budget_alike` checks it on a few.
#[test]
fn documents_nested_100_000_deep_are_judged_alike() {
    let linear: Vec<usize> = (0..random::COUNT)
        .filter(|&i| schemas()[i].1.to_string().matches("\"$ref\":\"#\"").count() <= 1)
        .collect();
    assert!(linear.len() > random::COUNT * 2 / 3, "{}", linear.len());
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(move || {
            let mut failures = Vec::new();
            for objects in [false, true] {
                let doc = deep(100_000, objects);
                for i in linear.iter().copied() {
                    let shown = format!(
                        "100 000 nested {}",
                        if objects { "objects" } else { "arrays" }
                    );
                    if let Err(e) = compare_shown(i, &doc, &shown) {
                        failures.push(e.chars().take(3_000).collect());
                    }
                }
                dismantle(doc);
            }
            validgen_tests::assert_none_differ("reports", &failures);
        })
        .expect("thread")
        .join()
        .expect("no panic");
}

/// The schemas of `schemas/costly.rs` with their rule sets, in `COSTLY`'s order.
fn costly() -> Vec<(String, RuleSet)> {
    costly::schemas()
        .into_iter()
        .zip(COSTLY)
        .map(|((name, schema), (compiled_name, _))| {
            assert_eq!(&name, compiled_name);
            let rules = match compile(&schema, &Options::default()) {
                Ok(c) => c.rules,
                Err(e) => panic!("{name}: {e:?}"),
            };
            (name, rules)
        })
        .collect()
}

/// Schemas whose work doubles with each level of the document (2^40 `$ref` evaluations on
/// arrays nested 40 deep) end at the budget of `$ref` evaluations: both back ends report the
/// value invalid by the budget's violation alone, naming the limit and the `$ref` where it ran
/// out (and the value it was at, as far as the evaluation placed it: `contains` and `not` judge
/// items without placing them), identically.
#[test]
fn schemas_doubling_their_work_stop_at_the_ref_budget_alike() {
    let limit = validgen_runtime::checks::document::MAX_REFS.to_string();
    let invalid = deep(40, false);
    for ((name, rules), (_, compiled)) in costly().iter().zip(COSTLY) {
        for explain in [Explain::All, Explain::Failures] {
            let fast = compiled(&invalid, explain);
            let slow = evaluate_document(rules, &Plain::new(&invalid), explain);
            assert_eq!(fast, slow, "{name} ({explain:?})");
            assert!(fast.report.failed(), "{name}: judged valid");
            let [spent] = fast.violations.as_slice() else {
                panic!("{name}: {:?}", fast.violations);
            };
            assert_eq!(spent.check, "$ref", "{name}");
            assert!(spent.expected.contains(&limit), "{name}: {spent:?}");
            assert!(spent.keyword.ends_with("/$ref"), "{name}: {spent:?}");
        }
    }
}

/// The budget counts the work the verdict needs: a valid document nested 40 deep whose
/// `anyOf` holds at its first branch at every level stays valid, in both back ends.
#[test]
fn the_ref_budget_counts_only_the_work_the_verdict_needs() {
    let mut valid = json!([]);
    for _ in 0..40 {
        valid = json!([valid]);
    }
    let costly = costly();
    let (name, rules) = &costly[1];
    let (_, compiled) = COSTLY[1];
    assert_eq!(name, "costly_any_of_twice");
    let fast = compiled(&valid, Explain::All);
    let slow = evaluate_document(rules, &Plain::new(&valid), Explain::All);
    assert_eq!(fast, slow);
    assert!(!fast.report.failed(), "{:?}", fast.violations);
}
