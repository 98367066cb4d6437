//! Prof loop for callgrind over the JSON Schema benchmark's cases: runs one path `n` times.
//! `json_schema_prof MODE ID N`, ID a benchmark id (`bundle/base-valid`, `traefik/valid`),
//! MODE in value, value-is-valid, jsonschema-value (`jsonschema`'s `is_valid` on the parsed
//! value), jsonschema-errors (its `iter_errors`, every error collected), interpreted (the
//! schema's rule set through `evaluate_document`), bytes, bytes-is-valid, tape-parse,
//! value-parse, jsonschema-bytes. `benches/scripts/json-schema-callgrind.sh` runs it.
#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::hint::black_box;

use serde_json::Value;
use validgen::interpret::{Explain, evaluate_document};
use validgen::model::{Plain, Tape};
use validgen_benches::json_schema::cases;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let (mode, id, n): (&str, &str, usize) = (&a[1], &a[2], a[3].parse().unwrap());
    let (label, doc_label) = id.split_once('/').unwrap();
    let case = cases().into_iter().find(|c| c.label == label).unwrap();
    let doc = &case
        .documents
        .iter()
        .find(|(l, _)| *l == doc_label)
        .unwrap()
        .1;
    let bytes = serde_json::to_vec(doc).unwrap();
    let v = case.validator;
    // Only what the mode runs is built: the rest would change the heap the loop allocates in.
    let oracle = mode.starts_with("jsonschema").then(|| case.oracle());
    let rules = (mode == "interpreted").then(|| case.rules());
    // The mode is chosen once, before the loop, so that every mode pays the same per-iteration
    // dispatch (one indirect call) whatever its place in the list.
    let (oracle, rules) = (oracle.as_ref(), rules.as_ref());
    let mut run: Box<dyn FnMut()> = match mode {
        "value" => Box::new(|| drop(black_box((v.validate)(black_box(doc), Explain::Failures)))),
        "value-is-valid" => Box::new(|| {
            black_box((v.is_valid)(black_box(doc)));
        }),
        "jsonschema-value" => {
            let oracle = oracle.unwrap();
            Box::new(move || {
                black_box(oracle.is_valid(black_box(doc)));
            })
        }
        "jsonschema-errors" => {
            let oracle = oracle.unwrap();
            Box::new(move || {
                black_box(oracle.iter_errors(black_box(doc)).count());
            })
        }
        "interpreted" => {
            let rules = rules.unwrap();
            Box::new(move || {
                drop(black_box(evaluate_document(
                    rules,
                    &Plain::new(black_box(doc)),
                    Explain::Failures,
                )))
            })
        }
        "bytes" => Box::new(|| {
            drop(black_box((v.validate_bytes)(
                black_box(&bytes),
                Explain::Failures,
            )))
        }),
        "bytes-is-valid" => Box::new(|| drop(black_box((v.is_valid_bytes)(black_box(&bytes))))),
        "tape-parse" => Box::new(|| drop(black_box(Tape::parse(black_box(&bytes))))),
        "value-parse" => Box::new(|| {
            drop(black_box(serde_json::from_slice::<Value>(black_box(
                &bytes,
            ))))
        }),
        "jsonschema-bytes" => {
            let oracle = oracle.unwrap();
            let bytes = &bytes;
            Box::new(move || {
                let parsed: Value = serde_json::from_slice(black_box(bytes)).unwrap();
                black_box(oracle.is_valid(&parsed));
            })
        }
        _ => panic!("unknown mode {mode}"),
    };
    for _ in 0..n {
        black_box(&mut run)();
    }
}
