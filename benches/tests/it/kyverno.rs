//! The Kyverno fixtures: the real test manifests are read and give the known verdicts.

use validgen::kyverno::{Finding, Version};
use validgen_benches::kyverno::*;

#[test]
fn every_real_test_manifest_is_read_and_recognised() {
    let files = kyverno_tests();
    assert_eq!(files.len(), 206);
    let docs: Vec<TestDocument<'_>> = files.iter().flat_map(documents).collect();
    // 3 files hold two documents.
    assert_eq!(docs.len(), 209);
    assert!(docs.iter().all(|d| d.version == Version::V1alpha1));
    assert!(files.iter().any(|f| f.rel.contains("/.kyverno-test")));
}

#[test]
fn the_measured_paths_give_the_known_verdicts() {
    let files = kyverno_tests();
    let docs: Vec<TestDocument<'_>> = files.iter().flat_map(documents).collect();
    let is_error = |f: &Finding| f.severity == validgen::ir::Severity::Error;
    // Only the loader's negative fixture fails the catalog (README).
    let invalid: Vec<&str> = docs
        .iter()
        .filter(|d| validate_document(d).iter().any(is_error))
        .map(|d| d.file.rel.as_str())
        .collect();
    assert_eq!(
        invalid,
        ["cmd/cli/kubectl-kyverno/_testdata/tests/test-deprecated/kyverno-test.yaml"]
    );
    // The file checks catch a result naming a rule the policy does not have.
    let missing_rule = docs
        .iter()
        .find(|d| d.file.rel == "test/cli/test-fail/missing-rule/kyverno-test.yaml")
        .expect("the missing-rule test");
    assert!(
        check_document(missing_rule)
            .iter()
            .any(|f| is_error(f) && f.instance == "/results/0/rule")
    );
}
