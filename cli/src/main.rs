//! The `validgen` command-line tool; all logic lives in the `validgen_cli` library.
use std::process::ExitCode;

/// mimalloc instead of the system allocator: decoding and judging a VM allocates many small
/// objects, which glibc malloc serves markedly slower (see BENCHMARKS.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    validgen_cli::run(std::env::args_os())
}
