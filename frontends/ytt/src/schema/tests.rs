//! Schemas built from hand-made nodes: inference, nullable, `any=True`, defaults, docs and
//! error texts (expected texts from the recorded ytt 0.48.0 cases named in each test).

use std::sync::Arc;

use super::*;
use crate::export::openapi_v3;
use validgen_gotext::yaml::{ArrayItem, Comment, MapItem, Pos};

fn pos(line: usize) -> Pos {
    Pos {
        file: Arc::from("schema.yml"),
        line,
    }
}

fn comment(text: &str, line: usize) -> Comment {
    Comment {
        text: text.to_owned(),
        pos: pos(line),
    }
}

fn scalar(s: Scalar) -> Node {
    Node::Scalar(s)
}

fn string(s: &str) -> Node {
    scalar(Scalar::String(s.to_owned()))
}

fn item(line: usize, key: &str, value: Node, comments: Vec<Comment>) -> MapItem {
    MapItem {
        pos: pos(line),
        key: Scalar::String(key.to_owned()),
        value,
        comments,
    }
}

/// One schema document (`#@data/values-schema` on line 1, `---` on line 2).
fn schema_file(value: Node) -> DocumentSet {
    DocumentSet {
        documents: vec![Document {
            pos: pos(2),
            comments: vec![comment("@data/values-schema", 1)],
            value,
        }],
    }
}

fn key<'a>(ty: &'a Type, name: &str) -> &'a Type {
    match &ty.kind {
        Kind::Map(props) => props
            .iter()
            .find(|p| p.key == Scalar::String(name.to_owned()))
            .map(|p| &p.ty)
            .unwrap_or_else(|| panic!("no key {name}")),
        other => panic!("not a map: {other:?}"),
    }
}

#[test]
fn types_and_defaults_are_inferred_from_values() {
    let set = schema_file(Node::Map(vec![
        item(3, "name", string("app"), vec![]),
        item(4, "replicas", scalar(Scalar::Int(2)), vec![]),
        item(5, "ratio", scalar(Scalar::Float(0.5)), vec![]),
        item(6, "on", scalar(Scalar::Bool(true)), vec![]),
        item(
            7,
            "hosts",
            Node::Array(vec![ArrayItem {
                pos: pos(8),
                value: string("h"),
                comments: vec![],
            }]),
            vec![],
        ),
    ]));
    let schema = build(&set, "").expect("a schema");
    let root = &schema.root;
    assert_eq!(key(root, "name").kind, Kind::String);
    assert_eq!(key(root, "replicas").kind, Kind::Int);
    assert_eq!(key(root, "ratio").kind, Kind::Float);
    assert_eq!(key(root, "on").kind, Kind::Bool);
    assert_eq!(key(root, "replicas").pos, pos(4));
    let hosts = key(root, "hosts");
    let Kind::Array(items) = &hosts.kind else {
        panic!("not an array")
    };
    assert_eq!(
        (items.kind.clone(), items.pos.clone()),
        (Kind::String, pos(8))
    );
    // The array's default is empty; its item's default is the value written.
    assert_eq!(hosts.default, Node::Array(vec![]));
    assert_eq!(items.default, string("h"));
    let Node::Map(defaults) = &root.default else {
        panic!("not a map")
    };
    let values: Vec<&Node> = defaults.iter().map(|i| &i.value).collect();
    assert_eq!(
        values,
        [
            &string("app"),
            &scalar(Scalar::Int(2)),
            &scalar(Scalar::Float(0.5)),
            &scalar(Scalar::Bool(true)),
            &Node::Array(vec![]),
        ]
    );
}

#[test]
fn nullable_defaults_to_null_and_exports_nullable() {
    let set = schema_file(Node::Map(vec![item(
        4,
        "owner",
        string(""),
        vec![comment("@schema/nullable", 3)],
    )]));
    let schema = build(&set, "").expect("a schema");
    let owner = key(&schema.root, "owner");
    assert!(owner.nullable);
    assert_eq!(owner.kind, Kind::String);
    assert_eq!(owner.default, scalar(Scalar::Null));
    let Node::Map(doc) = openapi_v3(&schema) else {
        panic!("not a map")
    };
    let components = &doc[3].value;
    let Node::Map(c) = components else { panic!() };
    let Node::Map(schemas) = &c[0].value else {
        panic!()
    };
    let Node::Map(data_values) = &schemas[0].value else {
        panic!()
    };
    let Node::Map(props) = &data_values[2].value else {
        panic!()
    };
    let Node::Map(owner) = &props[0].value else {
        panic!()
    };
    let keys: Vec<&Scalar> = owner.iter().map(|i| &i.key).collect();
    let want = ["type", "nullable", "default"].map(|k| Scalar::String(k.to_owned()));
    assert_eq!(keys, want.iter().collect::<Vec<_>>());
    assert_eq!(owner[2].value, scalar(Scalar::Null));
}

#[test]
fn null_value_is_refused_with_ytt_text() {
    // Case `schema-errors-null-default`.
    let source = "#@data/values-schema\n---\nname:\n";
    let set = schema_file(Node::Map(vec![item(
        3,
        "name",
        scalar(Scalar::Null),
        vec![],
    )]));
    let Err(BuildError::Report(text)) = build(&set, source) else {
        panic!("not a report")
    };
    assert_eq!(
        text,
        "\nInvalid schema - null value not allowed here\n============================================\n\nschema.yml:\n    |\n  3 | name:\n    |\n\n    = found: null value\n    = expected: non-null value\n    = hint: in YAML, omitting a value implies null.\n    = hint: to set the default value to null, annotate with @schema/nullable.\n    = hint: to allow any value, annotate with @schema/type any=True.\n\n"
    );
}

#[test]
fn arrays_need_exactly_one_item() {
    // Case `schema-errors-array-no-items`.
    let source = "#@data/values-schema\n---\nzones: []\n";
    let set = schema_file(Node::Map(vec![item(
        3,
        "zones",
        Node::Array(vec![]),
        vec![],
    )]));
    let Err(BuildError::Report(text)) = build(&set, source) else {
        panic!("not a report")
    };
    assert!(text.starts_with(
        "\nInvalid schema - wrong number of items in array definition\n==========================================================\n\nschema.yml:\n    |\n  3 | zones: []\n    |\n\n    = found: 0 array items\n"
    ));
}

#[test]
fn nullable_with_keyword_is_refused() {
    // Case `annotation-errors-nullable-with-kwarg`.
    let source = "#@data/values-schema\n---\n#@schema/nullable default=True\nname: \"\"\n";
    let set = schema_file(Node::Map(vec![item(
        4,
        "name",
        string(""),
        vec![comment("@schema/nullable default=True", 3)],
    )]));
    let Err(BuildError::Report(text)) = build(&set, source) else {
        panic!("not a report")
    };
    assert_eq!(
        text,
        "\nInvalid schema\n==============\n\nexpected @schema/nullable annotation to not contain any keyword arguments\nschema.yml:\n    |\n  3 | #@schema/nullable default=True\n  4 | name: \"\"\n    |\n\n    = found: keyword argument in @schema/nullable (by schema.yml:3)\n    = expected: starlark.Bool\n    = hint: Supported kwargs are 'any'\n\n"
    );
}

#[test]
fn any_type_keeps_its_value_and_drops_inner_validations() {
    let inner = Node::Map(vec![item(
        6,
        "a",
        scalar(Scalar::Null),
        vec![comment("@schema/validation min=1", 5)],
    )]);
    let set = schema_file(Node::Map(vec![item(
        4,
        "extra",
        inner.clone(),
        vec![comment("@schema/type any=True", 3)],
    )]));
    let schema = build(&set, "").expect("a schema");
    let extra = key(&schema.root, "extra");
    assert_eq!(extra.kind, Kind::Any);
    assert_eq!(extra.default, inner);
    assert_eq!(extra.validation, None);
}

#[test]
fn annotation_inside_any_is_refused() {
    // Case `annotation-errors-annotation-inside-any`.
    let source =
        "#@data/values-schema\n---\n#@schema/type any=True\nextra:\n  #@schema/nullable\n  a: 1\n";
    let set = schema_file(Node::Map(vec![item(
        4,
        "extra",
        Node::Map(vec![item(
            6,
            "a",
            scalar(Scalar::Int(1)),
            vec![comment("@schema/nullable", 5)],
        )]),
        vec![comment("@schema/type any=True", 3)],
    )]));
    let Err(BuildError::Report(text)) = build(&set, source) else {
        panic!("not a report")
    };
    assert!(text.contains("  5 |   #@schema/nullable\n  6 |   a: 1\n"));
    assert!(text.contains("    = found: @schema/nullable annotation(s)\n"));
}

#[test]
fn default_is_checked_and_filled_in() {
    // `@schema/default` on an array of maps: missing keys get their defaults.
    let element = Node::Map(vec![
        item(5, "name", string(""), vec![]),
        item(6, "image", string("img"), vec![]),
    ]);
    let set = schema_file(Node::Map(vec![item(
        4,
        "images",
        Node::Array(vec![ArrayItem {
            pos: pos(5),
            value: element,
            comments: vec![],
        }]),
        vec![comment("@schema/default [{\"name\": \"x\"}]", 3)],
    )]));
    let schema = build(&set, "").expect("a schema");
    let Node::Array(items) = &key(&schema.root, "images").default else {
        panic!("not an array")
    };
    let Node::Map(first) = &items[0].value else {
        panic!("not a map")
    };
    let values: Vec<&Node> = first.iter().map(|i| &i.value).collect();
    assert_eq!(values, [&string("x"), &string("img")]);
}

#[test]
fn default_of_wrong_type_is_refused() {
    // Case `annotation-errors-default-wrong-type`.
    let source = "#@data/values-schema\n---\n#@schema/default 3\nname: \"\"\n";
    let set = schema_file(Node::Map(vec![item(
        4,
        "name",
        string(""),
        vec![comment("@schema/default 3", 3)],
    )]));
    let Err(BuildError::Report(text)) = build(&set, source) else {
        panic!("not a report")
    };
    assert_eq!(
        text,
        "\nInvalid schema - @schema/default is wrong type\n==============================================\n\nschema.yml:\n    |\n  3 | #@schema/default 3\n  4 | name: \"\"\n    |\n\n    = found: integer (at schema.yml:3)\n    = expected: string (by schema.yml:4)\n\n"
    );
}

#[test]
fn docs_are_read_and_exported() {
    let set = schema_file(Node::Map(vec![item(
        7,
        "port",
        scalar(Scalar::Int(80)),
        vec![
            comment("@schema/title \"Port\"", 3),
            comment("@schema/desc \"The port.\"", 4),
            comment("@schema/examples (\"http\", 8080), (\"https\", 8443)", 5),
            comment("@schema/deprecated \"gone\"", 6),
        ],
    )]));
    let schema = build(&set, "").expect("a schema");
    let port = key(&schema.root, "port");
    assert_eq!(port.docs.title.as_deref(), Some("Port"));
    assert_eq!(port.docs.description.as_deref(), Some("The port."));
    assert_eq!(port.docs.deprecated.as_deref(), Some("gone"));
    assert_eq!(port.docs.examples.len(), 2);
    assert_eq!(
        port.docs.examples[0],
        (Some("http".to_owned()), scalar(Scalar::Int(8080)))
    );
}

#[test]
fn nearest_validation_is_kept() {
    let set = schema_file(Node::Map(vec![item(
        5,
        "port",
        scalar(Scalar::Int(80)),
        vec![
            comment("@schema/validation min=1", 3),
            comment("@schema/validation min=2", 4),
        ],
    )]));
    let schema = build(&set, "").expect("a schema");
    let validation = key(&schema.root, "port").validation.as_ref();
    assert_eq!(validation.map(|a| a.args.as_str()), Some("min=2"));
}

#[test]
fn nesting_is_bounded() {
    let nested = |depth: usize| {
        let mut value = string("leaf");
        for line in (3..depth + 3).rev() {
            value = Node::Map(vec![item(line, "k", value, vec![])]);
        }
        schema_file(value)
    };
    assert!(build(&nested(150), "").is_ok());
    let Err(BuildError::Message(message)) = build(&nested(5000), "") else {
        panic!("not refused")
    };
    assert_eq!(message, "schema nested deeper than 200 levels");
}

/// The keys of `components.schemas.dataValues.properties.<name>` in an export.
fn exported_keys(schema: &Schema, name: &str) -> Vec<String> {
    let mut node = openapi_v3(schema);
    for step in ["components", "schemas", "dataValues", "properties", name] {
        let Node::Map(items) = node else {
            panic!("not a map at {step}")
        };
        node = items
            .into_iter()
            .find(|i| i.key == Scalar::String(step.to_owned()))
            .map(|i| i.value)
            .unwrap_or_else(|| panic!("no {step}"));
    }
    let Node::Map(items) = node else {
        panic!("not a map")
    };
    items
        .iter()
        .map(|i| match &i.key {
            Scalar::String(s) => s.clone(),
            other => format!("{other:?}"),
        })
        .collect()
}

#[test]
fn export_orders_keys_as_ytt() {
    let source = "#@data/values-schema\n---\n#@schema/title \"T\"\n#@schema/desc \"D\"\n#@schema/examples (\"e\", 1.5)\n#@schema/deprecated \"\"\n#@schema/nullable\nratio: 0.5\n#@schema/type any=True\n#@schema/desc \"free\"\nextra: {}\n";
    let set = validgen_gotext::yaml::parse(source, "schema.yml").expect("YAML");
    let schema = build(&set, source).expect("a schema");
    assert_eq!(
        exported_keys(&schema, "ratio"),
        [
            "title",
            "type",
            "format",
            "nullable",
            "deprecated",
            "description",
            "x-example-description",
            "example",
            "default"
        ]
    );
    assert_eq!(
        exported_keys(&schema, "extra"),
        ["nullable", "description", "default"]
    );
}

#[test]
fn later_schema_document_overlays_the_first() {
    // Case `semantics-two-schema-documents-missing-ok`: the added key keeps its validation.
    let source = "#@data/values-schema\n---\na: 1\n#@data/values-schema\n---\n#@overlay/match missing_ok=True\n#@schema/validation min=5\nb: 1\n";
    let set = validgen_gotext::yaml::parse(source, "schema.yml").expect("YAML");
    let schema = build(&set, source).expect("a schema");
    let b = key(&schema.root, "b");
    assert_eq!((b.kind.clone(), b.pos.line), (Kind::Int, 8));
    assert_eq!(b.validation.as_ref().map(|a| a.pos.line), Some(7));
    assert_eq!(key(&schema.root, "a").kind, Kind::Int);
}
