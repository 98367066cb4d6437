//! Kyverno CLI test manifests: all 206 real `kyverno-test.yaml` of
//! `tests/corpus/kyverno-tests` (209 documents) through `validgen_kyverno`.
//!
//! - `all/*`, the whole set per iteration: `parse` (split into documents, `Yaml::parse`,
//!   `recognise`: the floor), `validate-text` (the same, then `validate`: from the texts to
//!   the findings), `validate` (on the parsed documents), `check-files` (on the parsed
//!   documents; reads the policy, resource and variables files each test names);
//! - `file/*`: `validate` and `check-files` on one parsed document, for the smallest, a
//!   median-sized and the largest test.

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

#[path = "common.rs"]
mod common;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use validgen_benches::kyverno::{
    TestDocument, check_document, documents, kyverno_tests, validate_document, validate_text,
};

fn kyverno(c: &mut Criterion) {
    let files = kyverno_tests();
    let docs: Vec<TestDocument<'_>> = files.iter().flat_map(documents).collect();
    let mut g = c.benchmark_group("kyverno");
    g.bench_function("all/parse", |b| {
        b.iter(|| {
            files
                .iter()
                .map(|f| documents(black_box(f)).len())
                .sum::<usize>()
        })
    });
    g.bench_function("all/validate-text", |b| {
        b.iter(|| {
            files
                .iter()
                .map(|f| validate_text(black_box(f)).len())
                .sum::<usize>()
        })
    });
    g.bench_function("all/validate", |b| {
        b.iter(|| {
            docs.iter()
                .map(|d| validate_document(black_box(d)).len())
                .sum::<usize>()
        })
    });
    g.bench_function("all/check-files", |b| {
        b.iter(|| {
            docs.iter()
                .map(|d| check_document(black_box(d)).len())
                .sum::<usize>()
        })
    });

    let mut by_size: Vec<&TestDocument<'_>> = docs.iter().collect();
    by_size.sort_by_key(|d| (d.file.text.len(), &d.file.rel));
    let picks = [
        ("smallest", by_size.first()),
        ("median", by_size.get(by_size.len() / 2)),
        ("largest", by_size.last()),
    ];
    for (label, doc) in picks {
        let Some(doc) = doc else { continue };
        let id = format!("{label}-{}B", doc.file.text.len());
        g.bench_function(BenchmarkId::new("file/validate", &id), |b| {
            b.iter(|| validate_document(black_box(doc)))
        });
        g.bench_function(BenchmarkId::new("file/check-files", &id), |b| {
            b.iter(|| check_document(black_box(doc)))
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = kyverno
}
criterion_main!(benches);
