//! Writes the seed corpus of every fuzz target: `cargo run -p validgen-tests --example
//! fuzz_seeds -- fuzz/corpus` makes `fuzz/corpus/<target>/<n>` from
//! `tests/conformance/cases.jsonl` (see `validgen_tests::fuzz::seeds`).

use std::path::PathBuf;
use std::process::ExitCode;

use validgen_tests::fuzz::{TARGETS, seeds};

fn main() -> ExitCode {
    let Some(out) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: fuzz_seeds <corpus folder>");
        return ExitCode::from(2);
    };
    let cases = concat!(env!("CARGO_MANIFEST_DIR"), "/conformance/cases.jsonl");
    let cases = match std::fs::read_to_string(cases) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{cases}: {e}");
            return ExitCode::from(2);
        }
    };
    for &(name, _) in TARGETS {
        let dir = out.join(name);
        let seeds = seeds(name, &cases);
        let written = std::fs::create_dir_all(&dir).and_then(|()| {
            seeds
                .iter()
                .enumerate()
                .try_for_each(|(i, s)| std::fs::write(dir.join(format!("seed-{i:05}")), s))
        });
        if let Err(e) = written {
            eprintln!("{}: {e}", dir.display());
            return ExitCode::from(2);
        }
        println!("{name}: {} seeds in {}", seeds.len(), dir.display());
    }
    ExitCode::SUCCESS
}
