//! A schema's definitions and rule verdicts are emitted once per rule set, in a module the
//! report, verdict and streamed functions share: emitted in each, they made the SchemaStore
//! collection's generated code several times larger (`tests/tests/it/json_schema_store.rs`).

use serde_json::json;
use validgen_codegen::emit::schemas::{SchemaItem, catalog};
use validgen_codegen::pretty;

/// `schema` compiled into a catalog of one schema named `name`, pretty-printed.
fn generated(name: &str, schema: serde_json::Value) -> String {
    let compiled =
        validgen_json_schema::compile(&schema, &Default::default()).expect("the schema compiles");
    let item = SchemaItem {
        name: name.to_owned(),
        file: format!("{name}.json"),
        annotating: compiled.annotating(&schema),
        schema,
        rules: compiled.rules,
    };
    pretty(&catalog(&[item])).expect("generated code parses")
}

/// A `$ref` used in the report, in `oneOf` branches (judged by the verdict path inside the
/// report, and asked for by the annotations of `<name>_output`) and in an array the stream
/// reads into a tape (`uniqueItems`), beside `more`.
fn ports(more: serde_json::Value) -> serde_json::Value {
    let mut schema = json!({
        "$defs": {"port": {"type": "integer", "maximum": 65535}},
        "properties": {
            "a": {"$ref": "#/$defs/port"},
            "b": {"oneOf": [{"$ref": "#/$defs/port"}, {"type": "string"}]},
            "c": {"uniqueItems": true, "items": {"$ref": "#/$defs/port"}}
        }
    });
    if let (Some(properties), serde_json::Value::Object(more)) =
        (schema["properties"].as_object_mut(), more)
    {
        properties.extend(more);
    }
    schema
}

#[test]
fn definitions_and_rule_verdicts_are_emitted_once_per_rule_set() {
    let code = generated("ports", ports(json!({})));
    for f in [
        "fn __def_0<",
        "fn __vrule_0<",
        "mod __ports_defs",
        // The annotation branches use the validators' verdicts: nothing was left out of
        // the rule set for checking nothing, so it is the one annotations need.
        "fn __vdef_0<",
    ] {
        assert_eq!(code.matches(f).count(), 1, "{f} in:\n{code}");
    }
    assert_eq!(code.matches("mod __ports_branch_defs").count(), 0);
    // Each function that runs them imports them: report, verdict, annotation branches.
    assert_eq!(code.matches("use __ports_defs::*;").count(), 3);
}

#[test]
fn annotation_branches_get_their_own_verdicts_where_the_rule_set_left_keywords_out() {
    // `items: true` checks nothing, so the validators' rule set leaves it out; annotations
    // need it (it annotates the array), so their rule set is compiled apart.
    let code = generated("ports", ports(json!({"d": {"items": true}})));
    assert_eq!(code.matches("fn __vdef_0<").count(), 2, "in:\n{code}");
    assert_eq!(code.matches("mod __ports_branch_defs").count(), 1);
    assert_eq!(code.matches("use __ports_defs::*;").count(), 2);
    assert_eq!(code.matches("use __ports_branch_defs::*;").count(), 1);
}
