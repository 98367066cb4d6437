//! The v1alpha1 `Test` catalog (schema with strict decoding, the CLI's load checks,
//! `kyverno fix test`'s warnings) on the 206 real `kyverno-test.yaml` files and on
//! hand-written negative cases, each message asserted with its location.

use crate::corpus;

use std::collections::BTreeMap;

use validgen_core::ir::Severity;
use validgen_core::model::Yaml;
use validgen_kyverno::{self as kyverno, Finding, Layer, Version};

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
            kyverno::recognise(
                yaml.value(),
                kyverno::TEST_FILE_NAME,
                kyverno::TEST_FILE_NAME
            ),
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
    // 12 documents (10 files) of CEL payload tests (JSON, HTTP, Envoy) name no `resources`;
    // the rest are
    // test-deprecated's.
    let expected = [
        (
            "api version is not set, setting `cli.kyverno.io/v1alpha1`",
            1,
        ),
        ("kind is not set, setting `Test`", 1),
        ("name is deprecated, moving it into `metadata.name`", 1),
        ("test has no resources", 12),
    ];
    let expected: BTreeMap<String, usize> = expected
        .iter()
        .map(|(m, n)| ((*m).to_owned(), *n))
        .collect();
    assert_eq!(warnings, expected);
}

#[test]
fn the_loader_fixtures_fail_with_kyvernos_messages() {
    let root = corpus::root(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("cmd/cli/kubectl-kyverno/_testdata/tests");
    let text = std::fs::read_to_string(dir.join("test-deprecated/kyverno-test.yaml"))
        .expect("read a fixture");
    let path = "cmd/cli/kubectl-kyverno/_testdata/tests/test-deprecated/kyverno-test.yaml";
    let yaml = Yaml::parse(&text).expect("YAML");
    let found = kyverno::validate(Version::V1alpha1, path, &yaml);
    let errors: Vec<(&str, &str)> = found
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| (f.instance.as_str(), f.message.as_str()))
        .collect();
    let deprecated =
        format!("test file {path} uses a deprecated schema — please migrate to the latest format");
    assert_eq!(
        errors,
        [
            ("/name", deprecated.as_str()),
            (
                "/results/0/resource",
                "json: unknown field \"resource\" (did you mean \"resources\"?)"
            ),
        ]
    );
    let text = std::fs::read_to_string(dir.join("test-invalid/kyverno-test-invalid.yaml"))
        .expect("read a fixture");
    let found = kyverno::validate(
        Version::V1alpha1,
        "kyverno-test-invalid.yaml",
        &Yaml::parse(&text).expect("YAML"),
    );
    assert!(found.iter().any(|f| f.layer == Layer::Schema
        && f.instance == "/foo"
        && f.message == "json: unknown field \"foo\""
        && f.keyword == "/additionalProperties"));
}

#[test]
fn schema_violations_read_as_gos_decoder_says() {
    let text = "apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata: {name: t, bogus: 1}\npolicies: [p.yaml]\nresources: [r.yaml]\njsonPayloads: x.json\nvalues:\n  globalValues: {a: 1}\n  policies:\n  - name: p\n    rules:\n    - name: r\n      extra: 1\n      foreachValues: 3\n  subresources:\n  - parentResource: {verbs: null}\n    subresource: {}\nresults:\n- policy: p\n  kind: Pod\n  result: passs\n  isValidatingPolicy: \"yes\"\n  resources: [1]\n- kind: Pod\napiCallResponses:\n- url: http://x\n  response: {body: {}, statusCode: 1.5}\n";
    assert_eq!(
        of(&validate(text), Layer::Schema),
        pairs(&[
            ("/metadata/bogus", "json: unknown field \"bogus\""),
            (
                "/jsonPayloads",
                "json: cannot unmarshal string into Go struct field Test.jsonPayloads of type []string"
            ),
            (
                "/values/policies/0/rules/0/extra",
                "json: unknown field \"extra\""
            ),
            (
                "/values/policies/0/rules/0/foreachValues",
                "json: cannot unmarshal number into Go struct field Rule.values.policies.rules.foreachValues of type map[string][]interface {}"
            ),
            (
                "/values/subresources/0/parentResource",
                "\"kind\" is a required property; \"name\" is a required property; \"namespaced\" is a required property; \"singularName\" is a required property"
            ),
            (
                "/values/subresources/0/subresource",
                "\"kind\" is a required property; \"name\" is a required property; \"namespaced\" is a required property; \"singularName\" is a required property; \"verbs\" is a required property"
            ),
            (
                "/results/0/result",
                "\"passs\" is not one of [\"pass\",\"fail\",\"warn\",\"error\",\"skip\"]"
            ),
            (
                "/results/0/isValidatingPolicy",
                "json: cannot unmarshal string into Go struct field TestResult.results.isValidatingPolicy of type bool"
            ),
            (
                "/results/0/resources/0",
                "json: cannot unmarshal number into Go struct field TestResult.results.resources of type string"
            ),
            (
                "/results/1",
                "\"policy\" is a required property; \"result\" is a required property"
            ),
            (
                "/apiCallResponses/0/response/statusCode",
                "json: cannot unmarshal number 1.5 into Go struct field APICallResponse.apiCallResponses.response.statusCode of type int"
            ),
        ])
    );
    for f in validate(text).iter().filter(|f| f.layer == Layer::Schema) {
        assert_eq!(f.severity, Severity::Error);
        assert!(f.keyword.starts_with('/'), "{f:?}");
    }
}

#[test]
fn the_deprecated_layout_fails_with_kyvernos_text() {
    let text_of = |instance: &str| {
        (
            instance.to_owned(),
            format!(
                "test file {PATH} uses a deprecated schema — please migrate to the latest format"
            ),
        )
    };
    let body = "policies: [p.yaml]\nresources: [r.yaml]\n";
    for (text, at) in [
        (format!("kind: Test\n{body}"), ""),
        (
            format!("apiVersion: cli.kyverno.io/v1alpha1\nkind: ''\n{body}"),
            "",
        ),
        (format!("apiVersion: cli.kyverno.io/v1alpha1\n{body}"), ""),
        (format!("{HEAD}name: old\n"), "/name"),
    ] {
        assert_eq!(of(&validate(&text), Layer::Load), [text_of(at)], "{text}");
    }
    // Go fails to decode a number before the layout is looked at.
    let found = validate(&format!("apiVersion: 1\nkind: Test\n{body}"));
    assert_eq!(of(&found, Layer::Load), []);
    assert_eq!(
        of(&found, Layer::Schema),
        pairs(&[(
            "/apiVersion",
            "json: cannot unmarshal number into Go struct field Test.apiVersion of type string"
        )])
    );
    // An empty `name` is no name; the value of `apiVersion` is not checked.
    let text = format!("{HEAD}name: ''\n").replace("v1alpha1", "v9");
    assert_eq!(of(&validate(&text), Layer::Load), []);
}

#[test]
fn operations_are_checked_on_every_result() {
    let text = format!(
        "{HEAD}values:\n  globalValues:\n    request.operation: READ\nresults:\n- {{policy: a, kind: Pod, result: pass, operation: read}}\n- {{policy: b, kind: Pod, result: pass, operation: DELETE, isDeletingPolicy: true}}\n- {{policy: c, kind: Pod, result: pass, operation: UPDATE}}\n- {{policy: d, kind: Pod, result: pass, operation: PATCH}}\n"
    );
    assert_eq!(
        of(&validate(&text), Layer::Load),
        pairs(&[
            (
                "/values/globalValues/request.operation",
                "invalid request.operation value \"READ\", must be one of CREATE, UPDATE, DELETE, CONNECT"
            ),
            (
                "/results/0/operation",
                "invalid test result for policy a: invalid operation \"read\", must be one of CREATE, UPDATE, DELETE"
            ),
            (
                "/results/1/operation",
                "invalid test result for policy b: operation is not supported for deleting policies"
            ),
            (
                "/results/3/operation",
                "invalid test result for policy d: invalid operation \"PATCH\", must be one of CREATE, UPDATE, DELETE"
            ),
        ])
    );
}

#[test]
fn api_call_responses_every_rule() {
    let text = format!(
        "{HEAD}apiCallResponses:
- response: {{body: {{}}}}
- {{url: 'http://a', urlPath: /b, response: {{body: {{}}}}}}
- {{url: 'ftp://h/x', response: {{body: {{}}}}}}
- {{url: 'https:///x', response: {{body: {{}}}}}}
- {{url: 'http://h:port/', response: {{body: {{}}}}}}
- {{url: ':x', response: {{body: {{}}}}}}
- {{urlPath: api/v1, method: PUT, response: {{body: {{}}}}}}
- {{urlPath: /n, response: {{}}}}
- {{urlPath: /s, response: {{body: [1], statusCode: 99}}}}
- {{urlPath: /t, response: {{body: {{}}, statusCode: 600}}}}
- {{url: ' https://H/ok ', method: get, response: {{body: {{}}, statusCode: 0}}}}
- {{url: 'https://H/ok', method: GET, response: {{body: {{}}}}}}
- {{url: 'https://H/ok', response: {{body: {{}}}}}}
- {{urlPath: /u}}
- {{urlPath: /v, response: {{body: null}}}}
"
    );
    assert_eq!(
        of(&validate(&text), Layer::Load),
        pairs(&[
            (
                "/apiCallResponses/0",
                "apiCallResponses[0]: either url or urlPath is required"
            ),
            (
                "/apiCallResponses/1",
                "apiCallResponses[1]: url and urlPath are mutually exclusive"
            ),
            (
                "/apiCallResponses/2/url",
                "apiCallResponses[2]: url \"ftp://h/x\" must be an absolute https/http URL"
            ),
            (
                "/apiCallResponses/3/url",
                "apiCallResponses[3]: url \"https:///x\" has scheme but no host"
            ),
            (
                "/apiCallResponses/4/url",
                "apiCallResponses[4]: url \"http://h:port/\" is not a valid URL: parse \"http://h:port/\": invalid port \":port\" after host"
            ),
            (
                "/apiCallResponses/5/url",
                "apiCallResponses[5]: url \":x\" is not a valid URL: parse \":x\": missing protocol scheme"
            ),
            (
                "/apiCallResponses/6/urlPath",
                "apiCallResponses[6]: urlPath \"api/v1\" must be an absolute path starting with '/'"
            ),
            (
                "/apiCallResponses/6/method",
                "apiCallResponses[6]: method must be GET or POST"
            ),
            (
                "/apiCallResponses/7/response",
                "apiCallResponses[7] \"/n\": response.body is required"
            ),
            (
                "/apiCallResponses/8/response/body",
                "apiCallResponses[8] \"/s\": response.body must be a JSON object"
            ),
            (
                "/apiCallResponses/8/response/statusCode",
                "apiCallResponses[8] \"/s\": statusCode 99 must be between 100 and 599"
            ),
            (
                "/apiCallResponses/9/response/statusCode",
                "apiCallResponses[9] \"/t\": statusCode 600 must be between 100 and 599"
            ),
            (
                "/apiCallResponses/11/url",
                "apiCallResponses: duplicate entry for \"https://H/ok\" (key \"GET:https://H/ok\") — each method+url combination must be unique"
            ),
            (
                "/apiCallResponses/13",
                "apiCallResponses[13] \"/u\": response.body is required"
            ),
            (
                "/apiCallResponses/14/response/body",
                "apiCallResponses[14] \"/v\": response.body is required"
            ),
        ])
    );
}

#[test]
fn global_context_entries_every_rule() {
    let text = format!(
        "{HEAD}globalContextEntries:
- data: {{a: 1}}
- {{name: ' ', data: {{}}}}
- {{name: g, data: {{}}, projections: [{{path: a}}, {{name: p}}, {{name: q, path: ' '}}]}}
- {{name: ' g ', data: {{}}}}
- {{name: both, data: {{}}, resources: []}}
- {{name: none, data: null}}
- {{name: d, data: [1]}}
- {{name: r, resources: [{{kind: Pod}}, 3]}}
- {{name: f, resourceFiles: [' ', /abs, a/../../x, ./a/.., ok.yaml]}}
"
    );
    let found = validate(&text);
    assert_eq!(
        of(&found, Layer::Load),
        pairs(&[
            (
                "/globalContextEntries/0",
                "globalContextEntries: name is required"
            ),
            (
                "/globalContextEntries/1/name",
                "globalContextEntries: name is required"
            ),
            (
                "/globalContextEntries/2/projections/0",
                "globalContextEntries entry \"g\": projection name is required"
            ),
            (
                "/globalContextEntries/2/projections/1",
                "globalContextEntries entry \"g\" projection \"p\": path is required"
            ),
            (
                "/globalContextEntries/2/projections/2/path",
                "globalContextEntries entry \"g\" projection \"q\": path is required"
            ),
            (
                "/globalContextEntries/3/name",
                "globalContextEntries: duplicate name \"g\""
            ),
            (
                "/globalContextEntries/4",
                "globalContextEntries entry \"both\": data, resources, and resourceFiles are mutually exclusive"
            ),
            (
                "/globalContextEntries/5",
                "globalContextEntries entry \"none\": one of data, resources, or resourceFiles is required"
            ),
            (
                "/globalContextEntries/6/data",
                "globalContextEntries entry \"d\": data must be a JSON object"
            ),
            (
                "/globalContextEntries/7/resources/1",
                "globalContextEntries entry \"r\" resources[1]: must be a JSON object (Kubernetes resource manifest)"
            ),
            (
                "/globalContextEntries/8/resourceFiles/0",
                "globalContextEntries entry \"f\" resourceFiles[0]: file path must not be empty"
            ),
            (
                "/globalContextEntries/8/resourceFiles/1",
                "globalContextEntries entry \"f\" resourceFiles[1]: file path must not be absolute"
            ),
            (
                "/globalContextEntries/8/resourceFiles/2",
                "globalContextEntries entry \"f\" resourceFiles[2]: file path must not escape the test directory"
            ),
        ])
    );
    assert_eq!(
        of(&found, Layer::Fix),
        pairs(&[(
            "/globalContextEntries/5",
            "globalContextEntries entry none has no data source"
        )])
    );
}

#[test]
fn fix_test_warnings() {
    let text = "name: old\nresults:\n- {policy: p, kind: Pod, result: pass, resources: [a, b, a], generatedResources: [g, g]}\n- {policy: p, kind: Pod, result: pass, resources: [a]}\n";
    let found = validate(text);
    assert_eq!(
        of(&found, Layer::Fix),
        pairs(&[
            (
                "",
                "api version is not set, setting `cli.kyverno.io/v1alpha1`"
            ),
            ("", "kind is not set, setting `Test`"),
            ("", "test has no policies"),
            ("", "test has no resources"),
            (
                "/name",
                "name is deprecated, moving it into `metadata.name`"
            ),
            (
                "/results/0/resources",
                "test results contains duplicate resources"
            ),
            (
                "/results/0/generatedResources",
                "test results contains duplicate generated resources"
            ),
        ])
    );
    assert!(
        found
            .iter()
            .filter(|f| f.layer == Layer::Fix)
            .all(|f| f.severity == Severity::Warning)
    );
    assert_eq!(of(&validate(HEAD), Layer::Fix), []);
}

#[test]
fn all_findings_of_a_document_come_together() {
    let text = format!(
        "{HEAD}name: old\nbogus: 1\nresults:\n- {{policy: a, kind: Pod, result: pass, operation: X, resources: [r, r]}}\napiCallResponses:\n- {{url: 'ftp://x', response: {{body: {{}}}}}}\nglobalContextEntries:\n- {{name: e}}\n"
    );
    let found = validate(&text);
    let layers: Vec<(Layer, &str)> = found
        .iter()
        .map(|f| (f.layer, f.instance.as_str()))
        .collect();
    // In document order; at one value, the layers in order (schema, load, fix). The bad
    // `operation` is reported once, by the load check in Kyverno's words, not by the schema's
    // enum too.
    assert_eq!(
        layers,
        [
            (Layer::Load, "/name"),
            (Layer::Fix, "/name"),
            (Layer::Schema, "/bogus"),
            (Layer::Load, "/results/0/operation"),
            (Layer::Fix, "/results/0/resources"),
            (Layer::Load, "/apiCallResponses/0/url"),
            (Layer::Load, "/globalContextEntries/0"),
            (Layer::Fix, "/globalContextEntries/0"),
        ]
    );
}

/// Field names are matched as Go's `encoding/json` matches them (Kyverno decodes tests with
/// `yaml.UnmarshalStrict`): exactly, else case-insensitively. The real test with
/// `isMUtatingPolicy: true` loads; a key in another case is a warning at the key as written,
/// and every check reads its value under the field's name (the bad `operation` below is found
/// under `Results`).
#[test]
fn field_names_match_as_gos_decoder_matches_them() {
    let text = format!(
        "{HEAD}Results:\n- policy: a\n  kind: Pod\n  result: pass\n  resources: [r]\n  isMUtatingPolicy: true\n  OPERATION: X\n"
    );
    let found = validate(&text);
    let errors: Vec<(&str, &str)> = found
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .map(|f| (f.instance.as_str(), f.message.as_str()))
        .collect();
    assert_eq!(
        errors,
        [(
            "/Results/0/OPERATION",
            "invalid test result for policy a: invalid operation \"X\", must be one of CREATE, UPDATE, DELETE"
        )]
    );
    let warnings: Vec<&str> = found
        .iter()
        .filter(|f| f.keyword == "fieldName")
        .map(|f| f.instance.as_str())
        .collect();
    assert_eq!(
        warnings,
        [
            "/Results",
            "/Results/0/isMUtatingPolicy",
            "/Results/0/OPERATION"
        ]
    );
    assert!(
        found
            .iter()
            .all(|f| f.severity == Severity::Error || f.severity == Severity::Warning)
    );
    // Keys that match no field in any case stay unknown fields, in Go's words, with a hint
    // when a field is close.
    let found = validate(&format!("{HEAD}Result: []\nresorces: []\nzzz: 1\n"));
    assert_eq!(
        of(&found, Layer::Schema),
        pairs(&[
            (
                "/Result",
                "json: unknown field \"Result\" (did you mean \"results\"?)"
            ),
            (
                "/resorces",
                "json: unknown field \"resorces\" (did you mean \"resources\"?)"
            ),
            ("/zzz", "json: unknown field \"zzz\""),
        ])
    );
}

/// Several keys naming one field: Go decodes them in `json.Marshal`'s (sorted) key order, each
/// over the last, so the last in that order decides; a warning names them all.
#[test]
fn keys_naming_one_field_are_decoded_one_over_the_other() {
    // Sorted: "RESOURCES" < "resources"; the lower-case key is decoded last.
    let text = "apiVersion: cli.kyverno.io/v1alpha1\nkind: Test\nmetadata:\n  name: t\npolicies: [p.yaml]\nresources: 3\nRESOURCES: [r.yaml]\n";
    let found = validate(text);
    assert_eq!(
        of(&found, Layer::Schema),
        pairs(&[(
            "/resources",
            "json: cannot unmarshal number into Go struct field Test.resources of type []string"
        )])
    );
    let dup = found.iter().find(|f| f.message.contains("all name"));
    assert_eq!(
        dup.map(|f| (f.instance.as_str(), f.severity)),
        Some(("/resources", Severity::Warning))
    );
}
