//! The catalogue of compile errors of `include_validators!` and `include_schemas!`: one
//! `ui/invalid_<thing>_<problem>.rs` per diagnostic, with the exact, located message in its
//! `.stderr`. trybuild builds the cases with this crate's dev-dependencies: the facade with the
//! two formats alone. Compile-fail cases only: then trybuild runs `cargo check`, not a build of
//! its own copy of the dependency graph; the options that compile are `tests/options.rs`.

use std::process::Command;

/// The compiler the `.stderr` files were recorded with: rustc's own framing of an error
/// (arrows, gutters) changes between releases, so other compilers skip the comparison, loudly.
const RECORDED_WITH: &str = "rustc 1.95.";

#[test]
fn ui() {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default();
    if !version.starts_with(RECORDED_WITH) {
        eprintln!(
            "NOT RUN: the UI catalogue was recorded with {RECORDED_WITH}x; this is {version} \
             (re-record with TRYBUILD=overwrite and review the diff)"
        );
        return;
    }
    // trybuild builds the cases in a crate of its own, elsewhere: the macro resolves catalogs
    // from VALIDGEN_MANIFEST_DIR when set.
    #[allow(unsafe_code)]
    // SAFETY: this test binary has this one test; no other thread reads the environment yet.
    unsafe {
        std::env::set_var("VALIDGEN_MANIFEST_DIR", env!("CARGO_MANIFEST_DIR"));
    }
    let t = trybuild::TestCases::new();
    t.compile_fail("ui/invalid_*.rs");
}
