//! The seed extensions of ytt validations (`format=`, `regexp=`, `prefix=`, `unique=`: rules
//! the ytt proposals list and ytt 0.48 never shipped): refused exactly as ytt refuses them
//! without the option (the recorded `unknown keyword argument` cases), read with it, and run
//! by the interpreter into ytt's report.
#![allow(clippy::unwrap_used, clippy::panic)]

/// The rule sets the compiled-versus-interpreted test of the `tests` crate compiles
/// (`ytt_seed` among them).
#[path = "../../../../tests/documents/cases.rs"]
mod cases;

use std::sync::Arc;

use serde_json::Value;
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::ir::Check;
use validgen_core::model::Plain;
use validgen_gotext::yaml::{Pos, parse};
use validgen_ytt::annotations::Annotation;
use validgen_ytt::data::to_json;
use validgen_ytt::lower::rule_set;
use validgen_ytt::report::report;
use validgen_ytt::schema::{Kind, Type, build};
use validgen_ytt::validation::AssertionRule;
use validgen_ytt::validation::{validation, validation_with};
use validgen_ytt::values::{SchemaFile, Source, SourceKind, final_values};

const CASES: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/conformance/ytt/cases.jsonl"
);

fn cases() -> Vec<Value> {
    std::fs::read_to_string(CASES)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn ann(name: &str, args: &str) -> Annotation {
    Annotation {
        name: name.to_owned(),
        args: args.to_owned(),
        pos: Pos {
            file: Arc::from("schema.yml"),
            line: 3,
        },
    }
}

/// The `must be:` texts of `@schema/validation <args>` at `schema.yml:3`, or its error.
fn expected(args: &str, seed: bool) -> Result<Vec<String>, String> {
    validation_with(&ann("schema/validation", args), seed)
        .map(|v| v.assertions.into_iter().map(|a| a.expected).collect())
        .map_err(|e| e.to_string())
}

/// The line of a recorded case's stderr that says `unknown keyword argument`.
fn recorded_unknown_kwarg(id: &str) -> String {
    let case = cases().into_iter().find(|c| c["id"] == id).unwrap();
    let stderr = case["expected"]["stderr"].as_str().unwrap().to_owned();
    stderr
        .lines()
        .find(|l| l.contains("unknown keyword argument"))
        .unwrap()
        .trim()
        .to_owned()
}

const SEED_ARGS: [(&str, &str); 4] = [
    ("format", r#"format="email""#),
    ("regexp", r#"regexp="^a""#),
    ("prefix", r#"prefix="https://""#),
    ("unique", "unique=True"),
];

#[test]
fn off_they_are_unknown_keywords_as_ytt() {
    for (id, name) in [
        (
            "upstream-schema-rejects-unknown-kwargs",
            "schema/validation",
        ),
        ("upstream-assert-rejects-unknown-kwargs", "assert/validate"),
    ] {
        let recorded = recorded_unknown_kwarg(id);
        let file = if name == "schema/validation" {
            "schema.yml"
        } else {
            "values.yml"
        };
        let mut a = ann(name, "invalid_kwarg=True");
        a.pos.file = Arc::from(file);
        assert_eq!(validation(&a).unwrap_err().to_string(), recorded);
        for (kwarg, args) in SEED_ARGS {
            a.args = args.to_owned();
            let want = recorded.replace("invalid_kwarg", kwarg);
            assert_eq!(validation(&a).unwrap_err().to_string(), want);
            assert_eq!(validation_with(&a, false).unwrap_err().to_string(), want);
            assert!(validation_with(&a, true).is_ok(), "{args}");
        }
        // Unknown names stay unknown with the option.
        a.args = "invalid_kwarg=True".to_owned();
        assert_eq!(validation_with(&a, true).unwrap_err().to_string(), recorded);
    }
}

/// Every validation annotation of the recorded schemas reads the same with the option
/// (none of them uses a seed keyword).
#[test]
fn recorded_annotations_read_the_same_with_the_option() {
    fn walk(ty: &Type, out: &mut Vec<Annotation>) {
        out.extend(ty.validation.clone());
        match &ty.kind {
            Kind::Map(properties) => properties.iter().for_each(|p| walk(&p.ty, out)),
            Kind::Array(item) => walk(item, out),
            _ => {}
        }
    }
    let mut annotations = Vec::new();
    for case in cases() {
        let files = case["files"].as_array().unwrap();
        for file in files.iter().filter(|f| f["name"] == "schema.yml") {
            let text = file["text"].as_str().unwrap();
            let Ok(set) = parse(text, "schema.yml") else {
                continue;
            };
            if let Ok(schema) = build(&set, text) {
                walk(&schema.root, &mut annotations);
            }
        }
    }
    for a in &annotations {
        assert_eq!(validation(a), validation_with(a, true), "{}", a.args);
    }
    // Measured: the annotations of every recorded schema that builds (with repeats).
    assert_eq!(annotations.len(), 4081);
}

#[test]
fn texts_and_order() {
    assert_eq!(
            expected(
                r#"unique=True, prefix="x", regexp="^[a-z]+$", format="hostname", one_of=["a"], min_len=1"#,
                true
            )
            .unwrap(),
            [
                "length >= 1",
                r#"one of ["a"]"#,
                "a valid hostname",
                r#"a string matching "^[a-z]+$""#,
                r#"a string starting with "x""#,
                "a list of unique items",
            ]
        );
    assert_eq!(
        expected("unique=False", true).unwrap(),
        Vec::<String>::new()
    );
    for name in [
        "date-time",
        "date",
        "time",
        "email",
        "hostname",
        "ip",
        "ipv4",
        "ipv6",
        "uri",
        "port",
        "percent",
        "duration",
    ] {
        assert_eq!(
            expected(&format!("format={name:?}"), true).unwrap(),
            [format!("a valid {name}")]
        );
    }
}

#[test]
fn argument_errors() {
    let e = |args: &str| expected(args, true).unwrap_err();
    let line = |text: &str| format!("Invalid @schema/validation annotation - {text}");
    assert_eq!(
        e("prefix=3"),
        line(r#"expected keyword argument "prefix" to be a string, but was int (at schema.yml:3)"#)
    );
    assert_eq!(
        e("regexp=None"),
        line(
            r#"expected keyword argument "regexp" to be a string, but was NoneType (at schema.yml:3)"#
        )
    );
    assert_eq!(
        e(r#"regexp="a(""#),
        line(
            r#"keyword argument "regexp" is not a valid regular expression: error parsing regexp: missing closing ): `a(` (at schema.yml:3)"#
        )
    );
    assert_eq!(
        e(r#"format=["ip"]"#),
        line(
            r#"expected keyword argument "format" to be a string, but was list (at schema.yml:3)"#
        )
    );
    assert_eq!(
        e(r#"format="uuid""#),
        line(
            r#"expected keyword argument "format" to be one of "date-time", "date", "time", "email", "hostname", "ip", "ipv4", "ipv6", "uri", "port", "percent", "duration", but was "uuid" (at schema.yml:3)"#
        )
    );
    assert_eq!(
        e(r#"unique="yes""#),
        line(
            r#"expected keyword argument "unique" to be a boolean, but was string (at schema.yml:3)"#
        )
    );
    // Checked in the order written, with ytt's own.
    assert_eq!(
        e(r#"prefix=1, min_len="2""#),
        line(r#"expected keyword argument "prefix" to be a string, but was int (at schema.yml:3)"#)
    );
    assert_eq!(
        e(r#"min_len="2", prefix=1"#),
        line(
            r#"expected keyword argument "min_len" to be a number, but was string (at schema.yml:3)"#
        )
    );
    let rule = validation_with(&ann("assert/validate", r#"format="port""#), true).unwrap();
    assert!(matches!(rule.assertions[0].rule, AssertionRule::Format(_)));
}

/// The checks of the seed validations written as `#! schema/validation <args>` comments
/// in `schema` (ytt's builder reads `@schema/validation` without the option: the
/// integrator's wiring is not in this crate's ytt front end yet), each on the top-level key
/// of the next line, at the comment's line.
fn seed_checks(schema: &str) -> Vec<Check> {
    let lines: Vec<&str> = schema.lines().collect();
    let mut properties = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let Some(args) = line.strip_prefix("#! schema/validation ") else {
            continue;
        };
        let key = lines[i + 1..]
            .iter()
            .find(|l| !l.starts_with('#'))
            .and_then(|l| l.split_once(':'))
            .map(|(k, _)| k.to_owned())
            .unwrap();
        let mut a = ann("schema/validation", args);
        a.pos.line = i + 1;
        let v = validation_with(&a, true).unwrap();
        properties.push((key, vec![Check::Extension(Arc::new(v))]));
    }
    vec![Check::Properties { properties }]
}

/// ytt's validation report of `values` against `schema` with the seed validations of
/// [`seed_checks`], through the interpreter (`None`: valid).
fn run(schema: &str, values: &str) -> Option<String> {
    let schema_set = parse(schema, "schema.yml").unwrap();
    let built = build(&schema_set, schema).unwrap();
    let values_set = parse(values, "values.yml").unwrap();
    let sources = [Source {
        name: "values.yml",
        text: values,
        documents: &values_set,
        kind: SourceKind::Overlay,
    }];
    let file = SchemaFile {
        schema: &built,
        texts: vec![("schema.yml", schema)],
    };
    let data = final_values(Some(&file), &sources).unwrap();
    let rules = rule_set(seed_checks(schema), Vec::new());
    let json = to_json(&data.document.value);
    let found = evaluate_document(&rules, &Plain::new(&json), Explain::Failures);
    report(&found.violations, &data.document.value, &data.document.pos)
}

const SCHEMA: &str = r#"#@data/values-schema
---
#! schema/validation format="email"
email: a@example.com
#! schema/validation format="port"
port: 80
#! schema/validation format="duration"
timeout: 10s
#! schema/validation format="percent"
surge: 25%
#! schema/validation regexp="^[a-z]+$"
name: abc
#! schema/validation prefix="https://"
endpoint: https://x
#! schema/validation unique=True
#@schema/default []
hosts:
- ""
#! schema/validation format="ip"
#@schema/nullable
ip: ""
"#;

#[test]
fn valid_values_pass() {
    let values = "#@data/values\n---\nhosts: [a, b]\nip: \"::1\"\n";
    assert_eq!(run(SCHEMA, values), None);
    // A null value skips the annotation (ytt's null skip).
    assert_eq!(run(SCHEMA, "#@data/values\n---\nip: null\n"), None);
}

#[test]
fn invalid_values_are_reported_as_ytt_reports() {
    let values = r#"#@data/values
---
email: "a@"
port: 70000
timeout: 10d
surge: 1.5%
name: ABC
endpoint: http://x
hosts: [a, b, a]
ip: 10.0.0
"#;
    let want = r#"Validating final data values:
  email
    from: values.yml:3
    - must be: a valid email (by: schema.yml:3)
      found: "a@" is not a valid email

  port
    from: values.yml:4
    - must be: a valid port (by: schema.yml:5)
      found: 70000 is not a valid port

  timeout
    from: values.yml:5
    - must be: a valid duration (by: schema.yml:7)
      found: "10d" is not a valid duration

  surge
    from: values.yml:6
    - must be: a valid percent (by: schema.yml:9)
      found: "1.5%" is not a valid percent

  name
    from: values.yml:7
    - must be: a string matching "^[a-z]+$" (by: schema.yml:11)
      found: "ABC" does not match "^[a-z]+$"

  endpoint
    from: values.yml:8
    - must be: a string starting with "https://" (by: schema.yml:13)
      found: "http://x" does not start with "https://"

  hosts
    from: schema.yml:17
    - must be: a list of unique items (by: schema.yml:15)
      found: items [0] and [2] are equal

  ip
    from: values.yml:10
    - must be: a valid ip (by: schema.yml:19)
      found: "10.0.0" is not a valid ip


"#;
    assert_eq!(run(SCHEMA, values).unwrap(), want);
}

#[test]
fn type_mismatches_on_any_typed_values() {
    let schema = r#"#@data/values-schema
---
#@schema/type any=True
#! schema/validation format="uri", prefix="x", regexp="x", unique=True
v: ""
"#;
    let want = r#"Validating final data values:
  v
    from: values.yml:3
    - must be: a valid uri (by: schema.yml:4)
      found: value must be a string, but was 'int'
    - must be: a string matching "x" (by: schema.yml:4)
      found: value must be a string, but was 'int'
    - must be: a string starting with "x" (by: schema.yml:4)
      found: value must be a string, but was 'int'
    - must be: a list of unique items (by: schema.yml:4)
      found: value must be a list, but was 'int'


"#;
    assert_eq!(run(schema, "#@data/values\n---\nv: 3\n").unwrap(), want);
}

/// The `ytt_seed` rule set of `tests/documents/cases.rs` (compiled there by the tests
/// crate, whose test compares the compiled validator with the interpreter), interpreted.
#[test]
fn the_documents_case_interpreted() {
    let sets = cases::cases();
    let set = &sets.iter().find(|(n, _)| n == "ytt_seed").unwrap().1;
    let run = |doc: Value| -> Vec<String> {
        evaluate_document(set, &Plain::new(&doc), Explain::Failures)
            .violations
            .iter()
            .map(|v| format!("{} {}: {} / {}", v.location, v.keyword, v.expected, v.found))
            .collect()
    };
    let doc = serde_json::json!({
        "a": "-bad-", "b": 70000, "c": "abc", "name": "5%",
        "items": ["1h", "1h", "x"], "z": "::1"
    });
    assert_eq!(
        run(doc),
        [
            " schema.yml:1: a list of unique items / value must be a list, but was 'dict'",
            r#"/a schema.yml:2: a valid hostname / "-bad-" is not a valid hostname"#,
            "/b schema.yml:3: a valid port / 70000 is not a valid port",
            "/items schema.yml:6: a list of unique items / items [0] and [1] are equal",
            r#"/items/2 schema.yml:7: a valid duration / "x" is not a valid duration"#,
        ]
    );
    let doc = serde_json::json!({"b": null, "c": "xyz", "z": "1.2.3.4.5"});
    assert_eq!(
        run(doc),
        [
            " schema.yml:1: a list of unique items / value must be a list, but was 'dict'",
            "/b schema.yml:3: not null / value is null",
            r#"/c schema.yml:4: a string starting with "a" / "xyz" does not start with "a""#,
            r#"/z schema.yml:8: a valid ip / "1.2.3.4.5" is not a valid ip"#,
        ]
    );
    assert_eq!(run(serde_json::json!([1, 1.0])).len(), 1);
    assert!(run(serde_json::json!([])).is_empty());
}
