//! Prof loop for callgrind (`scripts/kubevirt-callgrind.sh`): runs one KubeVirt path `n` times
//! on one fixture. `kubevirt_prof MODE LABEL N`, MODE in eval, eval-all, interp, review,
//! respond, decode, decide, interp-review, floor-value, skim; LABEL a fixture (`rhel9-small`,
//! `win11`, `win11-25disks`).
#![allow(missing_docs, clippy::unwrap_used)]

use std::hint::black_box;

use validgen::interpret::Explain;
use validgen_benches::{fixtures, interpret, respond_compiled, review_compiled};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let (mode, label, n): (&str, &str, usize) = (&a[1], &a[2], a[3].parse().unwrap());
    let f = fixtures().into_iter().find(|f| f.label == label).unwrap();
    let body = f.review.as_slice();
    match mode {
        "eval" | "eval-all" => {
            let explain = if mode == "eval" {
                Explain::Failures
            } else {
                Explain::All
            };
            let compiled = common_templates::CATALOG.compiled(&f.rules).unwrap();
            let json = f.typed.json();
            for _ in 0..n {
                black_box(compiled(black_box(json), explain));
            }
        }
        "interp" => {
            let ir = f.ir();
            for _ in 0..n {
                black_box(interpret(&ir, black_box(&f.typed), Explain::Failures));
            }
        }
        "review" => {
            for _ in 0..n {
                black_box(review_compiled(black_box(body)).unwrap());
            }
        }
        "respond" => {
            for _ in 0..n {
                black_box(respond_compiled(black_box(body)).unwrap());
            }
        }
        "decode" => {
            for _ in 0..n {
                black_box(validgen_benches::decoded(black_box(&f.vm)));
            }
        }
        "decide" => {
            for _ in 0..n {
                black_box(validgen::admission::decide_with(
                    black_box(&f.vm),
                    &common_templates::CATALOG,
                    validgen::admission::Mode::Raw,
                ));
            }
        }
        "interp-review" => {
            let catalog = validgen_benches::interpreted_catalog();
            for _ in 0..n {
                black_box(
                    validgen_benches::respond_interpreted(black_box(body), &catalog).unwrap(),
                );
            }
        }
        "floor-value" => {
            for _ in 0..n {
                black_box(serde_json::from_slice::<serde_json::Value>(black_box(body)).unwrap());
            }
        }
        "skim" => {
            for _ in 0..n {
                black_box(
                    serde_json::from_slice::<serde::de::IgnoredAny>(black_box(body)).unwrap(),
                );
            }
        }
        _ => panic!("mode"),
    }
}
