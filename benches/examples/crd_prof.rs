//! Prof loop for callgrind over the CRD benchmark's cases: runs one path over every object of
//! one case `n` times. `crd_prof MODE LABEL N`, MODE in judge, judge-bytes (the interpreter,
//! `validgen_crd::judge`), compiled, compiled-bytes (the version's compiled `<name>_judge`;
//! built with `--features crd-judges`), structural, cel; LABEL in httproutes,
//! backendtrafficpolicies.
#![allow(missing_docs, clippy::unwrap_used)]

use std::hint::black_box;

use validgen_benches::crd::crd_cases;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let (mode, label, n): (&str, &str, usize) = (&a[1], &a[2], a[3].parse().unwrap());
    let case = crd_cases().into_iter().find(|c| c.label == label).unwrap();
    for _ in 0..n {
        for i in 0..case.objects.len() {
            match mode {
                "judge" => drop(black_box(case.judge(black_box(i)))),
                "judge-bytes" => drop(black_box(case.judge_bytes(black_box(i)))),
                #[cfg(feature = "crd-judges")]
                "compiled" => drop(black_box(case.judge_compiled(black_box(i)))),
                #[cfg(feature = "crd-judges")]
                "compiled-bytes" => drop(black_box(case.judge_compiled_bytes(black_box(i)))),
                "structural" => drop(black_box(case.structural(black_box(i)))),
                "cel" => drop(black_box(case.cel(black_box(i)))),
                #[cfg(not(feature = "crd-judges"))]
                "compiled" | "compiled-bytes" => {
                    panic!("mode {mode}: build crd_prof with --features crd-judges")
                }
                _ => panic!("unknown mode {mode}"),
            }
        }
    }
}
