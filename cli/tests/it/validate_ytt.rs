//! `validgen validate --ytt-schema`: the recorded ytt 0.48.0 cases that run one schema file
//! over `--data-values-file`s (`tests/conformance/ytt/cases.jsonl`), written to a temporary
//! folder and judged: the verdict and every violation (path, `from:`, `must be:`, `by:`,
//! `found:`; a type error's line, `found:` and `expected:`) must be those of ytt's recorded
//! report; then the output formats, several values files, and bad input.

use crate::recorded;

use std::path::Path;

use recorded::{Case, cases, packages};
use serde_json::Value;
use validgen_ytt::check::judge;

/// The `--data-values-file`s of a case run as `-f schema.yml --data-values-file ...
/// --data-values-inspect` (no other flag), or `None`.
fn values_files(case: &Case) -> Option<Vec<String>> {
    let mut files = Vec::new();
    let mut values = Vec::new();
    let mut args = case.args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-f" => files.push(args.next()?.clone()),
            "--data-values-file" => values.push(args.next()?.clone()),
            "--data-values-inspect" => {}
            _ => return None,
        }
    }
    (files == ["schema.yml"]).then_some(values)
}

/// Writes the case's files into `dir`, and an empty `empty.yml`.
fn write_case(case: &Case, dir: &Path) {
    for f in &case.files {
        std::fs::write(dir.join(&f.name), &f.text).expect("written");
    }
    std::fs::write(dir.join("empty.yml"), "").expect("written");
}

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

/// One violation as ytt's recorded text gives it: file:line, path (validations only), rule,
/// by, found.
#[derive(Debug, PartialEq)]
struct Seen {
    at: String,
    path: Option<String>,
    expected: String,
    by: String,
    found: String,
}

/// The violations of ytt's `Validating final data values:` report (`  path`, `    from:`,
/// `    - must be: X (by: B)`, `      found: Y`).
fn validation_report(stderr: &str) -> Vec<Seen> {
    let mut out: Vec<Seen> = Vec::new();
    let (mut path, mut from) = (String::new(), String::new());
    for line in stderr.lines().skip(1) {
        if let Some(rule) = line.strip_prefix("    - must be: ") {
            let (expected, by) = rule
                .strip_suffix(')')
                .and_then(|r| r.rsplit_once(" (by: "))
                .expect("a rule with its position");
            out.push(Seen {
                at: from.clone(),
                path: Some(path.clone()),
                expected: expected.to_owned(),
                by: by.to_owned(),
                found: String::new(),
            });
        } else if let Some(found) = line.strip_prefix("      found: ") {
            out.last_mut().expect("a rule").found = found.to_owned();
        } else if let Some(at) = line.strip_prefix("    from: ") {
            from = at.to_owned();
        } else if let Some(p) = line.strip_prefix("  ") {
            path = p.to_owned();
        }
    }
    out
}

/// The entries of ytt's `One or more data values were invalid` report.
fn type_report(stderr: &str) -> Vec<Seen> {
    let lines: Vec<&str> = stderr.lines().collect();
    let mut out: Vec<Seen> = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let next = lines.get(i + 1).map(|l| l.trim());
        let header = line.strip_suffix(':').filter(|l| !l.starts_with(' '));
        if let (Some(file), Some("|")) = (header, next) {
            let number = lines
                .get(i + 2)
                .and_then(|l| l.trim().split_once(" |"))
                .map(|(n, _)| n.to_owned())
                .expect("an excerpt line");
            out.push(Seen {
                at: format!("{file}:{number}"),
                path: None,
                expected: String::new(),
                by: String::new(),
                found: String::new(),
            });
        } else if let Some(found) = line.trim().strip_prefix("= found: ") {
            out.last_mut().expect("an entry").found = found.to_owned();
        } else if let Some(expected) = line.trim().strip_prefix("= expected: ") {
            let entry = out.last_mut().expect("an entry");
            match expected
                .strip_suffix(')')
                .and_then(|e| e.rsplit_once(" (by "))
            {
                Some((what, by)) => {
                    entry.expected = what.to_owned();
                    entry.by = by.to_owned();
                }
                None => entry.expected = expected.to_owned(),
            }
        }
    }
    out
}

/// The violations of validate's JSON line, in ytt's terms.
fn judged(json: &Value, validations: bool) -> Vec<Seen> {
    json["violations"]
        .as_array()
        .expect("violations")
        .iter()
        .map(|v| {
            let message = v["message"].as_str().unwrap_or_default();
            let expected = if validations {
                message.strip_prefix("must be: ").unwrap_or(message)
            } else {
                message
                    .split("; ")
                    .find_map(|p| p.strip_prefix("expected: "))
                    .unwrap_or_default()
            };
            Seen {
                at: format!("{}:{}", v["file"].as_str().unwrap_or_default(), v["line"]),
                path: validations.then(|| v["instance"].as_str().unwrap_or_default().to_owned()),
                expected: expected.to_owned(),
                // The schema file itself (no line) when ytt names no rule.
                by: v["schema"]
                    .as_str()
                    .filter(|s| s.contains(':'))
                    .unwrap_or_default()
                    .to_owned(),
                found: v["found"].as_str().unwrap_or_default().to_owned(),
            }
        })
        .collect()
}

#[derive(Debug, Default, PartialEq)]
struct Counts {
    valid: usize,
    validations: usize,
    types: usize,
    merges: usize,
    refused: usize,
}

#[test]
fn every_recorded_schema_and_values_case_gets_ytts_verdict_and_violations() {
    let mut counts = Counts::default();
    for case in cases() {
        let Some(mut values) = values_files(&case) else {
            continue;
        };
        // Without values files, the schema's defaults are judged: an empty file gives them.
        if values.is_empty() {
            values.push("empty.yml".to_owned());
        }
        let dir = tempfile::tempdir().expect("temp dir");
        write_case(&case, dir.path());
        let mut args = vec!["validate", "--ytt-schema", "schema.yml", "-o", "json"];
        args.extend(values.iter().map(String::as_str));
        let (code, out, err) = run_in(dir.path(), &args);
        let id = &case.id;
        assert!(!err.contains("panicked"), "{id}: {err}");
        let stderr = &case.expected.stderr;
        if case.expected.exit_code == 0 {
            assert_eq!(code, 0, "{id}: {out}{err}");
            counts.valid += 1;
            continue;
        }
        if stderr.starts_with("ytt: Error: Overlaying data values schema") {
            // A refused schema: exit 2, ytt's text printed.
            assert_eq!(code, 2, "{id}: {out}{err}");
            let json: Value = serde_json::from_str(out.trim()).expect("one JSON line");
            assert_eq!(json["error"].as_str(), Some(stderr.trim_end()), "{id}");
            counts.refused += 1;
            continue;
        }
        assert_eq!(code, 1, "{id}: {out}{err}");
        let json: Value = serde_json::from_str(out.trim()).expect("one JSON line");
        assert_eq!(json["valid"], false, "{id}");
        // The same run's text is ytt's, byte for byte.
        let read =
            |name: &str| std::fs::read_to_string(dir.path().join(name)).map_err(|e| e.to_string());
        let verdict = judge(&["schema.yml".to_owned()], &values, &read, false).expect("judged");
        assert_eq!(
            Some(verdict.text.as_str()),
            stderr.strip_prefix("ytt: Error: "),
            "{id}"
        );
        if stderr.starts_with("ytt: Error: Validating final data values:\n  ") {
            assert_eq!(judged(&json, true), validation_report(stderr), "{id}");
            counts.validations += 1;
        } else if stderr.contains("\nOne or more data values were invalid\n") {
            assert_eq!(judged(&json, false), type_report(stderr), "{id}");
            counts.types += 1;
        } else if stderr.starts_with("ytt: Error: Overlaying data values (") {
            let innermost = stderr
                .lines()
                .filter_map(|l| l.trim_end().strip_suffix(':')?.rsplit_once(" on line "))
                .map(|(_, at)| at.to_owned())
                .next_back()
                .expect("a located merge error");
            let at = &json["violations"][0];
            assert_eq!(
                format!("{}:{}", at["file"].as_str().unwrap_or(""), at["line"]),
                innermost,
                "{id}"
            );
            counts.merges += 1;
        } else {
            // A `when=` that fails to run: one violation, its error as found.
            let found = json["violations"][0]["found"].as_str().unwrap_or_default();
            assert!(!found.is_empty() && stderr.contains(found), "{id}: {out}");
            counts.validations += 1;
        }
    }
    assert_eq!(
        counts,
        Counts {
            valid: 190,
            validations: 308,
            types: 152,
            merges: 10,
            refused: 68,
        }
    );
}

/// The recorded case `id`, written to a new temporary folder.
fn case_dir(id: &str) -> (Case, tempfile::TempDir) {
    let case = cases()
        .into_iter()
        .find(|c| c.id == id)
        .expect("a recorded case");
    let dir = tempfile::tempdir().expect("temp dir");
    write_case(&case, dir.path());
    (case, dir)
}

const MAX_CASE: &str = "upstream-schema-max-invalid-when-value-greater-than-max-from-values";
const TYPE_CASE: &str = "real-mutation-package-for-cartographer-type-string-for-int-1";

#[test]
fn a_violation_shows_ytts_path_position_rule_and_found_in_every_format() {
    let (case, dir) = case_dir(MAX_CASE);
    let [seen] = validation_report(&case.expected.stderr)
        .try_into()
        .expect("one violation recorded");
    let path = seen.path.as_deref().unwrap_or_default();
    let args = |format: &'static str| {
        [
            "validate",
            "--ytt-schema",
            "schema.yml",
            "values.yml",
            "-o",
            format,
        ]
    };

    let (code, text, _) = run_in(dir.path(), &args("text"));
    assert_eq!(code, 1);
    assert_eq!(
        text,
        format!(
            "INVALID values.yml (1 violation)\n    {}: {path}: must be: {}; found: {} [{}]\n",
            seen.at, seen.expected, seen.found, seen.by
        )
    );

    let (code, json, _) = run_in(dir.path(), &args("json"));
    assert_eq!(code, 1);
    let json: Value = serde_json::from_str(json.trim()).expect("JSON");
    let v = &json["violations"][0];
    assert_eq!(
        format!("{}:{}", v["file"].as_str().unwrap_or(""), v["line"]),
        seen.at
    );
    assert_eq!(v["instance"], path);
    assert_eq!(v["message"], format!("must be: {}", seen.expected));
    assert_eq!(v["schema"], seen.by.as_str());
    assert_eq!(v["found"], seen.found.as_str());
    assert_eq!(json["schemas"][0], "schema.yml");

    let (code, junit, _) = run_in(dir.path(), &args("junit"));
    assert_eq!(code, 1);
    assert!(
        junit.contains("<failure message=\"1 violation\" type=\"invalid\">"),
        "{junit}"
    );
    assert!(
        junit.contains(&format!(
            "{}: {path}: must be: {}",
            seen.at,
            seen.expected.replace('<', "&lt;")
        )),
        "{junit}"
    );

    let (code, tap, _) = run_in(dir.path(), &args("tap"));
    assert_eq!(code, 1);
    assert!(tap.contains("not ok 1 - values.yml\n"), "{tap}");
    assert!(tap.contains(&format!("- at: \"{}\"", seen.at)), "{tap}");
    assert!(tap.contains(&format!("instance: \"{path}\"")), "{tap}");
    assert!(tap.contains(&format!("keyword: \"{}\"", seen.by)), "{tap}");
    assert!(tap.contains(&format!("found: \"{}\"", seen.found)), "{tap}");
}

#[test]
fn a_type_error_is_a_located_violation() {
    let (case, dir) = case_dir(TYPE_CASE);
    let [seen] = type_report(&case.expected.stderr)
        .try_into()
        .expect("one type error recorded");
    let (code, text, _) = run_in(
        dir.path(),
        &["validate", "--ytt-schema", "schema.yml", "values.yml"],
    );
    assert_eq!(code, 1);
    assert_eq!(
        text,
        format!(
            "INVALID values.yml (1 violation)\n    {}: cartographer.concurrency.max_runnables: expected: {}; found: {} [{}]\n",
            seen.at, seen.expected, seen.found, seen.by
        )
    );
}

#[test]
fn several_values_files_are_merged_in_order_into_one_verdict() {
    let (case, dir) = case_dir(MAX_CASE);
    let [seen] = validation_report(&case.expected.stderr)
        .try_into()
        .expect("one violation recorded");
    // `foo: 11` breaks `max=10`; a later file setting `foo: 5` wins, an earlier one does not.
    std::fs::write(dir.path().join("fix.yml"), "foo: 5\n").expect("written");
    let judge = |files: &[&str]| {
        let mut args = vec!["validate", "--ytt-schema", "schema.yml"];
        args.extend(files);
        run_in(dir.path(), &args)
    };
    let (code, out, _) = judge(&["values.yml", "fix.yml"]);
    assert_eq!((code, out.as_str()), (0, "VALID   values.yml + fix.yml\n"));
    let (code, out, _) = judge(&["fix.yml", "values.yml"]);
    assert_eq!(code, 1);
    assert!(
        out.starts_with("INVALID fix.yml + values.yml (1 violation)\n"),
        "{out}"
    );
    assert!(
        out.contains(&format!("    {}: foo: must be: {}", seen.at, seen.expected)),
        "{out}"
    );
    // A key the schema does not declare, in the second file: located there.
    std::fs::write(dir.path().join("extra.yml"), "foo: 5\nbar: 1\n").expect("written");
    let (code, out, _) = judge(&["values.yml", "extra.yml"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("    extra.yml:2: bar: Given data value is not declared in schema"),
        "{out}"
    );
}

#[test]
fn bad_input_is_an_error_with_exit_2() {
    let (_, dir) = case_dir(MAX_CASE);
    std::fs::write(dir.path().join("broken.yml"), "foo: [1,\n").expect("written");
    std::fs::write(dir.path().join("rules.star"), "def f():\n  pass\n").expect("written");
    std::fs::write(dir.path().join("plain.yml"), "foo: 1\n").expect("written");
    for (args, says) in [
        (vec!["missing.yml"], "Checking file 'missing.yml'"),
        (vec!["broken.yml"], "broken.yml"),
        (vec!["values.yml", "missing.yml"], "missing.yml"),
    ] {
        let mut all = vec!["validate", "--ytt-schema", "schema.yml"];
        all.extend(args);
        let (code, out, err) = run_in(dir.path(), &all);
        assert_eq!(code, 2, "{all:?}: {out}{err}");
        assert!(
            err.contains("error: ytt: Error: ") && err.contains(says),
            "{all:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    for (schema, says) in [
        ("rules.star", "rules.star: no #@data/values-schema document"),
        ("plain.yml", "plain.yml: no #@data/values-schema document"),
        ("broken.yml", "broken.yml"),
        ("nothere.yml", "Checking file 'nothere.yml'"),
    ] {
        let (code, out, err) = run_in(
            dir.path(),
            &[
                "validate",
                "--ytt-schema",
                schema,
                "values.yml",
                "-o",
                "json",
            ],
        );
        assert_eq!(code, 2, "{schema}: {out}{err}");
        let json: Value = serde_json::from_str(out.trim()).expect("JSON");
        assert!(
            json["error"].as_str().unwrap_or("").contains(says),
            "{schema}: {out}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn seed_extensions_reach_the_schema_only_with_the_flag() {
    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(
        dir.path().join("schema.yml"),
        "#@data/values-schema\n---\n#@schema/validation format=\"email\"\ncontact: \"\"\n",
    )
    .expect("write");
    std::fs::write(dir.path().join("values.yml"), "contact: admin@\n").expect("write");
    let args = ["validate", "--ytt-schema", "schema.yml", "values.yml"];
    // As ytt 0.48: `format=` is an unknown keyword argument, the schema is refused (exit 2).
    let (code, _, err) = run_in(dir.path(), &args);
    assert_eq!(code, 2);
    assert!(err.contains("unknown keyword argument \"format\""), "{err}");
    let mut seeded = args.to_vec();
    seeded.insert(1, "--seed-extensions");
    let (code, out, _) = run_in(dir.path(), &seeded);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "INVALID values.yml (1 violation)\n    values.yml:1: contact: must be: a valid email; found: \"admin@\" is not a valid email [schema.yml:3]\n"
    );
}

/// Writes the files of the recorded package case `id` (names with folders) into a new
/// temporary folder.
fn package_dir(id: &str) -> (Case, tempfile::TempDir) {
    let case = packages()
        .into_iter()
        .find(|c| c.id == id)
        .expect("a recorded package case");
    let dir = tempfile::tempdir().expect("temp dir");
    for f in &case.files {
        let path = dir.path().join(&f.name);
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("folder");
        std::fs::write(path, &f.text).expect("written");
    }
    (case, dir)
}

#[test]
fn several_schema_files_and_folders_are_overlaid_as_ytt_overlays_them() {
    // ytt 0.48: `-f build/config/schema.yaml -f build/config/services/ --data-values-file
    // plain.yaml` is valid (exit 0).
    let (case, dir) = package_dir("gcp-plain-values");
    assert_eq!(case.expected.exit_code, 0);
    let schemas = [
        "--ytt-schema",
        "build/config/schema.yaml",
        "--ytt-schema",
        "build/config/services/",
    ];
    let mut args = vec!["validate"];
    args.extend(schemas);
    args.push("plain.yaml");
    let (code, out, err) = run_in(dir.path(), &args);
    assert_eq!((code, out.as_str()), (0, "VALID   plain.yaml\n"), "{err}");
    // The same values with a type error ytt reports: located at the value, the declaring
    // schema file named as given.
    let plain = std::fs::read_to_string(dir.path().join("plain.yaml")).expect("read");
    let broken = plain.replace("dryrun: false", "dryrun: \"no\"");
    assert_ne!(plain, broken);
    std::fs::write(dir.path().join("plain.yaml"), broken).expect("written");
    let (code, out, _) = run_in(dir.path(), &args);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(": dryrun: expected: boolean; found: string [build/config/schema.yaml:23]"),
        "{out}"
    );
    // A schema file whose key matches nothing: ytt's overlay error, exit 2.
    let (_, dir) = package_dir("overlay-remove-unmatched");
    std::fs::write(dir.path().join("empty.yml"), "").expect("written");
    let (code, out, _) = run_in(
        dir.path(),
        &[
            "validate",
            "--ytt-schema",
            "schema.yml",
            "--ytt-schema",
            "schema-2.yml",
            "empty.yml",
            "-o",
            "json",
        ],
    );
    assert_eq!(code, 2, "{out}");
    assert!(
        out.contains("Expected number of matched nodes to be 1, but was 0"),
        "{out}"
    );
}
