//! End to end: `AdmissionReview` JSON bytes → response bytes, compiled (the common-templates
//! `CATALOG`) and interpreted (`admission::review`), each in one pass over the bytes
//! (`extract::review_bytes`) and through a parsed `Value` with the typed decoding of the whole
//! VM; the floors (`serde_json::from_slice::<Value>` and an `IgnoredAny` skim of the same
//! bytes); and the parts of the `Value` path (typed decoding, the decision on a parsed VM, the
//! response).

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use serde::de::IgnoredAny;
use serde_json::Value;
use validgen::admission::{self, Mode};
use validgen_benches::{
    decoded, fixtures, interpreted_catalog, respond_compiled, respond_compiled_value,
    respond_interpreted, respond_interpreted_value, review_compiled, review_compiled_value,
};

#[path = "common.rs"]
mod common;

fn review(c: &mut Criterion) {
    let catalog = interpreted_catalog();
    let mut g = c.benchmark_group("review");
    for f in fixtures() {
        let body = f.review.as_slice();
        g.throughput(Throughput::Bytes(body.len() as u64));
        g.bench_with_input(BenchmarkId::new("compiled", f.label), body, |b, body| {
            b.iter(|| respond_compiled(black_box(body)))
        });
        g.bench_with_input(
            BenchmarkId::new("compiled-verdict", f.label),
            body,
            |b, body| b.iter(|| review_compiled(black_box(body))),
        );
        g.bench_with_input(
            BenchmarkId::new("compiled-value", f.label),
            body,
            |b, body| b.iter(|| respond_compiled_value(black_box(body))),
        );
        g.bench_with_input(
            BenchmarkId::new("compiled-value-verdict", f.label),
            body,
            |b, body| b.iter(|| review_compiled_value(black_box(body))),
        );
        g.bench_with_input(BenchmarkId::new("interpreted", f.label), body, |b, body| {
            b.iter(|| respond_interpreted(black_box(body), &catalog))
        });
        g.bench_with_input(
            BenchmarkId::new("interpreted-value", f.label),
            body,
            |b, body| b.iter(|| respond_interpreted_value(black_box(body), &catalog)),
        );
        g.bench_with_input(BenchmarkId::new("floor-value", f.label), body, |b, body| {
            b.iter(|| serde_json::from_slice::<Value>(black_box(body)))
        });
        g.bench_with_input(
            BenchmarkId::new("floor-ignored", f.label),
            body,
            |b, body| b.iter(|| serde_json::from_slice::<IgnoredAny>(black_box(body))),
        );
        // Parts of the compiled path, on the parsed VM.
        let vm = &f.vm;
        g.bench_with_input(BenchmarkId::new("part-decode", f.label), vm, |b, vm| {
            b.iter(|| decoded(black_box(vm)))
        });
        g.bench_with_input(BenchmarkId::new("part-decide", f.label), vm, |b, vm| {
            b.iter(|| admission::decide_with(black_box(vm), &common_templates::CATALOG, Mode::Raw))
        });
        let (uid, d) = review_compiled(body).expect("a review");
        g.bench_with_input(BenchmarkId::new("part-response", f.label), &d, |b, d| {
            b.iter(|| admission::response_json(&uid, black_box(d), true))
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = review
}
criterion_main!(benches);
