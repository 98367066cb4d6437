//! `validgen check` on one fixture catalog per warning kind, a clean one, and the bundled
//! catalog: text, JSON and SARIF outputs, and exit statuses.

use crate::common;

use common::run;
use serde_json::Value;

const DATA: &str = "cli/tests/data/check";
const COMMON: &str = "examples/common-templates/templates";
const KINDS: [&str; 6] = [
    "pcre-regex",
    "unanchored-regex",
    "valid-always-present",
    "vm-rooted-path",
    "unknown-rule-kind",
    "non-canonical-quantity",
];

fn fixture(name: &str) -> String {
    format!("{DATA}/{name}")
}

/// `(level, id, line)` of every diagnostic of a JSON report.
fn found(json: &str) -> Vec<(String, String, u64)> {
    let v: Value = serde_json::from_str(json).expect("one JSON document");
    v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            (
                d["level"].as_str().unwrap_or_default().to_owned(),
                d["id"].as_str().unwrap_or_default().to_owned(),
                d["line"].as_u64().unwrap_or_default(),
            )
        })
        .collect()
}

#[test]
fn clean_catalog() {
    let (code, out, err) = run(&["check", &fixture("clean")]);
    assert_eq!(
        (code, out.as_str()),
        (0, "0 errors, 0 warnings in 1 catalog\n"),
        "{err}"
    );
    let (code, out, _) = run(&["check", "-o", "json", &fixture("clean")]);
    assert_eq!(code, 0);
    let v: Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(
        v,
        serde_json::json!({"errors": 0, "warnings": 0, "diagnostics": []})
    );
}

#[test]
fn every_warning_kind_located_in_text() {
    for kind in KINDS {
        let (code, out, err) = run(&["check", &fixture(kind)]);
        assert!(err.is_empty(), "{kind}: {err}");
        let (_, json, _) = run(&["check", "-o", "json", &fixture(kind)]);
        let diags = found(&json);
        let has_errors = diags.iter().any(|(level, _, _)| level == "error");
        assert_eq!(code, if has_errors { 1 } else { 0 }, "{kind}");
        // An unknown rule kind and a PCRE-only regex fail the rule in the reference: errors.
        let level_of_kind = if kind == "unknown-rule-kind" || kind == "pcre-regex" {
            "error"
        } else {
            "warning"
        };
        assert!(
            diags
                .iter()
                .any(|(level, id, line)| level == level_of_kind && id == kind && *line > 0),
            "{kind}: {diags:?}"
        );
        assert!(
            diags
                .iter()
                .all(|(level, id, _)| level == "error" || id == kind),
            "{kind} has only its own warnings: {diags:?}"
        );
        insta::assert_snapshot!(format!("text_{kind}"), out);
    }
}

#[test]
fn json_output() {
    let (code, out, err) = run(&["check", "-o", "json", &fixture("vm-rooted-path")]);
    assert_eq!(code, 1, "{err}");
    insta::assert_snapshot!("json_vm_rooted_path", out);
}

#[test]
fn sarif_output() {
    let (code, out, err) = run(&[
        "check",
        "-o",
        "sarif",
        &fixture("pcre-regex"),
        &fixture("non-canonical-quantity"),
    ]);
    assert_eq!(code, 1, "{err}");
    let v: Value = serde_json::from_str(&out).expect("JSON");
    let results = v["runs"][0]["results"].as_array().expect("results");
    assert_eq!(results.len(), 3);
    let (first, last) = (&results[0], &results[2]);
    assert_eq!(
        (&first["ruleId"], &first["level"]),
        (&"pcre-regex".into(), &"error".into())
    );
    let location = &first["locations"][0]["physicalLocation"];
    assert_eq!(
        location["artifactLocation"]["uri"],
        "cli/tests/data/check/pcre-regex/template.yaml"
    );
    assert_eq!(
        location["region"],
        serde_json::json!({"startLine": 18, "startColumn": 22})
    );
    assert_eq!(
        (&last["ruleId"], &last["level"]),
        (&"non-canonical-quantity".into(), &"warning".into())
    );
    insta::assert_snapshot!("sarif_two_catalogs", out);
}

#[test]
fn exit_status_for_warnings_only() {
    let q = fixture("non-canonical-quantity");
    assert_eq!(run(&["check", &q]).0, 0);
    assert_eq!(run(&["check", "--warn-exit-code", "3", &q]).0, 3);
    assert_eq!(
        run(&["check", "--warn-exit-code", "3", &fixture("clean")]).0,
        0
    );
    let errors = fixture("unknown-rule-kind");
    assert_eq!(
        run(&["check", "--warn-exit-code", "3", &errors]).0,
        1,
        "errors win"
    );
}

/// An unknown rule kind is reported once: on the `rule` key, with the kind probably meant, as
/// an error (the reference fails the rule, so the macro fails the build).
#[test]
fn an_unknown_rule_kind_is_reported_once() {
    let (code, out, err) = run(&["check", &fixture("unknown-rule-kind")]);
    assert_eq!(code, 1, "{err}");
    for kind in ["value-set", "Integer"] {
        let needle = format!("unknown rule kind `{kind}`");
        assert_eq!(out.matches(&needle).count(), 1, "{out}");
    }
    assert!(out.contains("did you mean `enum`?"), "{out}");
    assert!(
        out.ends_with("2 errors, 0 warnings in 1 catalog\n"),
        "{out}"
    );
    let (_, json, _) = run(&["check", "-o", "json", &fixture("unknown-rule-kind")]);
    assert_eq!(
        found(&json),
        [
            ("error".into(), "unknown-rule-kind".into(), 16),
            ("error".into(), "unknown-rule-kind".into(), 23)
        ]
    );
    let (_, sarif, _) = run(&["check", "-o", "sarif", &fixture("unknown-rule-kind")]);
    let v: Value = serde_json::from_str(&sarif).expect("JSON");
    let log = &v["runs"][0];
    let levels: Vec<(&Value, &Value)> = log["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| (&r["ruleId"], &r["level"]))
        .collect();
    let error = (&Value::from("unknown-rule-kind"), &Value::from("error"));
    assert_eq!(levels, [error, error]);
    let rule = log["tool"]["driver"]["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .find(|r| r["id"] == "unknown-rule-kind")
        .expect("the rule");
    assert_eq!(rule["defaultConfiguration"]["level"], "error");
}

#[test]
fn a_pcre_regex_is_reported_once() {
    let (code, out, err) = run(&["check", &fixture("pcre-regex")]);
    assert_eq!(code, 1, "{err}");
    for rule in ["no-rhel7-machine", "same-bus"] {
        assert_eq!(out.matches(&format!("rule `{rule}`")).count(), 1, "{out}");
    }
    assert!(out.contains("uses a negative lookahead"), "{out}");
    assert!(
        out.ends_with("2 errors, 0 warnings in 1 catalog\n"),
        "{out}"
    );
    let (_, json, _) = run(&["check", "-o", "json", &fixture("pcre-regex")]);
    assert_eq!(
        found(&json),
        [
            ("error".into(), "pcre-regex".into(), 18),
            ("error".into(), "pcre-regex".into(), 25)
        ]
    );
}

#[test]
fn several_catalogs_and_unreadable_ones() {
    let (code, out, _) = run(&["check", &fixture("clean"), &fixture("no-such-catalog")]);
    assert_eq!(code, 1);
    assert!(out.contains("error[build-error]: "), "{out}");
    assert!(
        out.contains("--> cli/tests/data/check/no-such-catalog"),
        "{out}"
    );
    assert!(
        out.ends_with("1 error, 0 warnings in 2 catalogs\n"),
        "{out}"
    );
    let (code, _, err) = run(&["check"]);
    assert_eq!(code, 2, "a catalog is required: {err}");
}

#[test]
fn bundled_catalog_has_no_errors() {
    let (code, out, err) = run(&["check", COMMON]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.ends_with("0 errors, 21 warnings in 1 catalog\n"),
        "{out}"
    );
    let (_, json, _) = run(&["check", "-o", "json", COMMON]);
    let diags = found(&json);
    assert!(
        diags
            .iter()
            .all(|(_, id, _)| id == "non-canonical-quantity"),
        "{diags:?}"
    );
    insta::assert_snapshot!("text_common_templates", out);
}

/// A YAML syntax error says `error` once, and its position once: in the location, not again
/// in the message.
#[test]
fn a_syntax_error_says_error_once() {
    let (code, out, err) = run(&["check", &fixture("broken")]);
    assert_eq!(code, 1, "{err}");
    let line = out
        .lines()
        .find(|l| l.contains("expected mapping start"))
        .expect("the syntax error");
    assert_eq!(line, "error[build-error]: expected mapping start", "{out}");
    assert!(
        out.contains("--> cli/tests/data/check/broken/a-syntax.yaml:3:"),
        "{out}"
    );
}

#[test]
fn a_broken_file_hides_neither_errors_nor_warnings_of_the_others() {
    let (code, out, err) = run(&["check", "-o", "json", &fixture("broken")]);
    assert_eq!(code, 1, "{err}");
    let v: Value = serde_json::from_str(&out).expect("JSON");
    let files: Vec<(String, String)> = v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            let file = d["file"].as_str().unwrap_or_default();
            let file = file.rsplit('/').next().unwrap_or_default().to_owned();
            (file, d["level"].as_str().unwrap_or_default().to_owned())
        })
        .collect();
    for (file, level) in [
        ("a-syntax.yaml", "error"),
        ("b-rule.yaml", "error"),
        ("c-kind.yaml", "error"),
        ("d-warning.yaml", "warning"),
    ] {
        assert!(
            files.contains(&(file.to_owned(), level.to_owned())),
            "{file}: {files:?}"
        );
    }
}

#[test]
fn duplicate_templates_and_rules_off_objects_0_are_catalog_layout_warnings() {
    let (code, out, err) = run(&["check", "-o", "json", &fixture("catalog-layout")]);
    assert_eq!(code, 0, "warnings only: {err}");
    assert_eq!(
        found(&out),
        vec![
            ("warning".to_owned(), "catalog-layout".to_owned(), 4),
            ("warning".to_owned(), "catalog-layout".to_owned(), 6),
            ("warning".to_owned(), "catalog-layout".to_owned(), 7),
        ]
    );
    let (_, text, _) = run(&["check", &fixture("catalog-layout")]);
    assert!(
        text.contains("warning[catalog-layout]: template `t` is also defined at cli/tests/data/check/catalog-layout/a.yaml:4"),
        "{text}"
    );
}

/// `(id, line, column, rule, hint)` of every diagnostic of a JSON report.
fn located(json: &str) -> Vec<(String, u64, u64, String, String)> {
    let v: Value = serde_json::from_str(json).expect("one JSON document");
    let s = |d: &Value, k: &str| d[k].as_str().unwrap_or_default().to_owned();
    let n = |d: &Value, k: &str| d[k].as_u64().unwrap_or_default();
    v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| {
            (
                s(d, "id"),
                n(d, "line"),
                n(d, "column"),
                s(d, "rule"),
                s(d, "hint"),
            )
        })
        .collect()
}

/// The mistakes of a newcomer, each located at the value that is wrong (line and column of the
/// `path` or `rule` value), with what was probably meant; JSON and SARIF say the same.
#[test]
fn mistakes_are_located_at_the_value_with_a_hint() {
    let (code, json, err) = run(&["check", "-o", "json", &fixture("mistakes")]);
    assert_eq!(code, 1, "{err}");
    let t = |id: &str, line, column, rule: &str, hint: &str| {
        (
            id.to_owned(),
            line,
            column,
            rule.to_owned(),
            hint.to_owned(),
        )
    };
    assert_eq!(
        located(&json),
        [
            t(
                "build-error",
                15,
                21,
                "no-leading-dot",
                "did you mean `.spec.domain.cpu.cores`?"
            ),
            t(
                "vm-rooted-path",
                22,
                21,
                "from-the-vm",
                "did you mean `.spec.domain.cpu.sockets`?"
            ),
            t(
                "build-error",
                29,
                21,
                "typo",
                "did you mean `.spec.domain.memory.guest`?"
            ),
            t(
                "build-error",
                37,
                21,
                "kind-on-type",
                "the kinds that apply to a `string` are `string`, `regex` and `enum`"
            ),
        ]
    );
    let v: Value = serde_json::from_str(&json).expect("JSON");
    let messages: Vec<&str> = v["diagnostics"]
        .as_array()
        .expect("diagnostics")
        .iter()
        .map(|d| d["message"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        messages[0],
        "path `spec.domain.cpu.cores` must start with `.`: the reference appends a rule path to the VM's `.spec.template` as written"
    );
    assert!(
        messages[1].contains("rule paths are rooted at the VM's `spec.template`"),
        "{}",
        messages[1]
    );
    // SARIF: the same places, and the same message with its hint.
    let (_, sarif, _) = run(&["check", "-o", "sarif", &fixture("mistakes")]);
    let log: Value = serde_json::from_str(&sarif).expect("JSON");
    let results = log["runs"][0]["results"].as_array().expect("results");
    assert_eq!(results.len(), 4);
    for (r, d) in results
        .iter()
        .zip(v["diagnostics"].as_array().expect("diagnostics"))
    {
        let text = format!(
            "rule `{}`: {}\nhelp: {}",
            d["rule"].as_str().unwrap_or_default(),
            d["message"].as_str().unwrap_or_default(),
            d["hint"].as_str().unwrap_or_default()
        );
        assert_eq!(r["message"]["text"], text.as_str());
        assert_eq!(r["ruleId"], d["id"]);
        assert_eq!(
            r["locations"][0]["physicalLocation"]["region"],
            serde_json::json!({"startLine": d["line"], "startColumn": d["column"]})
        );
    }
}

/// The text shows each hint as rustc does, under the underlined value.
#[test]
fn hints_follow_the_source_line_in_text() {
    let (_, out, _) = run(&["check", &fixture("mistakes")]);
    assert!(
        out.contains(
            "29 |             \"path\": \"jsonpath::.spec.domain.memory.guets\",\n   |                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^\n   |\n   = help: did you mean `.spec.domain.memory.guest`?\n"
        ),
        "{out}"
    );
}
