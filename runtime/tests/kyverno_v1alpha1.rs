//! The v1alpha1 `Test` catalog (schema with strict decoding, the CLI's load checks,
//! `kyverno fix test`'s warnings) on the 206 real `kyverno-test.yaml` files and on
//! hand-written negative cases, each message asserted with its location.

#[path = "kyverno/corpus.rs"]
mod corpus;

use std::collections::BTreeMap;

use validgen_runtime::ir::Severity;
use validgen_runtime::kyverno::{self, Finding, Layer, Version};
use validgen_runtime::model::Yaml;

const PATH: &str = "dir/kyverno-test.yaml";

fn validate(text: &str) -> Vec<Finding> {
    let yaml = Yaml::parse(text).expect("a YAML document");
    kyverno::validate(Version::V1alpha1, PATH, &yaml)
}

/// `(instance, message)` of the findings of `layer`.
fn of(findings: &[Finding], layer: Layer) -> Vec<(String, String)> {
    findings
        .iter()
        .filter(|f| f.layer == layer)
        .map(|f| (f.instance.clone(), f.message.clone()))
        .collect()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(a, b)| ((*a).to_owned(), (*b).to_owned()))
        .collect()
}

/// A valid test to start the negative cases from.
const HEAD: &str = "apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata:\n  name: t\npolicies: [p.yaml]\nresources: [r.yaml]\n";

#[test]
fn the_real_tests_have_no_errors() {
    let root = corpus::root(env!("CARGO_MANIFEST_DIR"));
    let docs = corpus::documents(&root, kyverno::TEST_FILE_NAME);
    let files: std::collections::BTreeSet<&str> = docs.iter().map(|d| d.file.as_str()).collect();
    assert_eq!((files.len(), docs.len()), (206, 209));
    let mut errors = Vec::new();
    let mut warnings: BTreeMap<String, usize> = BTreeMap::new();
    for doc in &docs {
        let yaml = Yaml::parse(&doc.text).expect("a YAML document");
        assert_eq!(
            kyverno::recognise(yaml.value(), kyverno::TEST_FILE_NAME),
            Some(Version::V1alpha1),
            "{}",
            doc.file
        );
        for f in kyverno::validate(Version::V1alpha1, &doc.file, &yaml) {
            match f.severity {
                Severity::Error if !doc.file.contains("test-deprecated") => {
                    errors.push(format!("{}: {} {}", doc.file, f.instance, f.message));
                }
                Severity::Error => {}
                Severity::Warning => *warnings.entry(f.message).or_default() += 1,
            }
        }
    }
    assert!(errors.is_empty(), "{}", errors.join("\n"));
    println!("{warnings:#?}");
}
