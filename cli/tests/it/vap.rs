//! `validgen vap`: the bundled catalog's policies and report, a catalog of odd rules (exact,
//! approximate, a legacy Template's own rules), the policy files, `--actions`,
//! `--unknown-rule-texts` and `--deny-approximate`.

use crate::common;

use common::run;
use serde_json::Value;

const COMMON: &str = "examples/common-templates/templates";
const ODD: &str = "cli/tests/data/explain-catalog";

#[test]
fn bundled_catalog_prints_ten_policies_and_an_all_exact_report() {
    let (code, out, err) = run(&["vap", COMMON, "--deny-approximate"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.matches("\nkind: ValidatingAdmissionPolicy\n").count(),
        10
    );
    assert_eq!(
        out.matches("kind: ValidatingAdmissionPolicyBinding\n")
            .count(),
        10
    );
    assert!(
        err.contains("7 rule sets, 10 policies; rules: 17 exact, 0 approximate, 0 untranslatable"),
        "{err}"
    );
}

#[test]
fn odd_rules_are_classified_and_fail_deny_approximate() {
    let dir = tempfile::tempdir().expect("temp dir");
    let report = dir.path().join("report.json");
    let report_arg = report.to_str().expect("UTF-8 path");
    let (code, out, err) = run(&["vap", ODD, "--report", report_arg]);
    assert_eq!(code, 0, "{err}");
    insta::assert_snapshot!("odd_report", err);
    // A Deny policy per text (the one that does not parse denies every VM carrying it), a
    // Warn twin, and a policy for the legacy Template's own rules, bound to that Template.
    assert_eq!(
        out.matches("kind: ValidatingAdmissionPolicyBinding\n")
            .count(),
        6
    );
    assert!(out.contains("\n  paramRef:\n    name: both-annotations\n    namespace: kubevirt\n    parameterNotFoundAction: Allow\n"));
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(&report).expect("written")).expect("JSON");
    assert_eq!(json["summary"]["untranslatable"], 0);
    let classes: Vec<&str> = json["rule_sets"]
        .as_array()
        .expect("rule sets")
        .iter()
        .map(|s| s["class"].as_str().unwrap_or_default())
        .collect();
    assert_eq!(
        classes,
        ["exact", "approximate", "approximate", "exact", "exact"]
    );
    let (code, _, _) = run(&["vap", ODD, "--deny-approximate"]);
    assert_eq!(code, 1);
}

#[test]
fn out_writes_one_file_per_policy_with_its_binding_and_actions_reach_the_bindings() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out_dir = dir.path().join("policies");
    let (code, out, err) = run(&[
        "vap",
        COMMON,
        "--out",
        out_dir.to_str().expect("UTF-8 path"),
        "--actions",
        "audit,warn",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "", "nothing printed with --out");
    let mut names: Vec<String> = std::fs::read_dir(&out_dir)
        .expect("folder")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), 10);
    assert_eq!(names[1], "validgen-kubevirt-27850fe078-warn.yaml");
    let deny = std::fs::read_to_string(out_dir.join("validgen-kubevirt-27850fe078.yaml"))
        .expect("policy file");
    assert!(deny.contains(
        "---\napiVersion: admissionregistration.k8s.io/v1\nkind: ValidatingAdmissionPolicyBinding\n"
    ));
    assert!(
        deny.ends_with("  validationActions:\n  - Audit\n  - Warn\n"),
        "{deny}"
    );
    let warn = std::fs::read_to_string(out_dir.join(&names[1])).expect("warn file");
    assert!(warn.ends_with("  validationActions:\n  - Warn\n"), "{warn}");
}

#[test]
fn deny_with_warn_and_an_unreadable_catalog_are_usage_errors() {
    let (code, out, err) = run(&["vap", COMMON, "--actions", "deny,warn"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "error: --actions: Deny and Warn cannot be used together (the API server refuses it)\n"
    );
    let (code, _, err) = run(&["vap", "cli/tests/data/no-such-folder"]);
    assert_eq!(code, 2);
    assert!(
        err.starts_with("error: cli/tests/data/no-such-folder: "),
        "{err}"
    );
}

#[test]
fn unknown_rule_texts_adds_a_catch_all_policy_bound_as_asked() {
    for (what, actions) in [("deny", "  - Deny\n"), ("warn", "  - Warn\n")] {
        let (code, out, err) = run(&["vap", COMMON, "--unknown-rule-texts", what]);
        assert_eq!(code, 0, "{err}");
        assert!(err.contains("7 rule sets, 11 policies;"), "{err}");
        let last = out.rsplit("---\n").next().unwrap_or_default();
        assert!(
            last.contains("\n  name: validgen-kubevirt-unknown-rule-texts\n"),
            "{last}"
        );
        assert!(
            last.ends_with(&format!("  validationActions:\n{actions}")),
            "{last}"
        );
    }
    let (code, out, _) = run(&["vap", COMMON]);
    assert_eq!(code, 0);
    assert!(!out.contains("unknown-rule-texts"));
}
