//! Custom resources judged as the API server judges them (`validgen_crd::judge`), on the
//! recorded creates of two real CRD versions with many CEL rules (Gateway API `HTTPRoute` v1:
//! 62 objects; Envoy Gateway `BackendTrafficPolicy` v1alpha1: 62), all objects per iteration:
//! `judge` (decoding, structural schema, list uniqueness, CEL rules), `judge-bytes` (the same
//! from the request bodies' bytes), `compiled` and `compiled-bytes` (the same by the version's
//! compiled judge, `include_schemas!`'s `<name>_judge`; `--features crd-judges`), and the steps apart on the decoded
//! objects: `structural` (the interpreter's rule set, then the API server's texts) and `cel`
//! (the CEL rules).

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

#[path = "common.rs"]
mod common;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use validgen_benches::crd::crd_cases;

fn crd(c: &mut Criterion) {
    let cases = crd_cases();
    let mut g = c.benchmark_group("crd");
    for case in &cases {
        let n = case.objects.len();
        g.bench_function(format!("{}/judge", case.label), |b| {
            b.iter(|| {
                (0..n)
                    .map(|i| case.judge(black_box(i)).len())
                    .sum::<usize>()
            })
        });
        g.bench_function(format!("{}/judge-bytes", case.label), |b| {
            b.iter(|| {
                (0..n)
                    .map(|i| case.judge_bytes(black_box(i)).len())
                    .sum::<usize>()
            })
        });
        #[cfg(feature = "crd-judges")]
        compiled(&mut g, case);
        g.bench_function(format!("{}/structural", case.label), |b| {
            b.iter(|| (0..n).map(|i| case.structural(black_box(i))).sum::<usize>())
        });
        g.bench_function(format!("{}/cel", case.label), |b| {
            b.iter(|| (0..n).map(|i| case.cel(black_box(i))).sum::<usize>())
        });
    }
    g.finish();
}

/// The compiled judge's benchmarks of `case` (built with `--features crd-judges`).
#[cfg(feature = "crd-judges")]
fn compiled(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    case: &validgen_benches::crd::CrdCase,
) {
    let n = case.objects.len();
    g.bench_function(format!("{}/compiled", case.label), |b| {
        b.iter(|| {
            (0..n)
                .map(|i| case.judge_compiled(black_box(i)).len())
                .sum::<usize>()
        })
    });
    g.bench_function(format!("{}/compiled-bytes", case.label), |b| {
        b.iter(|| {
            (0..n)
                .map(|i| case.judge_compiled_bytes(black_box(i)).len())
                .sum::<usize>()
        })
    });
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = crd
}
criterion_main!(benches);
