//! `validgen validate` end to end on the bundled catalog and VMs, and on bad input.

use std::path::PathBuf;

use assert_cmd::Command;
use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn validgen() -> Command {
    let mut c = Command::cargo_bin("validgen").expect("binary");
    c.current_dir(root());
    c
}

fn json_lines(out: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

fn by_source<'a>(lines: &'a [Value], file: &str) -> &'a Value {
    lines
        .iter()
        .find(|l| l["source"].as_str().is_some_and(|s| s.ends_with(file)))
        .unwrap_or_else(|| panic!("no verdict for {file}"))
}

#[test]
fn processed_vms_are_allowed_with_the_windows_warning() {
    let out = validgen()
        .args(["validate", "-o", "json", "examples/vms/processed"])
        .output()
        .expect("runs");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines = json_lines(&out.stdout);
    assert_eq!(lines.len(), 12);
    for l in &lines {
        assert_eq!(l["allowed"], true, "{l}");
        assert_eq!(l["causes"], serde_json::json!([]));
    }
    let win = by_source(&lines, "windows2k22-server-medium.vm.yaml#0");
    let warnings = win["warnings"].as_array().expect("warnings");
    assert_eq!(warnings.len(), 1, "{win}");
    assert!(
        warnings[0].as_str().is_some_and(|w| w.contains("virtio")),
        "{win}"
    );
    let tiny = by_source(&lines, "rhel9-server-tiny.vm.yaml#0");
    assert_eq!(
        tiny["rules"][0]["outcome"], "satisfied",
        "1.5Gi is 1536Mi once admitted"
    );
}

#[test]
fn raw_mode_judges_the_manifest_as_written() {
    let out = validgen()
        .args([
            "validate",
            "--raw",
            "-o",
            "json",
            "examples/vms/processed/rhel9-server-tiny.vm.yaml",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let l = &json_lines(&out.stdout)[0];
    assert_eq!(l["allowed"], false);
    assert_eq!(l["code"], 422);
    assert_eq!(
        l["causes"][0]["message"],
        "This VM requires more memory.: mismatching type: *resource.Quantity, not int or resource.Quantity"
    );
}

#[test]
fn derived_vms_get_the_reference_causes() {
    let out = validgen()
        .args(["validate", "-o", "json", "examples/vms/derived"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out.stdout);
    let low = by_source(&lines, "rhel9-server-small.memory-1Gi.vm.yaml#0");
    assert_eq!(low["allowed"], false);
    assert_eq!(low["code"], 422);
    assert_eq!(low["reason"], "Invalid");
    assert_eq!(
        low["causes"],
        serde_json::json!([{
            "reason": "FieldValueInvalid",
            "field": ".spec.domain.memory.guest",
            "message": "This VM requires more memory.: value 1073741824 is lower than minimum [1610612736]"
        }])
    );
    assert_eq!(
        by_source(&lines, "rhel9-server-small.memory-1536Mi.vm.yaml#0")["allowed"],
        true
    );
    let cores = by_source(&lines, "windows11-desktop-medium.cores-1.vm.yaml#0");
    assert_eq!(cores["allowed"], false);
    assert!(
        cores["message"]
            .as_str()
            .is_some_and(|m| m.contains("value 1 is lower than minimum")),
        "{cores}"
    );
    let buses = by_source(
        &lines,
        "windows2k22-server-medium.usb-disk-scsi-cdrom.vm.yaml#0",
    );
    let fields: Vec<&str> = buses["causes"]
        .as_array()
        .expect("causes")
        .iter()
        .filter_map(|c| c["field"].as_str())
        .collect();
    assert_eq!(
        fields.len(),
        3,
        "disk bus, cdrom bus, and the justWarning rule: {buses}"
    );
    assert_eq!(
        by_source(
            &lines,
            "windows2k25-highperformance-large.sata-cdrom.vm.yaml#0"
        )["allowed"],
        true
    );
}

#[test]
fn upstream_validator_vms_are_judged_through_their_templates() {
    let out = validgen()
        .args([
            "validate",
            "-o",
            "json",
            "--templates",
            "examples/other-templates/kubevirt-template-validator",
            "examples/vms/kubevirt-template-validator",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let lines = json_lines(&out.stdout);
    let expect = [
        ("01-vm-without-template.yaml#0", true),
        ("03-vm-from-template-with-rules-satisfied.yaml#0", true),
        ("04-vm-from-template-with-rules-unfulfilled.yaml#0", false),
        (
            "05-vm-from-template-with-optional-rules-unfulfilled.yaml#0",
            true,
        ),
        (
            "06-vm-from-template-with-rules-and-unspecified-paths.yaml#0",
            false,
        ),
        (
            "07-vm-from-template-with-incorrect-rules-satisfied.yaml#0",
            false,
        ),
        (
            "08-vm-from-template-with-incorrect-rules-unfulfilled.yaml#0",
            false,
        ),
        (
            "09-vm-from-template-with-incorrect-rules-just-warning.yaml#0",
            true,
        ),
        ("12-vm-with-template-info-in-labels.yaml#0", true),
        ("14-vm-from-template-with-incomplete-cpu-info.yaml#0", true),
    ];
    for (file, allowed) in expect {
        assert_eq!(by_source(&lines, file)["allowed"], allowed, "{file}");
    }
    let warned = by_source(
        &lines,
        "09-vm-from-template-with-incorrect-rules-just-warning.yaml#0",
    );
    assert_eq!(warned["warnings"].as_array().map(Vec::len), Some(1));
}

#[test]
fn text_output_is_one_line_per_vm_then_causes() {
    let out = validgen()
        .args([
            "validate",
            "examples/vms/derived/rhel9-server-small.memory-1Gi.vm.yaml",
        ])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2, "{text}");
    assert!(lines[0].starts_with("DENIED"), "{text}");
    assert!(!text.contains('\u{1b}'), "no colour when not a terminal");
    assert!(
        lines[1].starts_with("    cause .spec.domain.memory.guest: This VM requires more memory."),
        "{text}"
    );
}

#[test]
fn stdin_and_non_vm_documents() {
    let input = "kind: ConfigMap\nmetadata: {name: c}\n---\n".to_owned()
        + &std::fs::read_to_string(
            root().join("examples/vms/processed/fedora-server-small.vm.yaml"),
        )
        .expect("read");
    let out = validgen()
        .args(["validate", "-o", "json", "-"])
        .write_stdin(input)
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out.stdout);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["source"], "-#1");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("-#0: skipped ConfigMap"), "{err}");
}

/// Each kind of bad input: exit 2, a message naming the file (and line where known).
#[test]
fn bad_input_is_reported_with_its_location() {
    let dir = tempfile::tempdir().expect("tempdir");
    let write = |name: &str, bytes: &[u8]| {
        let p = dir.path().join(name);
        std::fs::write(&p, bytes).expect("write");
        p.display().to_string()
    };
    let mut laughs = String::from(
        "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n",
    );
    let mut prev = 'a';
    for c in "bcdefghi".chars() {
        laughs += &format!("{c}: &{c} [{}]\n", vec![format!("*{prev}"); 9].join(","));
        prev = c;
    }
    let cases = [
        (
            write(
                "malformed.yaml",
                b"kind: VirtualMachine\nmetadata: {name: x\n",
            ),
            "malformed.yaml:2:11: unclosed bracket",
        ),
        (
            write(
                "malformed.json",
                b"{\"kind\": \"VirtualMachine\", \"metadata\": }",
            ),
            "malformed.json:1:40: expected value",
        ),
        (write("laughs.yaml", laughs.as_bytes()), "laughs.yaml:"),
        (
            write(
                "nonutf8.yaml",
                b"kind: VirtualMachine\nmetadata:\n  name: \xff\n",
            ),
            "nonutf8.yaml:3:9: not UTF-8",
        ),
        (
            write(
                "deep.json",
                ("[".repeat(10_000) + &"]".repeat(10_000)).as_bytes(),
            ),
            "deep.json:1:128: recursion limit exceeded",
        ),
        (
            write(
                "deep.yaml",
                ("a: ".to_owned() + &"[".repeat(10_000) + &"]".repeat(10_000)).as_bytes(),
            ),
            "deep.yaml:1:",
        ),
        (
            write("empty.yaml", b""),
            "empty.yaml: no document in the file",
        ),
    ];
    for (path, want) in &cases {
        let out = validgen().args(["validate", path]).output().expect("runs");
        assert_eq!(out.status.code(), Some(2), "{path}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(want), "{path}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    let big = write("big.yaml", &[b"a: ".as_slice(), &[b'x'; 2045]].concat());
    let out = validgen()
        .args(["validate", "--max-bytes", "1024", &big])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr)
            .contains("big.yaml:1: 2048 bytes is over the limit of 1024 bytes")
    );
    let empty_dir = dir.path().join("nothing");
    std::fs::create_dir(&empty_dir).expect("mkdir");
    let out = validgen()
        .args(["validate", &empty_dir.display().to_string()])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no manifests found"));
}

#[test]
fn usage_errors_exit_2() {
    let out = validgen().args(["validate"]).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let out = validgen()
        .args(["validate", "-o", "xml", "x.yaml"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
}
