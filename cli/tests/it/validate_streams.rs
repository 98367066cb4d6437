//! `validgen validate` on streams: standard input judged document by document as it arrives,
//! and many files judged in parallel but printed in input order.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use common::{read, root, run, run_stdin};
use serde_json::Value;

fn json_lines(out: &str) -> Vec<Value> {
    out.lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect()
}

/// A VM is printed once its document is complete, while standard input is still open.
#[test]
fn stdin_verdicts_come_before_the_end_of_the_stream() {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("validgen"))
        .args(["validate", "-o", "json", "-"])
        .current_dir(root())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("spawns");
    let mut stdin = child.stdin.take().expect("stdin");
    let stdout = child.stdout.take().expect("stdout");
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if tx.send(line.expect("a line")).is_err() {
                break;
            }
        }
    });
    let denied = read("examples/vms/derived/rhel9-server-small.memory-1Gi.vm.yaml");
    let allowed = read("examples/vms/processed/fedora-server-small.vm.yaml");
    // The `---` line ends the first document.
    writeln!(stdin, "{denied}---").expect("write");
    stdin.flush().expect("flush");
    let first = rx
        .recv_timeout(Duration::from_secs(60))
        .expect("the first verdict arrives while stdin is open");
    let first: Value = serde_json::from_str(&first).expect("JSON");
    assert_eq!(first["source"], "-#0");
    assert_eq!(first["allowed"], false);
    write!(stdin, "{allowed}").expect("write");
    drop(stdin);
    let second: Value =
        serde_json::from_str(&rx.recv_timeout(Duration::from_secs(60)).expect("second"))
            .expect("JSON");
    assert_eq!(second["source"], "-#1");
    assert_eq!(second["allowed"], true);
    assert_eq!(child.wait().expect("exits").code(), Some(1));
}

/// Line-delimited and pretty-printed JSON documents on standard input.
#[test]
fn stdin_json_values() {
    let vm = |name: &str, cores: &str| {
        format!(
            r#"{{"kind": "VirtualMachine", "metadata": {{"name": "{name}", "annotations": {{"vm.kubevirt.io/validations": "[{{\"name\": \"c\", \"path\": \"jsonpath::.spec.domain.cpu.cores\", \"rule\": \"integer\", \"message\": \"cores\", \"min\": 2}}]"}}}}, "spec": {{"template": {{"spec": {{"domain": {{"cpu": {{"cores": {cores}}}}}}}}}}}}}"#
        )
    };
    let pretty: Value = serde_json::from_str(&vm("pretty", "1")).expect("JSON");
    let input = format!(
        "{}\n{}\n{}\n",
        vm("a", "2"),
        serde_json::to_string_pretty(&pretty).expect("JSON"),
        vm("b", "4")
    );
    let (code, out, err) = run_stdin(&["validate", "-o", "json", "-"], &input);
    assert_eq!(code, 1, "{err}");
    let lines = json_lines(&out);
    let got: Vec<(&str, &str, bool)> = lines
        .iter()
        .map(|l| {
            (
                l["source"].as_str().expect("source"),
                l["name"].as_str().expect("name"),
                l["allowed"].as_bool().expect("allowed"),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("-#0", "a", true),
            ("-#1", "pretty", false),
            ("-#2", "b", true)
        ]
    );
}

/// A broken document is reported at its line in the stream; the documents around it are
/// still judged, and keep their positions.
#[test]
fn stdin_errors_name_stream_lines() {
    let vm = "kind: VirtualMachine\nmetadata: {name: z}\n";
    let input = format!("{vm}---\na: [1\n---\n{vm}---\nx: [a}}\n---\n{vm}");
    let (code, out, err) = run_stdin(&["validate", "-"], &input);
    assert_eq!(code, 2);
    let sources: Vec<&str> = out.lines().filter_map(|l| l.split(' ').nth(1)).collect();
    assert_eq!(sources, ["-#0", "-#2", "-#4"]);
    assert_eq!(
        err,
        "error: -:4:4: unclosed bracket '['\nerror: -:9:4: mismatched bracket '[' closed by '}'\n",
        "{err}"
    );
}

/// `-o json` reports a broken document as an object of its own, at its place in the stream.
#[test]
fn stdin_errors_are_json_objects_in_stream_order() {
    let vm = "kind: VirtualMachine\nmetadata: {name: z}\n";
    let input = format!("{vm}---\na: [1\n---\n{vm}---\nx: [a}}\n---\n{vm}");
    let (code, out, err) = run_stdin(&["validate", "-o", "json", "-"], &input);
    assert_eq!(code, 2, "{err}");
    let lines = json_lines(&out);
    let sources: Vec<&str> = lines.iter().filter_map(|l| l["source"].as_str()).collect();
    assert_eq!(sources, ["-#0", "-:4", "-#2", "-:9", "-#4"], "{out}");
    assert_eq!(
        lines[1],
        serde_json::json!({"source": "-:4", "error": "-:4:4: unclosed bracket '['"})
    );
    assert_eq!(
        lines[3]["error"],
        "-:9:4: mismatched bracket '[' closed by '}'"
    );
}

#[test]
fn stdin_limits_each_document() {
    let vm = read("examples/vms/processed/fedora-server-small.vm.yaml");
    let big = format!("kind: ConfigMap\ndata: {{a: \"{}\"}}\n", "x".repeat(4096));
    let input = format!("{vm}---\n{big}---\n{vm}");
    let limit = (vm.len() + 100).to_string();
    let (code, out, err) = run_stdin(&["validate", "--max-bytes", &limit, "-"], &input);
    assert_eq!(code, 2);
    assert_eq!(out.lines().filter(|l| l.starts_with("ALLOWED")).count(), 2);
    let line = vm.lines().count() + 1;
    assert_eq!(
        err,
        format!(
            "error: -:{line}: {} bytes is over the limit of {limit} bytes (raise it with --max-bytes)\n",
            "---\n".len() + big.len()
        )
    );
}

#[test]
fn empty_stdin_is_an_error() {
    let (code, _, err) = run_stdin(&["validate", "-"], "# nothing here\n");
    assert_eq!(code, 2);
    assert_eq!(err, "error: -: no document in the file\n");
}

/// More files than the progress-bar threshold, judged in parallel: printed in input order,
/// each with the verdict it gets alone, and no progress bar when standard error is not a
/// terminal.
#[test]
fn many_files_in_input_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let mut originals = Vec::new();
    for sub in ["examples/vms/processed", "examples/vms/derived"] {
        let mut names: Vec<_> = std::fs::read_dir(root().join(sub))
            .expect("bundled VMs")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
            .collect();
        names.sort();
        originals.extend(names);
    }
    let mut expected = Vec::new();
    for i in 0..240 {
        let original = &originals[i % originals.len()];
        let path = dir.path().join(format!("vm-{i:03}.yaml"));
        std::fs::copy(original, &path).expect("copy");
        expected.push((
            format!("{}#0", path.display()),
            original.display().to_string(),
        ));
    }
    let alone: Vec<Value> = originals
        .iter()
        .map(|p| {
            let (_, out, _) = run(&["validate", "-o", "json", &p.display().to_string()]);
            json_lines(&out).remove(0)
        })
        .collect();
    let (code, out, err) = run(&["validate", "-o", "json", &dir.path().display().to_string()]);
    assert_eq!(code, 1);
    assert_eq!(err, "", "no progress bar off a terminal");
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 240);
    for (i, (line, (source, _))) in lines.iter().zip(&expected).enumerate() {
        assert_eq!(line["source"], source.as_str());
        let mut want = alone[i % originals.len()].clone();
        want["source"] = line["source"].clone();
        assert_eq!(line, &want, "{source}");
    }
}

/// A VM as one JSON line, named `name`, with a rule asking for 2 cores and `cores` of them,
/// padded with an annotation of `pad` bytes.
fn vm_line(name: &str, cores: u32, pad: usize) -> String {
    let rules = r#"[{\"name\":\"c\",\"path\":\"jsonpath::.spec.domain.cpu.cores\",\"rule\":\"integer\",\"message\":\"m\",\"min\":2}]"#;
    format!(
        r#"{{"apiVersion":"kubevirt.io/v1","kind":"VirtualMachine","metadata":{{"name":"{name}","annotations":{{"pad":"{}","vm.kubevirt.io/validations":"{rules}"}}}},"spec":{{"template":{{"spec":{{"domain":{{"cpu":{{"cores":{cores}}}}}}}}}}}}}"#,
        "x".repeat(pad)
    )
}

#[test]
fn an_over_long_json_line_does_not_swallow_the_documents_after_it() {
    let input = format!(
        "{}\n{}\n{}\n",
        vm_line("first", 1, 0),
        vm_line("long", 1, 4000),
        vm_line("third", 1, 0)
    );
    let (code, out, err) = run_stdin(
        &["validate", "-o", "json", "--max-bytes", "1024", "-"],
        &input,
    );
    assert_eq!(code, 2, "{out}{err}");
    let names: Vec<_> = json_lines(&out)
        .iter()
        .map(|l| (l["source"].clone(), l["name"].clone(), l["allowed"].clone()))
        .collect();
    assert_eq!(
        names,
        vec![
            ("-#0".into(), "first".into(), false.into()),
            ("-:2".into(), Value::Null, Value::Null),
            ("-#2".into(), "third".into(), false.into()),
        ],
        "{err}"
    );
    assert!(err.contains("error: -:2: 4"), "names the line: {err}");
    assert!(
        err.contains("bytes is over the limit of 1024 bytes"),
        "{err}"
    );
}

#[test]
fn max_bytes_bounds_each_document_of_a_file() {
    let dir = tempfile::tempdir().expect("tempdir");
    let yaml = dir.path().join("two.yaml");
    let docs = [vm_line("a", 2, 700), vm_line("b", 1, 700)];
    std::fs::write(&yaml, docs.join("\n---\n")).expect("write");
    let json = dir.path().join("two.json");
    std::fs::write(&json, docs.join("\n")).expect("write");
    for path in [&yaml, &json] {
        let path = path.display().to_string();
        let (code, out, err) = run(&["validate", "-o", "json", "--max-bytes", "1024", &path]);
        assert_eq!(
            code, 1,
            "{path}: both documents judged, one denied: {out}{err}"
        );
        let allowed: Vec<_> = json_lines(&out)
            .iter()
            .map(|l| l["allowed"].clone())
            .collect();
        assert_eq!(
            allowed,
            vec![Value::from(true), Value::from(false)],
            "{path}"
        );
    }
}
