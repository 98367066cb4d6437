//! The computation on hand-built nodes, with texts as ytt 0.48 prints them (shapes from the
//! recorded cases `types-several-type-errors-values-order`, `types-scalar-got-map`,
//! `types-data-values-overlay-unknown-key`, `types-unknown-key-in-array-item`,
//! `semantics-assert-new-array-item`).

use std::sync::Arc;

use super::*;
use crate::schema::{Docs, Kind, Property, Type};
use validgen_gotext::yaml::{ArrayItem, MapItem};

const SCHEMA: &str = "#@data/values-schema\n---\napp:\n  name: \"\"\n  replicas: 1\nowner: \"\"\nports:\n- 0\nservers:\n- name: \"\"\n  port: 0\n";

fn pos(file: &str, line: usize) -> Pos {
    Pos {
        file: Arc::from(file),
        line,
    }
}

fn string(s: &str) -> Node {
    Node::Scalar(Scalar::String(s.to_owned()))
}

fn int(i: i64) -> Node {
    Node::Scalar(Scalar::Int(i))
}

fn key(k: &str) -> Scalar {
    Scalar::String(k.to_owned())
}

fn item(at: Pos, k: &str, value: Node, comments: &[&str]) -> MapItem {
    MapItem {
        comments: comments
            .iter()
            .map(|text| Comment {
                text: (*text).to_owned(),
                pos: Pos {
                    line: at.line.saturating_sub(1),
                    ..at.clone()
                },
            })
            .collect(),
        pos: at,
        key: key(k),
        value,
    }
}

fn array_item(at: Pos, value: Node, comments: &[&str]) -> ArrayItem {
    ArrayItem {
        comments: comments
            .iter()
            .map(|text| Comment {
                text: (*text).to_owned(),
                pos: at.clone(),
            })
            .collect(),
        pos: at,
        value,
    }
}

fn ty(kind: Kind, line: usize, default: Node) -> Type {
    Type {
        kind,
        nullable: false,
        pos: pos("schema.yml", line),
        default,
        docs: Docs::default(),
        validation: None,
        removed: false,
    }
}

fn property(k: &str, ty: Type) -> Property {
    Property { key: key(k), ty }
}

/// The schema of `SCHEMA`, as the builder types it.
fn schema() -> Schema {
    let s = |line| pos("schema.yml", line);
    let app_default = Node::Map(vec![
        item(s(4), "name", string(""), &[]),
        item(s(5), "replicas", int(1), &[]),
    ]);
    let app = ty(
        Kind::Map(vec![
            property("name", ty(Kind::String, 4, string(""))),
            property("replicas", ty(Kind::Int, 5, int(1))),
        ]),
        3,
        app_default.clone(),
    );
    let server = ty(
        Kind::Map(vec![
            property("name", ty(Kind::String, 10, string(""))),
            property("port", ty(Kind::Int, 11, int(0))),
        ]),
        10,
        Node::Map(vec![
            item(s(10), "name", string(""), &[]),
            item(s(11), "port", int(0), &[]),
        ]),
    );
    let root_default = Node::Map(vec![
        item(s(3), "app", app_default, &[]),
        item(s(6), "owner", string(""), &[]),
        item(s(7), "ports", Node::Array(Vec::new()), &[]),
        item(s(9), "servers", Node::Array(Vec::new()), &[]),
    ]);
    Schema {
        seed_extensions: false,
        pos: s(2),
        root: ty(
            Kind::Map(vec![
                property("app", app),
                property("owner", ty(Kind::String, 6, string(""))),
                property(
                    "ports",
                    ty(
                        Kind::Array(Box::new(ty(Kind::Int, 8, int(0)))),
                        7,
                        Node::Array(Vec::new()),
                    ),
                ),
                property(
                    "servers",
                    ty(Kind::Array(Box::new(server)), 9, Node::Array(Vec::new())),
                ),
            ]),
            2,
            root_default,
        ),
    }
}

fn document(file: &str, line: usize, comments: &[&str], value: Node) -> DocumentSet {
    DocumentSet {
        documents: vec![Document {
            pos: pos(file, line),
            comments: comments
                .iter()
                .map(|text| Comment {
                    text: (*text).to_owned(),
                    pos: pos(file, 1),
                })
                .collect(),
            value,
        }],
    }
}

fn run(documents: &DocumentSet, text: &str, kind: SourceKind) -> Result<DataValues, String> {
    let schema = schema();
    let file = SchemaFile {
        schema: &schema,
        texts: vec![("schema.yml", SCHEMA)],
    };
    let source = Source {
        name: "values.yml",
        text,
        documents,
        kind,
    };
    final_values(Some(&file), &[source])
}

/// The value at `path` of a map of maps.
fn at<'a>(node: &'a Node, path: &[&str]) -> Option<&'a MapItem> {
    let (first, rest) = path.split_first()?;
    let Node::Map(items) = node else {
        return None;
    };
    let found = items.iter().find(|i| i.key == key(first))?;
    if rest.is_empty() {
        Some(found)
    } else {
        at(&found.value, rest)
    }
}

#[test]
fn scalar_type_errors_in_values_order() {
    let v = |line| pos("values.yml", line);
    let text = "owner: 3\napp:\n  replicas: x\n  name: 1\n";
    let values = document(
        "values.yml",
        1,
        &[],
        Node::Map(vec![
            item(v(1), "owner", int(3), &[]),
            item(
                v(2),
                "app",
                Node::Map(vec![
                    item(v(3), "replicas", string("x"), &[]),
                    item(v(4), "name", int(1), &[]),
                ]),
                &[],
            ),
        ]),
    );
    let expected = "Overlaying data values (in following order: additional data values): \n\
        One or more data values were invalid\n\
        ====================================\n\
        \n\
        values.yml:\n    |\n  4 |   name: 1\n    |\n\n    = found: integer\n    = expected: string (by schema.yml:4)\n\
        \n\
        values.yml:\n    |\n  3 |   replicas: x\n    |\n\n    = found: string\n    = expected: integer (by schema.yml:5)\n\
        \n\
        values.yml:\n    |\n  1 | owner: 3\n    |\n\n    = found: integer\n    = expected: string (by schema.yml:6)\n\
        \n";
    assert_eq!(
        run(&values, text, SourceKind::PlainFile),
        Err(expected.to_owned())
    );
}

#[test]
fn a_map_over_a_string_is_an_overlay_error() {
    let v = |line| pos("values.yml", line);
    let values = document(
        "values.yml",
        1,
        &[],
        Node::Map(vec![item(
            v(1),
            "app",
            Node::Map(vec![item(
                v(2),
                "name",
                Node::Map(vec![item(v(3), "first", string("a"), &[])]),
                &[],
            )]),
            &[],
        )]),
    );
    let expected = "Overlaying data values (in following order: additional data values):\n  \
        Document on line values.yml:1:\n    Map item (key 'app') on line values.yml:1:\n      \
        Map item (key 'name') on line values.yml:2:\n        Expected map, but was string";
    assert_eq!(
        run(
            &values,
            "app:\n  name:\n    first: a\n",
            SourceKind::PlainFile
        ),
        Err(expected.to_owned())
    );
}

#[test]
fn an_undeclared_key_in_an_overlay_matches_nothing() {
    let v = |line| pos("values.yml", line);
    let values = document(
        "values.yml",
        2,
        &["@data/values"],
        Node::Map(vec![item(
            v(3),
            "app",
            Node::Map(vec![item(v(4), "replicaz", int(3), &[])]),
            &[],
        )]),
    );
    let expected = "Overlaying data values (in following order: values.yml):\n  \
        Document on line values.yml:2:\n    Map item (key 'app') on line values.yml:3:\n      \
        Map item (key 'replicaz') on line values.yml:4:\n        \
        Expected number of matched nodes to be 1, but was 0";
    let text = "#@data/values\n---\napp:\n  replicaz: 3\n";
    assert_eq!(
        run(&values, text, SourceKind::Overlay),
        Err(expected.to_owned())
    );
}

#[test]
fn an_undeclared_key_in_a_plain_file_is_a_type_error_with_a_hint() {
    let v = |line| pos("values.yml", line);
    let values = document(
        "values.yml",
        1,
        &[],
        Node::Map(vec![item(
            v(1),
            "app",
            Node::Map(vec![item(v(2), "replicaz", int(3), &[])]),
            &[],
        )]),
    );
    let expected = "Overlaying data values (in following order: additional data values): \n\
        One or more data values were invalid\n\
        ====================================\n\
        \n\
        Given data value is not declared in schema\n\
        values.yml:\n    |\n  2 |   replicaz: 3\n    |\n\n    = found: replicaz\n    \
        = expected: one of { name, replicas } (from schema.yml:3)\n    \
        = hint: did you mean \"replicas\"?\n\
        \n";
    let text = "app:\n  replicaz: 3\n";
    assert_eq!(
        run(&values, text, SourceKind::PlainFile),
        Err(expected.to_owned())
    );
}

#[test]
fn defaults_fill_missing_keys_and_new_array_items() {
    let v = |line| pos("values.yml", line);
    let values = document(
        "values.yml",
        1,
        &[],
        Node::Map(vec![
            item(
                v(1),
                "app",
                Node::Map(vec![item(v(2), "replicas", int(3), &[])]),
                &[],
            ),
            item(
                v(3),
                "servers",
                Node::Array(vec![array_item(
                    v(4),
                    Node::Map(vec![item(v(4), "name", string("a"), &[])]),
                    &[],
                )]),
                &[],
            ),
        ]),
    );
    let text = "app:\n  replicas: 3\nservers:\n- name: a\n";
    let got = run(&values, text, SourceKind::PlainFile).map(|d| d.document);
    let Ok(document) = got else {
        panic!("{got:?}");
    };
    assert_eq!(document.pos, pos("schema.yml", 2));
    let root = &document.value;
    // A merged map keeps its position; a replaced scalar takes the file's; a default the
    // schema's.
    assert_eq!(
        at(root, &["app"]).map(|i| &i.pos),
        Some(&pos("schema.yml", 3))
    );
    let replicas = at(root, &["app", "replicas"]);
    assert_eq!(replicas.map(|i| (&i.pos, &i.value)), Some((&v(2), &int(3))));
    let name = at(root, &["app", "name"]);
    assert_eq!(name.map(|i| &i.pos), Some(&pos("schema.yml", 4)));
    let Some(Node::Array(servers)) = at(root, &["servers"]).map(|i| &i.value) else {
        panic!("no servers");
    };
    let port = servers.first().and_then(|s| at(&s.value, &["port"]));
    assert_eq!(
        port.map(|i| (&i.pos, &i.value)),
        Some((&pos("schema.yml", 11), &int(0)))
    );
}

#[test]
fn overlays_append_items_and_keep_their_assertions() {
    let v = |line| pos("values.yml", line);
    let values = document(
        "values.yml",
        2,
        &["@data/values"],
        Node::Map(vec![item(
            v(3),
            "ports",
            Node::Array(vec![
                array_item(v(4), int(80), &[]),
                array_item(v(6), int(2000), &["@assert/validate max=1024"]),
            ]),
            &["@assert/validate min_len=1"],
        )]),
    );
    let text = "#@data/values\n---\nports:\n- 80\n#@assert/validate max=1024\n- 2000\n";
    let got = run(&values, text, SourceKind::Overlay);
    let Ok(values) = got else {
        panic!("{got:?}");
    };
    let Some(Node::Array(ports)) = at(&values.document.value, &["ports"]).map(|i| &i.value) else {
        panic!("no ports");
    };
    assert_eq!(ports.len(), 2);
    // The one on `ports` (a key the schema declares) is dropped; the new item's survives.
    let paths: Vec<String> = values
        .assertions
        .iter()
        .map(|a| format!("{} {}", PathDisplay(&a.path), a.annotation.args))
        .collect();
    assert_eq!(paths, ["ports[1] max=1024"]);
}

#[test]
fn without_a_schema_the_first_document_keeps_its_annotations() {
    let v = |line| pos("values.yml", line);
    let first = document(
        "values.yml",
        2,
        &["@data/values"],
        Node::Map(vec![item(
            v(4),
            "limit",
            int(5),
            &["@assert/validate max=10"],
        )]),
    );
    let w = |line| pos("values-2.yml", line);
    let second = document(
        "values-2.yml",
        2,
        &["@data/values"],
        Node::Map(vec![item(w(3), "limit", int(50), &[])]),
    );
    let sources = [
        Source {
            name: "values.yml",
            text: "",
            documents: &first,
            kind: SourceKind::Overlay,
        },
        Source {
            name: "values-2.yml",
            text: "",
            documents: &second,
            kind: SourceKind::Overlay,
        },
    ];
    let got = final_values(None, &sources);
    let Ok(values) = got else {
        panic!("{got:?}");
    };
    let limit = at(&values.document.value, &["limit"]);
    assert_eq!(limit.map(|i| (&i.pos, &i.value)), Some((&w(3), &int(50))));
    let found: Vec<_> = values
        .assertions
        .iter()
        .map(|a| (PathDisplay(&a.path).to_string(), a.annotation.pos.line))
        .collect();
    assert_eq!(found, [("limit".to_owned(), 3)]);
}

#[test]
fn plain_files_refuse_annotations() {
    let values = document(
        "values.yml",
        1,
        &[],
        Node::Map(vec![item(
            pos("values.yml", 2),
            "owner",
            string("x"),
            &["@schema/nullable"],
        )]),
    );
    let got = run(&values, "", SourceKind::PlainFile);
    assert_eq!(
        got,
        Err(
            "Extracting data value from file:\n  Checking data values file 'values.yml':\n    \
             Expected to be plain YAML, having no annotations (hint: remove comments starting \
             with `#@`)"
                .to_owned()
        )
    );
}

#[test]
fn a_top_level_array_replaces_the_document() {
    let v = |line| pos("values.yml", line);
    let values = document(
        "values.yml",
        1,
        &[],
        Node::Array(vec![array_item(v(1), string("a"), &[])]),
    );
    // A first document without `---` has no line text in ytt's excerpt.
    let expected = "Overlaying data values (in following order: additional data values): \n\
        One or more data values were invalid\n\
        ====================================\n\
        \n\
        values.yml:\n    |\n  1 | \n    |\n\n    = found: array\n    = expected: map (by schema.yml:2)\n\
        \n";
    assert_eq!(
        run(&values, "- a\n", SourceKind::PlainFile),
        Err(expected.to_owned())
    );
}

#[test]
fn deep_values_are_refused_with_an_error() {
    let v = |line| pos("values.yml", line);
    let deep = |leaf: Node| {
        (0..MAX_DEPTH + 10).fold(leaf, |inner, _| {
            Node::Map(vec![item(v(1), "a", inner, &[])])
        })
    };
    let first = document("values.yml", 1, &[], deep(int(1)));
    let second = document("values.yml", 1, &[], deep(int(2)));
    let sources = [&first, &second].map(|documents| Source {
        name: "values.yml",
        text: "",
        documents,
        kind: SourceKind::PlainFile,
    });
    let got = final_values(None, &sources);
    assert!(got.is_err_and(|e| e.ends_with("Data values nested deeper than 512 levels")));
}

/// `values.yml` and `values-2.yml`, both `-f` files, without a schema.
fn two_overlays(first: &DocumentSet, second: &DocumentSet) -> Result<DataValues, String> {
    let sources =
        [("values.yml", first), ("values-2.yml", second)].map(|(name, documents)| Source {
            name,
            text: "",
            documents,
            kind: SourceKind::Overlay,
        });
    final_values(None, &sources)
}

#[test]
fn overlay_annotations_remove_replace_and_add() {
    let v = |line| pos("values.yml", line);
    let w = |line| pos("values-2.yml", line);
    let first = document(
        "values.yml",
        2,
        &["@data/values"],
        Node::Map(vec![
            item(v(3), "a", int(1), &[]),
            item(v(4), "b", int(2), &[]),
            item(
                v(5),
                "c",
                Node::Array(vec![array_item(v(6), int(1), &[])]),
                &[],
            ),
        ]),
    );
    let second = document(
        "values-2.yml",
        3,
        &[
            "@data/values",
            "@overlay/match-child-defaults missing_ok=True",
        ],
        Node::Map(vec![
            item(w(5), "b", Node::Scalar(Scalar::Null), &["@overlay/remove"]),
            item(
                w(7),
                "c",
                Node::Array(vec![array_item(w(8), int(9), &[])]),
                &["@overlay/replace"],
            ),
            item(w(9), "d", int(4), &[]),
        ]),
    );
    let got = two_overlays(&first, &second).map(|d| d.document.value);
    let Ok(Node::Map(items)) = got else {
        panic!("{got:?}");
    };
    let keys: Vec<_> = items.iter().map(|i| (&i.key, &i.pos)).collect();
    assert_eq!(
        keys,
        [(&key("a"), &v(3)), (&key("c"), &w(7)), (&key("d"), &w(9))]
    );
    let c = items.get(1).map(|i| &i.value);
    assert_eq!(c, Some(&Node::Array(vec![array_item(w(8), int(9), &[])])));
}

#[test]
fn overlay_errors_and_refusals() {
    let v = |line| pos("values.yml", line);
    let first = document(
        "values.yml",
        2,
        &["@data/values"],
        Node::Map(vec![item(v(3), "a", int(1), &[])]),
    );
    let with = |comments: &[&str]| {
        document(
            "values-2.yml",
            2,
            &["@data/values"],
            Node::Map(vec![item(pos("values-2.yml", 4), "a", int(2), comments)]),
        )
    };
    let header = "Overlaying data values (in following order: values.yml, values-2.yml):\n  \
        Document on line values-2.yml:2:\n    Map item (key 'a') on line values-2.yml:4:\n      ";
    let two_ops = two_overlays(&first, &with(&["@overlay/remove", "@overlay/replace"]));
    assert_eq!(
        two_ops,
        Err(format!(
            "{header}Expected to find only one overlay operation"
        ))
    );
    // `by=` runs as in a schema overlay: a function of the key and both values.
    let by = two_overlays(&first, &with(&["@overlay/match by=lambda k, l, r: l == 1"]));
    let Ok(Node::Map(items)) = by.map(|d| d.document.value) else {
        panic!("by= matches")
    };
    assert_eq!(items.first().map(|i| &i.value), Some(&int(2)));
    let missed = two_overlays(&first, &with(&["@overlay/match by=lambda k, l, r: l == 3"]));
    assert_eq!(
        missed,
        Err(format!(
            "{header}Expected number of matched nodes to be 1, but was 0"
        ))
    );
    let expects = two_overlays(&first, &with(&["@overlay/match expects=2"]));
    assert_eq!(
        expects,
        Err(format!(
            "{header}Expected number of matched nodes to be 2, but was 1 (lines: values.yml:3)"
        ))
    );
}

#[test]
fn a_null_document_takes_the_overlay() {
    let empty = document(
        "values.yml",
        2,
        &["@data/values"],
        Node::Scalar(Scalar::Null),
    );
    let w = |line| pos("values-2.yml", line);
    let second = document(
        "values-2.yml",
        2,
        &["@data/values"],
        Node::Map(vec![item(w(3), "a", int(1), &[])]),
    );
    let got = two_overlays(&empty, &second).map(|d| d.document);
    let Ok(document) = got else {
        panic!("{got:?}");
    };
    assert_eq!(document.pos, pos("values.yml", 2));
    assert_eq!(
        document.value,
        Node::Map(vec![item(w(3), "a", int(1), &[])])
    );
}

#[test]
fn removing_the_data_values_document_is_refused() {
    let first = document(
        "values.yml",
        2,
        &["@data/values"],
        Node::Map(vec![item(pos("values.yml", 3), "a", int(1), &[])]),
    );
    let remove = document(
        "values-2.yml",
        2,
        &["@data/values", "@overlay/remove"],
        Node::Map(vec![item(pos("values-2.yml", 3), "a", int(2), &[])]),
    );
    // ytt 0.48 panics (exit 2) on the empty result.
    assert_eq!(
        two_overlays(&first, &remove),
        Err(
            "Overlaying data values (in following order: values.yml, values-2.yml): \
             values-2.yml:2: unsupported: @overlay/remove on the data values document \
             (ytt 0.48 panics)"
                .to_owned()
        )
    );
}
