//! The random schemas of `schemas/random.rs` (every keyword validgen applies, both drafts'
//! forms), through the validators `validgen-codegen` emitted for them (`build.rs`): on random
//! instances shaped to meet them, the same report as the interpreter (verdict, violations,
//! locations, keyword locations, messages), for `Explain::All` and `Explain::Failures`, and
//! the same verdict from bytes, streamed or read into a tape.

#[path = "../../schemas/costly.rs"]
mod costly;
#[path = "../../schemas/random.rs"]
mod random;

use std::sync::OnceLock;

use proptest::prelude::*;
use serde_json::{Value, json};
use validgen::interpret::{Explain, evaluate_document};
use validgen::ir::RuleSet;
use validgen::json_schema::{Options, compile};
use validgen::model::Plain;
use validgen_tests::json_schema_costly::{COSTLY, SCHEMAS as COSTLY_SCHEMAS};
use validgen_tests::json_schema_random::{RANDOM, REFUSED, SCHEMAS as COMPILED};

/// Each schema with its rule set, regenerated as `build.rs` generated them.
pub(crate) fn schemas() -> &'static [(String, Value, RuleSet)] {
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
        "\"unevaluatedProperties\"",
        "\"unevaluatedItems\"",
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

/// `v` written as JSON into `out`, objects repeating keys by `g`'s draws: an entry before
/// its key's own with another value (which the later one replaces), or after it (replacing
/// it), and keys written with an escape.
fn write_with_repeats(v: &Value, g: &mut random::Lcg, out: &mut String) {
    let key = |k: &str, g: &mut random::Lcg, out: &mut String| match k.chars().next() {
        Some(c) if g.chance(8) => {
            out.push_str(&format!("\"\\u{:04x}", u32::from(c) & 0xFFFF));
            let quoted = Value::String(k[c.len_utf8()..].to_owned()).to_string();
            if u32::from(c) > 0xFFFF {
                // Outside the BMP: written plainly instead.
                out.truncate(out.len() - 7);
                out.push_str(&Value::String(k.to_owned()).to_string());
            } else {
                out.push_str(&quoted[1..]);
            }
        }
        _ => out.push_str(&Value::String(k.to_owned()).to_string()),
    };
    match v {
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_with_repeats(item, g, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push('{');
            let mut first = true;
            let mut entry = |k: &str, v: &Value, g: &mut random::Lcg, out: &mut String| {
                if !std::mem::take(&mut first) {
                    out.push(',');
                }
                key(k, g, out);
                out.push(':');
                write_with_repeats(v, g, out);
            };
            for (k, v) in map {
                if g.chance(4) {
                    entry(k, &random::plain(g), g, out);
                }
                entry(k, v, g, out);
                if g.chance(8) {
                    entry(k, &random::plain(g), g, out);
                }
            }
            out.push('}');
        }
        scalar => out.push_str(&scalar.to_string()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 4000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    /// Bytes with repeated and escaped keys: the bytes verdict is that of the `Value`
    /// serde_json reads (first place, last value), and the stream answers it or steps aside.
    #[test]
    fn repeated_keys_are_judged_by_their_last_value(
        i in 0..random::COUNT,
        seed in any::<u64>(),
    ) {
        let doc = instance(i, seed);
        let mut text = String::new();
        write_with_repeats(&doc, &mut random::Lcg(seed ^ 0x9E37), &mut text);
        let read: Value = serde_json::from_str(&text).expect("valid JSON");
        let want = (COMPILED[i].is_valid)(&read);
        let bytes = text.as_bytes();
        prop_assert_eq!((COMPILED[i].is_valid_bytes)(bytes), Ok(want), "{}", text);
        let streamed = (COMPILED[i].stream)(bytes);
        prop_assert!(streamed.is_none() || streamed == Some(want), "{} on {}", schemas()[i].1, text);
    }
}

/// As `repeated_keys_are_judged_by_their_last_value`, on every schema from fixed seeds: the
/// stream steps aside for repeated keys, and answers the others (escaped keys included).
#[test]
fn repeated_keys_on_every_schema() {
    let (mut answered, mut aside, mut escaped) = (0, 0, 0);
    for (i, compiled) in COMPILED.iter().enumerate() {
        for seed in 0..20u64 {
            let doc = instance(i, seed * 104_729 + i as u64);
            let mut text = String::new();
            write_with_repeats(&doc, &mut random::Lcg(seed), &mut text);
            let read: Value = serde_json::from_str(&text).expect("valid JSON");
            let want = (compiled.is_valid)(&read);
            assert_eq!(
                (compiled.is_valid_bytes)(text.as_bytes()),
                Ok(want),
                "{text}"
            );
            match (compiled.stream)(text.as_bytes()) {
                Some(got) => {
                    assert_eq!(got, want, "{} on {text}", schemas()[i].1);
                    answered += 1;
                    escaped += usize::from(text.contains("\\u"));
                }
                None => aside += 1,
            }
        }
    }
    assert!(
        answered > 1000 && aside > 300 && escaped > 100,
        "{answered} {aside} {escaped}"
    );
}

/// Every schema on instances from fixed seeds: each schema is met whatever proptest draws.
#[test]
fn compiled_equals_interpreted_on_every_schema() {
    let mut failures = Vec::new();
    let mut failed = 0;
    let mut aside = Vec::new();
    for (i, (_, compiled)) in RANDOM.iter().enumerate() {
        for seed in 0..40 {
            let doc = instance(i, seed * 7919 + i as u64);
            if let Err(e) = compare(i, &doc) {
                failures.push(e);
            }
            failed += usize::from(compiled(&doc, Explain::Failures).report.failed());
            let bytes = serde_json::to_vec(&doc).expect("a Value serializes");
            if (COMPILED[i].stream)(&bytes).is_none() {
                aside.push(format!("{} on {doc}", schemas()[i].1));
            }
        }
    }
    validgen_tests::assert_none_differ("reports", &failures);
    // The stream answers every one of them (`compare` checked its answers).
    assert!(
        aside.is_empty(),
        "the stream stepped aside:\n{}",
        aside.join("\n")
    );
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
    let limit = validgen_core::checks::document::MAX_REFS.to_string();
    let invalid = deep(40, false);
    let doubling = costly()
        .into_iter()
        .zip(COSTLY)
        .filter(|((name, _), _)| !name.starts_with("costly_pattern"));
    for ((name, rules), (_, compiled)) in doubling {
        for explain in [Explain::All, Explain::Failures] {
            let fast = compiled(&invalid, explain);
            let slow = evaluate_document(&rules, &Plain::new(&invalid), explain);
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
    // The stream takes at least the tape path's evaluations: it spends the budget too, and
    // steps aside for the tape path, which answers as above.
    let bytes = serde_json::to_vec(&invalid).expect("a Value serializes");
    for validator in COSTLY_SCHEMAS
        .iter()
        .filter(|v| !v.name.starts_with("costly_pattern"))
    {
        assert_eq!((validator.stream)(&bytes), None, "{}", validator.name);
        assert_eq!(
            (validator.is_valid_bytes)(&bytes),
            Ok(false),
            "{}",
            validator.name
        );
    }
}

/// A pattern that backtracks exponentially (lookarounds and backreferences run on a
/// backtracking engine) on a 100 kB string, as a value and as a property name: each match stops
/// at the engine's limit and is a `backtrackLimit` violation naming it, never a pass, in the
/// interpreter, the compiled validator, the report from bytes and the streamed verdict alike,
/// in well under a second per match.
#[test]
fn a_pattern_backtracking_exponentially_stops_at_its_limit_alike() {
    let long = format!("{}b", "a".repeat(100_000));
    let doc = json!({"name": long, long.clone(): "x", "aa": "y", "other": 1});
    let costly = costly();
    let (index, (name, rules)) = costly
        .iter()
        .enumerate()
        .find(|(_, (n, _))| n == "costly_pattern_backtracking")
        .expect("the schema");
    let (_, compiled) = COSTLY[index];
    let limit = validgen_ecmaregex::BACKTRACK_LIMIT.to_string();
    let start = std::time::Instant::now();
    for explain in [Explain::All, Explain::Failures] {
        let fast = compiled(&doc, explain);
        let slow = evaluate_document(rules, &Plain::new(&doc), explain);
        assert_eq!(fast, slow, "{name} ({explain:?})");
        let found: Vec<(&str, &str, &str)> = fast
            .violations
            .iter()
            .map(|v| (v.check, v.location.as_str(), v.keyword.as_str()))
            .collect();
        // The name over the limit matches no pattern for `additionalProperties`, whose
        // `type` then fails too: a violation more, never a pass.
        let at_key = format!("/{long}");
        let expected = [
            ("backtrackLimit", "/name", "/properties/name/pattern"),
            ("backtrackLimit", at_key.as_str(), "/patternProperties"),
            ("type", at_key.as_str(), "/additionalProperties/type"),
        ];
        assert!(
            found == expected,
            "{name}: {:?}",
            found
                .iter()
                .map(|(c, l, k)| (c, l.len(), k))
                .collect::<Vec<_>>()
        );
        for v in &fast.violations[..2] {
            assert!(v.found.contains(&limit), "{v:?}");
        }
    }
    let bytes = serde_json::to_vec(&doc).expect("a Value serializes");
    let validator = &COSTLY_SCHEMAS[index];
    let report = (validator.validate_bytes)(&bytes, Explain::All).expect("JSON");
    assert_eq!(report.violations.len(), 3, "{:?}", report.violations.len());
    assert!(
        report.violations[0]
            .message
            .as_ref()
            .is_some_and(|m| m.contains(&limit)),
        "{:?}",
        report.violations[0].message
    );
    assert_eq!((validator.is_valid_bytes)(&bytes), Ok(false));
    assert_ne!((validator.stream)(&bytes), Some(true));
    // Short values are answered: `aa` matches (as a name, its value is a string).
    let fine = json!({"name": "aa", "aa": "y", "other": 1});
    assert!(!compiled(&fine, Explain::All).report.failed());
    assert!(start.elapsed() < std::time::Duration::from_secs(60));
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
    // The stream reads the arrays, where the root is reached twice through `$ref`s, into a
    // tape, judged there by the verdict path: the same evaluations, valid.
    let bytes = serde_json::to_vec(&valid).expect("a Value serializes");
    assert_eq!((COSTLY_SCHEMAS[1].stream)(&bytes), Some(true));
}
