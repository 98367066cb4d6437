//! The bytes model ([`Tape`]) reads JSON as `serde_json::from_slice::<Value>` does: the same
//! documents accepted (values, number classes, duplicate keys, depth limit), the same refused,
//! with located errors and no panic.

use proptest::prelude::*;
use serde_json::{Value, json};
use validgen_runtime::model::{Instance, JsonType, Tape};

/// The tape's value, or its error text.
fn tape(bytes: &[u8]) -> Result<Value, String> {
    Tape::parse(bytes)
        .map(|t| t.root().to_value().into_owned())
        .map_err(|e| e.to_string())
}

/// Asserts that the tape and serde_json agree on `bytes`: the same value, or both refuse.
fn agrees(bytes: &[u8]) -> Result<Value, String> {
    let ours = tape(bytes);
    let theirs = serde_json::from_slice::<Value>(bytes);
    match (&ours, &theirs) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{}", String::from_utf8_lossy(bytes)),
        (Err(_), Err(_)) => {}
        _ => panic!(
            "{:?}: tape {ours:?}, serde_json {theirs:?}",
            String::from_utf8_lossy(bytes)
        ),
    }
    ours
}

#[test]
fn values_and_numbers_read_as_serde_json() {
    for text in [
        "0",
        "-0",
        "-1",
        "1.0",
        "1e2",
        "-1.5E-3",
        "18446744073709551615",
        "18446744073709551616",
        "-9223372036854775808",
        "-9223372036854775809",
        "123456789012345678",
        "1e-400",
        "0.1",
        "2.5e+10",
        "99999999999999999999999",
        "\"\"",
        "\"a\\u00e9\\ud83d\\ude00\\n\\/\"",
        "[]",
        "{}",
        " [ 1 , { \"a\" : [ ] } ] ",
        "true",
        "false",
        "null",
        "\"é ü\"",
    ] {
        let ours = agrees(text.as_bytes());
        assert!(ours.is_ok(), "{text}: {ours:?}");
    }
    // The classes validators read: `-0` and `1.0` are floats with a zero fraction (integers
    // to JSON Schema), as for a `Value`.
    let tape = Tape::parse(b"[-0, 1.0, 1.5, 7]").unwrap_or_else(|e| panic!("{e}"));
    let types: Vec<JsonType> = (0..4)
        .filter_map(|i| tape.root().item(i))
        .map(Instance::json_type)
        .collect();
    assert_eq!(
        types,
        [
            JsonType::Integer,
            JsonType::Integer,
            JsonType::Number,
            JsonType::Integer
        ]
    );
}

#[test]
fn a_duplicated_key_keeps_its_first_place_and_its_last_value() {
    let small = br#"{"a": 1, "b": 2, "a": 3}"#;
    assert_eq!(agrees(small), Ok(json!({"a": 3, "b": 2})));
    let tape = Tape::parse(small).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(tape.root().keys(), vec!["a", "b"]);
    // Over the scanned size, through the key index.
    let mut entries: Vec<String> = (0..20).map(|i| format!("\"k{i}\": {i}")).collect();
    entries.push("\"k3\": \"last\"".to_owned());
    let big = format!("{{{}}}", entries.join(","));
    agrees(big.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    let tape = Tape::parse(big.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(tape.root().get("k3").and_then(|v| v.as_str()), Some("last"));
    assert_eq!(tape.root().keys().len(), 20);
    assert_eq!(tape.root().keys()[3], "k3");
}

#[test]
fn bad_input_is_refused_at_its_position_in_serde_json_words() {
    let cases: [&[u8]; 17] = [
        b"{\"a\": 1} x",
        b"[1,]",
        b"{\"a\": 1 , }",
        b"{\"a\" 1}",
        b"{1: 2}",
        b"[1 2]",
        b"{\"a\": 1\n \"b\": 2}",
        b"\"\\ud800\"",
        b"\"\\udc00\"",
        b"\"\\ud800\\u0041\"",
        b"\"a\xff\"",
        b"[\"\xc3\"]",
        b"\"\\x\"",
        b"1e400",
        b"[1, {\"a\": tru",
        b"-",
        b"[-01]",
    ];
    for bytes in cases {
        let ours = Tape::parse(bytes)
            .err()
            .map(|e| format!("{} at line {} column {}", e.message, e.line, e.column));
        let theirs = serde_json::from_slice::<Value>(bytes)
            .err()
            .map(|e| e.to_string());
        assert_eq!(ours, theirs, "{:?}", String::from_utf8_lossy(bytes));
    }
    // serde_json places a raw newline in a string on the next line (column 0); validgen at
    // the newline.
    assert_eq!(
        tape(b"\"a\nb\""),
        Err(
            "line 1 column 3: control character (\\u0000-\\u001F) found while parsing a string"
                .to_owned()
        )
    );
    // serde_json says column 0 at the end of an empty text; validgen's columns are 1-based.
    assert_eq!(
        tape(b""),
        Err("line 1 column 1: EOF while parsing a value".to_owned())
    );
}

#[test]
fn nesting_is_bounded_as_serde_json_bounds_it() {
    for depth in [126, 127, 128, 129, 100_000] {
        let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        let ours = agrees(text.as_bytes());
        assert_eq!(ours.is_ok(), depth < 128, "{depth}");
        let objects = format!("{}1{}", "{\"a\":".repeat(depth), "}".repeat(depth));
        agrees(objects.as_bytes()).ok();
    }
    let deep = "[".repeat(100_000);
    assert_eq!(
        tape(deep.as_bytes()),
        Err("line 1 column 128: recursion limit exceeded".to_owned())
    );
}

#[test]
fn values_are_located_by_json_pointer() {
    let text = "{\n  \"a\": [1, {\"é/x\": \"v\"}],\n  \"b~\": null\n}";
    let tape = Tape::parse(text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    let at = |p: &str| tape.span(p).map(|s| (s.line, s.column));
    assert_eq!(at(""), Some((1, 1)));
    assert_eq!(at("/a"), Some((2, 8)));
    assert_eq!(at("/a/1/é~1x"), Some((2, 20)));
    assert_eq!(at("/b~0"), Some((3, 9)));
    assert_eq!(at("/a/01"), None);
    assert_eq!(at("/c"), None);
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| if f.is_finite() {
            Value::from(f)
        } else {
            Value::Null
        }),
        "[a-c\\\\\"\u{0}-\u{1f}é😀]{0,6}".prop_map(Value::String),
    ];
    leaf.prop_recursive(4, 48, 10, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..12).prop_map(Value::Array),
            prop::collection::vec(("[a-k]{0,2}", inner), 0..14)
                .prop_map(|entries| Value::Object(entries.into_iter().collect())),
        ]
    })
}

proptest! {
    #[test]
    fn random_values_read_back_equal(value in json_value(), pretty in any::<bool>()) {
        let bytes = if pretty {
            serde_json::to_vec_pretty(&value)
        } else {
            serde_json::to_vec(&value)
        }
        .unwrap_or_else(|e| panic!("{e}"));
        prop_assert_eq!(agrees(&bytes), Ok(value));
    }

    #[test]
    fn random_bytes_agree_with_serde_json(bytes in prop::collection::vec(
        prop_oneof![Just(b'['), Just(b']'), Just(b'{'), Just(b'}'), Just(b'"'), Just(b':'),
            Just(b','), Just(b'1'), Just(b'-'), Just(b'.'), Just(b'e'), Just(b' '), Just(b'\\'),
            Just(b'u'), Just(b'a'), any::<u8>()],
        0..24,
    )) {
        agrees(&bytes).ok();
    }
}
