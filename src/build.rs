//! Build-script helpers for crates that use the macros (`include_validators!`,
//! `include_schemas!`, `include_ytt_schemas!`).
//!
//! Editing a file already rebuilds the crate (the macro includes every file it reads); adding
//! or removing a file of the folder needs a build script:
//!
//! ```text
//! // build.rs
//! fn main() {
//!     validgen::build::rerun_if_changed("templates");
//! }
//! ```

use std::path::{Path, PathBuf};

use validgen_core::files::manifest_files;

/// Prints the `cargo:` lines that rebuild the crate when a template file under `dir` (relative
/// to the crate's `Cargo.toml`) is added, removed or edited: see [`rerun_lines`].
pub fn rerun_if_changed(dir: impl AsRef<Path>) {
    for line in rerun_lines(dir.as_ref()) {
        println!("{line}");
    }
}

/// The lines [`rerun_if_changed`] prints: `cargo:rerun-if-changed` for the folder (Cargo
/// watches everything under it) and every template file, and a `cargo:rustc-env` fingerprint of
/// the file list, so that a changed list recompiles the crate and re-expands the macro.
pub fn rerun_lines(dir: &Path) -> Vec<String> {
    let mut files: Vec<PathBuf> = Vec::new();
    // A missing folder is reported by the macro itself, with its location.
    let _ = manifest_files(dir, &mut files);
    let mut lines = vec![format!("cargo:rerun-if-changed={}", dir.display())];
    lines.extend(
        files
            .iter()
            .map(|f| format!("cargo:rerun-if-changed={}", f.display())),
    );
    let list: Vec<String> = files.iter().map(|f| f.display().to_string()).collect();
    lines.push(format!(
        "cargo:rustc-env=VALIDGEN_TEMPLATE_FILES={}",
        fingerprint(&list.join("\n"))
    ));
    lines
}

/// FNV-1a of the file list: stable across runs and platforms.
fn fingerprint(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_follow_the_file_list() {
        let dir = std::env::temp_dir().join(format!("validgen-build-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("mkdir");
        std::fs::write(dir.join("a.yaml"), "kind: Template\n").expect("write");
        let before = rerun_lines(&dir);
        assert_eq!(
            before[0],
            format!("cargo:rerun-if-changed={}", dir.display())
        );
        assert!(before.contains(&format!(
            "cargo:rerun-if-changed={}",
            dir.join("a.yaml").display()
        )));
        std::fs::write(dir.join("b.yml"), "kind: Template\n").expect("write");
        std::fs::write(dir.join("notes.txt"), "not a template").expect("write");
        let after = rerun_lines(&dir);
        assert_eq!(
            after.len(),
            4,
            "folder, two templates, fingerprint: {after:?}"
        );
        assert_ne!(
            before.last(),
            after.last(),
            "a new file changes the fingerprint"
        );
        std::fs::remove_dir_all(&dir).expect("cleanup");
    }
}
