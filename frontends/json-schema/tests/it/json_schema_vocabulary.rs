//! The bundled meta-schemas and `$vocabulary` (2019-09 and 2020-12 core §8.1.2): a `$ref` to
//! a draft's meta-schema without any registry, a caller's document winning over the bundled
//! one, custom meta-schemas leaving vocabularies out, and the errors of an unknown required
//! vocabulary and of `$vocabulary` in a subschema.

use std::sync::Arc;

use serde_json::{Value, json};
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::model::Plain;
use validgen_json_schema::{CompiledSchema, Options, Registry, SchemaError, compile};

fn valid(compiled: &CompiledSchema, doc: &Value) -> bool {
    !evaluate_document(&compiled.rules, &Plain::new(doc), Explain::Failures)
        .report
        .failed()
}

/// A registry holding `meta` under `https://example.com/meta`.
fn with_meta(meta: &Value) -> Options {
    let mut registry = Registry::new(None);
    registry.add_text("https://example.com/meta", &meta.to_string(), "meta.json");
    Options {
        registry: Some(Arc::new(registry)),
        ..Options::default()
    }
}

fn messages(errors: &[SchemaError]) -> Vec<String> {
    errors.iter().map(ToString::to_string).collect()
}

#[test]
fn a_ref_to_a_drafts_meta_schema_resolves_without_a_registry() {
    for meta in [
        "http://json-schema.org/draft-04/schema#",
        "https://json-schema.org/draft-07/schema",
        "https://json-schema.org/draft/2019-09/schema",
        "https://json-schema.org/draft/2020-12/schema",
    ] {
        let compiled = compile(&json!({"$ref": meta}), &Options::default())
            .unwrap_or_else(|e| panic!("{meta}: {:?}", messages(&e)));
        assert!(
            valid(&compiled, &json!({"type": "string", "minLength": 1})),
            "{meta}"
        );
        assert!(!valid(&compiled, &json!({"minLength": -1})), "{meta}");
        assert!(
            !valid(&compiled, &json!({"properties": {"a": {"type": 12}}})),
            "{meta}"
        );
    }
}

#[test]
fn a_callers_document_wins_over_the_bundled_meta_schema() {
    let mut registry = Registry::new(None);
    registry.add_text(
        "http://json-schema.org/draft-07/schema",
        &json!({"type": "integer"}).to_string(),
        "mine.json",
    );
    let options = Options {
        registry: Some(Arc::new(registry)),
        ..Options::default()
    };
    let compiled = compile(
        &json!({"$ref": "http://json-schema.org/draft-07/schema#"}),
        &options,
    )
    .expect("compiles");
    assert!(valid(&compiled, &json!(3)));
    assert!(!valid(&compiled, &json!({"type": "string"})));
}

#[test]
fn a_vocabulary_left_out_makes_its_keywords_unknown() {
    let meta = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$vocabulary": {
            "https://json-schema.org/draft/2020-12/vocab/core": true,
            "https://json-schema.org/draft/2020-12/vocab/applicator": true,
            "https://example.com/vocab/optional": false
        }
    });
    let schema = json!({
        "$schema": "https://example.com/meta",
        "properties": {"n": {"minimum": 10}, "no": false}
    });
    let compiled = compile(&schema, &with_meta(&meta)).expect("compiles");
    assert!(valid(&compiled, &json!({"n": 1})));
    assert!(!valid(&compiled, &json!({"no": 1})));
    assert_eq!(
        messages(&compiled.warnings),
        [
            "/properties/n/minimum: `minimum` is a keyword of the vocabulary `https://json-schema.org/draft/2020-12/vocab/validation`, which this schema's meta-schema does not declare: ignored, as an unknown keyword"
        ]
    );
    let strict = Options {
        strict: true,
        ..with_meta(&meta)
    };
    assert!(compile(&schema, &strict).is_err());
}

#[test]
fn the_format_assertion_vocabulary_asserts_formats() {
    let meta = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$vocabulary": {
            "https://json-schema.org/draft/2020-12/vocab/core": true,
            "https://json-schema.org/draft/2020-12/vocab/format-assertion": false
        }
    });
    let schema = json!({"$schema": "https://example.com/meta#", "format": "ipv4"});
    let compiled = compile(&schema, &with_meta(&meta)).expect("compiles");
    assert!(valid(&compiled, &json!("127.0.0.1")));
    assert!(!valid(&compiled, &json!("not-an-ipv4")));
}

#[test]
fn a_required_unknown_vocabulary_is_an_error_at_schema() {
    let meta = json!({
        "$schema": "https://json-schema.org/draft/2019-09/schema",
        "$vocabulary": {"https://example.com/vocab/custom": true}
    });
    let errors = compile(
        &json!({"$schema": "https://example.com/meta"}),
        &with_meta(&meta),
    )
    .expect_err("refused");
    assert_eq!(errors.len(), 1);
    assert_eq!(errors[0].pointer, "/$schema");
    assert_eq!(errors[0].keyword, "$schema");
    assert!(
        errors[0].message.contains(
            "its meta-schema's `$vocabulary`: it requires the vocabulary `https://example.com/vocab/custom`, which validgen does not know"
        ),
        "{}",
        errors[0]
    );
}

#[test]
fn vocabulary_belongs_at_a_meta_schemas_root() {
    let errors = compile(
        &json!({"properties": {"a": {"$vocabulary": {"https://example.com/v": true}}}}),
        &Options::default(),
    )
    .expect_err("refused");
    assert_eq!(
        messages(&errors),
        [
            "/properties/a/$vocabulary: `$vocabulary` belongs at the root of a meta-schema: it must not appear in subschemas (2020-12 core §8.1.2)"
        ]
    );
    let errors = compile(
        &json!({"$vocabulary": {"https://example.com/v": 1}}),
        &Options::default(),
    )
    .expect_err("refused");
    assert_eq!(
        messages(&errors),
        ["/$vocabulary: `$vocabulary` `https://example.com/v` must map to a boolean"]
    );
    // At the root, it concerns the schemas using this one as their meta-schema only.
    let compiled = compile(
        &json!({"$vocabulary": {"https://example.com/v": true}, "type": "string"}),
        &Options::default(),
    )
    .expect("compiles");
    assert!(!valid(&compiled, &json!(1)));
}
