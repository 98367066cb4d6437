//! The ytt frontend on real package schemas with a real values file each
//! (`validgen_benches::ytt::ytt_cases`: a small, a medium and the corpus' largest schema of
//! `tests/corpus/ytt-schemas`); the compiled and the interpreted paths are checked to agree by
//! the crate's unit tests.
//!
//! - `pipeline/*`: from the texts to the outcome: `run-interpreted` (`ytt::run::run`, what
//!   `validgen ytt -f schema --data-values-file values --data-values-inspect` runs),
//!   `judge-interpreted` (`ytt::check::judge`, what `validgen validate --ytt-schema` runs) and
//!   `run-compiled` (the generated schema's `YttSchema::check`: `run-interpreted`'s outcome);
//! - `parts/*`: the fixed cost apart from the per-values cost: `schema-build` (parse the
//!   schema, type it, lower its validations: what every run does before it reads the values),
//!   `values-interpreted` and `values-compiled` (the schema built once: parse the values,
//!   compute the final data values, run the validations, build the report);
//! - `validations/*`: the validations alone on the final data values as JSON: `interpreted`
//!   (`evaluate_document` on the lowered rule set) and `compiled` (the generated validator).

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

#[path = "common.rs"]
mod common;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use validgen::interpret::{Explain, evaluate_document};
use validgen::model::Plain;
use validgen::ytt::check::judge;
use validgen::ytt::data::to_json;
use validgen::ytt::values::SchemaFile;
use validgen_benches::ytt::{build, data_values, values_check, ytt_cases};

fn ytt(c: &mut Criterion) {
    let mut g = c.benchmark_group("ytt");
    for case in &ytt_cases() {
        let (schema, id) = (case.schema, case.label);
        let invocation = case.invocation();
        let read = |name: &str| case.read(name);
        let schema_files = [schema.files[0].0.to_owned()];
        g.bench_function(BenchmarkId::new("pipeline/run-interpreted", id), |b| {
            b.iter(|| case.run_interpreted(black_box(&invocation)))
        });
        g.bench_function(BenchmarkId::new("pipeline/judge-interpreted", id), |b| {
            b.iter(|| {
                judge(
                    black_box(&schema_files),
                    &invocation.data_values_files,
                    &read,
                    false,
                )
            })
        });
        g.bench_function(BenchmarkId::new("pipeline/run-compiled", id), |b| {
            b.iter(|| black_box(case).run_compiled())
        });

        g.bench_function(BenchmarkId::new("parts/schema-build", id), |b| {
            b.iter(|| build(schema.files[0].0, black_box(schema.files[0].1)))
        });
        let (built, rules) = build(schema.files[0].0, schema.files[0].1);
        let file = SchemaFile {
            schema: &built,
            texts: vec![(schema.files[0].0, schema.files[0].1)],
        };
        g.bench_function(BenchmarkId::new("parts/values-interpreted", id), |b| {
            b.iter(|| {
                values_check(
                    &file,
                    black_box(&case.values),
                    Some(&rules),
                    schema.validate,
                )
            })
        });
        g.bench_function(BenchmarkId::new("parts/values-compiled", id), |b| {
            b.iter(|| values_check(&file, black_box(&case.values), None, schema.validate))
        });

        let json = to_json(&data_values(&file, &case.values).document.value);
        g.bench_function(BenchmarkId::new("validations/interpreted", id), |b| {
            b.iter(|| evaluate_document(&rules, &Plain::new(black_box(&json)), Explain::Failures))
        });
        g.bench_function(BenchmarkId::new("validations/compiled", id), |b| {
            b.iter(|| (schema.validate)(black_box(&json), Explain::Failures))
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = ytt
}
criterion_main!(benches);
