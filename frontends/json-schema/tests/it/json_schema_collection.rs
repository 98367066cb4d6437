//! A real collection whole against the oracle (issue #32 item 8): the SchemaStore subset
//! vendored under `tests/corpus/schemastore` (see its `SOURCE.md`), whose schemas reference
//! each other by `https://json.schemastore.org/…` URLs, read offline through the schema map,
//! loaded as the compiled suite loads it (`tests/schemas/store.rs`, `store_instances.rs`).
//! Every schema compiles; on every instance SchemaStore ships (valid and invalid; JSON, YAML,
//! TOML), the interpreter's verdict equals the `jsonschema` crate's, given the same files by
//! a retriever, and a valid instance's annotations are the oracle's but for the differences
//! pinned. `format` is an annotation on both sides.

// Shared with the compiled suite (`tests/`), not every item of it read here.
#[allow(dead_code)]
#[path = "../../../../tests/schemas/store.rs"]
mod store;
#[path = "../../../../tests/schemas/store_instances.rs"]
mod store_instances;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::Arc;

use serde_json::Value;
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::model::Plain;
use validgen_json_schema::compile;

use crate::annotation_oracle::{self, Comparison};

fn corpus() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/schemastore")
}

/// The oracle's way to the same files: each under the URLs of [`store::PREFIXES`] and under
/// its `$id` (draft-04: `id`), the first one under a URI keeping it, as validgen's registry
/// registers them; nothing fetched. Read once, shared by every schema's oracle.
#[derive(Clone)]
struct Files(Arc<BTreeMap<String, Value>>);

impl Files {
    fn new(corpus: &std::path::Path) -> Files {
        let mut by_uri = BTreeMap::new();
        for name in store::schema_names(corpus) {
            let schema = store::read_schema(corpus, &name);
            for key in ["$id", "id"] {
                if let Some(id) = schema.get(key).and_then(Value::as_str) {
                    let id = id.trim_end_matches('#').to_owned();
                    by_uri.entry(id).or_insert_with(|| schema.clone());
                }
            }
            for prefix in store::PREFIXES {
                by_uri
                    .entry(format!("{prefix}{name}"))
                    .or_insert_with(|| schema.clone());
            }
        }
        Files(Arc::new(by_uri))
    }
}

impl jsonschema::Retrieve for Files {
    fn retrieve(
        &self,
        uri: &jsonschema::Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        let uri = uri.as_str();
        self.0
            .get(uri)
            .cloned()
            .ok_or_else(|| format!("{uri} is not in the collection").into())
    }
}

/// Verdicts known to differ from the oracle, `(schema, instance file, why validgen is
/// right)`. Each must still differ.
const ORACLE_WRONG: &[(&str, &str, &str)] = &[(
    "azure-iot-edge-deployment-template-1.0.json",
    "test/azure-iot-edge-deployment-template-1.0/deployment.template.json",
    "the oracle asserts draft-07's `contentMediaType: application/json` on `createOptions: \"\"`; \
     draft-07 validation §8 leaves that to the implementation (and 2019-09 on make it an \
     annotation), validgen keeps it an annotation, and SchemaStore expects the file valid",
)];

/// Instances whose verdict (validgen's and the oracle's) is not the one SchemaStore expects,
/// with the reason the specification gives.
const NOT_AS_SCHEMASTORE_EXPECTS: &[(&str, &str)] = &[(
    "negative_test/pre-commit-config/local-missing-entry.json",
    "its `required: [..., \"entry\", ...]` is a sibling of `$ref` in a draft-07 schema, where \
     `$ref` makes its siblings ignored (draft-07 core §8.3); SchemaStore's validator applies them",
)];

#[test]
fn every_schema_of_the_collection_compiles_through_the_schema_map() {
    let corpus = corpus();
    let registry = store::registry(&corpus);
    let mut compiled = 0;
    let mut failures = Vec::new();
    for name in store::schema_names(&corpus) {
        let schema = store::read_schema(&corpus, &name);
        match compile(&schema, &store::options(&name, &registry)) {
            Ok(_) => compiled += 1,
            Err(errors) => failures.push(format!("{name}: {}", errors[0])),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(compiled, 92);
}

/// What the oracle comparison found.
#[derive(Debug, Default)]
struct Tally {
    schemas: usize,
    instances: usize,
    /// Instances whose verdict is SchemaStore's expectation (its `test/` valid, its
    /// `negative_test/` invalid), and the others.
    as_expected: usize,
    unexpected: Vec<String>,
    /// The verdicts that differ from the oracle's, `(schema, file)`.
    differ: Vec<(String, String)>,
    /// The annotations of the valid instances against the oracle's.
    annotations: Comparison,
    failures: Vec<String>,
}

/// The interpreter against the oracle on every instance, each schema's oracle built once and
/// asked once per instance, for its verdict and, on a valid instance, its annotations.
/// (`tests/it/json_schema_store.rs` holds the interpreter from JSON bytes and the compiled
/// validators to the interpreter from a `Value` on the same instances.)
#[test]
fn every_verdict_equals_the_oracles() {
    let corpus = corpus();
    let registry = store::registry(&corpus);
    let files = Files::new(&corpus);
    let mut tally = Tally::default();
    for (name, instances) in store_instances::instances(&corpus) {
        let schema = store::read_schema(&corpus, &name);
        let compiled = compile(&schema, &store::options(&name, &registry))
            .unwrap_or_else(|e| panic!("{name}: {}", e[0]));
        let annotating = compiled.annotating(&schema);
        let base = format!("{}{name}", store::PREFIXES[0]);
        let oracle = jsonschema::options()
            .should_validate_formats(false)
            .with_base_uri(base.clone())
            .with_retriever(files.clone())
            .build(&schema)
            .unwrap_or_else(|e| panic!("{name}: the oracle: {e}"));
        // Both name another document by its `$id`; validgen's keywords in the schema itself
        // are bare pointers.
        let documents = BTreeMap::from([(annotation_oracle::root(&schema, &base), String::new())]);
        tally.schemas += 1;
        for store_instances::Instance {
            file,
            value: instance,
        } in instances
        {
            let expected = file.starts_with("test/");
            let report =
                evaluate_document(&compiled.rules, &Plain::new(&instance), Explain::Failures);
            let ours = !report.report.failed();
            tally.instances += 1;
            let theirs = oracle.evaluate(&instance);
            if ours && theirs.is_valid() {
                tally.annotations.add(
                    &file,
                    &annotation_oracle::ours(&annotating.collect(&instance)),
                    &annotation_oracle::theirs(&theirs, &documents),
                );
            }
            if ours == expected {
                tally.as_expected += 1;
            } else {
                tally.unexpected.push(file.clone());
            }
            if ours != theirs.is_valid() {
                let pinned = ORACLE_WRONG
                    .iter()
                    .any(|(s, f, _)| *s == name && *f == file);
                if !pinned {
                    let errors: Vec<String> = theirs
                        .iter_errors()
                        .map(|e| format!("{}: {}", e.instance_location.as_str(), e.error))
                        .collect();
                    tally.failures.push(format!(
                        "{file}: validgen says valid={ours}, the oracle {}: {:?} / {errors:?}",
                        !ours, report.violations
                    ));
                }
                tally.differ.push((name.clone(), file));
            }
        }
    }
    for (s, f, _) in ORACLE_WRONG {
        if !tally.differ.iter().any(|(n, file)| n == s && file == f) {
            tally
                .failures
                .push(format!("{s} {f}: pinned as differing, but agrees"));
        }
    }
    assert!(tally.failures.is_empty(), "{}", tally.failures.join("\n"));
    annotations_as_pinned(&tally.annotations);
    assert_eq!(
        (
            tally.schemas,
            tally.instances,
            tally.as_expected,
            tally.differ.len()
        ),
        (57, 224, 223, ORACLE_WRONG.len())
    );
    let expected: Vec<&str> = NOT_AS_SCHEMASTORE_EXPECTS.iter().map(|(f, _)| *f).collect();
    assert_eq!(tally.unexpected, expected);
}

/// The annotations of the valid instances against `jsonschema`'s `evaluate`, keyword by
/// keyword (instance location, schema object, keyword), as pinned; each pinned count is how
/// many such keys one side alone gives (none differs in value).
fn annotations_as_pinned(c: &Comparison) {
    let by = |m: &BTreeMap<String, usize>| -> Vec<(String, usize)> {
        m.iter().map(|(k, n)| (k.clone(), *n)).collect()
    };
    let pinned = |list: &[(&str, usize)]| -> Vec<(String, usize)> {
        list.iter().map(|(k, n)| ((*k).to_owned(), *n)).collect()
    };
    // The keys both give, with the same value.
    assert_eq!(c.agree, 6468, "{c:#?}");
    // validgen alone: `properties`, `patternProperties` and `additionalProperties` where
    // `jsonschema` checks an object closed by `additionalProperties: false` as one keyword
    // and annotates none of the three (2020-12 core §10.3.2.1 to §10.3.2.3: each annotates
    // the names it evaluated, an empty list where none).
    assert_eq!(
        by(&c.only_ours),
        pinned(&[
            ("additionalProperties", 2015),
            ("patternProperties", 145),
            ("properties", 1754),
        ]),
        "{c:#?}"
    );
    // `jsonschema` alone: `$comment` (core §8.3: never an annotation) and `$defs` in
    // draft-07 (a keyword validgen reads there), both unknown to it; `contentMediaType` on
    // values that are not strings (validation §8.3: strings only); `items: false` on the
    // empty arrays of 12 instances (2020-12 core §10.3.1.2 annotates `true` where `items`
    // applied to an item and nothing where it applied to none; 2019-09 core §9.3.1.1 the
    // largest index it applied to, or `true`; draft-07 defines no applicator annotation).
    assert_eq!(
        by(&c.only_theirs),
        pinned(&[
            ("$comment", 28),
            ("$defs", 3),
            ("contentMediaType", 12),
            ("items", 12),
        ]),
        "{c:#?}"
    );
    assert_eq!(by(&c.differ), pinned(&[]), "{c:#?}");
}
