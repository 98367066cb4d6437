//! `validgen generate`: the files written, determinism, writing only what changed, `--check`
//! staleness, and catalog errors.

use crate::common;

use std::path::{Path, PathBuf};

use common::{root, validgen};

const TEMPLATES: [&str; 2] = ["rhel9-server-tiny.yaml", "windows2k22-server-medium.yaml"];

/// A temporary folder holding `templates/` (two templates of the bundled catalog).
fn workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    let templates = dir.path().join("templates");
    std::fs::create_dir(&templates).expect("mkdir");
    for t in TEMPLATES {
        let from = root().join("examples/common-templates/templates").join(t);
        std::fs::copy(from, templates.join(t)).expect("copy template");
    }
    dir
}

/// Runs `validgen generate args…` in `cwd`; returns the exit status, stdout and stderr.
fn generate(cwd: &Path, args: &[&str]) -> (i32, String, String) {
    let out = validgen()
        .current_dir(cwd)
        .arg("generate")
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().expect("exit status"),
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
    )
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn writes_a_crate_with_a_header_and_no_absolute_paths() {
    let ws = workspace();
    let (code, out, err) = generate(
        ws.path(),
        &[
            "templates",
            "--out",
            "validators",
            "--validgen-version",
            "0.1",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "wrote     validators/Cargo.toml\nwrote     validators/src/lib.rs\n"
    );
    let manifest = read(ws.path().join("validators/Cargo.toml"));
    insta::assert_snapshot!("cargo_toml", manifest);
    let lib = read(ws.path().join("validators/src/lib.rs"));
    let head: String = lib.lines().take(5).map(|l| format!("{l}\n")).collect();
    insta::assert_snapshot!("lib_rs_head", head);
    assert!(lib.contains("pub fn rhel9_server_tiny("));
    assert!(lib.contains("pub fn windows2k22_server_medium("));
    assert!(lib.contains("pub static CATALOG:"));
    let tmp = ws.path().to_string_lossy();
    assert!(!lib.contains(tmp.as_ref()) && !manifest.contains(tmp.as_ref()));
}

/// The `validgen = …` line of a generated `Cargo.toml`.
fn dependency_line(manifest: &str) -> &str {
    manifest
        .lines()
        .find(|l| l.starts_with("validgen = "))
        .unwrap_or_else(|| panic!("no validgen dependency in {manifest}"))
}

/// Without a flag the crate depends on the source tree the binary was built from (this
/// repository), by a path relative to the crate: the crates are not published, so that is the
/// line that resolves (`generate_build.rs` builds such a crate).
#[test]
fn the_default_dependency_is_this_source_tree() {
    let ws = workspace();
    let (code, _, err) = generate(ws.path(), &["templates", "--out", "validators"]);
    assert_eq!(code, 0, "{err}");
    let manifest = read(ws.path().join("validators/Cargo.toml"));
    let line = dependency_line(&manifest);
    let path = line
        .strip_prefix("validgen = { path = \"")
        .and_then(|rest| {
            rest.strip_suffix("\", default-features = false, features = [\"kubevirt\"] }")
        })
        .unwrap_or_else(|| panic!("not a path dependency: {line}"));
    assert!(
        !path.starts_with('/'),
        "written relative to the crate: {path}"
    );
    let resolved = ws.path().join("validators").join(path).canonicalize();
    assert_eq!(resolved.ok(), root().canonicalize().ok(), "{line}");
}

/// `--validgen-git` and `--validgen-version` write the other two dependency forms; the three
/// flags exclude each other.
#[test]
fn git_and_version_dependencies() {
    let ws = workspace();
    let url = "https://example.invalid/validgen.git";
    let (code, _, err) = generate(
        ws.path(),
        &["templates", "--out", "g", "--validgen-git", url],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        dependency_line(&read(ws.path().join("g/Cargo.toml"))),
        format!(
            "validgen = {{ git = \"{url}\", default-features = false, features = [\"kubevirt\"] }}"
        )
    );
    let (code, _, err) = generate(
        ws.path(),
        &["templates", "--out", "v", "--validgen-version", "0.1.2"],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        dependency_line(&read(ws.path().join("v/Cargo.toml"))),
        "validgen = { version = \"0.1.2\", default-features = false, features = [\"kubevirt\"] }"
    );
    let (code, _, err) = generate(
        ws.path(),
        &[
            "templates",
            "--out",
            "x",
            "--validgen-git",
            url,
            "--validgen-path",
            ".",
        ],
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot be used with"), "{err}");
}

#[test]
fn deterministic_whatever_the_current_folder() {
    let ws = workspace();
    let (code, _, err) = generate(ws.path(), &["templates", "--out", "a/validators"]);
    assert_eq!(code, 0, "{err}");
    // The same layout, named from elsewhere and with absolute paths.
    let b = ws.path().join("b");
    std::fs::create_dir(&b).expect("mkdir");
    let templates = ws.path().join("templates");
    let out = b.join("validators");
    let (code, _, err) = generate(
        &root(),
        &[
            templates.to_str().expect("UTF-8"),
            "--out",
            out.to_str().expect("UTF-8"),
        ],
    );
    assert_eq!(code, 0, "{err}");
    for file in ["Cargo.toml", "src/lib.rs"] {
        let a = std::fs::read(ws.path().join("a/validators").join(file)).expect("a");
        let b = std::fs::read(out.join(file)).expect("b");
        assert!(a == b, "{file} differs between the two runs");
    }
}

#[test]
fn writes_only_what_changed() {
    let ws = workspace();
    let args = ["templates", "--out", "validators"];
    assert_eq!(generate(ws.path(), &args).0, 0);
    let lib = ws.path().join("validators/src/lib.rs");
    let manifest = ws.path().join("validators/Cargo.toml");
    let mtime = |p: &Path| {
        std::fs::metadata(p)
            .and_then(|m| m.modified())
            .expect("mtime")
    };
    let (lib_before, manifest_before) = (mtime(&lib), mtime(&manifest));
    std::thread::sleep(std::time::Duration::from_millis(50));
    let (code, out, _) = generate(ws.path(), &args);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "unchanged validators/Cargo.toml\nunchanged validators/src/lib.rs\n"
    );
    assert_eq!(mtime(&lib), lib_before);
    assert_eq!(mtime(&manifest), manifest_before);
    // A new crate name rewrites the manifest only.
    let (code, out, _) = generate(
        ws.path(),
        &["templates", "--out", "validators", "--crate-name", "vms"],
    );
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "wrote     validators/Cargo.toml\nunchanged validators/src/lib.rs\n"
    );
    assert_eq!(mtime(&lib), lib_before);
    assert!(read(manifest).contains("name = \"vms\"\n"));
}

#[test]
fn check_reports_stale_crates() {
    let ws = workspace();
    let check = ["templates", "--out", "validators", "--check"];
    let (code, out, _) = generate(ws.path(), &check);
    assert_eq!(code, 1, "nothing generated yet");
    assert_eq!(
        out,
        "validators/Cargo.toml: missing (would be added)\n\
         validators/src/lib.rs: missing (would be added)\n\
         validators is stale: 2 of 2 files differ; run `validgen generate` without --check to update it\n"
    );
    assert!(
        !ws.path().join("validators").exists(),
        "--check writes nothing"
    );

    assert_eq!(generate(ws.path(), &check[..3]).0, 0);
    let (code, out, _) = generate(ws.path(), &check);
    assert_eq!(
        (code, out.as_str()),
        (0, "validators is up to date (2 files)\n")
    );

    let lib = ws.path().join("validators/src/lib.rs");
    let edited = read(lib.clone()).replacen("pub fn rhel9_server_tiny(", "pub fn rhel9_tiny(", 1);
    std::fs::write(&lib, edited).expect("edit");
    let (code, out, _) = generate(ws.path(), &check);
    assert_eq!(code, 1);
    // Hunk positions change with the generator; the lines shown are what matters.
    let out: String = out
        .lines()
        .map(|l| {
            if l.starts_with("    @@ ") {
                "    @@ … @@"
            } else {
                l
            }
        })
        .map(|l| format!("{l}\n"))
        .collect();
    insta::assert_snapshot!("check_edited", out);

    std::fs::remove_file(ws.path().join("validators/Cargo.toml")).expect("rm");
    let (code, out, _) = generate(ws.path(), &check);
    assert_eq!(code, 1);
    assert!(
        out.starts_with("validators/Cargo.toml: missing (would be added)\n"),
        "{out}"
    );
    assert!(
        out.contains("validators/src/lib.rs: differs from the generated file\n"),
        "{out}"
    );
    assert!(out.ends_with("validators is stale: 2 of 2 files differ; run `validgen generate` without --check to update it\n"), "{out}");
}

#[test]
fn catalog_errors_are_located_and_nothing_is_written() {
    let ws = workspace();
    let bad = ws.path().join("templates/bad.yaml");
    let text = read(root().join("cli/tests/data/check/unknown-rule-kind/template.yaml"));
    std::fs::write(&bad, text).expect("write");
    let (code, out, err) = generate(ws.path(), &["./templates/", "--out", "validators"]);
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert!(
        err.contains("--> ./templates/bad.yaml:16:21\n"),
        "files named as given: {err}"
    );
    assert!(
        err.contains("error[unknown-rule-kind]: rule `chipset`: unknown rule kind `value-set`"),
        "{err}"
    );
    assert!(
        err.ends_with("error: ./templates/ has 2 error(s); nothing was written\n"),
        "{err}"
    );
    assert!(!ws.path().join("validators").exists());
}

/// The bundled catalog of the reference's own tests has rules the reference fails at run
/// time: a build error by default, compiled into that failure with `--reference-failures`
/// (as the macro's `reference_failures = true`).
#[test]
fn reference_failures_compile_a_catalog_the_reference_fails_in_part() {
    let dir = tempfile::tempdir().expect("temp dir");
    let catalog = root().join("examples/other-templates/kubevirt-template-validator");
    let catalog = catalog.to_string_lossy();
    let (code, out, err) = generate(dir.path(), &[&catalog, "--out", "v"]);
    assert_eq!((code, out.as_str()), (1, ""), "{err}");
    assert!(err.contains("nothing was written"), "{err}");
    assert!(!dir.path().join("v").exists());
    let (code, out, err) = generate(
        dir.path(),
        &[&catalog, "--out", "v", "--reference-failures"],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "wrote     v/Cargo.toml\nwrote     v/src/lib.rs\n");
    let lib = read(dir.path().join("v/src/lib.rs"));
    assert!(lib.contains("pub static CATALOG:"), "{lib}");
    let (code, _, err) = generate(
        dir.path(),
        &[&catalog, "--out", "v", "--reference-failures", "--check"],
    );
    assert_eq!(code, 0, "up to date with the same options: {err}");
}

#[test]
fn usage_errors() {
    let ws = workspace();
    let (code, _, err) = generate(
        ws.path(),
        &["templates", "--out", "v", "--crate-name", "9 lives"],
    );
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: --crate-name \"9 lives\": a package name is"),
        "{err}"
    );
    let (code, _, err) = generate(ws.path(), &["templates"]);
    assert_eq!(code, 2, "--out is required: {err}");
    let (code, _, err) = generate(ws.path(), &["missing", "--out", "v"]);
    assert_eq!(code, 2);
    assert_eq!(err, "error: missing: not a folder of template files\n");
}

/// `generate` reports a catalog's mistakes exactly as `check` does: the same located messages,
/// with the same hints.
#[test]
fn catalog_errors_are_those_of_check() {
    let catalog = "cli/tests/data/check/mistakes";
    let out = tempfile::tempdir().expect("temp dir");
    let (code, stdout, err) = generate(
        &root(),
        &[catalog, "--out", out.path().to_str().expect("UTF-8")],
    );
    assert_eq!((code, stdout.as_str()), (1, ""), "{err}");
    let check = common::validgen()
        .args(["check", catalog])
        .output()
        .expect("runs");
    let check = String::from_utf8(check.stdout).expect("UTF-8");
    let findings = check
        .strip_suffix("4 errors, 0 warnings in 1 catalog\n")
        .expect("the count");
    assert!(
        findings.contains("= help: did you mean `.spec.domain.memory.guest`?"),
        "{check}"
    );
    assert_eq!(
        err,
        format!("{findings}error: {catalog} has 4 error(s); nothing was written\n")
    );
}
