//! `validgen diff`: the historical common-templates releases compared pairwise (snapshots), and
//! one change of each kind on small hand-written releases (`tests/data/diff`), with `--vms`.

use crate::common;

use common::{run, run_stdin};
use serde_json::Value;

const HISTORY: &str = "tests/corpus/common-templates-history";
const CURRENT: &str = "examples/common-templates/templates";
const DATA: &str = "cli/tests/data/diff";

/// The releases of `tests/corpus/common-templates-history`, oldest first.
const RELEASES: [&str; 9] = [
    "v0.8.0", "v0.11.0", "v0.11.1", "v0.11.2", "v0.11.3", "v0.12.4", "v0.13.0", "v0.21.0",
    "v0.25.0",
];

#[test]
fn consecutive_historical_releases() {
    for pair in RELEASES.windows(2) {
        let (old, new) = (
            format!("{HISTORY}/{}", pair[0]),
            format!("{HISTORY}/{}", pair[1]),
        );
        let (code, out, err) = run(&["diff", &old, &new]);
        // Every pair changes something; no release's own rule sets fail to parse but v0.8.0's
        // (the old side of the first pair), which is not an error of the release under review.
        assert_eq!(code, 1, "{old} → {new}: {err}");
        assert_eq!(err, "", "{old} → {new}");
        let name = format!("history_{}_to_{}", pair[0], pair[1]).replace('.', "_");
        insta::assert_snapshot!(name, out);
    }
}

#[test]
fn last_historical_release_to_the_current_catalog() {
    let old = format!("{HISTORY}/v0.25.0");
    let (code, out, err) = run(&["diff", &old, CURRENT]);
    assert_eq!(code, 1, "{err}");
    insta::assert_snapshot!("history_v0_25_0_to_current", out);
}

#[test]
fn a_release_as_markdown() {
    let (old, new) = (format!("{HISTORY}/v0.13.0"), format!("{HISTORY}/v0.21.0"));
    let (code, out, err) = run(&["diff", "-o", "markdown", &old, &new]);
    assert_eq!(code, 1, "{err}");
    insta::assert_snapshot!("history_v0_13_0_to_v0_21_0_markdown", out);
}

#[test]
fn each_kind_of_change_and_the_vms_it_flips() {
    let (old, new, vms) = (
        format!("{DATA}/old"),
        format!("{DATA}/new"),
        format!("{DATA}/vms"),
    );
    let (code, out, err) = run(&["diff", &old, &new, "--vms", &vms]);
    assert_eq!((code, err.as_str()), (1, ""));
    insta::assert_snapshot!("fixtures_text", out);
    let (code, out, _) = run(&["diff", "-o", "markdown", &old, &new, "--vms", &vms]);
    assert_eq!(code, 1);
    insta::assert_snapshot!("fixtures_markdown", out);
}

#[test]
fn the_diff_as_json() {
    let (old, new) = (format!("{DATA}/old"), format!("{DATA}/new"));
    let vms = format!("{DATA}/vms/cluster.yaml");
    let (code, out, err) = run(&["diff", "-o", "json", &old, &new, "--vms", &vms]);
    assert_eq!(code, 1, "{err}");
    let v: Value = serde_json::from_str(&out).expect("one JSON document");
    assert_eq!(v["exit_code"], 1);
    assert_eq!(v["diff"]["added"][0]["key"], "fresh");
    assert_eq!(v["diff"]["removed"][0]["key"], "gone");
    let changed = v["diff"]["changed"].as_array().expect("changed templates");
    let rules = changed
        .iter()
        .find(|t| t["new"]["key"] == "rules")
        .expect("the template `rules`");
    let memory = &rules["rule_sets"][0]["rules"][0];
    assert_eq!(memory["status"], "changed");
    assert_eq!(
        memory["changes"][0],
        serde_json::json!({"field": "bound", "key": "min",
            "old": "1Gi (1073741824 bytes)", "new": "1.5Gi (1610612736 bytes)"})
    );
    let suffixed = changed
        .iter()
        .find(|t| t["new"]["key"] == "suffixed")
        .expect("a rename");
    assert_eq!(
        suffixed["renamed"],
        serde_json::json!({"by": "same-base-name", "value": "suffixed"})
    );
    let rows = v["vms"]["rows"].as_array().expect("every VM");
    assert_eq!(v["vms"]["mode"], "admitted");
    let flips: Vec<(&str, &str)> = rows
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap_or(""),
                r["flip"].as_str().unwrap_or(""),
            )
        })
        .collect();
    assert_eq!(
        flips,
        [
            ("prod/small-1gi", "allowed-to-denied"),
            ("prod/small-512mi", "causes-changed"),
            ("prod/large-3gi", "denied-to-allowed"),
            ("prod/moving-512mi", "denied-to-allowed"),
            ("prod/large-8gi", "unchanged"),
            ("prod/own-rules", "unchanged"),
        ]
    );
    assert_eq!(rows[0]["new"]["causes"][0]["rule"], "memory");
}

#[test]
fn nothing_changed_exits_0() {
    let old = format!("{DATA}/old");
    let (code, out, err) = run(&["diff", &old, &old, "--vms", &format!("{DATA}/vms")]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        format!(
            "{old} → {old}: 0 templates added, 0 removed, 0 renamed, 0 with rule changes, 7 unchanged\n\n\
             7 VMs judged (admitted): 0 allowed → denied, 0 denied → allowed, 0 causes changed, 7 unchanged, 1 other document skipped\n"
        )
    );
}

#[test]
fn a_cluster_dump_on_standard_input() {
    let (old, new) = (format!("{DATA}/old"), format!("{DATA}/new"));
    let dump = common::read(&format!("{DATA}/vms/cluster.yaml"));
    let (code, out, err) = run_stdin(&["diff", &old, &new, "--vms", "-"], &dump);
    assert_eq!((code, err.as_str()), (1, ""));
    assert!(
        out.contains("  allowed → denied: -#0 prod/small-1gi\n"),
        "{out}"
    );
    assert!(out.ends_with(
        "6 VMs judged (admitted): 1 allowed → denied, 2 denied → allowed, 1 causes changed, 2 unchanged\n"
    ), "{out}");
    // As given, without the API server's canonical quantities: the same VMs flip here.
    let (code, raw, _) = run_stdin(&["diff", &old, &new, "--raw", "--vms", "-"], &dump);
    assert_eq!(code, 1);
    assert!(raw.contains("6 VMs judged (raw):"), "{raw}");
}

#[test]
fn a_rule_set_that_does_not_parse_is_located_and_the_rest_still_reported() {
    let (old, broken) = (format!("{DATA}/old"), format!("{DATA}/broken"));
    let (code, out, err) = run(&["diff", &old, &broken]);
    assert_eq!((code, err.as_str()), (2, ""));
    assert!(out.contains(&format!(
        "rule sets that do not parse:\n  new {broken}/rules.yaml#0 template rules at objects[0].metadata.annotations[\"vm.kubevirt.io/validations\"]: rule 1 (\"memory\"): `min` must be a number or a `jsonpath::` string, found \"1Gi\" at line 1 column 28\n"
    )), "{out}");
    assert!(
        out.contains("rules:\n  the new rule set does not parse: rule 1"),
        "{out}"
    );
    assert!(
        out.contains("small:\n  ~ rule memory:\n"),
        "the other templates: {out}"
    );
}

#[test]
fn a_folder_that_is_not_a_catalog_and_an_unreadable_vm_file() {
    let (old, vms) = (format!("{DATA}/old"), format!("{DATA}/vms"));
    let (code, out, err) = run(&["diff", &vms, &old]);
    assert_eq!(code, 2);
    assert_eq!(out, "");
    assert_eq!(
        err,
        format!("error: {vms}: no Template found (looked for *.yaml, *.yml and *.json files)\n")
    );
    let missing = format!("{DATA}/no-such.yaml");
    let (code, out, err) = run(&["diff", &old, &old, "--vms", &missing, &vms]);
    assert_eq!(code, 2);
    assert!(err.starts_with(&format!("error: {missing}: ")), "{err}");
    assert!(
        out.contains("7 VMs judged"),
        "the other inputs still judged: {out}"
    );
}
