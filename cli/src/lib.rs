//! The `validgen` command-line tool as a library: argument parsing ([`cli`]), the commands, and
//! their renderers. `main.rs` only calls [`run`].

pub mod check;
pub mod cli;
pub mod diff;
pub mod explain;
pub mod export;
pub mod generate;
pub mod kyverno;
pub mod render;
pub mod review;
#[cfg(feature = "serve")]
pub mod serve;
pub mod validate;
pub mod vap;
#[cfg(feature = "vap-test")]
pub mod vap_test;
pub mod ytt;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;

/// Exit status: every VM allowed.
pub const EXIT_OK: u8 = 0;
/// Exit status: at least one VM denied.
pub const EXIT_DENIED: u8 = 1;
/// Exit status: a usage or input error.
pub const EXIT_ERROR: u8 = 2;

/// Runs the tool with `args` (program name first) on the process's stdin/stdout/stderr.
pub fn run<I: IntoIterator<Item = OsString>>(args: I) -> ExitCode {
    let cli = match cli::Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { EXIT_ERROR } else { EXIT_OK });
        }
    };
    let code = match cli.command {
        cli::Command::Validate(args) => validate::run(&args),
        cli::Command::Review(args) => review::run(&args),
        cli::Command::Explain(args) => explain::run(&args),
        #[cfg(feature = "serve")]
        cli::Command::Serve(args) => serve::run(&args),
        #[cfg(not(feature = "serve"))]
        cli::Command::Serve(_) => not_built("serve", "serve"),
        cli::Command::Generate(args) => generate::run(&args),
        cli::Command::Check(args) => check::run(&args),
        cli::Command::Ytt(args) => ytt::run(&args),
        cli::Command::Export(args) => export::run(&args),
        cli::Command::Kyverno(command) => kyverno::run(&command),
        cli::Command::Diff(args) => diff::run(&args),
        cli::Command::Vap(args) => vap::run(&args),
    };
    ExitCode::from(code)
}

/// What a command left out of this build answers: an error naming the cargo feature that
/// builds it (`validgen-cli`'s default features build every command).
#[cfg(not(all(feature = "serve", feature = "vap-test")))]
fn not_built(command: &str, feature: &str) -> u8 {
    eprintln!(
        "error: `validgen {command}` is not in this build; build validgen-cli with the `{feature}` feature (it is a default feature)"
    );
    EXIT_ERROR
}
