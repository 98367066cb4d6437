//! The fuzz targets (`validgen_tests::fuzz`, run at length by `cargo fuzz`, see
//! `fuzz/README.md`), run briefly so that regressions show in CI: every seed made from the
//! conformance cases, every input kept under `fuzz/regressions/<target>/` (the findings of past
//! campaigns), then random mutations of the seeds and arbitrary bytes (proptest, a fixed number
//! of cases per target).

use std::path::Path;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use validgen_tests::fuzz::{TARGETS, seeds};

fn cases() -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("conformance/cases.jsonl");
    std::fs::read_to_string(path).expect("the conformance cases")
}

/// The inputs kept for `target` under `fuzz/regressions/`.
fn regressions(target: &str) -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/regressions")
        .join(target);
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
    files.sort();
    files
        .iter()
        .filter(|p| p.is_file())
        .map(|p| std::fs::read(p).expect("readable"))
        .collect()
}

/// One edit of a seed: overwrite, insert or delete a byte at a position (taken modulo the
/// length).
#[derive(Debug, Clone)]
enum Edit {
    Set(usize, u8),
    Insert(usize, u8),
    Delete(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Set(i, b)),
        (any::<usize>(), any::<u8>()).prop_map(|(i, b)| Edit::Insert(i, b)),
        any::<usize>().prop_map(Edit::Delete),
    ]
}

fn apply(mut input: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for e in edits {
        let len = input.len();
        match *e {
            Edit::Set(i, b) if len > 0 => input[i % len] = b,
            Edit::Insert(i, b) => input.insert(i % (len + 1), b),
            Edit::Delete(i) if len > 0 => {
                input.remove(i % len);
            }
            _ => {}
        }
    }
    input
}

#[test]
fn every_target_holds_on_seeds_regressions_and_mutations() {
    let cases = cases();
    for &(name, body) in TARGETS {
        let seeds = seeds(name, &cases);
        assert!(seeds.len() >= 20, "{name}: only {} seeds", seeds.len());
        for input in seeds.iter().chain(&regressions(name)) {
            body(input);
        }
        let mut runner = TestRunner::new(Config {
            cases: 200,
            failure_persistence: None,
            ..Config::default()
        });
        let mutated = (0..seeds.len(), proptest::collection::vec(edit(), 1..8));
        runner
            .run(&mutated, |(i, edits)| {
                body(&apply(seeds[i].clone(), &edits));
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{name}, mutated seed: {e}"));
        runner
            .run(&proptest::collection::vec(any::<u8>(), 0..512), |bytes| {
                body(&bytes);
                Ok(())
            })
            .unwrap_or_else(|e| panic!("{name}, arbitrary bytes: {e}"));
    }
}
