//! Prof loop for callgrind over the ytt benchmark's cases: runs one path `n` times.
//! `ytt_prof MODE LABEL N`, MODE in run-interpreted, judge, run-compiled, schema-build,
//! values-interpreted, values-compiled, validations-interpreted, validations-compiled.
#![allow(missing_docs, clippy::unwrap_used)]

use std::hint::black_box;

use validgen::interpret::{Explain, evaluate_document};
use validgen::model::Plain;
use validgen::ytt::check::judge;
use validgen::ytt::data::to_json;
use validgen::ytt::values::SchemaFile;
use validgen_benches::ytt::{build, data_values, values_check, ytt_cases};

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let (mode, label, n): (&str, &str, usize) = (&a[1], &a[2], a[3].parse().unwrap());
    let case = ytt_cases().into_iter().find(|c| c.label == label).unwrap();
    let schema = case.schema;
    let invocation = case.invocation();
    let (built, rules) = build(schema.files[0].0, schema.files[0].1);
    let file = SchemaFile {
        schema: &built,
        texts: vec![(schema.files[0].0, schema.files[0].1)],
    };
    let json = to_json(&data_values(&file, &case.values).document.value);
    for _ in 0..n {
        match mode {
            "run-interpreted" => drop(black_box(case.run_interpreted(&invocation))),
            "judge" => drop(black_box(judge(
                &[schema.files[0].0.to_owned()],
                &invocation.data_values_files,
                &|n: &str| case.read(n),
                false,
            ))),
            "run-compiled" => drop(black_box(case.run_compiled())),
            "schema-build" => drop(black_box(build(
                schema.files[0].0,
                black_box(schema.files[0].1),
            ))),
            "values-interpreted" => drop(black_box(values_check(
                &file,
                &case.values,
                Some(&rules),
                schema.validate,
            ))),
            "values-compiled" => drop(black_box(values_check(
                &file,
                &case.values,
                None,
                schema.validate,
            ))),
            "validations-interpreted" => drop(black_box(evaluate_document(
                &rules,
                &Plain::new(black_box(&json)),
                Explain::Failures,
            ))),
            "validations-compiled" => drop(black_box((schema.validate)(
                black_box(&json),
                Explain::Failures,
            ))),
            _ => panic!("unknown mode {mode}"),
        }
    }
}
