//! A catalog's definitions are emitted once, in a module its schemas' report, verdict and
//! streamed functions share: emitted for each schema, the documents several schemas of a
//! collection reach made the SchemaStore collection's generated code several times larger
//! (`tests/tests/it/json_schema_store.rs`).

use std::sync::Arc;

use serde_json::{Value, json};
use validgen_codegen::emit::schemas::{SchemaItem, catalog};
use validgen_codegen::pretty;
use validgen_json_schema::{Options, Registry};

/// The schema `schema`, named `name`, compiled with `registry`.
pub(crate) fn item(name: &str, schema: Value, registry: &Arc<Registry>) -> SchemaItem {
    let options = Options {
        registry: Some(registry.clone()),
        base_uri: Some(format!("https://example.com/{name}.json")),
        ..Options::default()
    };
    let compiled = validgen_json_schema::compile(&schema, &options).expect("the schema compiles");
    SchemaItem {
        name: name.to_owned(),
        file: format!("{name}.json"),
        annotating: compiled.annotating(&schema),
        schema,
        rules: compiled.rules,
    }
}

#[test]
fn a_document_two_schemas_reach_is_emitted_once() {
    let mut registry = Registry::new(None);
    registry.add_text(
        "https://example.com/port.json",
        r#"{"type": "integer", "maximum": 65535}"#,
        "port.json",
    );
    let registry = Arc::new(registry);
    // A `$ref` used in the report, in `oneOf` branches (judged by the verdict path inside the
    // report) and in an array the stream reads into a tape (`uniqueItems`).
    let server = json!({
        "properties": {
            "a": {"$ref": "port.json"},
            "b": {"oneOf": [{"$ref": "port.json"}, {"type": "string"}]},
            "c": {"uniqueItems": true, "items": {"$ref": "port.json"}}
        }
    });
    let client = json!({"properties": {"to": {"$ref": "port.json"}}});
    let items = [
        item("client", client, &registry),
        item("server", server, &registry),
    ];
    let code = pretty(&catalog(&items)).expect("generated code parses");
    // One definition, its report, verdict and scalar functions once for both schemas and
    // for the annotation plans (whose rule sets are compiled apart: the same checks).
    for f in ["fn __def_0<", "fn __vdef_0<", "fn __pdef_0("] {
        assert_eq!(code.matches(f).count(), 1, "{f} in:\n{code}");
    }
    assert!(!code.contains("fn __def_1<"), "{code}");
    assert_eq!(code.matches("mod __client_shared").count(), 1);
    // Each schema's rule verdicts in a module of its own, inside the shared one.
    for m in ["mod __client_defs", "mod __server_defs"] {
        assert_eq!(code.matches(m).count(), 1, "{m} in:\n{code}");
    }
    // The report and verdict functions import both by a lexical path.
    assert_eq!(
        code.matches("use __client_shared::__server_defs::*;")
            .count(),
        2
    );
}

/// A subschema large enough to be hoisted (`emit/document/hoist.rs`): an object of
/// `properties`, each property's checks named after `tag`.
fn large(tag: &str) -> Value {
    let properties: serde_json::Map<String, Value> = (0..6)
        .map(|i| {
            let schema = json!({"type": "string", "pattern": format!("^{tag}-{i}$")});
            (format!("{tag}{i}"), schema)
        })
        .collect();
    json!({"type": "object", "properties": properties, "required": [format!("{tag}0")]})
}

#[test]
fn an_annotation_branch_is_judged_by_the_verdict_function_its_schema_calls() {
    let registry = Arc::new(Registry::new(None));
    // Two large branches of a `oneOf` (one nesting a `oneOf` of its own), and a small one.
    let mut nested = large("b");
    nested["oneOf"] = json!([large("c"), {"type": "object"}]);
    let schema = json!({"oneOf": [large("a"), nested, {"type": "string"}]});
    let code = pretty(&catalog(&[item("alt", schema, &registry)])).expect("generated code parses");
    // The three large subschemas, once each and first, in the shared module (the small
    // branches stay inline): before, each was emitted in the rule verdict and in the branch
    // function, `c` in `b`'s branch arm too. The lists printed longer than `MIN_OUTLINED` (the
    // schema's) come after them, each once too.
    for k in 0..3 {
        let f = format!("fn __vl_{k}<");
        assert_eq!(code.matches(&f).count(), 1, "{f} in:\n{code}");
    }
    assert_eq!(
        functions_holding(&code, "^c-0$", "__vl_"),
        ["__vl_2"],
        "{code}"
    );
    // The branch function calls them, and holds none of their checks.
    let branch_fn = code
        .split("fn __alt_branch(")
        .nth(1)
        .and_then(|rest| rest.split("\npub fn ").next())
        .expect("the branch function");
    assert!(branch_fn.contains("__vl_"), "{branch_fn}");
    assert!(!branch_fn.contains("^c-0$"), "{branch_fn}");
}

#[test]
fn a_wide_schema_is_written_as_functions_of_bounded_length() {
    let registry = Arc::new(Registry::new(None));
    // A hundred properties, each a large subschema: inline, the schema's verdict was one
    // function (the rule verdict, and the stream's tape-mode list again), and its report
    // another, judging each subschema by its verdict before walking it.
    let properties: serde_json::Map<String, Value> = (0..100)
        .map(|i| (format!("p{i}"), large(&format!("p{i}x"))))
        .collect();
    let schema = json!({"type": "object", "properties": properties});
    let code = pretty(&catalog(&[item("wide", schema, &registry)])).expect("generated code parses");
    // The longest properties get functions until the rest fits (all are alike here: the first
    // ones), each property's checks in at most one verdict function and one report function,
    // and in no rule verdict or tape-mode list.
    let mut holders: Vec<&str> = Vec::new();
    for i in 0..100 {
        let pattern = format!("^p{i}x-0$");
        let verdicts = functions_holding(&code, &pattern, "__vl_");
        let reports = functions_holding(&code, &pattern, "__rl_");
        assert!(
            verdicts.len() <= 1 && reports.len() <= 1,
            "{pattern} in:\n{code}"
        );
        for inline in ["__vrule_", "__t"] {
            assert_eq!(
                functions_holding(&code, &pattern, inline),
                [""; 0],
                "{code}"
            );
        }
        holders.extend(verdicts);
    }
    // A property alone in its function has a function of its own.
    let outlined = holders
        .iter()
        .filter(|f| holders.iter().filter(|g| g == f).count() == 1)
        .count();
    assert!(
        (50..100).contains(&outlined),
        "{outlined} outlined:\n{code}"
    );
    // No function holds more than a share of the properties' checks (inline, the report
    // function was about 64 000 lines long).
    let mut longest = 0;
    let mut start = 0;
    for (n, line) in code.lines().enumerate() {
        let line = line.trim_start();
        if ["fn ", "pub fn ", "pub(super) fn "]
            .iter()
            .any(|f| line.starts_with(f))
        {
            longest = longest.max(n - start);
            start = n;
        }
    }
    assert!(longest < 30_000, "a function of {longest} lines:\n{code}");
}

/// The functions of `code` whose names start with `prefix` and whose bodies hold `text`.
fn functions_holding<'c>(code: &'c str, text: &str, prefix: &str) -> Vec<&'c str> {
    code.split("fn ")
        .skip(1)
        .filter(|f| f.starts_with(prefix) && f.contains(text))
        .filter_map(|f| f.split(['<', '(']).next())
        .collect()
}
