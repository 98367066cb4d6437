//! SLOW (runs `cargo`): a crate written by `validgen generate` builds against this workspace's
//! `validgen` and judges VMs as the interpreter does; one written by `generate --schemas`
//! builds and validates documents.
//!
//! The crate is built in this workspace's target folder (the one holding this test), so the
//! first run compiles `validgen` and its dependencies once more for the generated crate's
//! profile (about a minute on two cores) and later runs only the generated crate (a few
//! seconds). It builds offline, with this workspace's `Cargo.lock`.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{root, validgen};

/// The templates compiled: one whose rules need `1.5Gi` canonicalised, one with enum rules.
const TEMPLATES: [&str; 2] = ["rhel9-server-tiny.yaml", "windows2k22-server-medium.yaml"];

/// A test of the generated crate: the compiled functions and `CATALOG`, on VMs allowed and
/// denied.
const VERDICT_TEST: &str = r#"
use validgen::admission::{Explain, Mode};
use validgen::serde_json::json;

fn vm(template: &str, guest: &str, bus: &str) -> validgen::serde_json::Value {
    json!({
        "apiVersion": "kubevirt.io/v1",
        "kind": "VirtualMachine",
        "metadata": {"name": "vm", "namespace": "default", "labels": {
            "vm.kubevirt.io/template": template,
            "vm.kubevirt.io/template.namespace": "openshift"
        }},
        "spec": {"template": {"spec": {"domain": {
            "memory": {"guest": guest},
            "devices": {"disks": [{"name": "root", "disk": {"bus": bus}}]}
        }}}}
    })
}

#[test]
fn compiled_functions_judge_vms() {
    let small = templates_validators::rhel9_server_tiny(&vm("rhel9-server-tiny", "1Gi", "virtio"), Explain::All);
    assert_eq!(small.rules[0].detail, "value 1073741824 is lower than minimum [1610612736]");
    let ok = templates_validators::rhel9_server_tiny(&vm("rhel9-server-tiny", "1536Mi", "virtio"), Explain::All);
    assert_eq!(ok.rules[0].detail, "All values [1610612736] are in interval [1610612736, N/A]");
    let usb = templates_validators::windows2k22_server_medium(&vm("windows2k22-server-medium", "4Gi", "usb"), Explain::All);
    let details: Vec<&str> = usb.rules.iter().map(|r| r.detail.as_str()).collect();
    assert!(details.contains(&"Some of [usb] are not in [virtio, sata, scsi]"), "{details:?}");
}

#[test]
fn catalog_takes_the_admission_decision() {
    let tiny = vm("rhel9-server-tiny", "1.5Gi", "virtio");
    let by_template = templates_validators::CATALOG.decide(&tiny, Mode::Raw);
    assert!(by_template.allowed, "v0.35.0 templates keep their rules on objects[0], not on the Template");
    let own_rules = json!({
        "metadata": {"name": "vm", "annotations": {"vm.kubevirt.io/validations":
            "[{\"name\": \"minimal-required-memory\", \"path\": \"jsonpath::.spec.domain.memory.guest\", \"rule\": \"integer\", \"message\": \"This VM requires more memory.\", \"min\": 1610612736}]"}},
        "spec": {"template": {"spec": {"domain": {"memory": {"guest": "1.5Gi"}}}}}
    });
    assert!(templates_validators::CATALOG.decide(&own_rules, Mode::Admitted).allowed);
    let denied = templates_validators::CATALOG.decide(&own_rules, Mode::Raw);
    assert_eq!(denied.code, Some(422));
}
"#;

/// The target folder of this test's own build.
fn target_dir() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable");
    // <target>/debug/deps/generate_build-<hash>
    exe.ancestors()
        .nth(3)
        .map(Path::to_path_buf)
        .expect("target folder")
}

/// A test of a generated schema crate: a validator, its `_text` twin with positions, and
/// `SCHEMAS`.
const SCHEMA_TEST: &str = r#"
use validgen::interpret::Explain;
use validgen::serde_json::json;

#[test]
fn compiled_schemas_validate_documents() {
    let ok = schemas_validators::server_schema(&json!({"name": "a", "port": 1}), Explain::Failures);
    assert!(ok.violations.is_empty());
    let bad = schemas_validators::server_schema_text("name: a
port: 70000
", Explain::Failures)
        .expect("YAML");
    assert_eq!(bad.violations.len(), 1);
    assert_eq!(bad.violations[0].location, "/port");
    assert_eq!(bad.violations[0].keyword, "/properties/port/maximum");
    assert_eq!(bad.violations[0].span.map(|s| (s.line, s.column)), Some((2, 7)));
    let names: Vec<&str> = schemas_validators::SCHEMAS.iter().map(|v| v.name).collect();
    assert_eq!(names, ["server_schema", "widget_v1", "widget_v1beta1"]);
    let widget = &schemas_validators::SCHEMAS[1];
    assert_eq!(widget.file, "widget.crd.yaml (version v1)");
    let doc = json!({"spec": {"size": 11}});
    let report = (widget.validate)(&doc, Explain::Failures);
    assert_eq!(widget.describe(&report.violations[0], &doc), "11 is greater than the maximum of 10");
}
"#;

/// Generates a crate in a temporary folder outside this repository that is a Cargo workspace of
/// its own (which does not list the crate), from the files `inputs` (`(from, to)` under the
/// repository root and under the folder) with `args` and no dependency flag, so the
/// `Cargo.toml` is exactly the one a user gets (a path to this source tree); adds `test` as its
/// test and the workspace's `Cargo.lock`, and runs its tests in this workspace's target folder;
/// returns cargo's standard output.
fn generate_and_test(inputs: &[(String, String)], args: &[&str], test: &str) -> String {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("Cargo.toml"),
        "[workspace]\nresolver = \"3\"\n",
    )
    .expect("write the enclosing workspace");
    for (from, to) in inputs {
        let to = dir.path().join(to);
        if let Some(parent) = to.parent() {
            std::fs::create_dir_all(parent).expect("mkdir");
        }
        std::fs::copy(root().join(from), to).expect("copy input");
    }
    let generated = validgen()
        .current_dir(dir.path())
        .args(args)
        .args(["--out", "crate"])
        .output()
        .expect("runs");
    assert!(generated.status.success(), "{generated:?}");
    let krate = dir.path().join("crate");
    let manifest = std::fs::read_to_string(krate.join("Cargo.toml")).expect("Cargo.toml");
    assert!(manifest.contains("\n[workspace]\n"), "{manifest}");
    std::fs::create_dir(krate.join("tests")).expect("mkdir");
    std::fs::write(krate.join("tests/generated.rs"), test).expect("write test");
    std::fs::copy(root().join("Cargo.lock"), krate.join("Cargo.lock")).expect("copy lock");
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(&krate)
        .args(["test", "--offline", "--quiet"])
        .env("CARGO_TARGET_DIR", target_dir())
        .output()
        .expect("cargo runs");
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{stdout}\n{stderr}");
    stdout.into_owned()
}

/// The schema crate shares the template crate's build of `validgen` (same target folder,
/// profile and lock file): it adds only its own compilation.
#[test]
fn generated_schema_crate_builds_and_validates_documents() {
    let inputs = [
        ("app/server.schema.json", "schemas/server.schema.json"),
        ("crd/widget.crd.yaml", "schemas/widget.crd.yaml"),
    ]
    .map(|(from, to)| (format!("cli/tests/data/schemas/{from}"), to.to_owned()));
    let stdout = generate_and_test(&inputs, &["generate", "--schemas", "schemas"], SCHEMA_TEST);
    assert!(stdout.contains("test result: ok. 1 passed"), "{stdout}");
}

/// The crate is generated inside another Cargo workspace, which does not list it: it builds
/// there unedited, being its own workspace root.
#[test]
fn generated_crate_builds_and_judges_vms() {
    let inputs = TEMPLATES.map(|t| {
        (
            format!("examples/common-templates/templates/{t}"),
            format!("templates/{t}"),
        )
    });
    let stdout = generate_and_test(&inputs, &["generate", "templates"], VERDICT_TEST);
    assert!(stdout.contains("test result: ok. 2 passed"), "{stdout}");
}
