//! A schema's definitions and rule verdicts are emitted once per rule set, in a module the
//! report, verdict and streamed functions share: emitted in each, they made the SchemaStore
//! collection's generated code several times larger (`tests/tests/it/json_schema_store.rs`).

use serde_json::json;
use validgen_codegen::emit::schemas::{SchemaItem, catalog};
use validgen_codegen::pretty;

#[test]
fn definitions_and_rule_verdicts_are_emitted_once_per_rule_set() {
    // A `$ref` used in the report, in `oneOf` branches (judged by the verdict path inside the
    // report) and in an array the stream reads into a tape (`uniqueItems`).
    let schema = json!({
        "$defs": {"port": {"type": "integer", "maximum": 65535}},
        "properties": {
            "a": {"$ref": "#/$defs/port"},
            "b": {"oneOf": [{"$ref": "#/$defs/port"}, {"type": "string"}]},
            "c": {"uniqueItems": true, "items": {"$ref": "#/$defs/port"}}
        }
    });
    let compiled =
        validgen_json_schema::compile(&schema, &Default::default()).expect("the schema compiles");
    let item = SchemaItem {
        name: "ports".to_owned(),
        file: "ports.json".to_owned(),
        annotating: compiled.annotating(&schema),
        schema,
        rules: compiled.rules,
    };
    let code = pretty(&catalog(&[item])).expect("generated code parses");
    for f in ["fn __def_0<", "fn __vrule_0<", "mod __ports_defs"] {
        assert_eq!(code.matches(f).count(), 1, "{f} in:\n{code}");
    }
    // The verdict twin once for the validators, once for the annotation branches (`oneOf`),
    // whose rule set is compiled apart, with annotation keywords kept.
    assert_eq!(code.matches("fn __vdef_0<").count(), 2, "in:\n{code}");
    assert_eq!(code.matches("mod __ports_branch_defs").count(), 1);
    // Each function that runs them imports them.
    assert_eq!(code.matches("use __ports_defs::*;").count(), 2);
}
