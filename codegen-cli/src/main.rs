//! The `validgen` command-line tool; all logic lives in the `validgen_cli` library.
use std::process::ExitCode;

fn main() -> ExitCode {
    validgen_cli::run(std::env::args_os())
}
