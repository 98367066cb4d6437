//! Annotations of JSON Schemas (issue #14 item 1): every `title`, `description`, `default`,
//! `examples`, `deprecated`, `readOnly`, `writeOnly`, `contentEncoding` and
//! `contentMediaType` of a schema kept by the compiler at
//! the JSON Pointer of its schema object, and found again from a violation's keyword.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use serde_json::{Value, json};
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::ir::{Annotation, Annotations};
use validgen_core::model::Plain;
use validgen_json_schema::{Options, annotation_of, compile, describe};

fn table(schema: &Value) -> Annotations {
    match compile(schema, &Options::default()) {
        Ok(c) => c.rules.annotations,
        Err(e) => panic!("{e:?}"),
    }
}

fn titles(table: &Annotations) -> Vec<(String, String)> {
    table
        .iter()
        .map(|(at, a)| (at.to_owned(), a.title.clone().unwrap_or_default()))
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect()
}

#[test]
fn every_schema_object_keeps_its_annotations_at_its_pointer() {
    let schema = json!({
        "title": "root",
        "properties": {
            "a": {"title": "a", "items": {"title": "a item"}},
            "title": {"title": "a property named title"},
            "x/y": {"title": "escaped"}
        },
        "patternProperties": {"^p": {"title": "pattern"}},
        "additionalProperties": {"title": "additional"},
        "propertyNames": {"title": "names"},
        "allOf": [{"title": "all 0"}, true, {"title": "all 2"}],
        "anyOf": [{"title": "any 0"}],
        "oneOf": [{"title": "one 0"}],
        "not": {"title": "not"},
        "if": {"title": "if"},
        "then": {"title": "then"},
        "else": {"title": "else"},
        "contains": {"title": "contains"},
        "dependentSchemas": {"d": {"title": "dependent"}},
        "prefixItems": [{"title": "prefix 0"}],
        "$defs": {"unused": {"title": "unused definition", "$defs": {"inner": {"title": "inner"}}}}
    });
    let got = titles(&table(&schema));
    let want = pairs(&[
        ("", "root"),
        ("/$defs/unused", "unused definition"),
        ("/$defs/unused/$defs/inner", "inner"),
        ("/additionalProperties", "additional"),
        ("/allOf/0", "all 0"),
        ("/allOf/2", "all 2"),
        ("/anyOf/0", "any 0"),
        ("/contains", "contains"),
        ("/dependentSchemas/d", "dependent"),
        ("/else", "else"),
        ("/if", "if"),
        ("/not", "not"),
        ("/oneOf/0", "one 0"),
        ("/patternProperties/^p", "pattern"),
        ("/prefixItems/0", "prefix 0"),
        ("/properties/a", "a"),
        ("/properties/a/items", "a item"),
        ("/properties/title", "a property named title"),
        ("/properties/x~1y", "escaped"),
        ("/propertyNames", "names"),
        ("/then", "then"),
    ]);
    assert_eq!(got, want);
}

#[test]
fn every_annotation_keyword_is_kept_as_written() {
    let schema = json!({
        "properties": {"port": {
            "title": "Port",
            "description": "Where the server listens.\nAny free port.",
            "default": 8080,
            "examples": [80, {"not": "a schema"}],
            "deprecated": false,
            "readOnly": true,
            "writeOnly": false,
            "contentEncoding": "base64",
            "contentMediaType": "application/json",
            "contentSchema": {"title": "content"},
            "type": "integer"
        }}
    });
    let t = table(&schema);
    assert_eq!(t.len(), 2);
    assert_eq!(
        t.get("/properties/port/contentSchema")
            .and_then(|a| a.title.as_deref()),
        Some("content")
    );
    assert_eq!(
        t.get("/properties/port"),
        Some(&Annotation {
            title: Some("Port".to_owned()),
            description: Some("Where the server listens.\nAny free port.".to_owned()),
            default: Some(json!(8080)),
            examples: Some(vec![json!(80), json!({"not": "a schema"})]),
            deprecated: Some(false),
            read_only: Some(true),
            write_only: Some(false),
            content_encoding: Some("base64".to_owned()),
            content_media_type: Some("application/json".to_owned()),
        })
    );
}

#[test]
fn boolean_schemas_have_none() {
    let schema = json!({"properties": {"a": false, "b": true}, "items": false});
    assert!(table(&schema).is_empty());
    let compiled = compile(&schema, &Options::default()).expect("the schema compiles");
    let doc = json!({"a": 1});
    let report = evaluate_document(&compiled.rules, &Plain::new(&doc), Explain::Failures);
    assert_eq!(report.violations.len(), 1);
    assert_eq!(report.violations[0].keyword, "/properties/a");
    assert_eq!(
        annotation_of(&compiled.rules.annotations, &report.violations[0]),
        None
    );
}

#[test]
fn ref_siblings_are_kept_in_draft_07_and_2020_12() {
    for (uri, defs) in [
        ("http://json-schema.org/draft-07/schema#", "definitions"),
        ("https://json-schema.org/draft/2020-12/schema", "$defs"),
    ] {
        let schema = json!({
            "$schema": uri,
            defs: {"port": {"title": "Port", "type": "integer"}},
            "properties": {"http": {
                "$ref": format!("#/{defs}/port"),
                "description": "The HTTP port"
            }}
        });
        let compiled = compile(&schema, &Options::default()).expect("the schema compiles");
        let t = &compiled.rules.annotations;
        assert_eq!(
            t.get("/properties/http")
                .and_then(|a| a.description.as_deref()),
            Some("The HTTP port"),
            "{uri}"
        );
        // A violation in the `$ref` target shows the target's annotations.
        let doc = json!({"http": "eighty"});
        let report = evaluate_document(&compiled.rules, &Plain::new(&doc), Explain::Failures);
        let v = &report.violations[0];
        assert_eq!(v.keyword, format!("/{defs}/port/type"), "{uri}");
        let a = annotation_of(t, v).expect("an annotation");
        assert_eq!(a.title.as_deref(), Some("Port"), "{uri}");
    }
}

#[test]
fn draft_07_array_items_and_2020_12_prefix_items() {
    let draft7 = json!({
        "$schema": "http://json-schema.org/draft-07/schema#",
        "items": [{"title": "first"}, {"title": "second", "type": "string"}],
        "additionalItems": {"title": "rest"}
    });
    let compiled = compile(&draft7, &Options::default()).expect("the schema compiles");
    assert_eq!(
        titles(&compiled.rules.annotations),
        pairs(&[
            ("/additionalItems", "rest"),
            ("/items/0", "first"),
            ("/items/1", "second")
        ])
    );
    let doc = json!([1, 2]);
    let report = evaluate_document(&compiled.rules, &Plain::new(&doc), Explain::Failures);
    let v = &report.violations[0];
    assert_eq!(v.keyword, "/items/1/type");
    let a = annotation_of(&compiled.rules.annotations, v).expect("an annotation");
    assert_eq!(a.title.as_deref(), Some("second"));

    let draft2020 = json!({
        "prefixItems": [{"title": "first"}],
        "items": {"title": "rest", "type": "string"}
    });
    let compiled = compile(&draft2020, &Options::default()).expect("the schema compiles");
    assert_eq!(
        titles(&compiled.rules.annotations),
        pairs(&[("/items", "rest"), ("/prefixItems/0", "first")])
    );
    let report = evaluate_document(&compiled.rules, &Plain::new(&doc), Explain::Failures);
    let v = &report.violations[0];
    assert_eq!(v.keyword, "/items/type");
    let a = annotation_of(&compiled.rules.annotations, v).expect("an annotation");
    assert_eq!(a.title.as_deref(), Some("rest"));
}

#[test]
fn annotations_never_change_a_verdict_and_error_message_still_replaces_the_text() {
    let schema = json!({
        "properties": {"size": {
            "title": "Size",
            "description": "Disk size in GiB",
            "default": "not even a number",
            "examples": ["big"],
            "type": "integer",
            "errorMessage": "size is a whole number of GiB"
        }}
    });
    let compiled = compile(&schema, &Options::default()).expect("the schema compiles");
    let ok = json!({"size": 3});
    let report = evaluate_document(&compiled.rules, &Plain::new(&ok), Explain::Failures);
    assert!(report.violations.is_empty());
    let bad = json!({"size": "big"});
    let report = evaluate_document(&compiled.rules, &Plain::new(&bad), Explain::Failures);
    let v = &report.violations[0];
    assert_eq!(describe(v, &bad, &schema), "size is a whole number of GiB");
    let a = annotation_of(&compiled.rules.annotations, v).expect("an annotation");
    assert_eq!(a.title.as_deref(), Some("Size"));
    assert_eq!(a.description.as_deref(), Some("Disk size in GiB"));
}

/// Annotations of the wrong shape (as real schemas write them: `deprecated` as a reason,
/// `examples` as one example, a `null` description) are ignored with a warning at their
/// keyword, as other validators ignore them; the rest of the schema compiles.
#[test]
fn annotations_of_the_wrong_shape_are_warnings_at_their_keyword() {
    let schema = json!({
        "title": 3,
        "properties": {"a": {
            "examples": "one", "readOnly": "yes", "description": null,
            "deprecated": "use b", "title": "A", "maximum": 1
        }}
    });
    let compiled = compile(&schema, &Options::default()).expect("the schema compiles");
    let got: Vec<(String, String)> = compiled
        .warnings
        .iter()
        .map(|e| (e.pointer.clone(), e.message.clone()))
        .collect();
    assert_eq!(
        got,
        pairs(&[
            (
                "/properties/a/deprecated",
                "`deprecated` should be a boolean, not a string: the annotation is ignored"
            ),
            (
                "/properties/a/description",
                "`description` should be a string, not null: the annotation is ignored"
            ),
            (
                "/properties/a/examples",
                "`examples` should be an array, not a string: the annotation is ignored"
            ),
            (
                "/properties/a/readOnly",
                "`readOnly` should be a boolean, not a string: the annotation is ignored"
            ),
            (
                "/title",
                "`title` should be a string, not a number: the annotation is ignored"
            ),
        ])
    );
    let a = compiled
        .rules
        .annotations
        .get("/properties/a")
        .expect("the title is kept");
    assert_eq!(
        (
            a.title.as_deref(),
            &a.description,
            &a.examples,
            a.deprecated
        ),
        (Some("A"), &None, &None, None)
    );
    assert_eq!(compiled.rules.annotations.get("").map(|a| &a.title), None);
    let doc = json!({"a": 2});
    let report = evaluate_document(&compiled.rules, &Plain::new(&doc), Explain::Failures);
    assert_eq!(report.violations[0].keyword, "/properties/a/maximum");
}

#[test]
fn annotations_of_the_wrong_shape_are_errors_when_strict() {
    let schema = json!({
        "title": 3,
        "properties": {"a": {"examples": "one", "readOnly": "yes", "description": null}}
    });
    let strict = Options {
        strict: true,
        ..Options::default()
    };
    let errors = compile(&schema, &strict).expect_err("the schema is refused");
    let got: Vec<(String, String)> = errors
        .iter()
        .map(|e| (e.pointer.clone(), e.message.clone()))
        .collect();
    assert_eq!(
        got,
        pairs(&[
            (
                "/properties/a/description",
                "`description` must be a string, not null"
            ),
            (
                "/properties/a/examples",
                "`examples` must be an array, not a string"
            ),
            (
                "/properties/a/readOnly",
                "`readOnly` must be a boolean, not a string"
            ),
            ("/title", "`title` must be a string, not a number"),
        ])
    );
}

// The real corpus: what the schema says, counted without the compiler's notion of schema
// positions, equals what the table keeps.

/// The corpus schemas (`*values.schema.json`, CRD `openAPIV3Schema`s, the OLM bundle config
/// schema), each with whether it is an OpenAPI schema.
fn corpus_schemas() -> Vec<(PathBuf, bool)> {
    fn walk(dir: &Path, out: &mut Vec<(PathBuf, bool)>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("the corpus folder reads")
            .map(|e| e.expect("a folder entry").path())
            .collect();
        entries.sort();
        for p in entries {
            let name = p
                .file_name()
                .expect("a file name")
                .to_string_lossy()
                .into_owned();
            if p.is_dir() {
                walk(&p, out);
            } else if name.ends_with("openAPIV3Schema.json") {
                out.push((p, true));
            } else if name == "values.schema.json" || name == "registryv1bundleconfig.json" {
                out.push((p, false));
            }
        }
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/json-schema");
    let mut out = Vec::new();
    walk(&root, &mut out);
    out
}

const KEYWORDS: &[&str] = &[
    "title",
    "description",
    "default",
    "examples",
    "deprecated",
    "readOnly",
    "writeOnly",
    "contentEncoding",
    "contentMediaType",
];

/// The annotation keywords of `v` (at `pointer`) and everything below it, except inside
/// values that are data, not schemas (`enum`, `const`, and the annotations' own values),
/// except the names of properties (a property called `description` holds a schema, not a
/// text), and except below the keywords at `unknown` (not schemas: the compiler warns).
fn count(v: &Value, pointer: &str, parent_key: &str, unknown: &BTreeSet<String>) -> usize {
    if unknown.contains(pointer) {
        return 0;
    }
    let below = |k: &str| format!("{pointer}/{}", k.replace('~', "~0").replace('/', "~1"));
    match v {
        Value::Object(map) => map
            .iter()
            .map(|(k, sub)| {
                let named = matches!(
                    parent_key,
                    "properties"
                        | "patternProperties"
                        | "$defs"
                        | "definitions"
                        | "dependentSchemas"
                );
                let own = usize::from(!named && KEYWORDS.contains(&k.as_str()));
                let data = matches!(k.as_str(), "enum" | "const") || own == 1;
                let key = if named { "" } else { k };
                own + if data {
                    0
                } else {
                    count(sub, &below(k), key, unknown)
                }
            })
            .sum(),
        Value::Array(list) => list
            .iter()
            .enumerate()
            .map(|(i, sub)| count(sub, &below(&i.to_string()), "", unknown))
            .sum(),
        _ => 0,
    }
}

#[test]
fn the_real_corpus_keeps_every_annotation() {
    let schemas = corpus_schemas();
    assert_eq!(schemas.len(), 20);
    let mut total = 0;
    for (path, openapi) in schemas {
        let schema: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("the file reads"))
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let options = Options {
            openapi,
            ..Options::default()
        };
        let compiled =
            compile(&schema, &options).unwrap_or_else(|e| panic!("{}: {e:?}", path.display()));
        let kept: usize = compiled
            .rules
            .annotations
            .iter()
            .map(|(_, a)| a.len())
            .sum();
        let unknown: BTreeSet<String> = compiled
            .warnings
            .iter()
            .filter(|w| w.message.contains("is not a keyword"))
            .map(|w| w.pointer.clone())
            .collect();
        assert_eq!(kept, count(&schema, "", "", &unknown), "{}", path.display());
        // Each kept annotation is the schema's own value at its pointer.
        for (at, a) in compiled.rules.annotations.iter() {
            let object = schema.pointer(at).expect("the annotation\'s schema object");
            if let Some(title) = &a.title {
                assert_eq!(object["title"], Value::from(title.as_str()));
            }
            assert_eq!(a.default.as_ref(), object.get("default"), "{at}");
        }
        total += kept;
    }
    // The 20 schemas' annotation keywords (two more sit under an unknown keyword).
    assert_eq!(total, 2066);
}
