//! The proposed v1beta1 `KyvernoTest`: the proposal's own example passes; every schema rule
//! and proposal check it relies on fails where it should, with its text and JSON Pointer; the
//! CRD is a structural schema as Kubernetes defines it.

#![allow(clippy::unwrap_used)]

use serde_json::Value;
use validgen_core::ir::Severity;
use validgen_core::model::Yaml;
use validgen_kyverno::catalog::{V1BETA1_CRD, crd_schema};
use validgen_kyverno::{self as kyverno, Finding, Layer, Version};

/// The proposal's example ("Schema for Kyverno CLI test command"), with its placeholders
/// (`myresult`, `Kind`) made real values.
const EXAMPLE: &str = r#"apiVersion: cli.kyverno.io/v1beta1
kind: KyvernoTest
metadata:
  name: test-check-nvidia-gpus
  labels:
    foolabel: foovalue
  annotations:
    fookey: foovalue
spec:
  policies:
  - check-nvidia-gpu.yaml
  - relative/path/to/next/policy.yaml
  - /fully/qualified/path/to/next/policy.yaml
  resources:
  - resource.yaml
  - relative/path/to/next/resource.yaml
  - /fully/qualified/path/to/next/resource.yaml
  results:
  - policy: policyname01
    rule: validaterulename
    resources:
    - resource01
    - resource02
    - resource03
    namespace: foonamespace
    kind: Pod
    result: pass
  - policy: nextname
    rule: mutaterulename
    resources:
    - resource01
    patchedResource: mypatchedresource.yaml
    kind: Pod
    result: pass
  - policy: nextname
    rule: generaterulename
    resources:
    - resource01
    generatedResource: mypatchedresource.yaml
    kind: Pod
    result: pass
  - policy: verify-attestations01
    rule: verifyimagesrulename
    resources:
    - resource01
    kind: Pod
    result: fail
  variables:
    global:
      request.operation: CREATE
    policies:
    - name: policyname01
      rules:
      - name: rulename01
        values:
          imageSize: "3Gi"
          namespacefilters.data.exclude: "[\"default\", \"test\"]"
          imageData:
            labels:
              org.opencontainers.image.source: "https://github.com/kyverno/kyverno-examples"
              org.opencontainers.image.foo: "bar"
        namespaceSelector:
        - name: test1
          labels:
            foo.com/managed-state: managed
      resources:
      - name: nginx-demo2
        values:
          request.operation: UPDATE
        userInfo:
          clusterRoles:
          - cluster-admin
      - name: nginx-demo3
        userInfo:
          roles:
          - nsoperator
      - name: nginx-demo4
        userInfo:
          subjects:
          - name: chip
            kind: User
          - name: devops
            kind: Group
      - name: nginx-demo5
        userInfo:
          subjects:
          - name: kyverno
            kind: ServiceAccount
            namespace: kyverno
    - name: very-attestations01
      rules:
      - name: verifyimagesrulename
        attestations:
        - predicateType: https://example.com/CycloneDX/v1
          predicateResource: my-sbom.json
        - predicateType: https://example.com/CodeReview/v1
          predicateResource: my-codereview.json
        values:
          foo: bar
"#;

/// The findings on the test `text`.
fn findings(text: &str) -> Vec<Finding> {
    let yaml = Yaml::parse(text).unwrap();
    assert_eq!(
        kyverno::recognise(yaml.value(), "test.yaml", kyverno::TEST_FILE_NAME),
        Some(Version::V1beta1)
    );
    kyverno::validate(Version::V1beta1, "kyverno-test.yaml", &yaml)
}

/// `EXAMPLE` with the line `from` replaced by the lines `to` (the line must be there, once).
fn example_with(from: &str, to: &str) -> String {
    assert_eq!(EXAMPLE.matches(from).count(), 1, "{from}");
    EXAMPLE.replacen(from, to, 1)
}

#[test]
fn the_proposal_example_passes() {
    assert_eq!(findings(EXAMPLE), []);
}

/// Neither the proposal nor v1alpha1 requires `policies` or `results`, so a test without them
/// (which `kyverno test` runs, checking nothing) is valid: every v1alpha1 test migrates.
#[test]
fn policies_and_results_are_optional() {
    let bare =
        "apiVersion: cli.kyverno.io/v1beta1\nkind: KyvernoTest\nmetadata:\n  name: t\nspec: {}\n";
    assert_eq!(findings(bare), []);
}

/// One hand-written negative case: `EXAMPLE` with the text `from` replaced by `to`, and the
/// one finding expected (pointer, layer, the end of the keyword, message).
struct Case {
    from: &'static str,
    to: &'static str,
    at: &'static str,
    layer: Layer,
    keyword: &'static str,
    message: &'static str,
}

const fn case(
    from: &'static str,
    to: &'static str,
    at: &'static str,
    layer: Layer,
    keyword: &'static str,
    message: &'static str,
) -> Case {
    Case {
        from,
        to,
        at,
        layer,
        keyword,
        message,
    }
}

/// Runs `cases`; every mismatch is reported at once.
fn run(cases: &[Case]) {
    let mut failures = Vec::new();
    for c in cases {
        let got = findings(&example_with(c.from, c.to));
        let [f] = got.as_slice() else {
            failures.push(format!("{:?}: {got:#?}", c.to));
            continue;
        };
        let want = (c.at, c.layer, c.message, Severity::Error);
        let found = (f.instance.as_str(), f.layer, f.message.as_str(), f.severity);
        if found != want || !f.keyword.ends_with(c.keyword) {
            failures.push(format!(
                "{:?}\n  got  {f:?}\n  want {want:?} {}",
                c.to, c.keyword
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_schema_rule_fails_where_it_should() {
    use Layer::Schema;
    run(&[
        case(
            "  results:\n",
            "  bogus: 1\n  results:\n",
            "/spec/bogus",
            Schema,
            "/properties/spec/additionalProperties",
            "json: unknown field \"bogus\"",
        ),
        case(
            "    patchedResource: mypatchedresource.yaml\n",
            "    patchedResources: mypatchedresource.yaml\n",
            "/spec/results/1/patchedResources",
            Schema,
            "/additionalProperties",
            "json: unknown field \"patchedResources\" (did you mean \"patchedResource\"?)",
        ),
        case(
            "    result: fail\n",
            "    result: passs\n",
            "/spec/results/3/result",
            Schema,
            "/properties/result/enum",
            "\"passs\" is not one of [\"pass\",\"fail\",\"warn\",\"error\",\"skip\"]",
        ),
        case(
            "    result: fail\n",
            "    result: fail\n    operation: CONNECT\n",
            "/spec/results/3/operation",
            Schema,
            "/properties/operation/enum",
            "\"CONNECT\" is not one of [\"CREATE\",\"UPDATE\",\"DELETE\"]",
        ),
        case(
            "    patchedResource: mypatchedresource.yaml\n    kind: Pod\n",
            "    patchedResource: mypatchedresource.yaml\n",
            "/spec/results/1",
            Schema,
            "/required",
            "\"kind\" is a required property",
        ),
        case(
            "  - policy: nextname\n    rule: mutaterulename\n",
            "  - policy: \"\"\n    rule: mutaterulename\n",
            "/spec/results/1/policy",
            Schema,
            "/properties/policy/minLength",
            "\"\" is shorter than 1 characters",
        ),
        case(
            "  - resource.yaml\n",
            "  - resource.yaml\n  - resource.yaml\n",
            "/spec/resources",
            Schema,
            "/properties/resources/x-kubernetes-list-type",
            "[\"resource.yaml\",\"resource.yaml\",\"relative/path/to/next/resource.yaml\",\"/fully/q… has non-unique elements",
        ),
        case(
            "    - resource02\n",
            "    - resource01\n",
            "/spec/results/0/resources",
            Schema,
            "/properties/resources/x-kubernetes-list-type",
            "[\"resource01\",\"resource01\",\"resource03\"] has non-unique elements",
        ),
        case(
            "  policies:\n  - check-nvidia-gpu.yaml\n  - relative/path/to/next/policy.yaml\n  - /fully/qualified/path/to/next/policy.yaml\n",
            "  policies: check-nvidia-gpu.yaml\n",
            "/spec/policies",
            Schema,
            "/properties/policies/type",
            "\"check-nvidia-gpu.yaml\" is not of type \"array\"",
        ),
        case(
            "          - name: chip\n            kind: User\n",
            "          - name: chip\n            kind: User\n            namespace: dev\n",
            "/spec/variables/policies/0/resources/2/userInfo/subjects/0/namespace",
            Layer::Proposal,
            "subjectNamespace",
            "namespace is only applicable to ServiceAccount subjects, not to User",
        ),
        case(
            "            kind: Group\n",
            "            kind: Team\n",
            "/spec/variables/policies/0/resources/2/userInfo/subjects/1/kind",
            Schema,
            "/kind/enum",
            "\"Team\" is not one of [\"User\",\"Group\",\"ServiceAccount\"]",
        ),
        case(
            "            foo.com/managed-state: managed\n",
            "            foo.com/managed-state: {a: 1}\n",
            "/spec/variables/policies/0/rules/0/namespaceSelector/0/labels/foo.com~1managed-state",
            Schema,
            "/labels/additionalProperties/type",
            "{\"a\":1} is not of type \"string\"",
        ),
        case(
            "          predicateResource: my-sbom.json\n",
            "",
            "/spec/variables/policies/1/rules/0/attestations/0",
            Schema,
            "/attestations/items/required",
            "\"predicateResource\" is a required property",
        ),
        case(
            "spec:\n",
            "spec:\n  apiCallResponses:\n  - url: https://x.test/a\n    response:\n      body: {}\n      statusCode: 700\n",
            "/spec/apiCallResponses/0/response/statusCode",
            Schema,
            "/statusCode/maximum",
            "700 is greater than the maximum of 599",
        ),
    ]);
}

#[test]
fn every_proposal_check_fails_where_it_should() {
    use Layer::Proposal;
    run(&[
        case(
            "    - name: very-attestations01\n",
            "    - name: policyname01\n",
            "/spec/variables/policies/1/name",
            Proposal,
            "duplicateName",
            "duplicate name \"policyname01\": /spec/variables/policies/0 has it already",
        ),
        case(
            "      - name: rulename01\n",
            "      - name: rulename01\n        values: {}\n      - name: rulename01\n",
            "/spec/variables/policies/0/rules/1/name",
            Proposal,
            "duplicateName",
            "duplicate name \"rulename01\": /spec/variables/policies/0/rules/0 has it already",
        ),
        case(
            "      - name: nginx-demo3\n",
            "      - name: nginx-demo2\n",
            "/spec/variables/policies/0/resources/1/name",
            Proposal,
            "duplicateName",
            "duplicate name \"nginx-demo2\": /spec/variables/policies/0/resources/0 has it already",
        ),
        case(
            "    generatedResource: mypatchedresource.yaml\n",
            "    patchedResource: p.yaml\n    generatedResource: mypatchedresource.yaml\n",
            "/spec/results/2/generatedResource",
            Proposal,
            "resultType",
            "a result expects a patched resource (mutate) or generated resources (generate), not both",
        ),
        case(
            "    namespace: foonamespace\n",
            "    namespace: foonamespace\n    cloneSourceResource: src.yaml\n",
            "/spec/results/0/cloneSourceResource",
            Proposal,
            "resultType",
            "cloneSourceResource is the source a generate rule clones: it needs generatedResource or generatedResources",
        ),
        case(
            "    result: fail\n",
            "    result: fail\n    isValidatingPolicy: true\n    isMutatingPolicy: true\n",
            "/spec/results/3/isMutatingPolicy",
            Proposal,
            "resultType",
            "isValidatingPolicy and isMutatingPolicy are both set: a policy has one type",
        ),
        case(
            "    result: fail\n",
            "    result: fail\n    isDeletingPolicy: true\n    operation: DELETE\n",
            "/spec/results/3/operation",
            Proposal,
            "operation",
            "invalid test result for policy verify-attestations01: operation is not supported for deleting policies",
        ),
    ]);
}

#[test]
fn values_take_any_field_and_value() {
    let text = example_with(
        "          foo: bar\n",
        "          foo: {any: [1, {deep: true}]}\n",
    );
    assert_eq!(findings(&text), []);
}

#[test]
fn every_reason_comes_at_once_in_document_order() {
    let text = example_with("    result: fail\n", "    result: passs\n    bogus: 1\n");
    let text = text.replace(
        "    - name: very-attestations01\n",
        "    - name: policyname01\n",
    );
    let found: Vec<_> = findings(&text)
        .into_iter()
        .map(|f| (f.instance, f.layer))
        .collect();
    assert_eq!(
        found,
        [
            ("/spec/results/3/result".to_owned(), Layer::Schema),
            ("/spec/results/3/bogus".to_owned(), Layer::Schema),
            (
                "/spec/variables/policies/1/name".to_owned(),
                Layer::Proposal
            ),
        ]
    );
}

/// Kubernetes' rules for a structural schema (apiextensions `structural` package), on the
/// schema `s` at `at`: its problems, appended to `out`.
fn structural(
    s: &Value,
    at: &str,
    in_junctor: bool,
    skeleton: Option<&Value>,
    out: &mut Vec<String>,
) {
    let Some(map) = s.as_object() else {
        return out.push(format!("{at}: not an object"));
    };
    for (k, v) in map {
        let here = format!("{at}/{k}");
        match k.as_str() {
            "$ref" | "definitions" | "uniqueItems" | "additionalItems" | "patternProperties"
            | "dependencies" | "id" | "$schema" => out.push(format!("{here}: forbidden")),
            "type" | "description" | "nullable" | "additionalProperties" | "default"
                if in_junctor =>
            {
                out.push(format!("{here}: forbidden in anyOf/allOf/oneOf/not"));
            }
            _ if in_junctor && k.starts_with("x-kubernetes-") => {
                out.push(format!("{here}: forbidden in anyOf/allOf/oneOf/not"));
            }
            "properties" => {
                for (name, sub) in v.as_object().unwrap() {
                    let skeleton_sub = match skeleton {
                        Some(sk) => sk["properties"].get(name),
                        None => Some(sub),
                    };
                    if skeleton_sub.is_none() {
                        out.push(format!("{here}/{name}: not in the skeleton"));
                    }
                    structural(
                        sub,
                        &format!("{here}/{name}"),
                        in_junctor,
                        skeleton_sub,
                        out,
                    );
                }
            }
            "items" | "additionalProperties" if v.is_object() => {
                structural(v, &here, in_junctor, skeleton.map(|sk| &sk[k]), out);
            }
            "anyOf" | "allOf" | "oneOf" => {
                for (i, sub) in v.as_array().unwrap().iter().enumerate() {
                    structural(
                        sub,
                        &format!("{here}/{i}"),
                        true,
                        Some(skeleton.unwrap_or(s)),
                        out,
                    );
                }
            }
            "not" => structural(v, &here, true, Some(skeleton.unwrap_or(s)), out),
            _ => {}
        }
    }
    let typed = map.contains_key("type")
        || map.get("x-kubernetes-int-or-string") == Some(&Value::Bool(true))
        || map.get("x-kubernetes-preserve-unknown-fields") == Some(&Value::Bool(true));
    if !in_junctor && !typed {
        out.push(format!("{at}: no type"));
    }
    if map.get("x-kubernetes-list-type") == Some(&Value::from("set"))
        && !matches!(
            s["items"]["type"].as_str(),
            Some("string" | "integer" | "number" | "boolean")
        )
    {
        out.push(format!("{at}: a set of non-scalars"));
    }
}

#[test]
fn the_crd_is_a_structural_schema_of_kyvernotests() {
    let crd = Yaml::parse(V1BETA1_CRD).unwrap();
    let crd = crd.value();
    assert_eq!(crd["metadata"]["name"], "kyvernotests.cli.kyverno.io");
    assert_eq!(crd["spec"]["scope"], "Cluster");
    assert_eq!(crd["spec"]["names"]["kind"], "KyvernoTest");
    assert_eq!(crd["spec"]["versions"][0]["name"], "v1beta1");
    let schema = crd_schema(V1BETA1_CRD).unwrap();
    let mut problems = Vec::new();
    structural(&schema, "", false, None, &mut problems);
    assert_eq!(problems, Vec::<String>::new());
    // The checker sees what it is meant to see.
    let bad = serde_json::json!({"type": "object", "properties": {"a": {"$ref": "#/x"},
        "b": {"description": "untyped"}},
        "anyOf": [{"type": "object", "properties": {"c": {"enum": [1]}}}]});
    let mut problems = Vec::new();
    structural(&bad, "", false, None, &mut problems);
    assert_eq!(
        problems,
        [
            "/properties/a/$ref: forbidden",
            "/properties/a: no type",
            "/properties/b: no type",
            "/anyOf/0/type: forbidden in anyOf/allOf/oneOf/not",
            "/anyOf/0/properties/c: not in the skeleton",
        ]
    );
}

#[test]
fn the_flat_v1alpha1_layout_under_the_v1beta1_kind_is_refused_field_by_field() {
    let text = "apiVersion: cli.kyverno.io/v1beta1\nkind: KyvernoTest\npolicies: [p.yaml]\n\
                results: []\n";
    let found: Vec<_> = findings(text)
        .into_iter()
        .map(|f| (f.instance, f.message))
        .collect();
    assert_eq!(
        found,
        [
            (String::new(), "\"spec\" is a required property".to_owned()),
            (
                "/policies".to_owned(),
                "json: unknown field \"policies\"".to_owned()
            ),
            (
                "/results".to_owned(),
                "json: unknown field \"results\"".to_owned()
            ),
        ]
    );
}

#[test]
fn the_proposal_checks_skip_values_of_the_wrong_shape() {
    let doc = serde_json::json!({"spec": {
        "results": [3, {"isDeletingPolicy": "yes", "operation": "DELETE"}],
        "variables": {"policies": [1, {"name": 2}, {"name": 2}, {"rules": "x"}]}
    }});
    assert_eq!(kyverno::proposal::check(&doc), []);
    assert_eq!(kyverno::proposal::check(&serde_json::json!("x")), []);
}
