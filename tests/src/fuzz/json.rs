//! JSON: the tape against serde_json, a compiled schema's streamed verdict against its report
//! and the interpreter, and the JSON Schema frontend on arbitrary schemas.

use std::sync::{Arc, LazyLock};

use validgen::interpret::{Explain, evaluate_document};
use validgen::ir::RuleSet;
use validgen::json_schema::{Draft, Options, Registry, compile};
use validgen::model::{Instance, Plain, Tape};
use validgen::serde_json::{self, Value};

use super::{capped, each_value, files, text};
use crate::json_schema_random::SCHEMAS;

/// The tape parser against `serde_json::from_slice::<Value>`: the same documents accepted with
/// the same value (order of keys included), the same refused; a UTF-8 text in serde_json's
/// words and, where serde_json counts columns as the tape does (an ASCII text, a column past
/// 0), at its position; the first values of an accepted document located where their text
/// starts.
pub fn json_tape(data: &[u8]) {
    let data = capped(data);
    let want = serde_json::from_slice::<Value>(data);
    match (Tape::parse(data), want) {
        (Ok(tape), Ok(value)) => {
            let read = tape.root().to_value();
            assert_eq!(read.to_string(), value.to_string(), "the tape's value");
            let text = std::str::from_utf8(data).expect("a document is UTF-8");
            let lines: Vec<&str> = text.split('\n').collect();
            each_value(&value, LOCATED, &mut |pointer, v| {
                located(&tape, &lines, pointer, v)
            });
        }
        // The tape checks that the whole text is UTF-8 first; serde_json checks it only in
        // strings, as it reads them: on a text with an invalid byte and another problem, each
        // may name a different one (the first smoke run's seed run found one). Both refuse it.
        (Err(_), Err(_)) if std::str::from_utf8(data).is_err() => {}
        (Err(ours), Err(theirs)) => {
            let shown = theirs.to_string();
            assert!(
                shown.starts_with(&ours.message),
                "tape {ours:?}, serde_json {shown:?}"
            );
            if data.is_ascii() && theirs.column() > 0 {
                assert_eq!(
                    (ours.line, ours.column),
                    (theirs.line(), theirs.column()),
                    "position of {shown:?}"
                );
            }
        }
        (ours, theirs) => panic!(
            "tape {:?}, serde_json {theirs:?}",
            ours.map(|t| t.root().to_value().into_owned())
        ),
    }
}

/// The most values whose position is checked per document: each costs a sweep of the text
/// (`Tape::span`), which bounds the run on large inputs.
const LOCATED: usize = 200;

/// Checks that the tape locates `value`, at `pointer`, at the first character of its text
/// (split into `lines`).
fn located(tape: &Tape<'_>, lines: &[&str], pointer: &str, value: &Value) {
    let span = tape
        .span(pointer)
        .unwrap_or_else(|| panic!("no position for {pointer:?}"));
    let first = lines
        .get(span.line - 1)
        .and_then(|l| l.chars().nth(span.column - 1));
    let expected: &[char] = match value {
        Value::Null => &['n'],
        Value::Bool(true) => &['t'],
        Value::Bool(false) => &['f'],
        Value::Number(_) => &['-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
        Value::String(_) => &['"'],
        Value::Array(_) => &['['],
        Value::Object(_) => &['{'],
    };
    assert!(
        first.is_some_and(|c| expected.contains(&c)),
        "{pointer:?} located at {span:?}, on {first:?}"
    );
}

/// How many of the random schemas `json_stream` picks from: those a build without
/// `large-suites` compiles (`tests/build.rs`), so that an input picks the same schema in
/// `cargo fuzz` and in `cargo test`.
const STREAMED: usize = 16;

/// The rule sets of the first [`STREAMED`] random schemas compiled into [`SCHEMAS`], as the
/// interpreter runs them.
fn interpreted() -> &'static [RuleSet] {
    static RULES: LazyLock<Vec<RuleSet>> = LazyLock::new(|| {
        SCHEMAS
            .iter()
            .take(STREAMED)
            .map(|v| {
                let schema: Value = serde_json::from_str(v.schema).expect("a schema is JSON");
                match compile(&schema, &Options::default()) {
                    Ok(c) => c.rules,
                    Err(e) => panic!("{}: {e:?}", v.name),
                }
            })
            .collect()
    });
    &RULES
}

/// A compiled schema's verdicts on instance bytes: the first byte picks one of the first
/// [`STREAMED`] random schemas (its value modulo their number), the rest is the instance. The bytes entry points accept exactly what serde_json accepts; on a document, the
/// compiled report is the interpreter's (`Explain::All` and `Failures`), and the verdict-only
/// path, the bytes report's verdict, the verdict on bytes and the streamed verdict (where it
/// answers) are the report's. The streamed verdict never answers on bytes that are not JSON.
pub fn json_stream(data: &[u8]) {
    let Some((&pick, bytes)) = capped(data).split_first() else {
        return;
    };
    let i = usize::from(pick) % interpreted().len();
    let (validator, rules) = (&SCHEMAS[i], &interpreted()[i]);
    let name = validator.name;
    let Ok(doc) = serde_json::from_slice::<Value>(bytes) else {
        assert!(
            (validator.is_valid_bytes)(bytes).is_err(),
            "{name}: not JSON"
        );
        assert!((validator.validate_bytes)(bytes, Explain::Failures).is_err());
        assert_eq!((validator.stream)(bytes), None, "{name}: streamed non-JSON");
        return;
    };
    let mut valid = None;
    for explain in [Explain::All, Explain::Failures] {
        let report = (validator.validate)(&doc, explain);
        let slow = evaluate_document(rules, &Plain::new(&doc), explain);
        assert_eq!(report, slow, "{name}: compiled and interpreted reports");
        let from_bytes = (validator.validate_bytes)(bytes, explain).expect("JSON");
        assert_eq!(
            from_bytes.report.failed(),
            report.report.failed(),
            "{name}: bytes report"
        );
        valid = Some(!report.report.failed());
    }
    let valid = valid.expect("judged");
    assert_eq!((validator.is_valid)(&doc), valid, "{name}: verdict path");
    assert_eq!(
        (validator.is_valid_bytes)(bytes),
        Ok(valid),
        "{name}: bytes"
    );
    let streamed = (validator.stream)(bytes);
    assert!(streamed.is_none_or(|s| s == valid), "{name}: streamed");
}

/// The JSON Schema frontend on arbitrary schemas: the input is files ([`super::files`]), the
/// first the root schema (JSON), the others registered as `https://fuzz.example/<name>` for
/// `$ref`s to reach. The root is compiled under every draft as default (its own `$schema`
/// wins), as a plain schema and as an OpenAPI (CRD) one; a schema that compiles judges itself
/// and `null` by the interpreter. No panic, bounded time (the `$ref` budget).
pub fn json_schema(data: &[u8]) {
    let Some(text) = text(data) else {
        return;
    };
    let files = files(text, "schema.json");
    let Ok(root) = serde_json::from_str::<Value>(&files[0].1) else {
        return;
    };
    let drafts = [
        Draft::Draft4,
        Draft::Draft6,
        Draft::Draft7,
        Draft::Draft2019,
        Draft::Draft2020,
    ];
    for (n, draft) in drafts.into_iter().enumerate() {
        let mut registry = Registry::new(Some(draft));
        for (name, text) in &files[1..] {
            registry.add_text(&format!("https://fuzz.example/{name}"), text, name);
        }
        let options = Options {
            default_draft: Some(draft),
            openapi: n % 2 == 1,
            registry: Some(Arc::new(registry)),
            base_uri: Some("https://fuzz.example/schema.json".to_owned()),
            ..Options::default()
        };
        if let Ok(compiled) = compile(&root, &options) {
            for doc in [&root, &Value::Null] {
                let _ = evaluate_document(&compiled.rules, &Plain::new(doc), Explain::All);
            }
        }
    }
}
