//! The v1alpha1 → v1beta1 migration on the 206 real Kyverno tests (every document): each
//! migrates, its YAML reads back as the migrated value, passes the v1beta1 catalog with no
//! error, and a test-local reverse mapping gives the original back (up to the normalisations
//! `kyverno::migrate` documents). Plus the migration's refusals and normalisations by hand.

#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};
use validgen_core::ir::Severity;
use validgen_core::model::Yaml;
use validgen_kubevirt::manifest;
use validgen_kyverno::migrate::{migrate, migrate_file, to_yaml};
use validgen_kyverno::{self as kyverno, Finding, Version};

const CORPUS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../tests/corpus/kyverno-tests"
);

/// Every `kyverno-test.yaml` under `dir` (hidden directories too, as the CLI walks them).
fn test_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            test_files(&path, out);
        } else if path
            .file_name()
            .is_some_and(|n| n == kyverno::TEST_FILE_NAME)
        {
            out.push(path);
        }
    }
}

/// Every document of every real test, with its file and index. The one real file not named
/// `kyverno-test.yaml`, `_testdata/tests/test-invalid/kyverno-test-invalid.yaml` (`foo: bar`,
/// not a test), is left out on purpose: see `the_invalid_fixture_is_not_migrated`.
fn corpus() -> Vec<(String, Value)> {
    let mut files = Vec::new();
    test_files(Path::new(CORPUS), &mut files);
    assert_eq!(files.len(), 206, "the corpus holds 206 kyverno-test.yaml");
    let mut docs = Vec::new();
    for file in files {
        let name = file.strip_prefix(CORPUS).unwrap().display().to_string();
        for doc in manifest::read_file(&file, manifest::DEFAULT_MAX_BYTES).unwrap() {
            docs.push((format!("{name}#{}", doc.index), doc.value));
        }
    }
    assert_eq!(docs.len(), 209, "three files hold two documents");
    docs
}

/// The v1alpha1 test that `kyverno::migrate` reads `v1beta1` back from: the mapping of its
/// module docs, reversed.
fn reverse(v1beta1: &Value) -> Value {
    let mut out = Map::new();
    out.insert("apiVersion".into(), json!("cli.kyverno.io/v1alpha1"));
    out.insert("kind".into(), json!("Test"));
    if let Some(metadata) = v1beta1.get("metadata") {
        out.insert("metadata".into(), metadata.clone());
    }
    for (key, value) in v1beta1["spec"].as_object().unwrap() {
        match key.as_str() {
            "payloads" => {
                for (kind, files) in value.as_object().unwrap() {
                    out.insert(format!("{kind}Payloads"), files.clone());
                }
            }
            "variablesFile" => drop(out.insert("variables".into(), value.clone())),
            "userInfoFile" => drop(out.insert("userinfo".into(), value.clone())),
            "results" => {
                let results = value.as_array().unwrap().iter().map(|r| {
                    let mut r = r.as_object().unwrap().clone();
                    if let Some(patched) = r.remove("patchedResource") {
                        r.insert("patchedResources".into(), patched);
                    }
                    Value::Object(r)
                });
                out.insert("results".into(), results.collect());
            }
            "variables" => {
                let mut values = value.as_object().unwrap().clone();
                if let Some(global) = values.remove("global") {
                    values.insert("globalValues".into(), global);
                }
                out.insert("values".into(), Value::Object(values));
            }
            _ => drop(out.insert(key.clone(), value.clone())),
        }
    }
    Value::Object(out)
}

/// `original` with the normalisations `kyverno::migrate` documents applied.
fn normalised(original: &Value) -> Value {
    let mut doc = original.as_object().unwrap().clone();
    doc.insert("apiVersion".into(), json!("cli.kyverno.io/v1alpha1"));
    doc.insert("kind".into(), json!("Test"));
    if let Some(name) = doc.remove("name") {
        let metadata = doc.entry("metadata").or_insert_with(|| json!({}));
        metadata["name"] = name;
    }
    if let Some(single) = doc.remove("jsonPayload") {
        doc.insert("jsonPayloads".into(), json!([single]));
    }
    if let Some(Value::Array(results)) = doc.get_mut("results") {
        for result in results {
            let result = result.as_object_mut().unwrap();
            if let Some(resource) = result.remove("resource") {
                let list = result.entry("resources").or_insert_with(|| json!([]));
                list.as_array_mut().unwrap().push(resource);
            }
        }
    }
    Value::Object(doc)
}

#[test]
fn every_real_test_migrates_and_passes_the_v1beta1_catalog() {
    let mut failures = Vec::new();
    for (name, doc) in corpus() {
        let migrated = match migrate(&doc) {
            Ok(m) => m,
            Err(why) => {
                failures.push(format!("{name}: {why:?}"));
                continue;
            }
        };
        assert_eq!(
            kyverno::recognise(&migrated, kyverno::TEST_FILE_NAME, kyverno::TEST_FILE_NAME),
            Some(Version::V1beta1)
        );
        let text = to_yaml(&migrated).unwrap();
        let yaml = Yaml::parse(&text).unwrap_or_else(|e| panic!("{name}: {e}\n{text}"));
        assert_eq!(
            yaml.value(),
            &migrated,
            "{name}: the YAML reads back\n{text}"
        );
        for f in kyverno::validate(Version::V1beta1, &name, &yaml) {
            if f.severity == Severity::Error {
                failures.push(format!(
                    "{name}: {} {}: {}",
                    f.instance, f.keyword, f.message
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_migration_of_every_real_test_is_lossless() {
    let mut normalised_docs = 0;
    for (name, doc) in corpus() {
        let migrated = migrate(&doc).unwrap();
        let back = reverse(&migrated);
        // Equality of JSON objects ignores key order; the values are compared whole.
        assert_eq!(back, normalised(&doc), "{name}");
        if back != doc {
            normalised_docs += 1;
        }
    }
    // 14 `kyverno.io/v1` tests, `test-deprecated` (no apiVersion/kind, `name`, `resource`).
    assert_eq!(normalised_docs, 15);
}

#[test]
fn the_deprecated_fixture_is_normalised_as_kyverno_fix_test_did() {
    let path = format!("{CORPUS}/cmd/cli/kubectl-kyverno/_testdata/tests/test-deprecated");
    let doc = &manifest::read_file(
        &Path::new(&path).join("kyverno-test.yaml"),
        manifest::DEFAULT_MAX_BYTES,
    )
    .unwrap()[0]
        .value;
    let text = to_yaml(&migrate(doc).unwrap()).unwrap();
    assert_eq!(
        text,
        "apiVersion: cli.kyverno.io/v1beta1\nkind: KyvernoTest\nmetadata:\n  name: \
         deprecated-test\nspec:\n  policies:\n  - policy.yaml\n  resources:\n  - \
         resource.yaml\n  results:\n  - policy: some-policy\n    rule: some-rule\n    \
         resources:\n    - some-resource\n    kind: Pod\n    result: pass\n"
    );
}

#[test]
fn every_v1alpha1_field_has_its_place_in_order() {
    let doc = json!({
        "kind": "Test", "apiVersion": "cli.kyverno.io/v1alpha1",
        "results": [{"result": "pass", "kind": "Pod", "policy": "p",
                     "patchedResources": "patched.yaml", "isMutatingPolicy": true,
                     "resources": ["a"], "operation": "UPDATE"}],
        "values": {"subresources": [], "globalValues": {"request.operation": "UPDATE"},
                   "policies": [{"name": "p", "rules": [{"name": "r", "values": {"x": 1}}]}]},
        "userinfo": "user_info.yaml", "variables": "values.yaml",
        "envoyPayloads": ["e.json"], "jsonPayloads": ["j.json"], "httpPayloads": ["h.json"],
        "context": "context.yaml", "exceptions": ["ex.yaml"], "clusterResources": ["c.yaml"],
        "paramResources": ["param.yaml"], "targetResources": ["t.yaml"],
        "globalContextEntries": [{"name": "g", "data": {}}],
        "apiCallResponses": [{"url": "https://x.test/a", "response": {"body": {}}}],
        "resources": ["r.yaml"], "policies": ["p.yaml"], "metadata": {"name": "t"}
    });
    let migrated = migrate(&doc).unwrap();
    let keys = |v: &Value| v.as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    assert_eq!(keys(&migrated), ["apiVersion", "kind", "metadata", "spec"]);
    assert_eq!(
        keys(&migrated["spec"]),
        [
            "policies",
            "resources",
            "payloads",
            "targetResources",
            "paramResources",
            "clusterResources",
            "exceptions",
            "context",
            "variablesFile",
            "userInfoFile",
            "apiCallResponses",
            "globalContextEntries",
            "results",
            "variables"
        ]
    );
    assert_eq!(
        keys(&migrated["spec"]["payloads"]),
        ["json", "http", "envoy"]
    );
    assert_eq!(
        keys(&migrated["spec"]["results"][0]),
        [
            "policy",
            "resources",
            "kind",
            "result",
            "operation",
            "patchedResource",
            "isMutatingPolicy"
        ]
    );
    assert_eq!(
        keys(&migrated["spec"]["variables"]),
        ["global", "policies", "subresources"]
    );
    assert_eq!(reverse(&migrated), doc);
    let yaml = Yaml::parse(&to_yaml(&migrated).unwrap()).unwrap();
    let errors: Vec<_> = kyverno::validate(Version::V1beta1, "kyverno-test.yaml", &yaml)
        .into_iter()
        .filter(|f| f.severity == Severity::Error)
        .collect();
    assert_eq!(errors, []);
}

#[test]
fn the_deprecated_json_payload_becomes_a_list() {
    let doc = json!({"apiVersion": "cli.kyverno.io/v1alpha1", "kind": "Test",
                     "policies": ["p.yaml"], "jsonPayload": "payload.json", "results": []});
    let migrated = migrate(&doc).unwrap();
    assert_eq!(
        migrated["spec"]["payloads"],
        json!({"json": ["payload.json"]})
    );
}

#[test]
fn a_removed_resource_field_joins_the_resources_list() {
    let doc = json!({"results": [{"policy": "p", "kind": "Pod", "result": "pass",
                                  "resources": ["a"], "resource": "b"}]});
    let migrated = migrate(&doc).unwrap();
    assert_eq!(
        migrated["spec"]["results"][0]["resources"],
        json!(["a", "b"])
    );
}

#[test]
fn what_cannot_migrate_without_loss_is_refused_with_every_reason() {
    let doc = json!({
        "name": "old", "metadata": {"name": "new"}, "foo": 1,
        "jsonPayload": "a.json", "jsonPayloads": ["b.json"],
        "values": {"globalValues": {}, "bar": 2},
        "results": [{"policy": "p", "kind": "Pod", "result": "pass", "status": "pass"}, 3,
                    {"policy": "p", "kind": "Pod", "result": "pass", "resource": "a",
                     "resources": "b"}]
    });
    assert_eq!(
        migrate(&doc).unwrap_err(),
        [
            "unknown field \"foo\"",
            "/name: the deprecated name \"old\" differs from metadata.name \"new\"",
            "/jsonPayload: both jsonPayload and jsonPayloads are set, and the CLI ignores \
             jsonPayload then (test/load.go): remove one",
            "/results/0: unknown field \"status\"",
            "/results/1: a result is a mapping",
            "/results/2/resource: resources is not a list to add the resource to",
            "/values: unknown field \"bar\"",
        ]
    );
    assert_eq!(migrate(&json!([1])).unwrap_err(), ["a test is a mapping"]);
}

/// A v1alpha1 test is read as Kyverno's Go decoder reads it: keys in another case are their
/// fields (the migrated test names them as v1beta1 does), and refusals name the keys as written.
#[test]
fn keys_are_migrated_as_go_decodes_them() {
    let doc = json!({
        "apiVersion": "cli.kyverno.io/v1alpha1", "kind": "Test", "metadata": {"name": "t"},
        "Policies": ["p.yaml"], "resources": ["r.yaml"],
        "Results": [{"policy": "p", "rule": "r", "resources": ["a"], "kind": "Pod",
                     "result": "pass", "isMUtatingPolicy": true}]
    });
    let migrated = migrate(&doc).unwrap();
    assert_eq!(
        migrated["spec"],
        json!({"policies": ["p.yaml"], "resources": ["r.yaml"],
               "results": [{"policy": "p", "rule": "r", "resources": ["a"], "kind": "Pod",
                            "result": "pass", "isMutatingPolicy": true}]})
    );
    let yaml = Yaml::parse(&to_yaml(&migrated).unwrap()).unwrap();
    let errors: Vec<Finding> = kyverno::validate(Version::V1beta1, "t.yaml", &yaml)
        .into_iter()
        .filter(|f| f.severity == Severity::Error)
        .collect();
    assert_eq!(errors, []);
    let bad = json!({"Results": [{"policy": "p", "Statuss": "pass"}]});
    assert_eq!(
        migrate(&bad).unwrap_err(),
        ["/Results/0: unknown field \"Statuss\""]
    );
}

/// `results` is optional in v1alpha1 (the CRD and Go's `omitempty`), so a test without it
/// migrates to a `KyvernoTest` the v1beta1 catalog accepts.
#[test]
fn a_test_without_results_migrates_to_a_valid_kyverno_test() {
    for doc in [
        json!({"apiVersion": "cli.kyverno.io/v1alpha1", "kind": "Test",
               "metadata": {"name": "t"}, "policies": ["p.yaml"], "resources": ["r.yaml"]}),
        json!({"apiVersion": "cli.kyverno.io/v1alpha1", "kind": "Test",
               "metadata": {"name": "t"}}),
    ] {
        let v1alpha1 = Yaml::parse(&to_yaml(&doc).unwrap()).unwrap();
        let errors = |yaml: &Yaml, version| {
            kyverno::validate(version, "kyverno-test.yaml", yaml)
                .into_iter()
                .filter(|f| f.severity == Severity::Error)
                .collect::<Vec<Finding>>()
        };
        assert_eq!(errors(&v1alpha1, Version::V1alpha1), [], "{doc}");
        let migrated = Yaml::parse(&to_yaml(&migrate(&doc).unwrap()).unwrap()).unwrap();
        assert_eq!(errors(&migrated, Version::V1beta1), [], "{doc}");
    }
}

/// A v1alpha1 test v1alpha1 allows but the v1beta1 proposal forbids (a result of two policy
/// types) is refused, with the reason, rather than written as an invalid `KyvernoTest`.
#[test]
fn what_v1beta1_forbids_is_refused_not_written() {
    let doc = json!({
        "apiVersion": "cli.kyverno.io/v1alpha1", "kind": "Test", "metadata": {"name": "t"},
        "policies": ["p.yaml"], "resources": ["r.yaml"],
        "results": [{"policy": "p", "kind": "Pod", "resources": ["a"], "result": "pass",
                     "isValidatingPolicy": true, "isMutatingPolicy": true}]
    });
    let v1alpha1 = Yaml::parse(&to_yaml(&doc).unwrap()).unwrap();
    let errors: Vec<Finding> = kyverno::validate(Version::V1alpha1, "kyverno-test.yaml", &v1alpha1)
        .into_iter()
        .filter(|f| f.severity == Severity::Error)
        .collect();
    assert_eq!(errors, []);
    let refused = migrate(&doc).unwrap_err();
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert!(
        refused[0].starts_with("the migrated KyvernoTest would be invalid at /spec/results/0"),
        "{refused:?}"
    );
}

#[test]
fn the_invalid_fixture_is_not_migrated() {
    let file = Path::new(CORPUS)
        .join("cmd/cli/kubectl-kyverno/_testdata/tests/test-invalid/kyverno-test-invalid.yaml");
    let docs = manifest::read_file(&file, manifest::DEFAULT_MAX_BYTES).unwrap();
    assert_eq!(
        migrate(&docs[0].value).unwrap_err(),
        ["unknown field \"foo\""]
    );
}

#[test]
fn yaml_rendering_quotes_what_would_read_back_otherwise_and_refuses_huge_integers() {
    let doc = json!({"a": "true", "b": "1", "c": "", "d": "x: y", "e": [], "f": {},
                     "g": null, "h": 1.5, "i": "multi\nline"});
    let text = to_yaml(&doc).unwrap();
    assert_eq!(
        text,
        "a: \"true\"\nb: \"1\"\nc: \"\"\nd: 'x: y'\ne: []\nf: {}\ng: null\nh: 1.5\ni: |-\n  \
         multi\n  line\n"
    );
    assert_eq!(Yaml::parse(&text).unwrap().value(), &doc);
    assert_eq!(
        to_yaml(&json!({"n": [u64::MAX]})).unwrap_err(),
        "/n/0: the integer 18446744073709551615 is beyond 64-bit signed"
    );
    let mut deep = json!(1);
    for _ in 0..300 {
        deep = json!([deep]);
    }
    assert!(
        to_yaml(&deep)
            .unwrap_err()
            .contains("nests deeper than 256 levels")
    );
}

#[test]
fn a_multi_document_file_migrates_whole_or_says_where_it_cannot() {
    let file =
        Path::new(CORPUS).join("cmd/cli/kubectl-kyverno/_testdata/tests/test-3/kyverno-test.yaml");
    let bytes = std::fs::read(&file).unwrap();
    let text = migrate_file("kyverno-test.yaml", &bytes, 1 << 20).unwrap();
    let docs: Vec<_> = text.split("---\n").collect();
    assert_eq!(docs.len(), 2);
    for doc in docs {
        let yaml = Yaml::parse(doc).unwrap();
        assert_eq!(
            kyverno::validate(Version::V1beta1, "kyverno-test.yaml", &yaml),
            []
        );
    }
    assert_eq!(
        migrate_file("t.yaml", b"policies: [a]\n---\nfoo: 1\n", 1 << 20).unwrap_err(),
        ["t.yaml: document 1: unknown field \"foo\""]
    );
    let err = migrate_file("t.yaml", b"a: [\n", 1 << 20).unwrap_err();
    assert!(err[0].starts_with("t.yaml:"), "{err:?}");
    let err = migrate_file("t.yaml", &[b' '; 64], 10).unwrap_err();
    assert!(err[0].contains("over the limit"), "{err:?}");
}
