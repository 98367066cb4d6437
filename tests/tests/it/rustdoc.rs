//! SLOW (runs `cargo doc`): the library crates' documentation builds with `-D warnings`, so a
//! broken or private intra-doc link fails the suite (issue #17: "`cargo doc` with
//! `-D warnings` for broken intra-doc links in CI"). It documents the library crates users
//! depend on (the facade, the core, the dialects, the frontends, the code generator, the macros), without their
//! dependencies, in this workspace's target folder (the
//! dependencies' metadata is built once; later runs take seconds).

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
    let out = doc.output().expect("cargo runs");
    assert!(
        out.status.success(),
        "cargo doc -D warnings failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
