//! `validgen explain` on the bundled catalogs and on a catalog of odd rules.

use crate::common;

use common::run;
use serde_json::Value;

const FIXTURES: &str = "cli/tests/data/explain-catalog";
const COMMON: &str = "examples/common-templates/templates";
const UPSTREAM: &str = "examples/other-templates/kubevirt-template-validator";

#[test]
fn every_rule_kind_and_malformed_rule_in_words() {
    let (code, out, err) = run(&["explain", FIXTURES]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("fixtures_text", out);
}

#[test]
fn every_rule_kind_and_malformed_rule_as_json() {
    let (code, out, err) = run(&["explain", "-o", "json", FIXTURES]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).expect("one JSON document");
    let names: Vec<&str> = v
        .as_array()
        .expect("an array of templates")
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    assert_eq!(
        names,
        [
            "all-kinds",
            "both-annotations",
            "malformed",
            "no-rules",
            "rejected"
        ]
    );
    insta::assert_snapshot!("fixtures_json", out);
}

#[test]
fn upstream_validator_templates() {
    let (code, out, err) = run(&["explain", UPSTREAM]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("upstream_text", out);
}

#[test]
fn one_common_template_in_words_and_as_json() {
    let (code, out, err) = run(&["explain", COMMON, "windows2k22-server-medium"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("windows2k22_server_medium_text", out);
    let (code, out, err) = run(&["explain", "-o", "json", COMMON, "rhel9-server-tiny"]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("rhel9_server_tiny_json", out);
}

/// The whole catalog: every template once, in name order, each with its memory rule in
/// binary units.
#[test]
fn the_whole_common_catalog() {
    let (code, out, err) = run(&["explain", COMMON]);
    assert_eq!(code, 0, "{err}");
    let mut lines = out.lines();
    assert_eq!(
        lines.next(),
        Some(format!("172 templates in {COMMON}").as_str())
    );
    let blocks: Vec<&str> = out.split("\n\n").skip(1).collect();
    assert_eq!(blocks.len(), 172);
    let names: Vec<&str> = blocks.iter().filter_map(|b| b.split(':').next()).collect();
    let mut sorted = names.clone();
    sorted.sort_unstable();
    assert_eq!(names, sorted, "templates in name order");
    for block in &blocks {
        assert!(
            block.contains(
                "1. minimal-required-memory (integer): .spec.domain.memory.guest at least "
            ),
            "{block}"
        );
        assert!(
            block.contains(" bytes)"),
            "memory bounds in binary units: {block}"
        );
        assert!(!block.contains("malformed"), "{block}");
    }
    let (_, again, _) = run(&["explain", COMMON]);
    assert_eq!(out, again, "deterministic");
}

#[test]
fn a_template_is_found_by_namespace_and_name() {
    let (code, out, _) = run(&["explain", FIXTURES, "kubevirt/both-annotations"]);
    assert_eq!(code, 0);
    assert!(
        out.starts_with("kubevirt/both-annotations: 1 rule\n"),
        "{out}"
    );
    let (code, by_name, _) = run(&["explain", FIXTURES, "both-annotations"]);
    assert_eq!(code, 0);
    assert_eq!(out, by_name);
}

#[test]
fn an_unknown_template_or_catalog_is_an_error() {
    let (code, out, err) = run(&["explain", COMMON, "rhel10-server-small"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert_eq!(
        err,
        format!(
            "error: {COMMON}: no template named \"rhel10-server-small\" among its 172 templates \
             (run `validgen explain {COMMON}` to list them)\n"
        )
    );
    let (code, _, err) = run(&["explain", "examples/vms/derived"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("examples/vms/derived: no Template found"),
        "{err}"
    );
    let (code, _, err) = run(&["explain", "no/such/dir"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("error: no/such/dir: "), "{err}");
}

/// A regex that does not compile: the rule always fails, with the compiler's error.
#[test]
fn a_bad_regex_is_malformed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let template = r#"
kind: Template
metadata: {name: bad-regex}
objects:
- metadata:
    annotations:
      vm.kubevirt.io/validations: |
        [{"name": "machine", "path": "jsonpath::.spec.domain.machine.type", "rule": "regex",
          "message": "an unclosed group", "regex": "(q35"}]
"#;
    std::fs::write(dir.path().join("t.yaml"), template).expect("write");
    let path = dir.path().display().to_string();
    let (code, out, err) = run(&["explain", "-o", "json", &path]);
    assert_eq!(code, 0, "{err}");
    let v: Value = serde_json::from_str(&out).expect("JSON");
    let rule = &v[0]["rule_sets"][0]["rules"][0];
    assert_eq!(rule["check"]["regex"], "(q35");
    assert_eq!(
        rule["problem"],
        "the regex does not compile (Go RE2 syntax)"
    );
    assert_eq!(
        rule["description"], "always fails: error parsing regexp: missing closing ): `(q35`",
        "{rule}"
    );
}
