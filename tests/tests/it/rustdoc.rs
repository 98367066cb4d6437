//! SLOW (runs `cargo doc`): the library crates' documentation builds with `-D warnings`, so a
//! broken or private intra-doc link fails the suite (issue #17: "`cargo doc` with
//! `-D warnings` for broken intra-doc links in CI"). It documents the library crates users
//! depend on (the facade, the core, the dialects, the frontends, the code generator, the macros), without their
//! dependencies, in this workspace's target folder (the
//! dependencies' metadata is built once; later runs take seconds).
//!
//! `cargo doc` builds the macros' host side (the code generator, the frontends, their
//! dependencies) for itself: the test build's copy differs in profile and features, so it cannot
//! serve (cargo#3501). That copy only runs build scripts and is never asked to expand a macro, so
//! it is built unoptimised, without debug information (BENCHMARKS.md, "Suite time").

use std::path::{Path, PathBuf};
use std::process::Command;

/// The crates a user reads the documentation of.
const CRATES: [&str; 16] = [
    "validgen",
    "validgen-core",
    "validgen-goregex",
    "validgen-ecmaregex",
    "validgen-jsonpath",
    "validgen-quantity",
    "validgen-format",
    "validgen-gotext",
    "validgen-cel",
    "validgen-kubevirt",
    "validgen-json-schema",
    "validgen-ytt",
    "validgen-kyverno",
    "validgen-crd",
    "validgen-codegen",
    "validgen-macros",
];

/// The target folder of this test's own build: `<target>/debug/deps/rustdoc-<hash>`.
fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable");
    exe.ancestors()
        .nth(3)
        .map(Path::to_path_buf)
        .expect("target folder")
}

/// The packages the workspace's `Cargo.toml` optimises in dev builds
/// (`[profile.dev.package.<name>]`, every one of them with an `opt-level`).
fn optimised_packages(root: &Path) -> Vec<String> {
    let manifest = std::fs::read_to_string(root.join("Cargo.toml")).expect("Cargo.toml");
    let packages: Vec<String> = manifest
        .lines()
        .filter_map(|line| {
            line.strip_prefix("[profile.dev.package.")?
                .strip_suffix(']')
        })
        .filter(|name| *name != "\"*\"")
        .map(str::to_owned)
        .collect();
    assert!(
        packages.iter().any(|p| p == "validgen-core"),
        "no optimised package found in Cargo.toml: {packages:?}"
    );
    packages
}

#[test]
fn library_docs_build_without_warnings() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut doc = Command::new(cargo);
    doc.current_dir(root)
        .args(["doc", "--offline", "--no-deps", "--quiet"])
        .env("CARGO_TARGET_DIR", target_dir())
        .env("RUSTDOCFLAGS", "-D warnings");
    for krate in CRATES {
        doc.args(["-p", krate]);
    }
    for package in optimised_packages(root) {
        doc.arg("--config")
            .arg(format!("profile.dev.package.{package}.opt-level=0"));
    }
    doc.args(["--config", "profile.dev.build-override.debug=false"]);
    let out = doc.output().expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo doc -D warnings failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
