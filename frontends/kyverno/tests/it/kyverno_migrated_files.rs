//! The file checks agree across the migration: every real test, migrated to v1beta1 and
//! checked where it lies, finds what `--check-files` finds on the v1alpha1 original, the
//! two v1alpha1 warnings v1beta1 makes errors (`ruleType`, `namespace`) promoted, and no more.

use crate::corpus;

use std::collections::BTreeMap;

use validgen_core::ir::Severity;
use validgen_core::model::Yaml;
use validgen_kyverno::files::Limits;
use validgen_kyverno::migrate::migrate;
use validgen_kyverno::{Finding, Version, check_files};

/// The error findings by keyword, with the v1alpha1 warnings v1beta1 treats as errors counted
/// as errors.
fn errors(findings: &[Finding], promote: bool) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    for f in findings {
        let promoted = promote && matches!(f.keyword.as_str(), "ruleType" | "namespace");
        if f.severity == Severity::Error || promoted {
            *out.entry(f.keyword.clone()).or_insert(0) += 1;
        }
    }
    out
}

#[test]
fn migrated_real_tests_find_what_the_originals_find() {
    let root = corpus::root(env!("CARGO_MANIFEST_DIR"));
    let docs = corpus::documents(&root, "kyverno-test.yaml");
    assert_eq!(docs.len(), 209);
    let limits = Limits::default();
    let mut checked = 0;
    let mut with_errors = 0;
    for doc in &docs {
        let value = Yaml::parse(&doc.text)
            .expect("a real test parses")
            .value()
            .clone();
        let Ok(migrated) = migrate(&value) else {
            panic!("{}: does not migrate", doc.file);
        };
        let path = root.join(&doc.file);
        let before = errors(
            &check_files(Version::V1alpha1, &value, &path, &limits),
            true,
        );
        let after = errors(
            &check_files(Version::V1beta1, &migrated, &path, &limits),
            false,
        );
        assert_eq!(before, after, "{}", doc.file);
        checked += 1;
        with_errors += usize::from(!after.is_empty());
    }
    assert_eq!(checked, 209);
    // The documents with the true findings the README lists: the Go loader fixtures test-1,
    // test-2, test-3 (two documents) and test-deprecated, sample-policy-exclusion,
    // test-context-resource-ivpol, test-mutate/foreach, the three test-fail cases, and
    // karpenter-annotations-to-nodeselector (a warning in v1alpha1).
    assert_eq!(with_errors, 12);
}
