//! JSON Schema validation: validgen's compiled validators (and its interpreter) against the
//! `jsonschema` crate, on real schemas with their real instances (`tests/corpus/json-schema`:
//! Helm `values.schema.json` files with the charts' default values, a Gateway API CRD schema
//! with an example Gateway, the OLM bundle config schema with a config from its docs, the Dev
//! Container schema, closed by `unevaluatedProperties: false` over `oneOf` branches, with two
//! real configurations and a misspelt one) and on the bundle-scopes grammar with its example
//! descriptors.
//!
//! - `value/*`: on a parsed `serde_json::Value`: `compiled` (the `include_schemas!`
//!   validator, `Explain::Failures`), `interpreted` (the same rule set through
//!   `interpret::evaluate_document`), `compiled-is-valid` (the verdict-only entry point,
//!   `SchemaValidator::is_valid`), `jsonschema-is-valid` and `jsonschema-iter-errors` (every
//!   error collected, as validgen does);
//! - `bytes/*`: from JSON bytes to a verdict: `compiled` (`SchemaValidator::validate_bytes`:
//!   one pass into a `model::Tape`, no `Value`, the located report), `compiled-is-valid`
//!   (`is_valid_bytes`: the streamed verdict, each value judged as it is read, no tape; every
//!   case here is streamed, as `validgen_benches::json_schema`'s test checks), `jsonschema`
//!   (`serde_json::from_slice` then `is_valid`), and the two parses alone (`tape-parse`,
//!   `value-parse`: `serde_json::from_slice::<Value>`).

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use serde_json::Value;
use validgen::interpret::{Explain, evaluate_document};
use validgen::model::{Plain, Tape};
use validgen_benches::json_schema::cases;

fn json_schema(c: &mut Criterion) {
    let cases = cases();
    let mut g = c.benchmark_group("json-schema");
    for case in &cases {
        let oracle = case.oracle();
        let rules = case.rules();
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
            g.bench_with_input(
                BenchmarkId::new("value/compiled-is-valid", &id),
                doc,
                |b, d| b.iter(|| (case.validator.is_valid)(black_box(d))),
            );
            let bytes = serde_json::to_vec(doc).expect("serialise");
            assert_eq!(
                (case.validator.is_valid_bytes)(&bytes),
                Ok(oracle.is_valid(doc)),
                "{id}: validgen from bytes and jsonschema disagree"
            );
            g.bench_with_input(BenchmarkId::new("bytes/compiled", &id), &bytes, |b, d| {
                b.iter(|| {
                    (case.validator.validate_bytes)(black_box(d), Explain::Failures)
                        .expect("parse")
                        .report
                        .failed()
                })
            });
            g.bench_with_input(
                BenchmarkId::new("bytes/compiled-is-valid", &id),
                &bytes,
                |b, d| b.iter(|| (case.validator.is_valid_bytes)(black_box(d)).expect("parse")),
            );
            g.bench_with_input(BenchmarkId::new("bytes/tape-parse", &id), &bytes, |b, d| {
                b.iter(|| Tape::parse(black_box(d)).expect("parse"))
            });
            g.bench_with_input(
                BenchmarkId::new("bytes/value-parse", &id),
                &bytes,
                |b, d| b.iter(|| serde_json::from_slice::<Value>(black_box(d)).expect("parse")),
            );
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
