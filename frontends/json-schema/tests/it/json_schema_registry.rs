//! The schema registry: schemas of a folder referencing each other by relative path and by
//! `$id`, URL prefixes mapped to folders and files, unresolved references named with the
//! mappings tried, and the bounds (a registry of 10 000 schemas, reference cycles across
//! files).

use std::path::Path;
use std::sync::Arc;

use serde_json::{Value, json};
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::model::{Plain, Tape};
use validgen_json_schema::{
    CompiledSchema, MAX_REGISTRY_DOCUMENTS, Options, OutputFormat, Registry, SchemaError,
    SchemaMap, compile, file_url,
};

fn write(dir: &Path, name: &str, schema: &Value) {
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("create a folder");
    }
    std::fs::write(path, schema.to_string()).expect("write a schema");
}

/// `file` of `dir` compiled with `registry`, read from its `file://` URL.
fn compile_file(
    dir: &Path,
    file: &str,
    registry: Registry,
) -> Result<CompiledSchema, Vec<SchemaError>> {
    let path = dir.join(file);
    let schema: Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("JSON");
    compile(
        &schema,
        &Options {
            registry: Some(Arc::new(registry)),
            base_uri: Some(file_url(&path)),
            ..Options::default()
        },
    )
}

/// Whether `doc` passes, asserting that the interpreter gives the same verdict from its bytes.
fn valid(compiled: &CompiledSchema, doc: &Value) -> bool {
    let report = evaluate_document(&compiled.rules, &Plain::new(doc), Explain::Failures);
    let bytes = serde_json::to_vec(doc).expect("bytes");
    let tape = Tape::parse(&bytes).expect("JSON bytes");
    let from_bytes = evaluate_document(&compiled.rules, &tape, Explain::Failures);
    assert_eq!(report, from_bytes, "{doc}");
    !report.report.failed()
}

#[test]
fn schemas_of_a_folder_reference_each_other_by_path_and_by_id() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        "service.json",
        &json!({
            "type": "object",
            "properties": {
                "port": {"$ref": "common/port.json"},
                "owner": {"$ref": "https://example.com/person.json#/$defs/name"}
            }
        }),
    );
    write(
        dir.path(),
        "common/port.json",
        &json!({"type": "integer", "maximum": 65535}),
    );
    write(
        dir.path(),
        "people.json",
        &json!({"$id": "https://example.com/person.json", "$defs": {"name": {"type": "string", "minLength": 1}}}),
    );
    let mut registry = Registry::new(None);
    registry.add_files(dir.path()).expect("the folder");
    assert_eq!(registry.len(), 3);
    let compiled = compile_file(dir.path(), "service.json", registry).expect("compiles");
    assert!(valid(&compiled, &json!({"port": 80, "owner": "ann"})));
    assert!(!valid(&compiled, &json!({"port": 70000})));
    assert!(!valid(&compiled, &json!({"owner": ""})));
    // A violation in another document names it in its keyword location.
    let report = evaluate_document(
        &compiled.rules,
        &Plain::new(&json!({"port": 70000})),
        Explain::Failures,
    );
    let keyword = &report.violations[0].keyword;
    assert!(
        keyword.starts_with("file://") && keyword.ends_with("common/port.json#/maximum"),
        "{keyword}"
    );
}

#[test]
fn a_url_prefix_maps_to_a_folder_or_a_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        "vendor/a/string.json",
        &json!({"type": "string"}),
    );
    write(dir.path(), "one.json", &json!({"minimum": 3}));
    write(
        dir.path(),
        "root.json",
        &json!({
            "properties": {
                "s": {"$ref": "https://schemas.example/a/string.json"},
                "n": {"$ref": "https://other.example/n"}
            }
        }),
    );
    let mut registry = Registry::new(None);
    for arg in [
        format!(
            "https://schemas.example/={}",
            dir.path().join("vendor").display()
        ),
        format!(
            "https://other.example/n={}",
            dir.path().join("one.json").display()
        ),
    ] {
        registry
            .add_map(SchemaMap::parse(&arg).expect("URL_PREFIX=PATH"))
            .expect("mapped");
    }
    let compiled = compile_file(dir.path(), "root.json", registry).expect("compiles");
    assert!(valid(&compiled, &json!({"s": "x", "n": 4})));
    assert!(!valid(&compiled, &json!({"s": 1})));
    assert!(!valid(&compiled, &json!({"n": 2})));
    assert!(SchemaMap::parse("no-equals-sign").is_err());
    assert!(
        Registry::new(None)
            .add_map(SchemaMap::parse("https://x/=/no/such/folder").expect("parses"))
            .expect_err("missing")
            .contains("no such file or folder")
    );
}

/// A keyword of a document whose `$id` differs from the URL it was mapped under, and of a
/// root schema with an `$id` read from a file, is located by that `$id`, the document's
/// canonical URI (2020-12 core §12.3.2, as the `jsonschema` crate does); a document whose `$id`
/// an earlier one holds keeps its URL. The keyword is the rule set's, so the compiled
/// validators, which give the interpreter's violations (`tests/` holds them to it), say the
/// same.
#[test]
fn absolute_keyword_locations_name_a_document_by_its_id() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        "vendor/port.json",
        &json!({"$id": "https://canonical.example/port-v2.json", "$defs": {"port": {"maximum": 9}}}),
    );
    write(
        dir.path(),
        "vendor/replica.json",
        &json!({"$id": "https://canonical.example/port-v2.json", "minimum": 5}),
    );
    let root = json!({
        "$id": "https://canonical.example/root.json",
        "required": ["name"],
        "properties": {
            "port": {"$ref": "https://schemas.example/port.json#/$defs/port"},
            "copy": {"$ref": "https://schemas.example/replica.json"}
        }
    });
    write(dir.path(), "root.json", &root);
    let mut registry = Registry::new(None);
    let map = format!(
        "https://schemas.example/={}",
        dir.path().join("vendor").display()
    );
    registry
        .add_map(SchemaMap::parse(&map).expect("URL_PREFIX=PATH"))
        .expect("mapped");
    let compiled = compile_file(dir.path(), "root.json", registry).expect("compiles");
    let annotating = compiled.annotating(&root);
    let output = compiled.output(
        (&root, &annotating),
        &json!({"port": 10, "copy": 1}),
        &file_url(&dir.path().join("root.json")),
        OutputFormat::List,
    );
    let mut absolute: Vec<&str> = output["errors"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| e["absoluteKeywordLocation"].as_str())
        .collect();
    absolute.sort_unstable();
    // `replica.json` was registered after `port.json` under the same `$id`: its URL names it.
    assert_eq!(
        absolute,
        [
            "https://canonical.example/port-v2.json#/$defs/port/maximum",
            "https://canonical.example/root.json#/required",
            "https://schemas.example/replica.json#/minimum",
        ],
        "{output}"
    );
}

#[test]
fn an_unresolved_reference_names_the_url_and_the_mappings_tried() {
    let dir = tempfile::tempdir().expect("temp dir");
    write(dir.path(), "vendor/present.json", &json!({}));
    write(dir.path(), "vendor/broken.json", &json!({}));
    std::fs::write(dir.path().join("vendor/broken.json"), "{ not json").expect("write");
    let mut registry = Registry::new(None);
    registry
        .add_map(SchemaMap {
            prefix: "https://schemas.example/".to_owned(),
            path: dir.path().join("vendor"),
        })
        .expect("mapped");
    let registry = Arc::new(registry);
    let errors = |schema: Value| {
        let options = Options {
            registry: Some(Arc::clone(&registry)),
            ..Options::default()
        };
        compile(&schema, &options).expect_err("refused")
    };
    let e = errors(json!({"properties": {"a": {"$ref": "https://schemas.example/absent.json"}}}));
    assert_eq!(e[0].pointer, "/properties/a/$ref");
    assert!(
        e[0].message
            .contains("`https://schemas.example/absent.json`")
            && e[0]
                .message
                .contains("mappings tried: `https://schemas.example/=")
            && e[0].message.contains("absent.json)"),
        "{}",
        e[0].message
    );
    let e = errors(json!({"$ref": "https://elsewhere.example/x.json"}));
    assert!(
        e[0].message
            .contains("no schema map covers it (nothing is fetched"),
        "{}",
        e[0].message
    );
    let e = errors(json!({"$ref": "https://schemas.example/broken.json"}));
    assert!(e[0].message.contains("is not a schema"), "{}", e[0].message);
    // A fragment the document does not have.
    let e = errors(json!({"$ref": "https://schemas.example/present.json#/$defs/none"}));
    assert!(e[0].message.contains("points nowhere"), "{}", e[0].message);
}

#[test]
fn reference_cycles_across_files_are_errors_or_loops() {
    let dir = tempfile::tempdir().expect("temp dir");
    // No keyword between: no value could ever be checked.
    write(dir.path(), "a.json", &json!({"$ref": "b.json"}));
    write(dir.path(), "b.json", &json!({"$ref": "a.json"}));
    // A keyword between: recursion, bounded by the instance.
    write(
        dir.path(),
        "tree.json",
        &json!({"type": "object", "properties": {"children": {"$ref": "forest.json"}}}),
    );
    write(
        dir.path(),
        "forest.json",
        &json!({"type": "array", "items": {"$ref": "tree.json"}}),
    );
    let mut registry = Registry::new(None);
    registry.add_files(dir.path()).expect("the folder");
    let e = compile_file(dir.path(), "a.json", registry).expect_err("a cycle");
    assert!(
        e.iter().any(|e| e.message.contains("a cycle of `$ref`s")),
        "{e:?}"
    );
    let mut registry = Registry::new(None);
    registry.add_files(dir.path()).expect("the folder");
    let compiled = compile_file(dir.path(), "tree.json", registry).expect("compiles");
    assert!(valid(
        &compiled,
        &json!({"children": [{"children": []}, {}]})
    ));
    assert!(!valid(&compiled, &json!({"children": [{"children": [1]}]})));
}

#[test]
fn a_registry_of_ten_thousand_schemas_chained_compiles() {
    const N: usize = 10_000;
    let dir = tempfile::tempdir().expect("temp dir");
    for i in 0..N {
        let next = if i + 1 < N {
            json!({"properties": {"next": {"$ref": format!("s{}.json", i + 1)}}, "required": ["v"]})
        } else {
            json!({"required": ["v"]})
        };
        write(dir.path(), &format!("s{i}.json"), &next);
    }
    let mut registry = Registry::new(None);
    registry.add_files(dir.path()).expect("the folder");
    assert_eq!(registry.len(), N);
    let compiled = compile_file(dir.path(), "s0.json", registry).expect("compiles");
    assert_eq!(compiled.rules.definitions.len(), N - 1);
    assert!(valid(&compiled, &json!({"v": 1, "next": {"v": 2}})));
    assert!(!valid(
        &compiled,
        &json!({"v": 1, "next": {"next": {"v": 3}}})
    ));
}

#[test]
fn dynamic_references_follow_the_dynamic_scope_across_files() {
    // A generic list whose items the referencing schema chooses (2020-12 §8.2.3.2): the
    // list's `$dynamicRef` is bound by the outermost resource declaring `items`.
    let dir = tempfile::tempdir().expect("temp dir");
    write(
        dir.path(),
        "list.json",
        &json!({
            "$id": "https://example.com/list.json",
            "type": "array",
            "items": {"$dynamicRef": "#items"},
            "$defs": {"items": {"$dynamicAnchor": "items"}}
        }),
    );
    write(
        dir.path(),
        "numbers.json",
        &json!({
            "$ref": "https://example.com/list.json",
            "$defs": {"n": {"$dynamicAnchor": "items", "type": "number"}}
        }),
    );
    let mut registry = Registry::new(None);
    registry.add_files(dir.path()).expect("the folder");
    let compiled = compile_file(dir.path(), "numbers.json", registry).expect("compiles");
    assert!(valid(&compiled, &json!([1, 2.5])));
    assert!(!valid(&compiled, &json!([1, "two"])));
    // The list alone takes anything.
    let mut registry = Registry::new(None);
    registry.add_files(dir.path()).expect("the folder");
    let compiled = compile_file(dir.path(), "list.json", registry).expect("compiles");
    assert!(valid(&compiled, &json!([1, "two"])));
}

#[test]
fn dynamic_reference_cycles_and_specialisations_are_bounded() {
    let options = Options::default();
    // A `$dynamicRef` to itself, no keyword between.
    let e = compile(
        &json!({"$dynamicAnchor": "a", "$dynamicRef": "#a"}),
        &options,
    )
    .expect_err("a cycle");
    assert!(
        e.iter().any(|e| e.message.contains("a cycle of `$ref`s")),
        "{e:?}"
    );
    let e = compile(
        &json!({"$schema": "https://json-schema.org/draft/2019-09/schema", "$recursiveAnchor": true, "$recursiveRef": "#"}),
        &options,
    )
    .expect_err("a cycle");
    assert!(
        e.iter().any(|e| e.message.contains("a cycle of `$ref`s")),
        "{e:?}"
    );
    // One target reached in more dynamic scopes than the bound: each resource binds its own
    // anchor before referencing the shared target.
    let n = validgen_json_schema::MAX_SPECIALISATIONS + 2;
    let resources: Vec<Value> = (0..n)
        .map(|i| json!({"$id": format!("r{i}.json"), "$dynamicAnchor": format!("a{i}"), "$ref": "shared.json"}))
        .collect();
    let schema = json!({
        "$id": "https://example.com/root.json",
        "anyOf": resources,
        "$defs": {"shared": {"$id": "shared.json", "type": "object"}}
    });
    let e = compile(&schema, &options).expect_err("too many specialisations");
    assert!(
        e.iter().any(|e| e
            .message
            .contains("schemas specialised for distinct dynamic scopes")
            && e.pointer.ends_with("/$ref")),
        "{e:?}"
    );
}

/// The bound on a registry's documents (`MAX_REGISTRY_DOCUMENTS`): a folder that would take
/// the registry past it is refused, naming the mapping, before any of its files is read; one
/// that fits is read. The documents before it are registered in memory, so that the test
/// needs three files, not 100 001.
#[test]
fn a_registry_holds_at_most_its_bound_of_documents() {
    let mut registry = Registry::new(None);
    for i in 0..MAX_REGISTRY_DOCUMENTS - 2 {
        registry.add_text(&format!("https://a.example/{i}.json"), "{}", "memory");
    }
    let dir = tempfile::tempdir().expect("temp dir");
    for name in ["one.json", "two.json", "three.json"] {
        write(dir.path(), name, &json!({"type": "string"}));
    }
    let map = || SchemaMap {
        prefix: "https://b.example/".to_owned(),
        path: dir.path().to_owned(),
    };
    let refused = registry
        .add_map(map())
        .expect_err("three more are too many");
    assert!(
        refused.contains(&format!(
            "more than {MAX_REGISTRY_DOCUMENTS} schema files in the registry"
        )) && refused.contains("https://b.example/="),
        "{refused}"
    );
    std::fs::remove_file(dir.path().join("three.json")).expect("remove a file");
    registry.add_map(map()).expect("two more fit");
    let schema = json!({"$ref": "https://b.example/two.json"});
    let compiled = compile(
        &schema,
        &Options {
            registry: Some(Arc::new(registry)),
            ..Options::default()
        },
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(valid(&compiled, &json!("x")));
    assert!(!valid(&compiled, &json!(1)));
}
