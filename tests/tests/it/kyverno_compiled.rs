//! The two built-in Kyverno test CRDs (`frontends/kyverno/crds`) compiled into code by
//! `include_schemas!` with strict decoding agree with the interpreter running the catalog's
//! rule sets (`kyverno::catalog`): the same schema after the rewrite, and the same report
//! (verdict, violation locations, keyword locations) on every real `kyverno-test.yaml`
//! document and on negative documents.

#[path = "../../../frontends/kyverno/tests/it/kyverno/corpus.rs"]
mod corpus;

// The catalog's one compile warning (`x-kubernetes-list-type: map`: key uniqueness is not
// checked, in `values.namespaces[].status.conditions`) is known and shown by `validgen check`.
#[allow(deprecated)]
mod crds {
    validgen::include_schemas!("../frontends/kyverno/crds", reject_unknown_fields = true);
}

use validgen::interpret::{Explain, evaluate_document};
use validgen::json_schema::SchemaValidator;
use validgen::kyverno::{Version, catalog};
use validgen::model::{Plain, Yaml};
use validgen::serde_json::Value;

/// Documents every check of the schemas fails on: unknown fields at several depths, wrong
/// types, enums, required fields, `null`s.
const NEGATIVE: [&str; 4] = [
    "foo: bar\n",
    "apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata: {name: t, bogus: 1}\npolicies: p\nresults:\n- {policy: 1, kind: Pod, result: passs, operation: X, isValidatingPolicy: 'yes', extra: 1}\n- {kind: Pod}\n",
    "apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nvalues:\n  policies:\n  - rules: [{name: r, x: 1}]\n  subresources:\n  - parentResource: {verbs: null}\n    subresource: {}\napiCallResponses:\n- {url: 3, method: PUT, response: {body: [], statusCode: 1.5}}\nglobalContextEntries:\n- {projections: [{}], data: 3}\n",
    "apiVersion: cli.kyverno.io/v1beta1\nkind: KyvernoTest\nmetadata: {name: t}\nspec:\n  policies: [p.yaml]\n  unknown: 1\n",
];

/// The generated validator of `version`'s CRD.
fn validator(version: Version) -> &'static SchemaValidator {
    let file = match version {
        Version::V1alpha1 => "cli.kyverno.io_tests.yaml (version v1alpha1)",
        Version::V1beta1 => "cli.kyverno.io_kyvernotests.yaml (version v1beta1)",
    };
    crds::SCHEMAS
        .iter()
        .find(|s| s.file == file)
        .unwrap_or_else(|| panic!("no validator for {file}"))
}

#[test]
fn compiled_crds_equal_the_catalog() {
    assert_eq!(crds::SCHEMAS.len(), 2);
    let root = corpus::root(env!("CARGO_MANIFEST_DIR"));
    let mut docs = corpus::documents(&root, "kyverno-test.yaml");
    assert_eq!(docs.len(), 209);
    docs.extend(corpus::documents(&root, "kyverno-test-invalid.yaml"));
    docs.extend(NEGATIVE.iter().enumerate().map(|(i, text)| corpus::Doc {
        file: format!("negative {i}"),
        text: (*text).to_owned(),
    }));
    let mut failed = Vec::new();
    for version in [Version::V1alpha1, Version::V1beta1] {
        let compiled = catalog::compiled(version).expect("the built-in CRD compiles");
        let generated = validator(version);
        let schema: Value = validgen::serde_json::from_str(generated.schema).expect("JSON");
        assert_eq!(
            schema, compiled.schema,
            "{version:?}: the same rewritten schema"
        );
        for doc in &docs {
            let yaml = Yaml::parse(&doc.text).expect("a YAML document");
            for explain in [Explain::All, Explain::Failures] {
                let fast = (generated.validate)(yaml.value(), explain);
                let slow = evaluate_document(&compiled.rules, &Plain::new(yaml.value()), explain);
                assert_eq!(fast, slow, "{version:?} {}", doc.file);
            }
            let report = (generated.validate)(yaml.value(), Explain::Failures);
            if version == Version::V1alpha1 && report.report.failed() {
                let at: Vec<&str> = report
                    .violations
                    .iter()
                    .map(|v| v.location.as_str())
                    .collect();
                failed.push(format!("{}: {}", doc.file, at.join(" ")));
            }
        }
    }
    // The real documents the v1alpha1 schema fails: the deprecated layout's unknown field,
    // the invalid fixture's, and `verbs: null` (which the catalog drops: Go reads `null` as
    // the zero value).
    assert_eq!(
        failed[..3],
        [
            "cmd/cli/kubectl-kyverno/_testdata/tests/test-deprecated/kyverno-test.yaml: /results/0/resource",
            "test/cli/test/exec-subresource/kyverno-test.yaml: /values/subresources/0/parentResource/verbs /values/subresources/0/subresource/verbs",
            "cmd/cli/kubectl-kyverno/_testdata/tests/test-invalid/kyverno-test-invalid.yaml: /foo",
        ]
    );
    assert_eq!(failed.len(), 3 + NEGATIVE.len(), "{failed:#?}");
}
