//! What sets the drafts apart (issue #32): draft-04's boolean `exclusiveMinimum`/
//! `exclusiveMaximum`, `id` and the absence of boolean schemas, the keywords each draft has
//! or lacks, `$ref` overriding its siblings up to draft-07, and `$ref` fragments read as
//! RFC 3986 and JSON Pointer say. Each verdict is the interpreter's on the compiled rule set.

use serde_json::{Value, json};
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::model::Plain;
use validgen_json_schema::{CompiledSchema, Draft, Options, SchemaError, compile, describe};

const DRAFT4: &str = "http://json-schema.org/draft-04/schema#";
const DRAFT6: &str = "http://json-schema.org/draft-06/schema#";

fn with_schema(uri: &str, mut schema: Value) -> Value {
    schema["$schema"] = json!(uri);
    schema
}

fn compiled(schema: &Value) -> CompiledSchema {
    compile(schema, &Options::default()).unwrap_or_else(|e| panic!("{e:?}"))
}

/// The keyword locations of the violations `schema` finds in `doc` (a `$ref` target's
/// keywords are located where they are written).
fn violations(schema: &CompiledSchema, doc: &Value) -> Vec<String> {
    evaluate_document(&schema.rules, &Plain::new(doc), Explain::Failures)
        .violations
        .into_iter()
        .map(|v| v.keyword)
        .collect()
}

/// The `(pointer, message)` of each error.
fn errors(schema: &Value) -> Vec<(String, String)> {
    located(&compile(schema, &Options::default()).expect_err("the schema is refused"))
}

fn located(errors: &[SchemaError]) -> Vec<(String, String)> {
    errors
        .iter()
        .map(|e| (e.pointer.clone(), e.message.clone()))
        .collect()
}

#[test]
fn the_schema_uri_or_the_default_chooses_the_draft() {
    assert_eq!(compiled(&json!({"$schema": DRAFT4})).draft, Draft::Draft4);
    assert_eq!(
        compiled(&json!({"$schema": "https://json-schema.org/draft-06/schema"})).draft,
        Draft::Draft6
    );
    assert_eq!(compiled(&json!({})).draft, Draft::Draft2020);
    let draft4 = Options {
        default_draft: Some(Draft::Draft4),
        ..Options::default()
    };
    let read = compile(&json!({"maximum": 1, "exclusiveMaximum": true}), &draft4);
    assert_eq!(read.map(|c| c.draft).ok(), Some(Draft::Draft4));
    // `$schema` wins over the default.
    let read = compile(&json!({"$schema": DRAFT6}), &draft4);
    assert_eq!(read.map(|c| c.draft).ok(), Some(Draft::Draft6));
}

#[test]
fn draft_04_exclusive_bounds_are_booleans_modifying_minimum_and_maximum() {
    let schema = compiled(&with_schema(
        DRAFT4,
        json!({"maximum": 3, "exclusiveMaximum": true, "minimum": 1, "exclusiveMinimum": false}),
    ));
    assert_eq!(violations(&schema, &json!(3)), ["/maximum"]);
    let v =
        &evaluate_document(&schema.rules, &Plain::new(&json!(3)), Explain::Failures).violations[0];
    assert_eq!(
        describe(v, &json!(3), &json!({"maximum": 3})),
        "3 is greater than or equal to the maximum of 3"
    );
    assert!(violations(&schema, &json!(2.99)).is_empty());
    assert!(violations(&schema, &json!(1)).is_empty());
    assert_eq!(violations(&schema, &json!(0.5)), ["/minimum"]);
    let schema = compiled(&with_schema(
        DRAFT4,
        json!({"minimum": 1, "exclusiveMinimum": true}),
    ));
    assert_eq!(violations(&schema, &json!(1)), ["/minimum"]);
    assert!(violations(&schema, &json!(1.01)).is_empty());
}

#[test]
fn draft_04_exclusive_bounds_of_another_shape_are_errors() {
    assert_eq!(
        errors(&with_schema(DRAFT4, json!({"exclusiveMaximum": true}))),
        [(
            "/exclusiveMaximum".to_owned(),
            "`exclusiveMaximum: true` needs `maximum` beside it in draft-04".to_owned()
        )]
    );
    assert_eq!(
        errors(&with_schema(
            DRAFT4,
            json!({"minimum": 1, "exclusiveMinimum": 1})
        )),
        [(
            "/exclusiveMinimum".to_owned(),
            "`exclusiveMinimum` must be a boolean in draft-04 (modifying `minimum`), not a number"
                .to_owned()
        )]
    );
    assert_eq!(
        errors(&with_schema(
            DRAFT6,
            json!({"maximum": 1, "exclusiveMaximum": true})
        )),
        [(
            "/exclusiveMaximum".to_owned(),
            "`exclusiveMaximum` must be a number (a boolean `exclusiveMaximum` is draft-04's; this schema is read as draft-06)"
                .to_owned()
        )]
    );
}

#[test]
fn draft_06_exclusive_bounds_are_numbers() {
    let schema = compiled(&with_schema(DRAFT6, json!({"exclusiveMaximum": 3})));
    assert_eq!(violations(&schema, &json!(3)), ["/exclusiveMaximum"]);
    assert!(violations(&schema, &json!(2)).is_empty());
}

#[test]
fn draft_04_has_no_boolean_schemas_but_boolean_additional_keywords() {
    assert_eq!(
        errors(&with_schema(
            DRAFT4,
            json!({"properties": {"a": true}, "items": [false]})
        )),
        [
            (
                "/items/0".to_owned(),
                "a schema is an object in draft-04 (boolean schemas are draft-06's)".to_owned()
            ),
            (
                "/properties/a".to_owned(),
                "a schema is an object in draft-04 (boolean schemas are draft-06's)".to_owned()
            ),
        ]
    );
    let schema = compiled(&with_schema(
        DRAFT4,
        json!({
            "properties": {"a": {}, "list": {"items": [{}], "additionalItems": false}},
            "additionalProperties": false
        }),
    ));
    assert!(violations(&schema, &json!({"a": 1, "list": [1]})).is_empty());
    assert_eq!(
        violations(&schema, &json!({"b": 1, "list": [1, 2]})),
        ["/properties/list/additionalItems", "/additionalProperties"]
    );
    // Draft-06 takes them anywhere.
    let schema = compiled(&with_schema(DRAFT6, json!({"properties": {"a": false}})));
    assert_eq!(violations(&schema, &json!({"a": 1})), ["/properties/a"]);
}

#[test]
fn draft_04_identifies_schemas_with_id() {
    let schema = with_schema(
        DRAFT4,
        json!({
            "id": "http://example.com/root.json",
            "definitions": {
                "int": {"id": "int.json", "type": "integer"},
                "named": {"id": "#named", "type": "string"}
            },
            "properties": {
                "a": {"$ref": "int.json"},
                "b": {"$ref": "http://example.com/root.json#named"},
                "c": {"id": "folder/", "items": {"$ref": "../int.json"}}
            }
        }),
    );
    let schema = compiled(&schema);
    assert!(violations(&schema, &json!({"a": 1, "b": "x", "c": [2]})).is_empty());
    assert_eq!(
        violations(&schema, &json!({"a": "x", "b": 1, "c": ["y"]})),
        [
            "/definitions/int/type",
            "/definitions/named/type",
            "/definitions/int/type"
        ]
    );
}

#[test]
fn id_and_dollar_id_are_each_one_drafts_keyword() {
    // `$id` is not draft-04's: the reference leaves the document.
    let schema = with_schema(
        DRAFT4,
        json!({"definitions": {"a": {"$id": "a.json"}}, "$ref": "a.json"}),
    );
    let refused = errors(&schema);
    assert_eq!(refused.len(), 1);
    assert!(
        refused[0]
            .1
            .contains("outside this schema: no schema registry was given"),
        "{refused:?}"
    );
    // `id` is not draft-06's: a warning, and no identifier.
    let schema = with_schema(
        DRAFT6,
        json!({"definitions": {"a": {"id": "a.json"}}, "$ref": "a.json"}),
    );
    let refused = errors(&schema);
    assert!(
        refused[0]
            .1
            .contains("outside this schema: no schema registry was given"),
        "{refused:?}"
    );
    let compiled = compiled(&with_schema(DRAFT6, json!({"id": "x.json"})));
    assert_eq!(
        located(&compiled.warnings),
        [(
            "/id".to_owned(),
            "`id` is not a keyword of JSON Schema draft-06".to_owned()
        )]
    );
}

#[test]
fn keywords_of_later_drafts_are_unknown_in_earlier_ones() {
    // Draft-04 has no `const`, `contains`, `propertyNames`; draft-06 no `if`.
    let schema = compiled(&with_schema(
        DRAFT4,
        json!({"const": 1, "contains": {"type": "string"}, "propertyNames": {"maxLength": 1}}),
    ));
    assert!(violations(&schema, &json!(2)).is_empty());
    assert_eq!(schema.warnings.len(), 3, "{:?}", schema.warnings);
    let schema = compiled(&with_schema(
        DRAFT6,
        json!({"const": 1, "if": {"const": 1}, "then": false}),
    ));
    assert!(violations(&schema, &json!(1)).is_empty());
    assert_eq!(violations(&schema, &json!(2)), ["/const"]);
    let schema = compiled(&with_schema(
        DRAFT6,
        json!({"contains": {"type": "string"}, "propertyNames": {"maxLength": 1}}),
    ));
    assert_eq!(violations(&schema, &json!([1])), ["/contains"]);
    assert_eq!(
        violations(&schema, &json!({"ab": 1})),
        ["/propertyNames/maxLength"]
    );
    let strict = Options {
        strict: true,
        ..Options::default()
    };
    assert!(compile(&with_schema(DRAFT6, json!({"if": {}})), &strict).is_err());
}

#[test]
fn ref_overrides_its_siblings_up_to_draft_07() {
    for uri in [DRAFT4, DRAFT6] {
        let schema = compiled(&with_schema(
            uri,
            json!({
                "definitions": {"int": {"type": "integer"}},
                "properties": {"a": {"$ref": "#/definitions/int", "maximum": 1}}
            }),
        ));
        assert!(violations(&schema, &json!({"a": 5})).is_empty(), "{uri}");
        assert_eq!(
            violations(&schema, &json!({"a": "x"})),
            ["/definitions/int/type"],
            "{uri}"
        );
    }
}

#[test]
fn ref_fragments_are_percent_decoded_json_pointers() {
    let name = "vector_common::id::Inputs<alloc::string::String>";
    for reference in [
        "#/definitions/vector_common::id::Inputs%3Calloc::string::String%3E",
        "#/definitions/vector_common::id::Inputs<alloc::string::String>",
    ] {
        let schema = compiled(&json!({
            "definitions": {name: {"type": "string"}},
            "properties": {"a": {"$ref": reference}}
        }));
        assert!(
            violations(&schema, &json!({"a": "x"})).is_empty(),
            "{reference}"
        );
        assert_eq!(
            violations(&schema, &json!({"a": 1})),
            [format!("/definitions/{name}/type")],
            "{reference}"
        );
    }
    // `~1` is `/` and `~0` is `~` (RFC 6901), `%25` is `%`, `%20` a space.
    let schema = compiled(&json!({
        "$defs": {"a/b": {"type": "string"}, "c~d": {"type": "integer"}, "e%f g": {"type": "null"}},
        "properties": {
            "x": {"$ref": "#/$defs/a~1b"},
            "y": {"$ref": "#/$defs/c~0d"},
            "z": {"$ref": "#/$defs/e%25f%20g"}
        }
    }));
    assert!(violations(&schema, &json!({"x": "s", "y": 1, "z": null})).is_empty());
    assert_eq!(
        violations(&schema, &json!({"x": 1, "y": "s", "z": 0})),
        ["/$defs/a~1b/type", "/$defs/c~0d/type", "/$defs/e%f g/type"]
    );
    // A name the document does not have is still an error at the `$ref`.
    let refused = errors(&json!({"$ref": "#/$defs/no<such>"}));
    assert_eq!(refused.len(), 1);
    assert_eq!(refused[0].0, "/$ref");
}
