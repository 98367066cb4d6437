//! Build cost: generating the code of the whole common-templates catalog (172 templates) with
//! `validgen_codegen::compile_dir`, as `include_validators!("templates")` does at each clean
//! build, and formatting it with `pretty` (as `validgen generate` does).

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use validgen_codegen::{Options, compile_dir, pretty};

#[path = "common.rs"]
mod common;

fn codegen(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples/common-templates/templates");
    let mut g = c.benchmark_group("codegen");
    g.sample_size(10).measurement_time(Duration::from_secs(5));
    g.bench_function("compile_dir/common-templates", |b| {
        b.iter(|| compile_dir(black_box(&dir), "templates", Options::default()).expect("compiles"))
    });
    let generated = compile_dir(&dir, "templates", Options::default()).expect("compiles");
    g.bench_function("pretty/common-templates", |b| {
        b.iter(|| pretty(black_box(&generated.tokens)).expect("formats"))
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = codegen
}
criterion_main!(benches);
