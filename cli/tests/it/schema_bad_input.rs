//! Bad input for `validgen check --schema` and `validate --schema`: schemas that are not
//! JSON/YAML, `$ref`s to nowhere, cycles of `$ref`s, patterns that do not compile or use a
//! construct refused, schemas and documents nested 100 000 deep, a 100 MB document, a schema
//! doubling its work at each level of the document (stopped by the `$ref` budget), a
//! document of more values than the reader accepts. Each gives a located error (`file:line:col`
//! and the schema's JSON Pointer), an exit status of 0, 1 or 2, no panic, and bounded memory.

use crate::common;

use std::path::Path;
use std::process::Output;

use common::validgen;

const UI: &str = "macros/ui/schemas";

/// Runs `validgen args…` (from the repository root); the exit status and both outputs, after
/// checking that nothing panicked.
fn run(args: &[&str]) -> (i32, String, String) {
    let out = validgen().args(args).output().expect("runs");
    outcome(&out)
}

fn outcome(out: &Output) -> (i32, String, String) {
    let code = out.status.code().expect("exit status, not a signal");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(matches!(code, 0..=2), "exit {code}:\n{stdout}\n{stderr}");
    assert!(
        !stderr.contains("panicked") && !stderr.contains("overflow"),
        "{stderr}"
    );
    (code, stdout, stderr)
}

/// The `file:line:col: ` of each line of `err` after `error: `.
fn errors(err: &str) -> Vec<&str> {
    err.lines()
        .filter_map(|l| l.strip_prefix("error: "))
        .collect()
}

/// `name` with `text`, in `dir`; its path as a string.
fn write(dir: &Path, name: &str, text: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write");
    path.display().to_string()
}

#[test]
fn refused_schemas_are_located_by_validate_and_check() {
    let doc = "cli/tests/data/schemas/docs/servers.yaml";
    let cases: &[(&str, &[&str])] = &[
        (
            "not_json",
            &["macros/ui/schemas/not_json/broken.json:4:13: mismatched bracket '{' closed by ']'"],
        ),
        (
            "ref_nowhere",
            &[
                "macros/ui/schemas/ref_nowhere/app.schema.json:4:22: /properties/port/$ref: `$ref` `#/$defs/port` points nowhere in this schema",
            ],
        ),
        (
            "ref_cycle",
            &[
                "macros/ui/schemas/ref_cycle/app.schema.json:3:10: /$defs/a: a cycle of `$ref`s with no keyword between",
                "macros/ui/schemas/ref_cycle/app.schema.json:4:10: /$defs/b: a cycle of `$ref`s with no keyword between",
            ],
        ),
        (
            "bad_pattern",
            &[
                "macros/ui/schemas/bad_pattern/app.schema.yaml:5:14: /properties/name/pattern: pattern `^(ab` is not accepted: unterminated group",
                "macros/ui/schemas/bad_pattern/app.schema.yaml:8:14: /properties/tag/pattern: pattern `(?<=v)+[0-9]` is not accepted: nothing to repeat: the assertion `(?<=v)` takes no quantifier",
            ],
        ),
        (
            "refused_keyword",
            &[
                "macros/ui/schemas/refused_keyword/app.schema.json:4:29: /allOf/0/$vocabulary: `$vocabulary` belongs at the root of a meta-schema",
            ],
        ),
        (
            "several",
            &[
                "macros/ui/schemas/several/a.json:1:1: unclosed bracket '{'",
                "macros/ui/schemas/several/b.schema.json:3:19: /properties/a/$ref: `$ref` `#/$defs/nowhere` points nowhere",
                "macros/ui/schemas/several/b.schema.json:4:22: /properties/b/pattern: pattern `[z-a]` is not accepted",
                "macros/ui/schemas/several/b.schema.json:5:26: /properties/c/$vocabulary: `$vocabulary` belongs at the root of a meta-schema",
                "macros/ui/schemas/several/c.yaml:2:16: /minProperties: `minProperties` must be a non-negative integer",
            ],
        ),
    ];
    for (dir, want) in cases {
        let schema = format!("{UI}/{dir}");
        let (code, out, err) = run(&["validate", "--schema", &schema, doc]);
        assert_eq!(code, 2, "{dir}: {err}");
        assert_eq!(out, "", "{dir}: nothing is validated");
        let got = errors(&err);
        assert_eq!(got.len(), want.len(), "{dir}: {err}");
        for (g, w) in got.iter().zip(*want) {
            assert!(g.starts_with(w), "{dir}: {g}\nwant {w}");
        }
        // `check` reports the same errors (exit 1: errors found), with their lines shown.
        let (code, out, err) = run(&["check", "--schema", &schema]);
        assert_eq!(code, 1, "{dir}: {out}{err}");
        for w in *want {
            let (at, message) = w.split_once(": ").expect("file:line:col: message");
            assert!(out.contains(&format!(" --> {at}\n")), "{dir}: {out}");
            assert!(
                out.contains(&format!("error[schema-error]: {message}")),
                "{dir}: {out}"
            );
        }
        assert!(
            out.ends_with(&format!(
                "{} errors, 0 warnings in 1 schema path\n",
                want.len()
            )) || out.ends_with("1 error, 0 warnings in 1 schema path\n"),
            "{dir}: {out}"
        );
    }
}

#[test]
fn schemas_nested_100_000_deep_are_refused_at_the_readers_depth() {
    let dir = tempfile::tempdir().expect("temp dir");
    let n = 100_000;
    let json = write(
        dir.path(),
        "deep.schema.json",
        ("{\"items\":".repeat(n) + "{}" + &"}".repeat(n)).as_bytes(),
    );
    let flow = write(
        dir.path(),
        "flow.schema.yaml",
        ("items: ".to_owned() + &"[".repeat(n) + &"]".repeat(n) + "\n").as_bytes(),
    );
    let block = write(
        dir.path(),
        "block.schema.yaml",
        ("allOf:\n".to_owned() + &"- ".repeat(n) + "{}\n").as_bytes(),
    );
    let doc = write(dir.path(), "doc.json", b"[]");
    for (schema, at) in [(&json, ":1:577: "), (&flow, ":1:"), (&block, ":2:")] {
        let (code, out, err) = run(&["validate", "--schema", schema, &doc]);
        assert_eq!((code, out.as_str()), (2, ""), "{err}");
        let got = errors(&err);
        assert_eq!(got.len(), 1, "{err}");
        assert!(got[0].starts_with(&format!("{schema}{at}")), "{err}");
        assert!(got[0].contains("nested more than"), "{err}");
        let (code, out, _) = run(&["check", "--schema", schema]);
        assert_eq!(code, 1, "{out}");
        assert!(
            out.contains("error[schema-error]: nested more than"),
            "{out}"
        );
    }
}

#[test]
fn documents_nested_100_000_deep_are_input_errors() {
    let dir = tempfile::tempdir().expect("temp dir");
    let n = 100_000;
    let schema = write(
        dir.path(),
        "tree.schema.json",
        br##"{"$defs": {"t": {"type": ["array", "object", "integer", "string"],
             "items": {"$ref": "#/$defs/t"}, "additionalProperties": {"$ref": "#/$defs/t"}}},
             "$ref": "#/$defs/t"}"##,
    );
    let docs = [
        write(
            dir.path(),
            "arrays.json",
            ("[".repeat(n) + &"]".repeat(n)).as_bytes(),
        ),
        write(
            dir.path(),
            "objects.json",
            ("{\"a\":".repeat(n) + "1" + &"}".repeat(n)).as_bytes(),
        ),
        write(
            dir.path(),
            "block.yaml",
            ("- ".repeat(n) + "x\n").as_bytes(),
        ),
        write(
            dir.path(),
            "mapping.yaml",
            ((0..2_000)
                .map(|i| " ".repeat(i) + "a:\n")
                .collect::<String>()
                + "x\n")
                .as_bytes(),
        ),
    ];
    for doc in &docs {
        let (code, out, err) = run(&["validate", "--schema", &schema, doc, "--summary"]);
        assert_eq!(code, 2, "{doc}: {out}{err}");
        // The document is an input error, at its line and column, in words.
        let line = out
            .lines()
            .find(|l| l.contains(doc.as_str()))
            .unwrap_or_default()
            .to_owned()
            + &err;
        assert!(
            line.contains(&format!("{doc}:1:")) || line.contains(&format!("{doc}:65:")),
            "{doc}: {out}{err}"
        );
        assert!(line.contains("nested more than"), "{doc}: {out}{err}");
        assert!(
            out.contains("errors: 1") || err.contains("errors: 1"),
            "{doc}: {out}{err}"
        );
    }
    // At the reader's depth, the recursive schema judges every level.
    let ok = write(
        dir.path(),
        "ok.json",
        ("[".repeat(60) + "1" + &"]".repeat(60)).as_bytes(),
    );
    let (code, out, err) = run(&["validate", "--schema", &schema, &ok]);
    assert_eq!(code, 0, "{out}{err}");
}

#[test]
fn a_100_mb_document_is_refused_by_max_bytes_without_reading_it_whole() {
    let dir = tempfile::tempdir().expect("temp dir");
    let schema = write(dir.path(), "s.schema.json", br#"{"type": "object"}"#);
    // The string's body is a hole (a sparse file): its size is what the limit refuses, and
    // the run writes kilobytes to the disk rather than 100 MB.
    let doc = dir.path().join("big.json");
    {
        use std::io::{Seek, SeekFrom, Write};
        let mut file = std::fs::File::create(&doc).expect("create");
        file.write_all(b"{\"a\": \"").expect("write");
        file.seek(SeekFrom::Start(100 << 20)).expect("seek");
        file.write_all(b"\"}\n").expect("write");
    }
    let doc = doc.display().to_string();
    let out = memory_bounded(&["validate", "--schema", &schema, &doc]);
    let (code, _, err) = outcome(&out);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains(&format!(
            "{doc}: 104857603 bytes is over the limit of 16777216 bytes (raise it with --max-bytes)"
        )) || err.contains("is over the limit of 16777216 bytes (raise it with --max-bytes)"),
        "{err}"
    );
    // A 12 MiB document (a long string, 100 000 more values), under the limit, is read and
    // judged within the same memory bound.
    let mut text = Vec::with_capacity(13 << 20);
    text.extend_from_slice(b"{\"a\": \"");
    text.resize(12 << 20, b'x');
    text.extend_from_slice(b"\", \"b\": [");
    text.extend_from_slice(vec!["\"abc\""; 100_000].join(",").as_bytes());
    text.extend_from_slice(b"]}\n");
    let doc = write(dir.path(), "large.json", &text);
    let out = memory_bounded(&["validate", "--schema", &schema, &doc]);
    let (code, stdout, err) = outcome(&out);
    assert_eq!((code, stdout), (0, format!("VALID   {doc}#0\n")), "{err}");
}

#[test]
fn more_values_than_the_reader_accepts_is_an_input_error_in_words() {
    let dir = tempfile::tempdir().expect("temp dir");
    let schema = write(dir.path(), "s.schema.json", br#"{"type": "array"}"#);
    // 3 000 000 numbers: 6 MB, under the 16 MiB of --max-bytes, past the reader's 250 000
    // values.
    let text = format!("[{}]", vec!["1"; 3_000_000].join(","));
    let doc = write(dir.path(), "many.json", text.as_bytes());
    let out = memory_bounded(&["validate", "--schema", &schema, &doc]);
    let (code, stdout, err) = outcome(&out);
    assert_eq!(code, 2, "{stdout}{err}");
    assert!(
        err.contains(&format!(
            "{doc}:1:500000: more than 250000 values in one document (the most the YAML reader accepts)"
        )),
        "{err}"
    );
    // At the limit, the document is judged.
    let text = format!("[{}]", vec!["1"; 200_000].join(","));
    let doc = write(dir.path(), "fewer.json", text.as_bytes());
    let (code, stdout, err) = outcome(&memory_bounded(&["validate", "--schema", &schema, &doc]));
    assert_eq!(code, 0, "{stdout}{err}");
}

/// Runs `validgen args…` with its address space limited to 1 GiB on Linux (`ulimit -v`), so
/// that a reader holding a 100 MB document several times over would fail.
fn memory_bounded(args: &[&str]) -> Output {
    let bin = assert_cmd::cargo::cargo_bin("validgen");
    if cfg!(target_os = "linux") && Path::new("/bin/sh").exists() {
        let mut c = std::process::Command::new("/bin/sh");
        c.arg("-c")
            .arg("ulimit -v 1048576 && exec \"$0\" \"$@\"")
            .arg(bin)
            .args(args)
            .current_dir(common::root());
        c.output().expect("runs")
    } else {
        validgen().args(args).output().expect("runs")
    }
}

#[test]
fn a_schema_doubling_its_work_at_each_level_stops_at_the_ref_budget() {
    let dir = tempfile::tempdir().expect("temp dir");
    // The root twice on every item: 2^30 `$ref` evaluations on arrays nested 30 deep.
    let schema = write(
        dir.path(),
        "costly.schema.json",
        br##"{"contains": {"not": {"$ref": "#"}, "allOf": [{"$ref": "#"}]}}"##,
    );
    let doc = write(
        dir.path(),
        "deep.json",
        ("[".repeat(30) + &"]".repeat(30)).as_bytes(),
    );
    let (code, out, err) = run(&["validate", "--schema", &schema, &doc]);
    assert_eq!(code, 1, "{out}{err}");
    assert_eq!(
        out,
        format!(
            "INVALID {doc}#0 (1 violation)\n    {doc}:1:1: (document): $ref: expected at most 1000000 `$ref` evaluations for one value, found more (the schema applies references to the same values too many times) [{schema}#/contains/allOf/0/$ref]\n"
        ),
        "{err}"
    );
}
