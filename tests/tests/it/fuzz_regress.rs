//! The fuzz targets (`validgen_tests::fuzz`, run at length by `cargo fuzz`, see
//! `fuzz/README.md`), run briefly so that regressions show in CI: a deterministic sample of the
//! seeds made from the recorded sets and corpora ([`SAMPLE`] per target: every seed would take
//! minutes), every input kept under `fuzz/regressions/<target>/` (the findings of past
//! campaigns), then random mutations of the seeds and arbitrary bytes (proptest, [`CASES`] of
//! each per target).

use std::path::Path;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use validgen_tests::fuzz::{TARGETS, Target, seeds};

/// Seeds run per target, spread evenly over all of them.
const SAMPLE: usize = 40;
/// Mutated seeds, and arbitrary inputs, run per target.
const CASES: u32 = 40;

/// `SAMPLE` of `seeds`, spread evenly (all of them when there are fewer).
fn sample(seeds: Vec<Vec<u8>>) -> Vec<Vec<u8>> {
    if seeds.len() <= SAMPLE {
        return seeds;
    }
    let step = seeds.len() / SAMPLE;
    seeds.into_iter().step_by(step).take(SAMPLE).collect()
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

/// Runs target `name` on its sampled seeds, its regressions, mutations and arbitrary bytes.
fn run(name: &str) {
    let body: Target = TARGETS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, body)| body)
        .expect("a target");
    let seeds = sample(seeds(name));
    assert!(seeds.len() >= 20, "{name}: only {} seeds", seeds.len());
    for input in seeds.iter().chain(&regressions(name)) {
        body(input);
    }
    let mut runner = TestRunner::new(Config {
        cases: CASES,
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

/// A test per target, named after it.
macro_rules! targets {
    ($($name:ident),* $(,)?) => {
        $(#[test]
        fn $name() {
            run(stringify!($name));
        })*

        /// The targets tested here are all of them, and each has its file under
        /// `fuzz/fuzz_targets/` and its binary in `fuzz/Cargo.toml`.
        #[test]
        fn every_target_is_tested_and_built() {
            let tested = [$(stringify!($name)),*];
            let all: Vec<&str> = TARGETS.iter().map(|&(n, _)| n).collect();
            assert_eq!(tested.as_slice(), all.as_slice());
            let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
            let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).expect("fuzz/Cargo.toml");
            for name in all {
                let file = fuzz.join(format!("fuzz_targets/{name}.rs"));
                let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
                assert!(text.contains(&format!("validgen_tests::fuzz::{name}(")), "{}", file.display());
                assert!(manifest.contains(&format!("name = \"{name}\"")), "fuzz/Cargo.toml: {name}");
            }
        }
    };
}

targets!(
    rule_set,
    jsonpath,
    quantity,
    goregex,
    manifest,
    single_pass,
    decision,
    json_tape,
    json_stream,
    json_schema,
    ecmaregex,
    yaml,
    ytt,
    kyverno,
    cel,
    crd,
    webhook,
);
