//! Helpers shared by the CLI tests: the binary, run from the repository root.
#![allow(dead_code)] // Each test file uses its own subset.

use std::path::PathBuf;

use assert_cmd::Command;

/// The repository root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// `validgen`, run from the repository root (so that outputs show repository paths).
pub fn validgen() -> Command {
    let mut c = Command::cargo_bin("validgen").expect("binary");
    c.current_dir(root());
    c
}

/// Runs `validgen args…`; returns the exit status, standard output and standard error.
pub fn run(args: &[&str]) -> (i32, String, String) {
    let out = validgen().args(args).output().expect("runs");
    (
        out.status.code().expect("exit status"),
        String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    )
}

/// As [`run`], with `input` on standard input.
pub fn run_stdin(args: &[&str], input: &str) -> (i32, String, String) {
    let out = validgen()
        .args(args)
        .write_stdin(input.to_owned())
        .output()
        .expect("runs");
    (
        out.status.code().expect("exit status"),
        String::from_utf8(out.stdout).expect("UTF-8 stdout"),
        String::from_utf8(out.stderr).expect("UTF-8 stderr"),
    )
}

/// A bundled file's text.
pub fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).expect("bundled file")
}
