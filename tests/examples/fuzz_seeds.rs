//! Writes the seed corpus of every fuzz target: `cargo run -p validgen-tests --example
//! fuzz_seeds -- fuzz/corpus [target…]` makes `fuzz/corpus/<target>/seed-<n>` (every target,
//! or those named) from the recorded sets and corpora under `tests/` (see
//! `validgen_tests::fuzz::seeds`).

use std::path::PathBuf;
use std::process::ExitCode;

use validgen_tests::fuzz::{TARGETS, seeds};

fn main() -> ExitCode {
    let Some(out) = std::env::args_os().nth(1).map(PathBuf::from) else {
        eprintln!("usage: fuzz_seeds <corpus folder>");
        return ExitCode::from(2);
    };
    let only: Vec<String> = std::env::args().skip(2).collect();
    for &(name, _) in TARGETS {
        if !only.is_empty() && !only.iter().any(|o| o == name) {
            continue;
        }
        let dir = out.join(name);
        let seeds = seeds(name);
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
