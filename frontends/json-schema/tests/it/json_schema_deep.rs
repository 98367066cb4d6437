//! Schemas and documents nested 100 000 deep through the library API (files cannot be: the
//! YAML reader stops at 64 levels, see `model::Yaml`): the compiler refuses the schema at
//! `MAX_SCHEMA_DEPTH` with a located error, the interpreter judges the document, and neither
//! overflows the stack (the tests run on threads with a 2 MiB stack, Rust's default).
//! serde_json's own `Drop` of such a value is recursive, so the tests take theirs apart by
//! hand.

use serde_json::{Map, Value, json};
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::model::{Plain, Yaml};
use validgen_json_schema::{MAX_SCHEMA_DEPTH, Options, compile};

const DEEP: usize = 100_000;

/// `inner` wrapped `n` times by `wrap`.
fn nest(n: usize, mut inner: Value, wrap: impl Fn(Value) -> Value) -> Value {
    for _ in 0..n {
        inner = wrap(inner);
    }
    inner
}

/// `{key: v}`, without `json!` (which serializes `v` again, recursively).
fn obj(key: &str, v: Value) -> Value {
    Value::Object(Map::from_iter([(key.to_owned(), v)]))
}

/// Drops `v` without recursion.
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

/// A deep value taken apart without recursion when dropped (on a failed assertion too).
struct Deep(Value);

impl Drop for Deep {
    fn drop(&mut self) {
        dismantle(std::mem::take(&mut self.0));
    }
}

/// Runs `f` on a thread with a 2 MiB stack (as a test thread has by default), so that a
/// recursion 100 000 deep would overflow it.
fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(f)
        .expect("thread")
        .join()
        .expect("no panic");
}

#[test]
fn a_schema_nested_100_000_deep_is_refused_at_the_depth_limit() {
    on_small_stack(|| {
        for key in ["items", "not", "additionalProperties", "propertyNames"] {
            let schema = Deep(nest(DEEP, json!({}), |s| obj(key, s)));
            let errors = compile(&schema.0, &Options::default()).expect_err("too deep");
            let message = format!("schemas nested more than {MAX_SCHEMA_DEPTH} deep");
            assert!(
                errors.iter().any(|e| e.message.contains(&message)
                    && e.pointer.starts_with(&format!("/{key}/{key}/"))),
                "{key}: {errors:?}"
            );
        }
        // Under `properties` and `allOf` too (maps and lists of schemas).
        let schema = Deep(nest(DEEP, json!(true), |s| {
            obj("properties", obj("a", obj("allOf", Value::Array(vec![s]))))
        }));
        let errors = compile(&schema.0, &Options::default()).expect_err("too deep");
        assert!(!errors.is_empty());
    });
}

#[test]
fn a_document_nested_100_000_deep_is_judged_without_overflow() {
    on_small_stack(|| {
        let array = Deep(nest(DEEP, json!(1), |v| Value::Array(vec![v])));
        let object = Deep(nest(DEEP, json!(1), |v| obj("a", v)));
        // A recursive schema follows the document down to `MAX_DEPTH` references, then
        // says the document is too deep; a flat one does not walk it at all.
        let recursive = json!({
            "$defs": {"t": {"type": ["array", "object", "integer"], "items": {"$ref": "#/$defs/t"},
                            "additionalProperties": {"$ref": "#/$defs/t"}}},
            "$ref": "#/$defs/t",
        });
        let rules = compile(&recursive, &Options::default())
            .expect("compiles")
            .rules;
        for doc in [&array.0, &object.0] {
            let report = evaluate_document(&rules, &Plain::new(doc), Explain::Failures);
            assert!(report.report.failed(), "{:?}", report.violations);
            // Every level up to the limit is judged: the violation is 128 levels down (the root `$ref` is the first).
            let v = &report.violations[0];
            assert_eq!(
                (v.check, v.expected.as_str()),
                ("$ref", "at most 128 nested definitions"),
                "{v:?}"
            );
            assert_eq!(v.location.matches('/').count(), 128, "{v:?}");
        }
        let flat = compile(
            &json!({"type": ["array", "object"], "minItems": 1}),
            &Options::default(),
        )
        .expect("compiles")
        .rules;
        let report = evaluate_document(&flat, &Plain::new(&array.0), Explain::All);
        assert!(!report.report.failed(), "{:?}", report.violations);
    });
}

#[test]
fn the_yaml_reader_refuses_deep_nesting_in_words() {
    on_small_stack(|| {
        let texts = [
            "[".repeat(DEEP) + &"]".repeat(DEEP),
            "{\"a\":".repeat(DEEP) + "1" + &"}".repeat(DEEP),
            "- ".repeat(DEEP) + "x\n",
            (0..200).map(|i| " ".repeat(i) + "a:\n").collect::<String>() + &" ".repeat(200) + "b\n",
        ];
        for text in texts {
            let e = Yaml::parse(&text).expect_err("too deep");
            assert!(e.line > 0 && e.column > 0, "{e}");
            assert!(e.message.contains("nested more than"), "{e}");
        }
    });
}
