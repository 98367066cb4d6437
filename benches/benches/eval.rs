//! Rule evaluation on an already-parsed, already-decoded VM: the compiled validator of the
//! common-templates catalog against the interpreter (IR prepared once), and the interpreter
//! from the rule text (parse + lower + evaluate, as `admission::interpret_text`).
//!
//! `compiled`, `compiled-fn` and `interpreted` explain failures only (`Explain::Failures`,
//! what the admission asks for); `compiled-all` and `interpreted-all` explain every rule
//! (`Explain::All`, the reports tests and `validgen validate -o json` show).

// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use validgen::admission;
use validgen::interpret::Explain;
use validgen_benches::{fixtures, interpret};

#[path = "common.rs"]
mod common;

fn eval(c: &mut Criterion) {
    let mut g = c.benchmark_group("eval");
    for f in fixtures() {
        let compiled = common_templates::CATALOG
            .compiled(&f.rules)
            .expect("the catalog compiled the VM's rules");
        let ir = f.ir();
        let json = f.typed.json();
        for (id, explain) in [
            ("compiled", Explain::Failures),
            ("compiled-all", Explain::All),
        ] {
            g.bench_with_input(BenchmarkId::new(id, f.label), json, |b, vm| {
                b.iter(|| compiled(black_box(vm), explain))
            });
        }
        if f.label == "win11" {
            // The same validator through the template's own function.
            g.bench_with_input(BenchmarkId::new("compiled-fn", f.label), json, |b, vm| {
                b.iter(|| {
                    common_templates::windows11_desktop_medium(black_box(vm), Explain::Failures)
                })
            });
        }
        for (id, explain) in [
            ("interpreted", Explain::Failures),
            ("interpreted-all", Explain::All),
        ] {
            g.bench_with_input(BenchmarkId::new(id, f.label), &f.typed, |b, vm| {
                b.iter(|| interpret(&ir, black_box(vm), explain))
            });
        }
        g.bench_with_input(
            BenchmarkId::new("interpret-text", f.label),
            &f.typed,
            |b, vm| b.iter(|| admission::interpret_text(black_box(&f.rules), black_box(vm))),
        );
        // The catalog lookup alone (binary search over the distinct rule texts).
        g.bench_with_input(
            BenchmarkId::new("catalog-lookup", f.label),
            &f.rules,
            |b, t| b.iter(|| common_templates::CATALOG.compiled(black_box(t))),
        );
    }
    g.finish();
}

criterion_group! {
    name = benches;
    config = common::config();
    targets = eval
}
criterion_main!(benches);
