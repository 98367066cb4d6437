//! JSON Schema validation: validgen's compiled validators (and its interpreter) against the
//! `jsonschema` crate, on real schemas with their real instances (`tests/corpus/json-schema`:
//! Helm `values.schema.json` files with the charts' default values, a Gateway API CRD schema
//! with an example Gateway, the OLM bundle config schema with a config from its docs) and on
//! the bundle-scopes grammar with its example descriptors.
//!
//! - `value/*`: on a parsed `serde_json::Value`: `compiled` (the `include_schemas!`
//!   validator, `Explain::Failures`), `interpreted` (the same rule set through
//!   `interpret::evaluate_document`), `jsonschema-is-valid` and `jsonschema-iter-errors`
//!   (every error collected, as validgen does);
//! - `bytes/*`: from JSON bytes to a verdict: `compiled` (`serde_json::from_slice` then the
//!   validator) and `jsonschema` (`serde_json::from_slice` then `is_valid`).

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use serde_json::Value;
use validgen::interpret::{Explain, evaluate_document};
use validgen::json_schema::{Options, SchemaValidator, compile};
use validgen::model::{Plain, Yaml};

/// One schema with the documents it is measured on.
struct Case {
    label: &'static str,
    validator: &'static SchemaValidator,
    documents: Vec<(&'static str, Value)>,
}

fn bundle_scopes() -> Case {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/bundle-scopes/");
    let read = |rel: &str| -> Value {
        let text = std::fs::read_to_string(format!("{dir}{rel}")).expect("read a descriptor");
        Yaml::parse(&text)
            .expect("a descriptor parses")
            .value()
            .clone()
    };
    Case {
        label: "bundle",
        validator: &bundle_scopes::SCHEMAS[0],
        documents: vec![
            ("base-valid", read("base-bundle.yaml")),
            ("realtime-valid", read("addons/pass/profinet.yaml")),
            ("many-invalid", read("addons/fail/many-reasons.yaml")),
        ],
    }
}

/// A real schema compiled by `build.rs`, with its instance (a YAML or JSON file of the corpus;
/// for a stream, the document at `index`).
fn real(label: &'static str, name: &str, instance: &str, index: usize) -> Case {
    let path = format!(
        "{}/../tests/corpus/json-schema/{instance}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("read an instance");
    let piece = text
        .split("\n---")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .nth(index)
        .expect("the document");
    let doc = Yaml::parse(piece)
        .expect("an instance parses")
        .value()
        .clone();
    Case {
        label,
        validator: validgen_benches::schemas::SCHEMAS
            .iter()
            .find(|v| v.name == name)
            .expect("compiled by build.rs"),
        documents: vec![("valid", doc)],
    }
}

fn json_schema(c: &mut Criterion) {
    let cases = [
        real(
            "traefik",
            "traefik",
            "traefik/traefik-helm-chart/traefik/values.yaml",
            0,
        ),
        real(
            "cert-manager",
            "cert_manager",
            "cert-manager/cert-manager/deploy/charts/cert-manager/values.yaml",
            0,
        ),
        real(
            "gateway",
            "gateway",
            "kubernetes-sigs/gateway-api/examples/standard/frontend-cert-validation.yaml",
            0,
        ),
        real(
            "olm",
            "olm_bundle_config",
            "operator-framework/operator-controller/docs/draft/howto/customize-operator-deployments.md.inline/block05.json",
            0,
        ),
        bundle_scopes(),
    ];
    let mut g = c.benchmark_group("json-schema");
    for case in &cases {
        let schema: Value = serde_json::from_str(case.validator.schema).expect("schema text");
        let oracle = jsonschema::validator_for(&schema).expect("jsonschema compiles the schema");
        let rules = compile(&schema, &Options::default())
            .expect("validgen compiles the schema")
            .rules;
        for (doc_label, doc) in &case.documents {
            let id = format!("{}/{doc_label}", case.label);
            assert_eq!(
                (case.validator.validate)(doc, Explain::Failures)
                    .report
                    .failed(),
                !oracle.is_valid(doc),
                "{id}: validgen and jsonschema disagree"
            );
            g.bench_with_input(BenchmarkId::new("value/compiled", &id), doc, |b, d| {
                b.iter(|| (case.validator.validate)(black_box(d), Explain::Failures))
            });
            g.bench_with_input(BenchmarkId::new("value/interpreted", &id), doc, |b, d| {
                b.iter(|| evaluate_document(&rules, &Plain::new(black_box(d)), Explain::Failures))
            });
            g.bench_with_input(
                BenchmarkId::new("value/jsonschema-is-valid", &id),
                doc,
                |b, d| b.iter(|| oracle.is_valid(black_box(d))),
            );
            g.bench_with_input(
                BenchmarkId::new("value/jsonschema-iter-errors", &id),
                doc,
                |b, d| b.iter(|| oracle.iter_errors(black_box(d)).count()),
            );
            let bytes = serde_json::to_vec(doc).expect("serialise");
            g.bench_with_input(BenchmarkId::new("bytes/compiled", &id), &bytes, |b, d| {
                b.iter(|| {
                    let v: Value = serde_json::from_slice(black_box(d)).expect("parse");
                    (case.validator.validate)(&v, Explain::Failures)
                        .report
                        .failed()
                })
            });
            g.bench_with_input(BenchmarkId::new("bytes/jsonschema", &id), &bytes, |b, d| {
                b.iter(|| {
                    let v: Value = serde_json::from_slice(black_box(d)).expect("parse");
                    oracle.is_valid(&v)
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, json_schema);
criterion_main!(benches);
