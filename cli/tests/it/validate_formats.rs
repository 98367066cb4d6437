//! `validgen validate` outputs: JUnit (parsed back), TAP (line by line), `--summary`,
//! `--errors-only`, `--warn-exit-code`.

use crate::common;

use common::{read, run, run_stdin};
use serde::Deserialize;

/// Denied and allowed VMs, warnings, a document that is not a VM, and a missing file.
const MIXED: &[&str] = &[
    "validate",
    "examples/vms/derived",
    "examples/vms/processed/windows2k22-server-medium.vm.yaml",
    "-",
    "no/such/file.yaml",
];

fn mixed_stdin() -> String {
    "kind: ConfigMap\nmetadata: {name: c}\n---\n".to_owned()
        + &read("examples/vms/processed/fedora-server-small.vm.yaml")
}

fn mixed(format: &str, extra: &[&str]) -> (i32, String, String) {
    let mut args = MIXED.to_vec();
    args.splice(1..1, ["-o", format]);
    args.splice(1..1, extra.iter().copied());
    run_stdin(&args, &mixed_stdin())
}

#[derive(Debug, Deserialize)]
struct Testsuites {
    #[serde(rename = "@name")]
    name: String,
    #[serde(rename = "@tests")]
    tests: usize,
    #[serde(rename = "@failures")]
    failures: usize,
    #[serde(rename = "@errors")]
    errors: usize,
    #[serde(rename = "@skipped")]
    skipped: usize,
    #[serde(default)]
    testsuite: Vec<Testsuite>,
}

#[derive(Debug, Deserialize)]
struct Testsuite {
    #[serde(rename = "@name")]
    name: String,
    #[serde(rename = "@tests")]
    tests: usize,
    #[serde(rename = "@failures")]
    failures: usize,
    #[serde(rename = "@errors")]
    errors: usize,
    #[serde(rename = "@skipped")]
    skipped: usize,
    #[serde(default)]
    testcase: Vec<Testcase>,
}

#[derive(Debug, Deserialize)]
struct Testcase {
    #[serde(rename = "@name")]
    name: String,
    #[serde(rename = "@classname")]
    classname: String,
    failure: Option<Failure>,
    error: Option<Message>,
    skipped: Option<Message>,
    #[serde(rename = "system-out")]
    system_out: Option<String>,
}

#[derive(Debug, Deserialize)]
struct Failure {
    #[serde(rename = "@message")]
    message: String,
    #[serde(rename = "@type")]
    kind: String,
    #[serde(rename = "$text")]
    text: String,
}

#[derive(Debug, Deserialize)]
struct Message {
    #[serde(rename = "@message")]
    message: String,
}

fn junit(xml: &str) -> Testsuites {
    quick_xml::de::from_str(xml).expect("JUnit XML parses")
}

#[test]
fn junit_has_a_suite_per_file_and_a_case_per_vm() {
    let (code, xml, err) = mixed("junit", &[]);
    assert_eq!(code, 2, "the missing file is an input error: {err}");
    insta::assert_snapshot!("junit_mixed", xml);
    let report = junit(&xml);
    assert_eq!(report.name, "validgen");
    assert_eq!(
        (report.tests, report.failures, report.errors, report.skipped),
        (10, 4, 1, 1)
    );
    let names: Vec<&str> = report.testsuite.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "examples/vms/derived/rhel9-server-small.memory-1536Mi.vm.yaml",
            "examples/vms/derived/rhel9-server-small.memory-1Gi.vm.yaml",
            "examples/vms/derived/rhel9-server-small.no-memory-guest.vm.yaml",
            "examples/vms/derived/windows11-desktop-medium.cores-1.vm.yaml",
            "examples/vms/derived/windows2k22-server-medium.usb-disk-scsi-cdrom.vm.yaml",
            "examples/vms/derived/windows2k25-highperformance-large.sata-cdrom.vm.yaml",
            "examples/vms/processed/windows2k22-server-medium.vm.yaml",
            "-",
            "no/such/file.yaml",
        ],
        "input order"
    );
    for suite in &report.testsuite {
        let count = |f: fn(&Testcase) -> bool| suite.testcase.iter().filter(|c| f(c)).count();
        assert_eq!(suite.tests, suite.testcase.len(), "{suite:?}");
        assert_eq!(suite.failures, count(|c| c.failure.is_some()), "{suite:?}");
        assert_eq!(suite.errors, count(|c| c.error.is_some()), "{suite:?}");
        assert_eq!(suite.skipped, count(|c| c.skipped.is_some()), "{suite:?}");
        for case in &suite.testcase {
            assert_eq!(case.classname, suite.name);
        }
    }
    let low = &report.testsuite[1].testcase[0];
    assert_eq!(
        low.name,
        "examples/vms/derived/rhel9-server-small.memory-1Gi.vm.yaml#0 rhel9-ahfc4lcnpm48mdau"
    );
    let failure = low.failure.as_ref().expect("denied");
    assert_eq!(failure.kind, "422 Invalid");
    assert_eq!(
        failure.message,
        "This VM requires more memory.: value 1073741824 is lower than minimum [1610612736]"
    );
    assert_eq!(
        failure.text,
        ".spec.domain.memory.guest: This VM requires more memory.: value 1073741824 is lower than minimum [1610612736]"
    );
    let buses = &report.testsuite[4].testcase[0];
    let failure = buses.failure.as_ref().expect("denied");
    assert_eq!(failure.text.lines().count(), 3, "one line per cause");
    assert!(
        buses
            .system_out
            .as_deref()
            .is_some_and(|o| o.starts_with("warning: virtio disk bus type")),
        "{buses:?}"
    );
    let warned = &report.testsuite[6].testcase[0];
    assert!(
        warned.failure.is_none() && warned.system_out.is_some(),
        "{warned:?}"
    );
    let stdin = &report.testsuite[7];
    assert_eq!(
        stdin.testcase[0]
            .skipped
            .as_ref()
            .map(|s| s.message.as_str()),
        Some("ConfigMap is neither a VirtualMachine nor a Kyverno test manifest")
    );
    assert_eq!(stdin.testcase[1].name, "-#1 fedora-szw3388osh8v86va");
    let missing = &report.testsuite[8].testcase[0];
    assert_eq!(
        missing.error.as_ref().map(|e| e.message.as_str()),
        Some("no/such/file.yaml: No such file or directory (os error 2)")
    );
}

#[test]
fn junit_escapes_what_it_carries() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("odd.yaml");
    // A VM whose own rule message has XML's special characters and a line break.
    let vm = r#"kind: VirtualMachine
metadata:
  name: "a<b>&c"
  annotations:
    vm.kubevirt.io/validations: '[{"name": "r", "path": "jsonpath::.spec.domain.cpu.cores", "rule": "integer", "message": "<\"cores\"> & \n more", "min": 2}]'
spec:
  template:
    spec:
      domain:
        cpu: {cores: 1}
"#;
    std::fs::write(&path, vm).expect("write");
    let (code, xml, err) = run(&["validate", "-o", "junit", &path.display().to_string()]);
    assert_eq!(code, 1, "{err}");
    let report = junit(&xml);
    let case = &report.testsuite[0].testcase[0];
    assert!(case.name.ends_with("#0 a<b>&c"), "{case:?}");
    let failure = case.failure.as_ref().expect("denied");
    assert_eq!(
        failure.message,
        "<\"cores\"> & \n more: value 1 is lower than minimum [2]"
    );
    assert_eq!(
        failure.text,
        ".spec.domain.cpu.cores: <\"cores\"> & \n more: value 1 is lower than minimum [2]"
    );
}

/// Checks a TAP stream line by line; returns its test points as (ok, description, YAML block).
fn tap_points(tap: &str) -> Vec<(bool, String, Option<serde_json::Value>)> {
    let lines: Vec<&str> = tap.lines().collect();
    assert_eq!(lines.first(), Some(&"TAP version 13"));
    let mut points = Vec::new();
    let mut i = 1;
    let mut plan = None;
    while i < lines.len() {
        let line = lines[i];
        i += 1;
        if let Some(n) = line.strip_prefix("1..") {
            plan = Some(n.parse::<usize>().expect("plan count"));
            continue;
        }
        if line.starts_with("# ") {
            continue;
        }
        let (ok, rest) = match line.strip_prefix("not ok ") {
            Some(rest) => (false, rest),
            None => (true, line.strip_prefix("ok ").expect("a test point")),
        };
        let (number, description) = rest.split_once(" - ").expect("`N - description`");
        assert_eq!(
            number.parse::<usize>().ok(),
            Some(points.len() + 1),
            "{line}"
        );
        let mut yaml = None;
        if lines.get(i) == Some(&"  ---") {
            let end = lines[i..]
                .iter()
                .position(|l| *l == "  ...")
                .expect("block end")
                + i;
            let block: Vec<&str> = lines[i + 1..end]
                .iter()
                .map(|l| l.strip_prefix("  ").expect("indented block"))
                .collect();
            yaml = Some(
                serde_saphyr::from_str::<serde_json::Value>(&block.join("\n"))
                    .expect("the diagnostic block is YAML"),
            );
            i = end + 1;
        }
        points.push((ok, description.to_owned(), yaml));
    }
    assert_eq!(plan, Some(points.len()), "the plan counts the test points");
    points
}

#[test]
fn tap_has_a_point_per_vm_with_yaml_diagnostics() {
    let (code, tap, err) = mixed("tap", &["--summary"]);
    assert_eq!(code, 2, "{err}");
    insta::assert_snapshot!("tap_mixed", tap);
    let points = tap_points(&tap);
    assert_eq!(points.len(), 10);
    let verdicts: Vec<bool> = points.iter().map(|p| p.0).collect();
    assert_eq!(
        verdicts,
        [
            true, false, false, false, false, true, true, true, true, false
        ]
    );
    let (_, description, yaml) = &points[1];
    assert_eq!(
        description,
        "examples/vms/derived/rhel9-server-small.memory-1Gi.vm.yaml\\#0 rhel9-ahfc4lcnpm48mdau"
    );
    assert_eq!(
        yaml.clone().expect("diagnostics"),
        serde_json::json!({
            "code": 422,
            "reason": "Invalid",
            "causes": [{
                "field": ".spec.domain.memory.guest",
                "message": "This VM requires more memory.: value 1073741824 is lower than minimum [1610612736]"
            }]
        })
    );
    let warned = points[6].2.clone().expect("diagnostics");
    assert_eq!(warned["warnings"].as_array().map(Vec::len), Some(1));
    assert_eq!(
        points[7].1,
        "-\\#0 ConfigMap # SKIP ConfigMap is neither a VirtualMachine nor a Kyverno test manifest"
    );
    assert_eq!(points[9].1, "no/such/file.yaml");
    assert_eq!(
        points[9].2.clone().expect("diagnostics")["error"],
        "no/such/file.yaml: No such file or directory (os error 2)"
    );
    assert_eq!(
        tap.lines().last(),
        Some(
            "# Summary: 8 VMs in 9 files - allowed: 4, denied: 4, with warnings: 3, errors: 1, skipped documents: 1"
        )
    );
}

/// `-o json` reports an input that could not be read as `{"source", "error"}`, in input order,
/// as JUnit and TAP do.
#[test]
fn json_has_an_object_per_unreadable_input() {
    let (code, out, err) = mixed("json", &[]);
    assert_eq!(code, 2, "{err}");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), 9, "8 VMs and the missing file: {out}");
    assert_eq!(
        lines[8],
        serde_json::json!({
            "source": "no/such/file.yaml",
            "error": "no/such/file.yaml: No such file or directory (os error 2)"
        })
    );
    assert!(lines[..8].iter().all(|l| l.get("error").is_none()), "{out}");
}

#[test]
fn summary_in_text_and_json() {
    let (code, out, err) = run(&["validate", "--summary", "examples/vms/derived"]);
    assert_eq!(code, 1, "{err}");
    insta::assert_snapshot!("text_derived_summary", out);
    let (code, out, _) = run(&[
        "validate",
        "-o",
        "json",
        "--summary",
        "examples/vms/processed",
    ]);
    assert_eq!(code, 0);
    let last: serde_json::Value =
        serde_json::from_str(out.lines().last().expect("lines")).expect("JSON");
    assert_eq!(
        last,
        serde_json::json!({"summary": {"files": 12, "vms": 12, "allowed": 12, "denied": 0,
            "with_warnings": 2, "errors": 0, "skipped": 0}})
    );
    assert_eq!(out.lines().count(), 13);
}

#[test]
fn junit_summary_goes_to_standard_error() {
    let (code, xml, err) = mixed("junit", &["--summary"]);
    assert_eq!(code, 2);
    junit(&xml);
    assert!(
        err.ends_with(
            "Summary: 8 VMs in 9 files - allowed: 4, denied: 4, with warnings: 3, errors: 1, skipped documents: 1\n"
        ),
        "{err}"
    );
}

#[test]
fn errors_only_prints_denied_vms_and_errors() {
    let (code, out, err) = mixed("text", &["--errors-only"]);
    assert_eq!(code, 2);
    assert!(!out.contains("ALLOWED"), "{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with("DENIED")).count(), 4);
    assert_eq!(
        err, "error: no/such/file.yaml: No such file or directory (os error 2)\n",
        "no notes about skipped documents"
    );
    let (_, tap, _) = mixed("tap", &["--errors-only"]);
    let points = tap_points(&tap);
    assert_eq!(points.len(), 5);
    assert!(points.iter().all(|p| !p.0));
    let (_, xml, _) = mixed("junit", &["--errors-only"]);
    let report = junit(&xml);
    assert_eq!((report.tests, report.failures, report.errors), (5, 4, 1));
    assert_eq!(
        report.testsuite.len(),
        5,
        "only files with something to show"
    );
    let (_, json, _) = mixed("json", &["--errors-only", "--summary"]);
    let lines: Vec<serde_json::Value> = json
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(
        lines.len(),
        6,
        "4 denied VMs, the missing file and the summary, which counts everything"
    );
    assert_eq!(lines[4]["source"], "no/such/file.yaml");
    assert_eq!(lines[5]["summary"]["vms"], 8);
}

#[test]
fn warn_exit_code_when_all_allowed_with_warnings() {
    let warned = "examples/vms/processed/windows2k22-server-medium.vm.yaml";
    let clean = "examples/vms/processed/fedora-server-small.vm.yaml";
    let denied = "examples/vms/derived/windows11-desktop-medium.cores-1.vm.yaml";
    let status = |args: &[&str]| run(args).0;
    assert_eq!(status(&["validate", warned]), 0);
    assert_eq!(status(&["validate", "--warn-exit-code", "3", warned]), 3);
    assert_eq!(status(&["validate", "--warn-exit-code", "3", clean]), 0);
    assert_eq!(
        status(&["validate", "--warn-exit-code", "3", warned, denied]),
        1,
        "a denial wins"
    );
    assert_eq!(
        status(&[
            "validate",
            "--warn-exit-code",
            "3",
            warned,
            "no/such/file.yaml"
        ]),
        2,
        "an error wins"
    );
    assert_eq!(status(&["validate", "--warn-exit-code", "256", warned]), 2);
}

/// Names, sources and messages from a manifest cannot forge output lines or send terminal
/// sequences: control characters come out escaped in text and TAP, and out of JUnit's XML.
#[test]
fn control_characters_from_a_manifest_are_escaped() {
    let dir = tempfile::tempdir().expect("tempdir");
    let path = dir.path().join("forge\u{1b}[2J.yaml");
    let vm = r#"kind: VirtualMachine
metadata:
  name: "vm\nALLOWED forged\r\u001b[31m\u0000\u007f\u009b"
  annotations:
    vm.kubevirt.io/validations: '[{"name": "r", "path": "jsonpath::.spec.domain.cpu.cores", "rule": "integer", "message": "m\nok 2 - forged\u001b]0;t\u0007", "min": 2}]'
spec:
  template:
    spec:
      domain:
        cpu: {cores: 1}
"#;
    std::fs::write(&path, vm).expect("write");
    let path = path.display().to_string();
    let (code, out, err) = run(&["validate", &path]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(
        out.lines().count(),
        2,
        "one VM line and one cause line: {out}"
    );
    assert!(
        !out.contains(['\r', '\u{1b}', '\0', '\u{7f}', '\u{9b}', '\u{7}']),
        "{out:?}"
    );
    assert!(
        out.contains("vm\\nALLOWED forged\\r\\u{1b}[31m\\u{0}\\u{7f}\\u{9b}"),
        "{out}"
    );
    assert!(out.contains("forge\\u{1b}[2J.yaml#0"), "{out}");
    assert!(
        out.contains("m\\nok 2 - forged\\u{1b}]0;t\\u{7}: value 1"),
        "{out}"
    );
    let (_, tap, _) = run(&["validate", "-o", "tap", &path]);
    assert!(
        !tap.contains(['\r', '\u{1b}', '\0', '\u{7f}', '\u{9b}', '\u{7}']),
        "{tap:?}"
    );
    let points: Vec<&str> = tap
        .lines()
        .filter(|l| l.starts_with("ok") || l.starts_with("not ok"))
        .collect();
    assert_eq!(points.len(), 1, "{tap}");
    assert!(
        tap.contains(r#"message: "m\nok 2 - forged\u001b]0;t\u0007: value 1"#),
        "{tap}"
    );
    let (_, xml, _) = run(&["validate", "-o", "junit", &path]);
    assert!(
        !xml.contains(['\u{1b}', '\0', '\u{7f}', '\u{9b}', '\u{7}']),
        "{xml:?}"
    );
    junit(&xml);
}
