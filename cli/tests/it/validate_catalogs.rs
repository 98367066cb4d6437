//! `validgen validate` and `review` with catalogs that do not load cleanly: nothing is judged
//! against a catalog missing a file (exit 2, every error reported), a VM naming a template the
//! catalog lacks is allowed and says so, and what changes no verdict is a warning.

use crate::common;

use std::path::Path;

use common::run;
use serde_json::Value;

const RULES: &str = r#"'[{"name":"cores","path":"jsonpath::.spec.domain.cpu.cores","rule":"integer","message":"More cores.","min":4}]'"#;

fn template(name: &str, kind: &str) -> String {
    format!(
        "apiVersion: template.openshift.io/v1\nkind: {kind}\nmetadata:\n  name: {name}\n  annotations:\n    validations: {RULES}\nobjects:\n- kind: VirtualMachine\n"
    )
}

/// A VM with 1 core naming template `name` (in namespace `openshift`).
fn vm(name: &str) -> String {
    format!(
        "apiVersion: kubevirt.io/v1\nkind: VirtualMachine\nmetadata:\n  name: vm-{name}\n  namespace: default\n  labels:\n    vm.kubevirt.io/template: {name}\n    vm.kubevirt.io/template.namespace: openshift\nspec:\n  template:\n    spec:\n      domain:\n        cpu:\n          cores: 1\n"
    )
}

fn write(dir: &Path, file: &str, text: &str) -> String {
    let path = dir.join(file);
    std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
    std::fs::write(&path, text).expect("write");
    path.display().to_string()
}

#[test]
fn a_bad_file_in_a_catalog_stops_the_run_before_judging() {
    let dir = tempfile::tempdir().expect("tempdir");
    let catalog = dir.path().join("catalog");
    write(&catalog, "a-broken.yaml", "kind: Template\nmetadata: [\n");
    write(&catalog, "b-good.yaml", &template("t", "Template"));
    write(&catalog, "c-typo.yaml", &template("u", "Tempalte"));
    write(&catalog, "d-broken.json", "{\"kind\": ");
    let vms = write(dir.path(), "vms/t.yaml", &vm("t"));
    let catalog = catalog.display().to_string();
    for format in ["text", "json", "tap", "junit"] {
        let (code, out, err) = run(&["validate", "-o", format, "--templates", &catalog, &vms]);
        assert_eq!(code, 2, "{format}: {out}{err}");
        assert!(
            !out.contains("ALLOWED") && !out.contains("\"allowed\""),
            "{format}: {out}"
        );
        assert!(
            !out.contains("ok 1 - ") || out.contains("not ok"),
            "{format}: {out}"
        );
        for file in [
            "a-broken.yaml:",
            "c-typo.yaml#0: `kind: Tempalte`",
            "d-broken.json:",
        ] {
            assert!(
                err.contains(file),
                "{format}: every error is reported: {file}\n{err}"
            );
        }
    }
    // The same catalog without the broken files judges the VM: denied.
    for f in ["a-broken.yaml", "c-typo.yaml", "d-broken.json"] {
        std::fs::remove_file(Path::new(&catalog).join(f)).expect("rm");
    }
    let (code, out, _) = run(&["validate", "--templates", &catalog, &vms]);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("DENIED"), "{out}");
}

#[test]
fn review_refuses_a_catalog_with_a_bad_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let catalog = dir.path().join("catalog");
    write(&catalog, "a.yaml", &template("t", "Template"));
    write(&catalog, "b.yaml", "kind: Template\nmetadata: [\n");
    let (code, out, err) = run(&[
        "review",
        "--templates",
        &catalog.display().to_string(),
        "cli/tests/data/reviews/rhel9-memory-1Gi.review.json",
    ]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("b.yaml:"), "{err}");
}

#[test]
fn a_missing_template_is_allowed_and_said_so() {
    let dir = tempfile::tempdir().expect("tempdir");
    let catalog = dir.path().join("catalog");
    write(&catalog, "t.yaml", &template("t", "Template"));
    let vms = write(dir.path(), "vm.yaml", &vm("gone"));
    let catalog = catalog.display().to_string();
    let note = "template openshift/gone named by the VM is not in the catalog: allowed without validation, as the reference does";
    let (code, out, _) = run(&["validate", "--templates", &catalog, &vms]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("ALLOWED"), "{out}");
    assert!(out.contains(&format!("\n    warning {note}")), "{out}");
    let (_, out, _) = run(&["validate", "-o", "json", "--templates", &catalog, &vms]);
    let line: Value = serde_json::from_str(out.trim()).expect("json");
    assert_eq!(line["allowed"], true);
    assert_eq!(line["missing_template"], "openshift/gone");
    assert_eq!(line["warnings"][0], note);
    let (_, out, _) = run(&["validate", "-o", "tap", "--templates", &catalog, &vms]);
    assert!(
        out.contains(&format!("  warnings:\n    - \"{note}\"")),
        "{out}"
    );
    let (_, out, _) = run(&["validate", "-o", "junit", "--templates", &catalog, &vms]);
    assert!(
        out.contains("<system-out>warning: template openshift/gone"),
        "{out}"
    );
    let (code, _, _) = run(&[
        "validate",
        "--warn-exit-code",
        "3",
        "--templates",
        &catalog,
        &vms,
    ]);
    assert_eq!(code, 3, "a missing template counts as a warning");
    // And the template present: denied.
    let present = write(dir.path(), "present.yaml", &vm("t"));
    let (code, _, _) = run(&["validate", "--templates", &catalog, &present]);
    assert_eq!(code, 1);
}

#[test]
fn what_changes_no_verdict_is_a_warning() {
    let dir = tempfile::tempdir().expect("tempdir");
    let catalog = dir.path().join("catalog");
    write(&catalog, "a/t.yaml", &template("t", "Template"));
    write(&catalog, "b.yaml", &template("t", "Template"));
    let off = format!(
        "{}- kind: VirtualMachine\n  metadata:\n    annotations:\n      vm.kubevirt.io/validations: {RULES}\n",
        template("other", "Template")
    );
    write(&catalog, "c.yaml", &off);
    let vms = write(dir.path(), "vm.yaml", &vm("t"));
    let (code, out, err) = run(&[
        "validate",
        "--templates",
        &catalog.display().to_string(),
        &vms,
    ]);
    assert_eq!(code, 1, "judged: {out}{err}");
    assert!(
        err.contains("b.yaml#0: template `t` is also defined in")
            && err.contains("c.yaml#0: objects[1]: rules"),
        "{err}"
    );
}
