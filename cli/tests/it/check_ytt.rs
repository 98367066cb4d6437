//! `validgen check --ytt-schema`: every error of a ytt data-values schema, located, where ytt
//! stops at the first. The schemas of the recorded ytt 0.48.0 cases
//! (`tests/conformance/ytt/cases.jsonl`): those ytt refuses get findings that say what ytt
//! says, those it accepts none; a schema with several errors gets each at its line.

use crate::recorded;

use std::path::Path;

use recorded::cases;
use serde_json::Value;
use validgen_ytt::check::schema_faults;

/// Runs `validgen args…` in `dir`.
fn run_in(dir: &Path, args: &[&str]) -> (i32, String, String) {
    let out = assert_cmd::Command::cargo_bin("validgen")
        .expect("binary")
        .current_dir(dir)
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().expect("exit status"),
        String::from_utf8(out.stdout).expect("UTF-8"),
        String::from_utf8(out.stderr).expect("UTF-8"),
    )
}

/// The diagnostics of `check -o json` on `schema` in `dir`: (line, message).
fn findings(dir: &Path, schema: &str) -> (i32, Vec<(u64, String)>) {
    let (code, out, err) = run_in(dir, &["check", "--ytt-schema", schema, "-o", "json"]);
    assert!(!err.contains("panicked"), "{err}");
    let json: Value = serde_json::from_str(&out).expect("JSON");
    let found = json["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            assert_eq!(d["id"], "ytt-schema-error");
            assert_eq!(d["file"], schema);
            (
                d["line"].as_u64().unwrap_or_default(),
                d["message"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect();
    (code, found)
}

/// Whether ytt's text `stderr` says what `message` says: each part of its first sentence
/// (before `; found:`, parts split at `: `, positions left out) is in it.
fn says(stderr: &str, message: &str) -> bool {
    let head = message.split("; ").next().unwrap_or(message);
    head.split(": ").all(|part| {
        let part = part.split(" (at ").next().unwrap_or(part);
        stderr.contains(part)
    })
}

#[test]
fn recorded_schemas_ytt_refuses_have_findings_saying_what_ytt_says_others_none() {
    let (mut refused, mut accepted) = (0, 0);
    for case in cases() {
        let first_file = case.args.iter().position(|a| a == "-f");
        let is_schema_run = first_file
            .and_then(|i| case.args.get(i + 1))
            .is_some_and(|f| f == "schema.yml")
            && case.args.iter().filter(|a| *a == "-f").count() == 1
            && case.group != "starlark-out-of-scope";
        if !is_schema_run {
            continue;
        }
        let dir = tempfile::tempdir().expect("temp dir");
        for f in &case.files {
            std::fs::write(dir.path().join(&f.name), &f.text).expect("written");
        }
        let (code, found) = findings(dir.path(), "schema.yml");
        let id = &case.id;
        let stderr = &case.expected.stderr;
        if case.expected.exit_code != 0
            && stderr.starts_with("ytt: Error: Overlaying data values schema")
        {
            assert_eq!(code, 1, "{id}");
            // The first sentence of some finding is ytt's own text.
            assert!(
                found.iter().any(|(_, m)| says(stderr, m)),
                "{id}: {found:?}\n{stderr}"
            );
            assert!(found.iter().all(|(line, _)| *line > 0), "{id}: {found:?}");
            refused += 1;
        } else if !stderr.contains("unsupported") {
            assert_eq!((code, found), (0, Vec::new()), "{id}");
            accepted += 1;
        }
    }
    assert_eq!((refused, accepted), (68, 991));
}

#[test]
fn ytts_own_error_is_among_the_faults_of_each_refused_recorded_schema() {
    let mut refused = 0;
    for case in cases() {
        let stderr = &case.expected.stderr;
        let Some(text) = stderr.strip_prefix("ytt: Error: ") else {
            continue;
        };
        let has_schema = case.files.iter().any(|f| f.name == "schema.yml");
        if !has_schema || !text.starts_with("Overlaying data values schema (") {
            continue;
        }
        let read = |name: &str| {
            case.files
                .iter()
                .find(|f| f.name == name)
                .map(|f| f.text.clone())
                .ok_or_else(|| format!("no {name}"))
        };
        let faults = schema_faults("schema.yml", &read, false);
        refused += 1;
        // ytt stops at its first error: that one, byte for byte, is one of the faults.
        assert!(
            faults.iter().any(|f| f.text == text),
            "{}: {faults:#?}\n{text}",
            case.id
        );
    }
    assert_eq!(refused, 68);
}

#[test]
fn starlark_beyond_validgen_is_found_in_every_recorded_schema_that_has_it() {
    let mut refused = 0;
    let mut read = Vec::new();
    for case in cases() {
        let has_schema = case.files.iter().any(|f| f.name == "schema.yml");
        if case.group != "starlark-out-of-scope" || !has_schema {
            continue;
        }
        let dir = tempfile::tempdir().expect("temp dir");
        for f in &case.files {
            std::fs::write(dir.path().join(&f.name), &f.text).expect("written");
        }
        let (code, found) = findings(dir.path(), "schema.yml");
        // Functions validgen runs are read: ytt's schema, no finding.
        if code == 0 && found.is_empty() {
            read.push(case.id);
            continue;
        }
        assert_eq!(code, 1, "{}", case.id);
        assert!(
            found
                .iter()
                .any(|(line, m)| *line > 0 && m.contains("unsupported")),
            "{}: {found:?}",
            case.id
        );
        refused += 1;
    }
    assert_eq!(refused, 0);
    assert_eq!(
        read,
        [
            "starlark-out-of-scope-educates-installer-defaults",
            "starlark-out-of-scope-educates-installer-custom-test-custom-scenario-1",
            "starlark-out-of-scope-educates-installer-eks-test-eks-scenario-01",
            "starlark-out-of-scope-educates-contour-defaults",
            "starlark-out-of-scope-educates-contour-kind-loadbalancer",
            "starlark-out-of-scope-educates-external-dns-defaults",
            "starlark-out-of-scope-educates-external-dns-export",
            "starlark-out-of-scope-def-rule",
        ]
    );
}

/// A schema with one error per node, each of a kind ytt reports alone.
const SEVERAL: &str = r#"#@data/values-schema
---
#@schema/validation invalid_kwarg=1
a: 1
#@schema/validation min=
b: 2
#@schema/validation min=lowest
c: 3
#@schema/default "x"
d: 4
e:
f:
- 1
- 2
#@ load("x.star", "y")
g: ""
"#;

#[test]
fn every_error_of_one_schema_is_found_at_its_line() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("several.yml"), SEVERAL).expect("written");
    let (code, found) = findings(dir.path(), "several.yml");
    assert_eq!(code, 1);
    let lines: Vec<u64> = found.iter().map(|(l, _)| *l).collect();
    assert_eq!(lines, [3, 5, 7, 9, 11, 12, 15], "{found:?}");
    // Each text is ytt's: it is in a recorded ytt error.
    let recorded: String = cases().into_iter().map(|c| c.expected.stderr).collect();
    for (line, message) in &found[..6] {
        assert!(says(&recorded, message), "line {line}: {message}");
    }
    assert!(
        found[6]
            .1
            .contains("cannot load x.star: Expected to find file 'x.star' (hint: only files included via -f flag are available)"),
        "{found:?}"
    );

    // Text: each with its source line, then the count.
    let (code, text, _) = run_in(dir.path(), &["check", "--ytt-schema", "several.yml"]);
    assert_eq!(code, 1);
    assert!(
        text.contains("error[ytt-schema-error]: undefined: lowest\n --> several.yml:7:1\n"),
        "{text}"
    );
    assert!(
        text.contains("7 | #@schema/validation min=lowest"),
        "{text}"
    );
    assert!(
        text.ends_with("7 errors, 0 warnings in 1 schema path\n"),
        "{text}"
    );

    // SARIF: each result at its line, under the ytt rule.
    let (code, sarif, _) = run_in(
        dir.path(),
        &["check", "--ytt-schema", "several.yml", "-o", "sarif"],
    );
    assert_eq!(code, 1);
    let sarif: Value = serde_json::from_str(&sarif).expect("SARIF");
    let results = sarif["runs"][0]["results"].as_array().expect("results");
    assert_eq!(results.len(), 7);
    assert_eq!(results[0]["ruleId"], "ytt-schema-error");
    assert_eq!(
        results[1]["locations"][0]["physicalLocation"]["region"]["startLine"],
        5
    );
}

#[test]
fn unreadable_schemas_are_one_finding_each_without_panic() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("broken.yml"), "a: [1,\n").expect("written");
    std::fs::write(dir.path().join("rules.star"), "def f():\n  pass\n").expect("written");
    for (schema, says) in [
        ("missing.yml", "Checking file 'missing.yml'"),
        ("broken.yml", "broken.yml"),
        ("rules.star", "a Starlark module (.star file)"),
    ] {
        let (code, found) = findings(dir.path(), schema);
        assert_eq!(code, 1, "{schema}");
        assert_eq!(found.len(), 1, "{schema}: {found:?}");
        assert!(found[0].1.contains(says), "{schema}: {found:?}");
    }
}

#[test]
fn seed_extensions_reach_the_check_only_with_the_flag() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("schema.yml"),
        "#@data/values-schema\n---\n#@schema/validation format=\"email\"\ncontact: \"\"\n",
    )
    .expect("written");
    // ytt 0.48 refuses the unknown keyword argument; the seed extension accepts it.
    let (code, found) = findings(dir.path(), "schema.yml");
    assert_eq!(code, 1);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, 3);
    assert!(
        found[0].1.contains("unknown keyword argument \"format\""),
        "{found:?}"
    );
    let (code, out, err) = run_in(
        dir.path(),
        &[
            "check",
            "--ytt-schema",
            "schema.yml",
            "--seed-extensions",
            "-o",
            "json",
        ],
    );
    assert_eq!(code, 0, "{out}{err}");
    let json: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(
        json["diagnostics"].as_array().map(Vec::len),
        Some(0),
        "{out}"
    );
}

#[test]
fn a_repeated_key_is_one_finding_at_the_later_item() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("schema.yml"),
        "#@data/values-schema\n---\na: 1\nb:\n  c: x\n  c: y\n",
    )
    .expect("written");
    let (code, found) = findings(dir.path(), "schema.yml");
    assert_eq!(code, 1);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].0, 6);
    assert!(
        found[0].1.ends_with(
            "expected key 'c' to not be specified again (unless 'yaml/map-key-override' annotation is added)"
        ),
        "{found:?}"
    );
}

/// A folder is one schema, its files overlaid as `ytt -f DIR` overlays them: each file's own
/// errors at their lines, else the overlay's (ytt's text, at the folder).
#[test]
fn a_folder_is_one_schema_of_overlaid_files() {
    let dir = tempfile::tempdir().expect("temp dir");
    let cfg = dir.path().join("cfg");
    std::fs::create_dir(&cfg).expect("folder");
    let write = |name: &str, text: &str| std::fs::write(cfg.join(name), text).expect("written");
    write("schema.yml", "#@data/values-schema\n---\na: 1\n");
    write(
        "y.yml",
        "#@data/values-schema\n---\n#@overlay/match missing_ok=True\nb: x\n",
    );
    write("notes.txt", "not read\n");
    let diagnostics = |args: &[&str]| {
        let (code, out, err) = run_in(dir.path(), args);
        assert!(!err.contains("panicked"), "{err}");
        let json: Value = serde_json::from_str(&out).expect("JSON");
        let found: Vec<(String, u64, String)> = json["diagnostics"]
            .as_array()
            .expect("diagnostics")
            .iter()
            .map(|d| {
                (
                    d["file"].as_str().unwrap_or_default().to_owned(),
                    d["line"].as_u64().unwrap_or_default(),
                    d["message"].as_str().unwrap_or_default().to_owned(),
                )
            })
            .collect();
        (code, found)
    };
    let check = ["check", "--ytt-schema", "cfg", "-o", "json"];
    assert_eq!(diagnostics(&check), (0, Vec::new()));
    // A key that matches nothing in the schema before it: ytt's overlay error.
    write("z.yml", "#@data/values-schema\n---\nc: 1\n");
    let (code, found) = diagnostics(&check);
    assert_eq!(code, 1);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].0.as_str(), found[0].1), ("cfg", 0));
    assert!(
        found[0]
            .2
            .contains("Expected number of matched nodes to be 1, but was 0"),
        "{found:?}"
    );
    // A file's own error is found at its line, the overlay not tried.
    write(
        "z.yml",
        "#@data/values-schema\n---\n#@schema/validation min=lowest\nc: 1\n",
    );
    let (code, found) = diagnostics(&check);
    assert_eq!(code, 1);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!((found[0].0.as_str(), found[0].1), ("cfg/z.yml", 3));
    assert!(found[0].2.contains("undefined: lowest"), "{found:?}");
}
