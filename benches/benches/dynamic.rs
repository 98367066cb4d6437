//! A rule set with path-valued arguments and a filter path (`dynamic-rules.json`), which the
//! generated code evaluates through the runtime's dynamic fallback: compiled (by `build.rs`
//! with `validgen_codegen::compile_texts`) against the interpreter, both explaining failures
//! only (`Explain::Failures`, as the admission).

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use validgen::interpret::Explain;
use validgen::rules;
use validgen_benches::{DYNAMIC_RULES, dynamic_compiled, fixtures, interpret};

#[path = "common.rs"]
mod common;

fn dynamic(c: &mut Criterion) {
    let compiled = dynamic_compiled();
    let ir = rules::lower(&rules::parse_rule_set(DYNAMIC_RULES).expect("the rule set parses"));
    let mut g = c.benchmark_group("dynamic");
    for f in fixtures().into_iter().skip(1) {
        g.bench_with_input(
            BenchmarkId::new("compiled", f.label),
            f.typed.json(),
            |b, vm| b.iter(|| compiled(black_box(vm), Explain::Failures)),
        );
        g.bench_with_input(
            BenchmarkId::new("interpreted", f.label),
            &f.typed,
            |b, vm| b.iter(|| interpret(&ir, black_box(vm), Explain::Failures)),
        );
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = dynamic
}
criterion_main!(benches);
