//! Differential tests of the JSON Schema frontend against the `jsonschema` crate as oracle
//! (issue #14 item 5): the same schema and instance through validgen (compile, then the
//! interpreter) and through `jsonschema`, and the two verdicts (valid or not) compared.
//!
//! 1. The real corpus vendored under `tests/corpus/json-schema` (see its `SOURCE.md`): every
//!    schema with its instances, paired and prepared as `SOURCE.md` says (59 pairs), and the
//!    15 Helm override files alone.
//! 2. Those real instances mutated at random.
//! 3. Random small schemas from the keywords validgen compiles (2020-12, and in 2019-09's,
//!    draft-07's, draft-06's and draft-04's forms), with random instances and instances
//!    shaped by the schema.
//! 4. Fixed probes: the asserted formats over every real string, ECMA-262 patterns, numbers
//!    past `f64`'s exact integers.
//!
//! `format` is an annotation on both sides (validgen's default; `jsonschema` would assert it
//! in draft-07 by default, so it is told not to); the real corpus is also run with formats
//! asserted on both sides.
//!
//! Kubernetes CRD schemas are OpenAPI v3 schema objects: validgen compiles them with
//! [`Options::openapi`]; `jsonschema` reads plain JSON Schema, where `nullable` and the
//! `x-kubernetes-*` extensions are unknown keywords. The oracle is therefore given the CRD
//! schema with each OpenAPI keyword written as the JSON Schema it means
//! ([`openapi_as_json_schema`]); the real instances are also checked against the
//! untranslated schema, and [`EXPECTED_DIFFERENCES`] lists (and checks) each case where the
//! two readings of an OpenAPI keyword give different verdicts. [`PATTERN_DIFFERENCES`] lists
//! the patterns one side refuses to compile, with the spec reference.
//!
//! The random runs take `VALIDGEN_ORACLE_CASES` cases each when it is set (for longer hunts).

use std::cell::RefCell;
use std::path::PathBuf;
use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::{Config, TestCaseError, TestRunner};
use serde_json::{Map, Value, json};
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::model::{Plain, Yaml};
use validgen_json_schema::{CompiledSchema, Options, compile};

// ------------------------------------------------------------------------------------------
// The corpus and how its instances pair with its schemas (mirrors `SOURCE.md`).
// ------------------------------------------------------------------------------------------

const KYVERNO_CRDS: &str = "kyverno/kyverno/cmd/cli/kubectl-kyverno/config/crds";
const GATEWAY_CRDS: &str = "kubernetes-sigs/gateway-api/config/crd/standard";
const GATEWAY_EXAMPLES: &str = "kubernetes-sigs/gateway-api/examples/standard";
const OLM_DOCS: &str = "operator-framework/operator-controller/docs/draft/howto";

/// Helm charts: the chart directory (holding `values.schema.json` and `values.yaml`) and
/// its override files, relative to it.
const HELM: &[(&str, &[&str])] = &[
    (
        "open-telemetry/opentelemetry-helm-charts/charts/opentelemetry-collector",
        &[
            "ci/deployment-values.yaml",
            "ci/multiple-ingress-values.yaml",
        ],
    ),
    (
        "open-telemetry/opentelemetry-helm-charts/charts/opentelemetry-operator",
        &[
            "examples/manager-config/values.yaml",
            "ci/feature-gates-values.yaml",
        ],
    ),
    (
        "open-telemetry/opentelemetry-helm-charts/charts/opentelemetry-target-allocator",
        &[
            "examples/consistent-hashing/values.yaml",
            "examples/statefulset-with-pvc/values.yaml",
        ],
    ),
    (
        "open-telemetry/opentelemetry-helm-charts/charts/opentelemetry-ebpf",
        &[
            "ci/requests-limits-values.yaml",
            "examples/cloud-collector/values.yaml",
        ],
    ),
    (
        "open-telemetry/opentelemetry-helm-charts/charts/opentelemetry-demo",
        &[
            "ci/default-values.yaml",
            "examples/public-hosted-ingress/values.yaml",
        ],
    ),
    (
        "traefik/traefik-helm-chart/traefik",
        &[
            "tests/values/extra.yaml",
            "tests/values/servicemonitor.yaml",
        ],
    ),
    ("traefik/traefik-helm-chart/hub-manager", &[]),
    ("hashicorp/vault-helm", &["values.openshift.yaml"]),
    ("metallb/metallb/charts/metallb", &[]),
    (
        "kubernetes-sigs/external-dns/charts/external-dns",
        &["ci/ci-values.yaml"],
    ),
    ("cert-manager/cert-manager/deploy/charts/cert-manager", &[]),
    (
        "external-secrets/external-secrets/deploy/charts/external-secrets",
        &["ci/main-values.yaml"],
    ),
];

/// The one Helm default `values.yaml` that `SOURCE.md` says fails its own schema (`policy`
/// is `null` but must be one of three strings, deliberately).
const INVALID_HELM_DEFAULT: &str = "kubernetes-sigs/external-dns/charts/external-dns";

/// The OLM bundle config schema and its 14 `inline` config objects.
const OLM_SCHEMA: &str = "operator-framework/operator-controller/internal/operator-controller/rukpak/bundle/registryv1bundleconfig.json";
const OLM_INSTANCES: &[&str] = &[
    "configure-bundles.md.inline/block03.json",
    "configure-bundles.md.inline/block04.json",
    "customize-operator-deployments.md.inline/block03.json",
    "customize-operator-deployments.md.inline/block04.json",
    "customize-operator-deployments.md.inline/block05.json",
    "customize-operator-deployments.md.inline/block06.json",
    "customize-operator-deployments.md.inline/block07.json",
    "customize-operator-deployments.md.inline/block08.json",
    "customize-operator-deployments.md.inline/block09.json",
    "customize-operator-deployments.md.inline/block10.json",
    "customize-operator-deployments.md.inline/block11.json",
    "customize-operator-deployments.md.inline/block13.json",
    "single-ownnamespace-install.md.inline/block05.json",
    "single-ownnamespace-install.md.inline/block06.json",
];

/// A CRD `openAPIV3Schema`, its instance files, and the `kind` of the documents of those
/// files it validates (`None`: the file is one document, validated whole).
struct Crd {
    schema: &'static str,
    kind: Option<&'static str>,
    instances: &'static [&'static str],
}

const KYVERNO_TEST_SCHEMA: &str = "cli.kyverno.io_tests.v1alpha1.openAPIV3Schema.json";

/// The two Kyverno files `SOURCE.md` calls negative: rejected by the Kyverno CLI's strict
/// Go decoder (unknown fields), not by the schema (see [`kyverno_negatives_are_invalid_only_when_decoded_strictly`]).
const KYVERNO_NEGATIVES: &[&str] = &[
    "kyverno/kyverno/cmd/cli/kubectl-kyverno/_testdata/tests/test-deprecated/kyverno-test.yaml",
    "kyverno/kyverno/cmd/cli/kubectl-kyverno/_testdata/tests/test-invalid/kyverno-test-invalid.yaml",
];

const CRDS: &[Crd] = &[
    Crd {
        schema: KYVERNO_TEST_SCHEMA,
        kind: None,
        instances: &[
            "kyverno/kyverno/test/cli/test/simple/kyverno-test.yaml",
            "kyverno/kyverno/test/cli/test/mock-apicall-responses/kyverno-test.yaml",
            KYVERNO_NEGATIVES[0],
            KYVERNO_NEGATIVES[1],
        ],
    },
    Crd {
        schema: "cli.kyverno.io_values.v1alpha1.openAPIV3Schema.json",
        kind: None,
        instances: &[
            "kyverno/kyverno/test/cli/test-mutate/foreach/values.yaml",
            "kyverno/kyverno/test/cli/test-validating-admission-policy/with-bindings-3/values.yaml",
            "kyverno/kyverno/cmd/cli/kubectl-kyverno/_testdata/values/limit-configmap-for-sa.yaml",
        ],
    },
    Crd {
        schema: "cli.kyverno.io_userinfoes.v1alpha1.openAPIV3Schema.json",
        kind: None,
        instances: &[
            "kyverno/kyverno/test/cli/test/admission_user_info/user_info.yaml",
            "kyverno/kyverno/test/cli/test-validating-admission-policy/check-user-info/userinfo.yaml",
        ],
    },
    Crd {
        schema: "cli.kyverno.io_contexts.v1alpha1.openAPIV3Schema.json",
        kind: None,
        instances: &[
            "kyverno/kyverno/test/cli/test-validating-policy/policy-with-cm/context.yaml",
            "kyverno/kyverno/test/cli/test-deleting-policy/use-resource-lib-pass/context.yaml",
        ],
    },
    Crd {
        schema: "gateway.networking.k8s.io_gatewayclasses.v1.openAPIV3Schema.json",
        kind: Some("GatewayClass"),
        instances: &["basic-http.yaml", "http-redirect.yaml"],
    },
    Crd {
        schema: "gateway.networking.k8s.io_gateways.v1.openAPIV3Schema.json",
        kind: Some("Gateway"),
        instances: &[
            "cross-namespace-routing/gateway.yaml",
            "http-route-attachment/gateway-strict.yaml",
            "frontend-cert-validation.yaml",
        ],
    },
    Crd {
        schema: "gateway.networking.k8s.io_referencegrants.v1beta1.openAPIV3Schema.json",
        kind: Some("ReferenceGrant"),
        instances: &["reference-grant.yaml", "tls-cert-cross-namespace.yaml"],
    },
];

impl Crd {
    /// The schema's path in the corpus.
    fn schema_path(&self) -> String {
        if self.kind.is_some() {
            format!("{GATEWAY_CRDS}/{}", self.schema)
        } else {
            format!("{KYVERNO_CRDS}/{}", self.schema)
        }
    }

    /// An instance file's path in the corpus.
    fn instance_path(&self, file: &str) -> String {
        if self.kind.is_some() {
            format!("{GATEWAY_EXAMPLES}/{file}")
        } else {
            file.to_owned()
        }
    }
}

fn corpus_path(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/corpus/json-schema")
        .join(rel)
}

fn read(rel: &str) -> String {
    let p = corpus_path(rel);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn read_json(rel: &str) -> Value {
    serde_json::from_str(&read(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// One YAML document, read the way validgen reads YAML (an empty file is `null`).
fn read_yaml(rel: &str) -> Value {
    let text = read(rel);
    if text.trim().is_empty() {
        return Value::Null;
    }
    Yaml::parse(&text)
        .unwrap_or_else(|e| panic!("{rel}: {e}"))
        .value()
        .clone()
}

/// Every document of a multi-document YAML file.
fn read_yaml_documents(rel: &str) -> Vec<Value> {
    serde_saphyr::from_multiple::<Value>(&read(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
}

/// Helm's merge of user values over a chart's defaults (`coalesceValues`): maps merge key
/// by key, recursively; a `null` deletes the key; anything else replaces. A `null` (empty)
/// override file changes nothing.
fn helm_merge(base: &Value, over: &Value) -> Value {
    match (base, over) {
        (_, Value::Null) => base.clone(),
        (Value::Object(b), Value::Object(o)) => {
            let mut out = b.clone();
            for (k, v) in o {
                match (out.get(k), v) {
                    (_, Value::Null) => {
                        out.remove(k);
                    }
                    (Some(bv @ Value::Object(_)), Value::Object(_)) => {
                        let merged = helm_merge(bv, v);
                        out.insert(k.clone(), merged);
                    }
                    _ => {
                        out.insert(k.clone(), v.clone());
                    }
                }
            }
            Value::Object(out)
        }
        _ => over.clone(),
    }
}

// ------------------------------------------------------------------------------------------
// The two engines.
// ------------------------------------------------------------------------------------------

/// A schema compiled by both engines.
struct Pair {
    name: String,
    validgen: CompiledSchema,
    oracle: jsonschema::Validator,
    /// For CRDs: the oracle of the untranslated OpenAPI schema.
    raw_oracle: Option<jsonschema::Validator>,
    /// Both engines again, `format` asserted (validgen's formats are the only ones in the
    /// corpus's schemas, besides the OpenAPI `int32`/`int64`, which `jsonschema` ignores as
    /// unknown formats and which are ranges in the translated schema).
    asserting_formats: (CompiledSchema, jsonschema::Validator),
}

impl Pair {
    fn new(name: &str, schema: &Value, openapi: bool) -> Pair {
        let ours = |assert_formats| {
            let options = Options {
                openapi,
                assert_formats,
                ..Options::default()
            };
            compile(schema, &options).unwrap_or_else(|e| panic!("{name}: validgen: {e:?}"))
        };
        let theirs = |schema: &Value, formats| {
            oracle(schema, formats).unwrap_or_else(|e| panic!("{name}: jsonschema: {e}"))
        };
        let translated = if openapi {
            openapi_as_json_schema(schema)
        } else {
            schema.clone()
        };
        Pair {
            name: name.to_owned(),
            validgen: ours(false),
            oracle: theirs(&translated, false),
            raw_oracle: openapi.then(|| theirs(schema, false)),
            asserting_formats: (ours(true), theirs(&translated, true)),
        }
    }

    /// validgen's verdict on `instance` (formats as annotations), once checked against the
    /// oracle's, formats asserted and not.
    fn verdict(&self, instance: &Value) -> Result<bool, String> {
        let ours = validgen_valid(&self.validgen, instance);
        let theirs = self.oracle.is_valid(instance);
        let ours_f = validgen_valid(&self.asserting_formats.0, instance);
        let theirs_f = self.asserting_formats.1.is_valid(instance);
        if (ours, ours_f) == (theirs, theirs_f) {
            Ok(ours)
        } else {
            Err(format!(
                "{}: validgen {ours}, jsonschema {theirs}; formats asserted: validgen {ours_f}, jsonschema {theirs_f}",
                self.name
            ))
        }
    }

    fn validgen_valid(&self, instance: &Value) -> bool {
        validgen_valid(&self.validgen, instance)
    }
}

fn validgen_valid(compiled: &CompiledSchema, instance: &Value) -> bool {
    let report = evaluate_document(&compiled.rules, &Plain::new(instance), Explain::Failures);
    !report.report.failed()
}

/// The oracle: `jsonschema` with its draft detection (by `$schema`; 2020-12 without one or
/// for the unversioned URI, as validgen), `format` asserted or not.
fn oracle(schema: &Value, formats: bool) -> Result<jsonschema::Validator, String> {
    jsonschema::options()
        .should_validate_formats(formats)
        .build(schema)
        .map_err(|e| e.to_string())
}

/// A CRD schema with its OpenAPI keywords written as the JSON Schema that means the same
/// (as validgen's `openapi` mode reads them), for the oracle:
///
/// * `nullable: true` adds `"null"` to `type` and `null` to `enum`;
/// * `x-kubernetes-int-or-string: true` is `type: [integer, string]` (plus `null` when
///   nullable);
/// * `format: int32` / `int64` is the integer range of that width;
/// * `x-kubernetes-list-type: set` is `uniqueItems: true`.
///
/// The other extensions (`x-kubernetes-preserve-unknown-fields`, `-embedded-resource`,
/// `-list-map-keys`, `-map-type`, list type `map`/`atomic`) shape storage, not validity, and
/// CEL rules (`x-kubernetes-validations`) are not evaluated by either side.
fn openapi_as_json_schema(v: &Value) -> Value {
    match v {
        Value::Array(list) => Value::Array(list.iter().map(openapi_as_json_schema).collect()),
        Value::Object(map) => {
            let mut out: Map<String, Value> = map
                .iter()
                .map(|(k, v)| {
                    // `properties` and `enum` hold names and values, not keywords.
                    let v = match k.as_str() {
                        "enum" | "const" | "default" | "example" => v.clone(),
                        "properties" | "patternProperties" | "definitions" | "$defs" => {
                            Value::Object(
                                v.as_object()
                                    .into_iter()
                                    .flatten()
                                    .map(|(n, s)| (n.clone(), openapi_as_json_schema(s)))
                                    .collect(),
                            )
                        }
                        _ => openapi_as_json_schema(v),
                    };
                    (k.clone(), v)
                })
                .collect();
            let nullable = map.get("nullable") == Some(&Value::Bool(true));
            let mut all_of = Vec::new();
            if nullable {
                if let Some(t) = out.get_mut("type") {
                    let mut types = match t.take() {
                        Value::Array(list) => list,
                        one => vec![one],
                    };
                    if !types.contains(&json!("null")) {
                        types.push(json!("null"));
                    }
                    *t = Value::Array(types);
                }
                if let Some(Value::Array(values)) = out.get_mut("enum") {
                    values.push(Value::Null);
                }
            }
            if map.get("x-kubernetes-int-or-string") == Some(&Value::Bool(true)) {
                let mut types = vec![json!("integer"), json!("string")];
                if nullable {
                    types.push(json!("null"));
                }
                all_of.push(json!({"type": types}));
            }
            match map.get("format").and_then(Value::as_str) {
                Some("int32") => all_of.push(json!({"minimum": i32::MIN, "maximum": i32::MAX})),
                Some("int64") => all_of.push(json!({"minimum": i64::MIN, "maximum": i64::MAX})),
                _ => {}
            }
            if map.get("x-kubernetes-list-type") == Some(&json!("set")) {
                all_of.push(json!({"uniqueItems": true}));
            }
            if !all_of.is_empty() {
                if let Some(Value::Array(list)) = out.get_mut("allOf") {
                    list.extend(all_of);
                } else {
                    out.insert("allOf".to_owned(), Value::Array(all_of));
                }
            }
            Value::Object(out)
        }
        other => other.clone(),
    }
}

// ------------------------------------------------------------------------------------------
// The real corpus.
// ------------------------------------------------------------------------------------------

/// One real instance of a real schema, prepared as `SOURCE.md` says.
struct Case {
    /// Index into [`corpus`]'s schemas.
    schema: usize,
    what: String,
    instance: Value,
    /// The verdict `SOURCE.md` records (Python `jsonschema` 4.26).
    expected_valid: bool,
}

struct Corpus {
    schemas: Vec<Pair>,
    /// The pairs `SOURCE.md` defines.
    cases: Vec<Case>,
    /// Helm override files alone (not how Helm validates them; compared all the same).
    raw_overrides: Vec<Case>,
}

fn corpus() -> &'static Corpus {
    static CORPUS: OnceLock<Corpus> = OnceLock::new();
    CORPUS.get_or_init(load_corpus)
}

fn load_corpus() -> Corpus {
    let mut schemas = Vec::new();
    let mut cases = Vec::new();
    let mut raw_overrides = Vec::new();
    for (chart, overrides) in HELM {
        let schema_file = format!("{chart}/values.schema.json");
        let i = schemas.len();
        schemas.push(Pair::new(&schema_file, &read_json(&schema_file), false));
        let defaults = read_yaml(&format!("{chart}/values.yaml"));
        cases.push(Case {
            schema: i,
            what: format!("{chart}/values.yaml"),
            instance: defaults.clone(),
            expected_valid: *chart != INVALID_HELM_DEFAULT,
        });
        for o in *overrides {
            let file = format!("{chart}/{o}");
            let over = read_yaml(&file);
            cases.push(Case {
                schema: i,
                what: format!("{file} merged over values.yaml"),
                instance: helm_merge(&defaults, &over),
                expected_valid: true,
            });
            raw_overrides.push(Case {
                schema: i,
                what: format!("{file} alone"),
                instance: over,
                expected_valid: false, // unused: only agreement is asserted
            });
        }
    }
    let i = schemas.len();
    schemas.push(Pair::new(OLM_SCHEMA, &read_json(OLM_SCHEMA), false));
    for f in OLM_INSTANCES {
        let file = format!("{OLM_DOCS}/{f}");
        cases.push(Case {
            schema: i,
            instance: read_json(&file),
            what: file,
            expected_valid: true,
        });
    }
    for crd in CRDS {
        let i = schemas.len();
        let schema_file = crd.schema_path();
        schemas.push(Pair::new(&schema_file, &read_json(&schema_file), true));
        for f in crd.instances {
            let file = crd.instance_path(f);
            let documents = match crd.kind {
                None => vec![read_yaml(&file)],
                Some(kind) => read_yaml_documents(&file)
                    .into_iter()
                    .filter(|d| d["kind"] == kind)
                    .collect(),
            };
            assert!(
                !documents.is_empty(),
                "{file}: no document for {schema_file}"
            );
            for (n, instance) in documents.into_iter().enumerate() {
                cases.push(Case {
                    schema: i,
                    what: format!("{file} (document {n} of kind {:?})", crd.kind),
                    instance,
                    // All valid under the schema, the two Kyverno negatives included.
                    expected_valid: true,
                });
            }
        }
    }
    Corpus {
        schemas,
        cases,
        raw_overrides,
    }
}

#[test]
fn real_corpus_verdicts_agree_with_the_oracle() {
    let corpus = corpus();
    assert_eq!(corpus.schemas.len(), 20);
    let mut failures = Vec::new();
    for c in &corpus.cases {
        let pair = &corpus.schemas[c.schema];
        let raw = pair.raw_oracle.as_ref().map(|o| o.is_valid(&c.instance));
        match pair.verdict(&c.instance) {
            Err(e) => failures.push(format!("{}: {e}", c.what)),
            Ok(ours) if raw.is_some_and(|r| r != ours) || ours != c.expected_valid => {
                failures.push(format!(
                    "{} with {}: validgen {ours}, untranslated jsonschema {raw:?}, SOURCE.md {}",
                    c.what, pair.name, c.expected_valid
                ));
            }
            Ok(_) => {}
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // 12 Helm defaults + 15 merged overrides, 14 OLM configs, 11 Kyverno files, 7 Gateway
    // API documents.
    let count = |range: std::ops::Range<usize>| {
        corpus
            .cases
            .iter()
            .filter(|c| range.contains(&c.schema))
            .count()
    };
    assert_eq!(
        (count(0..12), count(12..13), count(13..17), count(17..20)),
        (27, 14, 11, 7)
    );
    assert_eq!(corpus.cases.len(), 59);
    let invalid: Vec<&str> = corpus
        .cases
        .iter()
        .filter(|c| !c.expected_valid)
        .map(|c| c.what.as_str())
        .collect();
    assert_eq!(
        invalid,
        ["kubernetes-sigs/external-dns/charts/external-dns/values.yaml"]
    );
}

#[test]
fn helm_overrides_alone_agree_with_the_oracle() {
    let corpus = corpus();
    let mut invalid = 0;
    for c in &corpus.raw_overrides {
        let pair = &corpus.schemas[c.schema];
        let ours = pair
            .verdict(&c.instance)
            .unwrap_or_else(|e| panic!("{}: {e}", c.what));
        invalid += usize::from(!ours);
    }
    // `SOURCE.md`: alone, 8 of the 15 overrides fail (merged, all pass).
    assert_eq!((corpus.raw_overrides.len(), invalid), (15, 8));
}

#[test]
fn helm_merge_follows_helm() {
    let base = json!({"a": {"b": 1, "c": [1, 2]}, "d": "x", "e": {"f": 1}});
    let over = json!({"a": {"c": [3], "g": true}, "d": null, "e": 5});
    assert_eq!(
        helm_merge(&base, &over),
        json!({"a": {"b": 1, "c": [3], "g": true}, "e": 5})
    );
    assert_eq!(helm_merge(&base, &Value::Null), base);
}

/// Every object schema of a CRD that lists `properties` and does not keep unknown fields,
/// closed with `additionalProperties: false`: what a strict decoder of the Go types accepts.
fn strict(v: &Value) -> Value {
    match v {
        Value::Array(list) => Value::Array(list.iter().map(strict).collect()),
        Value::Object(map) => {
            let mut out: Map<String, Value> =
                map.iter().map(|(k, v)| (k.clone(), strict(v))).collect();
            if map.contains_key("properties")
                && !map.contains_key("additionalProperties")
                && map.get("x-kubernetes-preserve-unknown-fields") != Some(&Value::Bool(true))
            {
                out.insert("additionalProperties".to_owned(), Value::Bool(false));
            }
            Value::Object(out)
        }
        other => other.clone(),
    }
}

/// `SOURCE.md`: the two "negative" Kyverno files are negative for the Kyverno CLI's strict
/// Go decoder, which rejects unknown fields; the Test schema has no `additionalProperties:
/// false` and no top-level `required`, so both are valid under it (checked with the other
/// real cases above). With every object closed as the strict decoder closes them, both are
/// invalid on both sides, and the two positive Test files stay valid.
#[test]
fn kyverno_negatives_are_invalid_only_when_decoded_strictly() {
    let crd = &CRDS[0];
    let schema = strict(&read_json(&crd.schema_path()));
    let pair = Pair::new("strict Test schema", &schema, true);
    for f in crd.instances {
        let instance = read_yaml(f);
        let ours = pair
            .verdict(&instance)
            .unwrap_or_else(|e| panic!("{f}: {e}"));
        assert_eq!(ours, !KYVERNO_NEGATIVES.contains(f), "{f}");
    }
}

// ------------------------------------------------------------------------------------------
// OpenAPI semantics the untranslated oracle does not see.
// ------------------------------------------------------------------------------------------

/// The cases where validgen (`openapi: true`) and `jsonschema` on the untranslated CRD
/// schema give different verdicts, and why. Each one is checked: the verdicts do differ, and
/// the oracle given the translated schema agrees with validgen.
///
/// (schema, instance, validgen's verdict, reason)
const EXPECTED_DIFFERENCES: &[(&str, &str, bool, &str)] = &[
    (
        r#"{"type": "string", "nullable": true}"#,
        "null",
        true,
        "OpenAPI 3.0 `nullable: true` admits null; plain JSON Schema ignores the unknown keyword and `type: string` rejects null",
    ),
    (
        r#"{"type": "string", "enum": ["a"], "nullable": true}"#,
        "null",
        true,
        "`nullable: true` also admits null past `enum` (Kubernetes structural schemas)",
    ),
    (
        r#"{"x-kubernetes-int-or-string": true}"#,
        "true",
        false,
        "`x-kubernetes-int-or-string` restricts the value to an integer or a string; plain JSON Schema ignores it",
    ),
    (
        r#"{"type": "integer", "format": "int32"}"#,
        "2147483648",
        false,
        "OpenAPI `format: int32` is a 32-bit integer (the API server checks the range); JSON Schema's `format` is an annotation",
    ),
    (
        r#"{"type": "integer", "format": "int64"}"#,
        "9223372036854775808",
        false,
        "OpenAPI `format: int64` is a 64-bit integer",
    ),
    (
        r#"{"type": "array", "x-kubernetes-list-type": "set"}"#,
        "[1, 1]",
        false,
        "`x-kubernetes-list-type: set` requires distinct items; plain JSON Schema ignores it",
    ),
];

#[test]
fn expected_differences_are_openapi_semantics() {
    for (schema, instance, expected, why) in EXPECTED_DIFFERENCES {
        let schema: Value = serde_json::from_str(schema).expect("schema");
        let instance: Value = serde_json::from_str(instance).expect("instance");
        let pair = Pair::new(why, &schema, true);
        let ours = pair.validgen_valid(&instance);
        let raw = pair
            .raw_oracle
            .as_ref()
            .expect("openapi")
            .is_valid(&instance);
        assert_eq!(ours, *expected, "{why}");
        assert_ne!(ours, raw, "not a difference: {why}");
        assert_eq!(ours, pair.oracle.is_valid(&instance), "{why}");
    }
}

// ------------------------------------------------------------------------------------------
// Mutated real instances.
// ------------------------------------------------------------------------------------------

/// JSON Pointers of every value in `v`, with the value's kind.
fn nodes(v: &Value, at: String, out: &mut Vec<(String, u8)>) {
    let kind = match v {
        Value::Null => 0,
        Value::Bool(_) => 1,
        Value::Number(_) => 2,
        Value::String(_) => 3,
        Value::Array(_) => 4,
        Value::Object(_) => 5,
    };
    match v {
        Value::Array(list) => {
            for (i, x) in list.iter().enumerate() {
                nodes(x, format!("{at}/{i}"), out);
            }
        }
        Value::Object(map) => {
            for (k, x) in map {
                let k = k.replace('~', "~0").replace('/', "~1");
                nodes(x, format!("{at}/{k}"), out);
            }
        }
        _ => {}
    }
    out.push((at, kind));
}

/// One mutation: what to do, where (an index into the nodes it applies to) and a seed for
/// the new value.
#[derive(Debug, Clone)]
struct Mutation {
    op: u8,
    at: Index,
    seed: u32,
}

fn mutation() -> impl Strategy<Value = Mutation> {
    (0u8..9, any::<Index>(), any::<u32>()).prop_map(|(op, at, seed)| Mutation { op, at, seed })
}

/// Applies `m` to `doc`; what it did, for the failure message.
fn mutate(doc: &mut Value, m: &Mutation) -> String {
    let mut all = Vec::new();
    nodes(doc, String::new(), &mut all);
    // The nodes each operation applies to (falling back to any node).
    let wanted: &[u8] = match m.op {
        0 | 8 => &[0, 1, 2, 3],
        1 | 2 => &[5],
        3 => &[2],
        4 => &[3],
        5 => &[4],
        _ => &[0, 1, 2, 3, 4, 5],
    };
    let candidates: Vec<&String> = all
        .iter()
        .filter(|(_, k)| wanted.contains(k))
        .map(|(p, _)| p)
        .collect();
    let pointer = if candidates.is_empty() {
        all[m.at.index(all.len())].0.clone()
    } else {
        candidates[m.at.index(candidates.len())].clone()
    };
    let s = m.seed;
    let Some(target) = doc.pointer_mut(&pointer) else {
        return "nothing".to_owned();
    };
    let what = match m.op {
        // A leaf's type changed.
        0 => {
            *target = match target {
                Value::Null => json!(0),
                Value::Bool(b) => json!(if *b { "true" } else { "false" }),
                Value::Number(n) => json!(n.to_string()),
                Value::String(x) => match s % 3 {
                    0 => json!(x.len()),
                    1 => json!(true),
                    _ => json!([x.clone()]),
                },
                Value::Array(_) => json!({}),
                Value::Object(_) => json!([]),
            };
            "leaf type changed"
        }
        // A key deleted.
        1 => {
            if let Value::Object(map) = target
                && !map.is_empty()
            {
                let k = map.keys().nth(s as usize % map.len()).cloned();
                if let Some(k) = k {
                    map.shift_remove(&k);
                }
            }
            "key deleted"
        }
        // An unknown key added.
        2 => {
            if let Value::Object(map) = target {
                map.insert(format!("unknownKey{}", s % 7), json!(s % 5));
            }
            "unknown key added"
        }
        // A number out of range or not an integer.
        3 => {
            let n = target.as_f64().unwrap_or(0.0);
            *target = match s % 6 {
                0 => json!(-1),
                1 => json!(n + 0.5),
                2 => json!(4_294_967_296_i64),
                3 => json!(-n - 1.0),
                4 => json!(1e300),
                _ => json!(0),
            };
            "number changed"
        }
        // A string changed.
        4 => {
            let x = target.as_str().unwrap_or_default().to_owned();
            *target = match s % 6 {
                0 => json!(""),
                1 => json!(format!("{x}{x}{x}{x}{x}{x}{x}{x}")),
                2 => json!(x.to_uppercase()),
                3 => json!(format!("{x} with spaces/and:colons")),
                4 => json!("123"),
                _ => json!(x.chars().rev().collect::<String>()),
            };
            "string changed"
        }
        // An array item duplicated.
        5 => {
            if let Value::Array(list) = target
                && !list.is_empty()
            {
                let item = list[s as usize % list.len()].clone();
                list.push(item);
            }
            "array item duplicated"
        }
        // A subtree replaced with null.
        6 => {
            *target = Value::Null;
            "replaced with null"
        }
        // A subtree replaced with an empty container.
        7 => {
            *target = if s.is_multiple_of(2) {
                json!({})
            } else {
                json!([])
            };
            "replaced with an empty container"
        }
        // A leaf replaced with a value of another kind.
        _ => {
            *target = match s % 5 {
                0 => json!(-3),
                1 => json!(2.5),
                2 => json!(""),
                3 => json!(false),
                _ => json!("Always"),
            };
            "leaf replaced"
        }
    };
    format!("{what} at {pointer:?}")
}

/// The number of cases of a random run: `default`, or `VALIDGEN_ORACLE_CASES` when set (for
/// longer hunts).
fn cases(default: u32) -> u32 {
    std::env::var("VALIDGEN_ORACLE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// What a differential run saw.
#[derive(Debug, Default)]
struct Tally {
    valid: usize,
    invalid: usize,
    /// Mutated CRD instances where the untranslated schema gives the other verdict (OpenAPI
    /// semantics; the translated one agrees, as asserted).
    openapi_only: usize,
    /// Random pairs where the verdicts differ the one way [`oracle_inexact_multiple_of`]
    /// explains (the oracle is wrong there).
    oracle_inexact: usize,
    /// Schemas the oracle refused (random schemas only).
    skipped: usize,
    /// Random draft-04 pairs where the verdicts differ the one way [`draft4_integral_float`]
    /// explains (a difference validgen keeps for now).
    draft4_floats: usize,
}

#[test]
fn mutated_real_instances_agree_with_the_oracle() {
    let corpus = corpus();
    let tally = RefCell::new(Tally::default());
    let mut runner = TestRunner::new(Config {
        cases: cases(2000),
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = (any::<Index>(), prop::collection::vec(mutation(), 1..4));
    runner
        .run(&strategy, |(which, mutations)| {
            let case = &corpus.cases[which.index(corpus.cases.len())];
            let pair = &corpus.schemas[case.schema];
            let mut instance = case.instance.clone();
            let done: Vec<String> = mutations.iter().map(|m| mutate(&mut instance, m)).collect();
            let ours = pair.verdict(&instance).map_err(|e| {
                TestCaseError::fail(format!(
                    "{} mutated ({done:?}): {e}\n{}",
                    case.what,
                    serde_json::to_string(&instance).unwrap_or_default()
                ))
            })?;
            let mut t = tally.borrow_mut();
            if ours {
                t.valid += 1;
            } else {
                t.invalid += 1;
            }
            if let Some(raw) = &pair.raw_oracle {
                t.openapi_only += usize::from(raw.is_valid(&instance) != ours);
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    let t = tally.into_inner();
    eprintln!("mutated real instances: {t:?}");
    // The mutations reach both verdicts, each often.
    assert!(t.valid >= 60 && t.invalid >= 60, "{t:?}");
}

// ------------------------------------------------------------------------------------------
// Random schemas.
// ------------------------------------------------------------------------------------------

/// Property names of the random schemas and instances.
const NAMES: &[&str] = &["a", "b", "c", "foo"];
/// Simple ECMA-262 patterns.
const PATTERNS: &[&str] = &[
    "^a",
    "b$",
    "^[a-c]+$",
    "\\d",
    "^.{2}$",
    "x|y",
    "^(ab)*$",
    "[^a]",
    "\\w",
    "^\\S*$",
    "^[a-z]{1,3}$",
    "o+",
    "^fo?",
    "[A-Z]",
    "^.$",
    "^[^x]$",
    "^a$",
    "\\s",
];
const STRINGS: &[&str] = &[
    "", "a", "ab", "abc", "foo", "b1", "xyz", "aaaa", "é", "a b", "Ab", "9", "😀", "a😀", "\n",
];

fn number() -> BoxedStrategy<Value> {
    prop_oneof![
        4 => (-3i64..8).prop_map(|n| json!(n)),
        1 => prop::sample::select(vec![0.5, 2.5, 1.0, -1.5, 1000.0, 4.0, 0.30000000000000004, 0.3])
            .prop_map(|x| json!(x)),
        // Far and odd numbers: past `i64`, past `f64`'s integers, negative zero, tiny.
        1 => prop::sample::select(vec![
            json!(u64::MAX),
            json!(i64::MIN),
            json!(9_007_199_254_740_993_u64),
            json!(1e20),
            json!(-0.0),
            json!(1e-7),
            json!(1.5e300),
            json!(2_147_483_648_i64),
            json!(-2_147_483_649_i64),
        ]),
    ]
    .boxed()
}

fn string() -> BoxedStrategy<Value> {
    prop::sample::select(STRINGS).prop_map(|s| json!(s)).boxed()
}

fn name() -> BoxedStrategy<String> {
    prop::sample::select(NAMES).prop_map(str::to_owned).boxed()
}

/// A random JSON value: the values of `enum` and `const`.
fn instance() -> BoxedStrategy<Value> {
    instance_with(Vec::new())
}

/// A random JSON value whose leaves are also drawn from `pool` (values met in the schema and
/// their neighbours, so that bounds, `enum`s and `const`s are hit exactly).
fn instance_with(pool: Vec<Value>) -> BoxedStrategy<Value> {
    let plain = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number(),
        string(),
    ];
    let leaf = if pool.is_empty() {
        plain.boxed()
    } else {
        prop_oneof![1 => plain, 1 => prop::sample::select(pool)].boxed()
    };
    leaf.prop_recursive(3, 24, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::vec(
                (
                    prop::sample::select(vec!["a", "b", "c", "foo", "x1", "ab"]),
                    inner
                ),
                0..4
            )
            .prop_map(|kv| Value::Object(kv.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())),
        ]
    })
    .boxed()
}

/// The values met in `schema` (every number with its neighbours, every string, the values
/// of `enum` and `const` whole): leaves for its instances.
fn literals(schema: &Value, out: &mut Vec<Value>) {
    match schema {
        Value::Number(n) => {
            out.push(schema.clone());
            if let Some(i) = n.as_i64() {
                out.extend([
                    json!(i.saturating_sub(1)),
                    json!(i.saturating_add(1)),
                    json!(i as f64 + 0.5),
                ]);
            } else if let Some(x) = n.as_f64() {
                out.extend([json!(x * 2.0), json!(x * 3.0), json!(x - 0.25)]);
            }
        }
        Value::String(_) => out.push(schema.clone()),
        Value::Array(list) => list.iter().for_each(|v| literals(v, out)),
        Value::Object(map) => {
            for (k, v) in map {
                out.push(json!(k));
                if k == "const" {
                    out.push(v.clone());
                }
                if let ("enum", Value::Array(values)) = (k.as_str(), v) {
                    out.extend(values.iter().cloned());
                }
                literals(v, out);
            }
        }
        _ => {}
    }
}

type Keywords = Vec<(String, Value)>;

fn one(k: &str, v: impl Strategy<Value = Value> + 'static) -> BoxedStrategy<Keywords> {
    let k = k.to_owned();
    v.prop_map(move |v| vec![(k.clone(), v)]).boxed()
}

fn count(max: u64) -> BoxedStrategy<Value> {
    (0..=max).prop_map(|n| json!(n)).boxed()
}

/// The keywords that hold no schema; `$ref` too when `can_ref`.
fn leaf_keywords(can_ref: bool) -> Vec<BoxedStrategy<Keywords>> {
    let types = vec![
        "null", "boolean", "integer", "number", "string", "array", "object",
    ];
    let mut out = vec![
        one(
            "type",
            prop_oneof![
                prop::sample::select(types.clone()).prop_map(|t| json!(t)),
                prop::sample::subsequence(types, 1..3).prop_map(|t| json!(t)),
            ],
        ),
        one(
            "enum",
            prop::collection::vec(instance(), 1..4).prop_map(Value::Array),
        ),
        one("const", instance()),
        (
            prop::sample::select(vec![
                "minimum",
                "maximum",
                "exclusiveMinimum",
                "exclusiveMaximum",
            ]),
            number(),
        )
            .prop_map(|(k, v)| vec![(k.to_owned(), v)])
            .boxed(),
        one(
            "multipleOf",
            prop::sample::select(vec![1.0, 2.0, 3.0, 0.5, 1.5, 0.25, 0.1, 0.0001, 1e-8]).prop_map(
                |x: f64| {
                    if x.fract() == 0.0 {
                        json!(x as i64)
                    } else {
                        json!(x)
                    }
                },
            ),
        ),
        (
            prop::sample::select(vec!["minLength", "maxLength"]),
            count(4),
        )
            .prop_map(|(k, v)| vec![(k.to_owned(), v)])
            .boxed(),
        one(
            "pattern",
            prop::sample::select(PATTERNS).prop_map(|p| json!(p)),
        ),
        (prop::sample::select(vec!["minItems", "maxItems"]), count(3))
            .prop_map(|(k, v)| vec![(k.to_owned(), v)])
            .boxed(),
        one("uniqueItems", any::<bool>().prop_map(Value::Bool)),
        one(
            "required",
            prop::sample::subsequence(NAMES, 1..3).prop_map(|n| json!(n)),
        ),
        (
            prop::sample::select(vec!["minProperties", "maxProperties"]),
            count(3),
        )
            .prop_map(|(k, v)| vec![(k.to_owned(), v)])
            .boxed(),
        one(
            "dependentRequired",
            prop::collection::btree_map(name(), prop::sample::subsequence(NAMES, 0..3), 1..3)
                .prop_map(|m| json!(m)),
        ),
    ];
    if can_ref {
        out.push(one(
            "$ref",
            // `#/$defs/d1` is rewritten with the definition's real name (see `root_schema`).
            prop::sample::select(vec!["#", "#/$defs/d0", "#/$defs/d1"]).prop_map(|r| json!(r)),
        ));
    }
    out
}

/// A schema from `keywords`: a boolean schema, or an object of one to three keywords.
fn schema_of(keywords: Vec<BoxedStrategy<Keywords>>) -> BoxedStrategy<Value> {
    prop_oneof![
        1 => any::<bool>().prop_map(Value::Bool),
        6 => prop::collection::vec(prop::strategy::Union::new(keywords), 1..4).prop_map(|groups| {
            Value::Object(groups.into_iter().flatten().collect())
        }),
    ]
    .boxed()
}

/// Random schemas nested `depth` deep. `$ref`s (to the root or to `$defs/d0`, `$defs/d1`)
/// only appear below a keyword that moves to a child of the instance (`properties`,
/// `items`, ...), so no chain of references comes back to the same instance location.
fn schema(depth: u32, can_ref: bool) -> BoxedStrategy<Value> {
    if depth == 0 {
        return schema_of(leaf_keywords(can_ref));
    }
    let here = schema(depth - 1, can_ref);
    let child = schema(depth - 1, true);
    let mut keywords = leaf_keywords(can_ref);
    keywords.extend([
        one("items", child.clone()),
        one(
            "prefixItems",
            prop::collection::vec(child.clone(), 1..3).prop_map(Value::Array),
        ),
        (
            child.clone(),
            prop::option::of(0u64..3),
            prop::option::of(0u64..3),
        )
            .prop_map(|(s, min, max)| {
                let mut out = vec![("contains".to_owned(), s)];
                out.extend(min.map(|n| ("minContains".to_owned(), json!(n))));
                out.extend(max.map(|n| ("maxContains".to_owned(), json!(n))));
                out
            })
            .boxed(),
        one(
            "properties",
            prop::collection::btree_map(name(), child.clone(), 1..3).prop_map(|m| json!(m)),
        ),
        one("additionalProperties", child.clone()),
        one(
            "patternProperties",
            prop::collection::btree_map(
                prop::sample::select(PATTERNS).prop_map(str::to_owned),
                child.clone(),
                1..3,
            )
            .prop_map(|m| json!(m)),
        ),
        one("propertyNames", child.clone()),
        one("unevaluatedProperties", child.clone()),
        one("unevaluatedItems", child),
        one(
            "dependentSchemas",
            prop::collection::btree_map(name(), here.clone(), 1..3).prop_map(|m| json!(m)),
        ),
        (
            prop::sample::select(vec!["allOf", "anyOf", "oneOf"]),
            prop::collection::vec(here.clone(), 1..4),
        )
            .prop_map(|(k, v)| vec![(k.to_owned(), Value::Array(v))])
            .boxed(),
        one("not", here.clone()),
        (
            here.clone(),
            prop::option::of(here.clone()),
            prop::option::of(here),
        )
            .prop_map(|(i, t, e)| {
                let mut out = vec![("if".to_owned(), i)];
                out.extend(t.map(|s| ("then".to_owned(), s)));
                out.extend(e.map(|s| ("else".to_owned(), s)));
                out
            })
            .boxed(),
    ]);
    schema_of(keywords)
}

/// The name of the second definition, which a JSON Pointer escapes (`/`, `~`) and a URI
/// fragment percent-encodes (`%`).
const D1: &str = "d/1~%";
/// The `$ref` to it.
const D1_REF: &str = "#/$defs/d~11~0%25";

/// A random root schema with `$defs` `d0` and `d/1~%`, which its `$ref`s may name; `d0`
/// sometimes has an `$anchor`, which they then use.
fn root_schema() -> BoxedStrategy<Value> {
    (
        schema(2, false),
        schema(1, false),
        schema(1, false),
        any::<bool>(),
    )
        .prop_map(|(root, mut d0, d1, anchor)| {
            let mut map = match root {
                Value::Object(map) => map,
                b => Map::from_iter([("allOf".to_owned(), json!([b]))]),
            };
            let anchor = match &mut d0 {
                Value::Object(m) if anchor => {
                    m.insert("$anchor".to_owned(), json!("A0"));
                    true
                }
                _ => false,
            };
            map.insert("$defs".to_owned(), json!({"d0": d0, D1: d1}));
            let mut root = Value::Object(map);
            rewrite_refs(&mut root, anchor);
            root
        })
        .boxed()
}

/// `#/$defs/d1` as [`D1_REF`], and with `anchor` `#/$defs/d0` as `#A0`.
fn rewrite_refs(v: &mut Value, anchor: bool) {
    match v {
        Value::Object(map) => {
            for (k, x) in map.iter_mut() {
                match (k.as_str(), x.as_str()) {
                    ("$ref", Some("#/$defs/d1")) => *x = json!(D1_REF),
                    ("$ref", Some("#/$defs/d0")) if anchor => *x = json!("#A0"),
                    _ => rewrite_refs(x, anchor),
                }
            }
        }
        Value::Array(list) => list.iter_mut().for_each(|x| rewrite_refs(x, anchor)),
        _ => {}
    }
}

/// The schema a `$ref` of the random schemas names.
fn resolve<'a>(root: &'a Value, reference: &str) -> Option<&'a Value> {
    let defs = root.get("$defs").or_else(|| root.get("definitions"))?;
    match reference {
        "#" => Some(root),
        "#A0" => defs.get("d0"),
        r if r.ends_with("d0") => defs.get("d0"),
        r if r.ends_with("d~11~0%25") => defs.get(D1),
        _ => None,
    }
}

/// A small deterministic generator (SplitMix64), for the instances built from a schema.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    fn chance(&mut self, one_in: u64) -> bool {
        self.next().is_multiple_of(one_in)
    }
}

/// A value with no regard to any schema.
fn plain(rng: &mut Rng) -> Value {
    match rng.below(6) {
        0 => Value::Null,
        1 => json!(rng.chance(2)),
        2 | 3 => json!(rng.below(9) as i64 - 3),
        _ => json!(STRINGS[rng.below(STRINGS.len())]),
    }
}

/// A number at or beside `n`.
fn around(n: &Value, rng: &mut Rng) -> Value {
    let Some(x) = n.as_f64() else {
        return n.clone();
    };
    match rng.below(5) {
        0 | 1 => n.clone(),
        2 => json!(x - 1.0),
        3 => json!(x + 1.0),
        _ => json!(x + 0.5),
    }
}

/// An instance shaped by `schema` (one of its keywords, picked at random, guides each
/// level), so that instances meet the schema's keywords where they apply: near-valid and
/// near-invalid values both.
fn near(schema: &Value, root: &Value, rng: &mut Rng, depth: u32) -> Value {
    let Value::Object(map) = schema else {
        return plain(rng);
    };
    let keys: Vec<&String> = map
        .keys()
        .filter(|k| !matches!(k.as_str(), "$defs" | "definitions" | "$schema"))
        .collect();
    if keys.is_empty() || depth > 5 {
        return plain(rng);
    }
    let k = keys[rng.below(keys.len())].as_str();
    let v = &map[k];
    let pick = |list: &Value, rng: &mut Rng| -> Option<Value> {
        let list = list.as_array()?;
        list.get(rng.below(list.len())).cloned()
    };
    match k {
        "const" => v.clone(),
        "enum" => pick(v, rng).unwrap_or(Value::Null),
        "type" => {
            let t = match v {
                Value::Array(_) => pick(v, rng).unwrap_or_default(),
                one => one.clone(),
            };
            match t.as_str().unwrap_or_default() {
                "null" => Value::Null,
                "boolean" => json!(rng.chance(2)),
                "integer" => json!(rng.below(9) as i64 - 3),
                "number" => json!(rng.below(9) as f64 - 2.5),
                "string" => json!(STRINGS[rng.below(STRINGS.len())]),
                "array" => array_near(map, root, rng, depth),
                _ => object_near(map, root, rng, depth),
            }
        }
        "minimum" | "maximum" | "exclusiveMinimum" | "exclusiveMaximum" => around(v, rng),
        "multipleOf" => {
            let m = v.as_f64().unwrap_or(1.0);
            let k = rng.below(6) as f64 - 2.0;
            if rng.chance(3) {
                json!(m * k + 0.5)
            } else {
                json!(m * k)
            }
        }
        "minLength" | "maxLength" => {
            let n = (v.as_u64().unwrap_or(0) as usize + rng.below(3)).saturating_sub(1);
            json!(if rng.chance(2) { "é" } else { "a" }.repeat(n))
        }
        "minItems" | "maxItems" | "items" | "prefixItems" | "additionalItems" | "contains"
        | "minContains" | "maxContains" | "uniqueItems" | "unevaluatedItems" => {
            array_near(map, root, rng, depth)
        }
        "properties"
        | "required"
        | "additionalProperties"
        | "patternProperties"
        | "propertyNames"
        | "minProperties"
        | "maxProperties"
        | "dependentRequired"
        | "dependentSchemas"
        | "dependencies"
        | "unevaluatedProperties" => object_near(map, root, rng, depth),
        "allOf" | "anyOf" | "oneOf" => match pick(v, rng) {
            Some(s) => near(&s, root, rng, depth + 1),
            None => plain(rng),
        },
        "not" => near(v, root, rng, depth + 1),
        "if" | "then" | "else" => {
            let branches: Vec<&Value> = ["if", "then", "else"]
                .iter()
                .filter_map(|b| map.get(*b))
                .collect();
            near(branches[rng.below(branches.len())], root, rng, depth + 1)
        }
        "$ref" => match v.as_str().and_then(|r| resolve(root, r)) {
            Some(t) => near(t, root, rng, depth + 1),
            None => plain(rng),
        },
        _ => plain(rng),
    }
}

/// An array shaped by the array keywords of `map`.
fn array_near(map: &Map<String, Value>, root: &Value, rng: &mut Rng, depth: u32) -> Value {
    let bound = ["minItems", "maxItems", "minContains", "maxContains"]
        .iter()
        .filter_map(|k| map.get(*k).and_then(Value::as_u64))
        .next();
    let len = match bound {
        Some(n) if rng.chance(2) => (n as usize + rng.below(3)).saturating_sub(1),
        _ => rng.below(4),
    };
    let prefix: &[Value] = map
        .get("prefixItems")
        .or_else(|| map.get("items").filter(|i| i.is_array()))
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice);
    let rest = map
        .get("items")
        .filter(|i| !i.is_array())
        .or_else(|| map.get("additionalItems"))
        .or_else(|| map.get("unevaluatedItems"));
    let mut out = Vec::new();
    for i in 0..len {
        let s = match (prefix.get(i), map.get("contains")) {
            (Some(p), _) => Some(p),
            (None, Some(c)) if rng.chance(2) => Some(c),
            _ => rest,
        };
        out.push(match s {
            Some(s) => near(s, root, rng, depth + 1),
            None => plain(rng),
        });
    }
    if !out.is_empty() && rng.chance(3) {
        let dup = out[rng.below(out.len())].clone();
        out.push(dup);
    }
    Value::Array(out)
}

/// An object shaped by the object keywords of `map`.
fn object_near(map: &Map<String, Value>, root: &Value, rng: &mut Rng, depth: u32) -> Value {
    let mut names: Vec<String> = NAMES.iter().map(|n| (*n).to_owned()).collect();
    for k in [
        "properties",
        "dependentRequired",
        "dependentSchemas",
        "dependencies",
    ] {
        if let Some(Value::Object(m)) = map.get(k) {
            names.extend(m.keys().cloned());
        }
    }
    if let Some(Value::Array(r)) = map.get("required") {
        names.extend(r.iter().filter_map(|n| n.as_str().map(str::to_owned)));
    }
    names.extend(["x1".to_owned(), "ab".to_owned()]);
    let mut out = Map::new();
    for n in names {
        if out.contains_key(&n) || rng.chance(2) {
            continue;
        }
        let s = map
            .get("properties")
            .and_then(|p| p.get(&n))
            .or_else(|| map.get("additionalProperties"))
            .or_else(|| map.get("unevaluatedProperties"));
        let v = match s {
            Some(s) => near(s, root, rng, depth + 1),
            None => plain(rng),
        };
        out.insert(n, v);
    }
    Value::Object(out)
}

/// Whether the oracle's `f64` division and validgen's exact one may differ on `multipleOf`:
/// `schema` has a `multipleOf` that is not an integer and `instance` holds an integer past
/// 2^53, which the oracle rounds first (`{"multipleOf": 1.5}` rejects 9007199254740993, which
/// is 1.5 × 6004799503160662, see [`oracle_rounds_far_integers_in_multiple_of`]); or `schema`
/// has any `multipleOf` and `instance` holds a float past 2^53, whose binary value the oracle
/// divides where validgen divides the decimal it is written as (`5.5340232221128655e19` is
/// 3 × 2^64 in binary, 55340232221128655000 as written: see
/// [`oracle_divides_the_binary_value_of_far_floats`]). JSON Schema validation §6.2.1: valid
/// "if division by this keyword's value results in an integer".
fn oracle_inexact_multiple_of(schema: &Value, instance: &Value) -> bool {
    fn fractional_multiple_of(v: &Value) -> bool {
        match v {
            Value::Object(m) => m.iter().any(|(k, x)| {
                (k == "multipleOf" && x.as_f64().is_some_and(|f| f.fract() != 0.0))
                    || fractional_multiple_of(x)
            }),
            Value::Array(list) => list.iter().any(fractional_multiple_of),
            _ => false,
        }
    }
    fn far_integer(v: &Value) -> bool {
        match v {
            Value::Number(n) => n
                .as_i64()
                .map(|i| i.unsigned_abs())
                .or_else(|| n.as_u64())
                .is_some_and(|u| u > 1 << 53),
            Value::Object(m) => m.values().any(far_integer),
            Value::Array(list) => list.iter().any(far_integer),
            _ => false,
        }
    }
    fn any_multiple_of(v: &Value) -> bool {
        match v {
            Value::Object(m) => m
                .iter()
                .any(|(k, x)| k == "multipleOf" || any_multiple_of(x)),
            Value::Array(list) => list.iter().any(any_multiple_of),
            _ => false,
        }
    }
    fn far_float(v: &Value) -> bool {
        match v {
            Value::Number(n) => n.is_f64() && n.as_f64().is_some_and(|f| f.abs() > 2f64.powi(53)),
            Value::Object(m) => m.values().any(far_float),
            Value::Array(list) => list.iter().any(far_float),
            _ => false,
        }
    }
    (fractional_multiple_of(schema) && far_integer(instance))
        || (any_multiple_of(schema) && far_float(instance))
}

/// Whether `schema` is draft-04 and `instance` holds a float with a zero fractional part
/// (`0.0`): draft-04 §3.5 (core spec) makes an integer a number without a fraction part, so
/// the oracle finds `1.0` no integer there, while validgen's document models judge a
/// number's value, as draft-06 on do (the suite's optional `zeroTerminatedFloats` test).
fn draft4_integral_float(schema: &Value, instance: &Value) -> bool {
    fn integral_float(v: &Value) -> bool {
        match v {
            Value::Number(n) => n.is_f64() && n.as_f64().is_some_and(|f| f.fract() == 0.0),
            Value::Object(m) => m.values().any(integral_float),
            Value::Array(list) => list.iter().any(integral_float),
            _ => false,
        }
    }
    schema["$schema"] == "http://json-schema.org/draft-04/schema#" && integral_float(instance)
}

#[test]
fn oracle_rounds_far_integers_in_multiple_of() {
    assert_eq!(6_004_799_503_160_662_u128 * 3 / 2, 9_007_199_254_740_993);
    let schema = json!({"multipleOf": 1.5});
    let instance = json!(9_007_199_254_740_993_u64);
    let ours = compile(&schema, &Options::default()).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(validgen_valid(&ours, &instance));
    let theirs = oracle(&schema, false).unwrap_or_else(|e| panic!("{e}"));
    assert!(
        !theirs.is_valid(&instance),
        "the oracle divides exactly now"
    );
    assert!(oracle_inexact_multiple_of(&schema, &json!([instance])));
    // 2^53 + 2 is 1.5 × 6004799503160662 + 1: not a multiple, on both sides.
    let next = json!(9_007_199_254_740_994_u64);
    assert!(!validgen_valid(&ours, &next));
}

#[test]
fn oracle_divides_the_binary_value_of_far_floats() {
    let schema = json!({"multipleOf": 3});
    let instance: Value = serde_json::from_str("5.5340232221128655e19").expect("JSON");
    assert_eq!(instance.as_f64(), Some(3.0 * 2f64.powi(64)));
    let ours = compile(&schema, &Options::default()).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(
        !validgen_valid(&ours, &instance),
        "55340232221128655000 is no multiple of 3"
    );
    let theirs = oracle(&schema, false).unwrap_or_else(|e| panic!("{e}"));
    assert!(theirs.is_valid(&instance), "the oracle divides 3 × 2^64");
    assert!(oracle_inexact_multiple_of(&schema, &instance));
}

/// Runs `cases` random schemas (each with up to three random instances and six to nine
/// instances shaped by the schema) through both
/// engines, `schema` prepared by `prepare` (the draft's forms), and asserts equal verdicts.
fn random_schemas(cases: u32, prepare: fn(Value) -> Value, openapi: bool) -> Tally {
    let tally = RefCell::new(Tally::default());
    let mut runner = TestRunner::new(Config {
        cases: self::cases(cases),
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = root_schema().prop_flat_map(|schema| {
        let mut pool = Vec::new();
        literals(&schema, &mut pool);
        pool.dedup();
        (
            Just(schema),
            prop::collection::vec(instance_with(pool), 1..4),
            prop::collection::vec(any::<u64>(), 6..10),
        )
    });
    runner
        .run(&strategy, |(schema, mut instances, seeds)| {
            let schema = prepare(schema);
            for seed in seeds {
                instances.push(near(&schema, &schema, &mut Rng(seed), 0));
            }
            let translated = if openapi {
                openapi_as_json_schema(&schema)
            } else {
                schema.clone()
            };
            let Ok(theirs) = oracle(&translated, false) else {
                tally.borrow_mut().skipped += 1;
                return Ok(());
            };
            let raw = if openapi {
                oracle(&schema, false).ok()
            } else {
                None
            };
            let options = Options {
                openapi,
                ..Options::default()
            };
            let ours = compile(&schema, &options);
            let ours = match ours {
                Ok(c) => c,
                Err(e) => {
                    return Err(TestCaseError::fail(format!(
                        "validgen refuses a schema jsonschema accepts: {e:?}\n{schema}"
                    )));
                }
            };
            for instance in &instances {
                let v = validgen_valid(&ours, instance);
                if v != theirs.is_valid(instance) && oracle_inexact_multiple_of(&schema, instance) {
                    tally.borrow_mut().oracle_inexact += 1;
                    continue;
                }
                if v != theirs.is_valid(instance) && draft4_integral_float(&schema, instance) {
                    tally.borrow_mut().draft4_floats += 1;
                    continue;
                }
                prop_assert_eq!(
                    v,
                    theirs.is_valid(instance),
                    "schema {}\ninstance {}",
                    schema,
                    instance
                );
                let mut t = tally.borrow_mut();
                if v {
                    t.valid += 1;
                } else {
                    t.invalid += 1;
                }
                if let Some(raw) = &raw {
                    t.openapi_only += usize::from(raw.is_valid(instance) != v);
                }
            }
            Ok(())
        })
        .unwrap_or_else(|e| panic!("{e}"));
    tally.into_inner()
}

#[test]
fn random_2020_12_schemas_agree_with_the_oracle() {
    let t = random_schemas(500, |s| s, false);
    eprintln!("random 2020-12 schemas: {t:?}");
    assert!(t.skipped <= 20, "{t:?}");
    assert!(t.valid >= 200 && t.invalid >= 200, "{t:?}");
}

/// A random 2020-12 schema in draft-07's forms: `$defs` as `definitions`, `$anchor` as a
/// fragment `$id`, `prefixItems` and
/// `items` as array `items` and `additionalItems`, `dependentRequired` and
/// `dependentSchemas` as `dependencies`; `minContains`/`maxContains` stay, unknown in
/// draft-07. A `$ref`'s siblings are then ignored (draft-07 §8.3), on both sides.
fn to_draft7(schema: Value) -> Value {
    with_schema(
        older_forms(schema, true),
        "http://json-schema.org/draft-07/schema#",
    )
}

/// A random 2020-12 schema in draft-06's forms: draft-07's (see [`to_draft7`]), where `if`,
/// `then` and `else` are unknown keywords, ignored on both sides.
fn to_draft6(schema: Value) -> Value {
    with_schema(
        older_forms(schema, true),
        "http://json-schema.org/draft-06/schema#",
    )
}

/// A random 2020-12 schema in draft-04's forms: draft-07's (see [`to_draft7`]) with `id` for
/// `$id`, `enum` for `const`, `{}` and `{"not": {}}` for `true` and `false` (but as
/// `additionalProperties` and `additionalItems`, which may be booleans), and a numeric
/// `exclusiveMinimum`/`exclusiveMaximum` as `minimum`/`maximum` with a boolean `exclusive*`
/// (the stricter bound where both are written). `contains`, `propertyNames`, `if`, `then`,
/// `else` and `minContains`/`maxContains` are unknown keywords, ignored on both sides.
fn to_draft4(schema: Value) -> Value {
    with_schema(
        draft4_forms(older_forms(schema, true), false),
        "http://json-schema.org/draft-04/schema#",
    )
}

/// [`to_draft4`] on the schema `v` (in draft-07's forms); `boolean_ok` where a boolean may
/// stay.
fn draft4_forms(v: Value, boolean_ok: bool) -> Value {
    let map = match v {
        Value::Bool(true) if !boolean_ok => return json!({}),
        Value::Bool(false) if !boolean_ok => return json!({"not": {}}),
        Value::Object(map) => map,
        other => return other,
    };
    let each = |v: Value| -> Value {
        match v {
            Value::Array(list) => {
                Value::Array(list.into_iter().map(|s| draft4_forms(s, false)).collect())
            }
            Value::Object(m) => Value::Object(
                m.into_iter()
                    .map(|(k, s)| (k, draft4_forms(s, false)))
                    .collect(),
            ),
            other => other,
        }
    };
    let mut out = Map::new();
    for (k, v) in map {
        match k.as_str() {
            "$id" => {
                out.insert("id".to_owned(), v);
            }
            "const" => {
                out.insert("enum".to_owned(), json!([v]));
            }
            "properties" | "patternProperties" | "definitions" | "allOf" | "anyOf" | "oneOf" => {
                out.insert(k, each(v));
            }
            // Lists of required properties stay lists, but empty ones, which draft-04's
            // meta-schema refuses (and which require nothing).
            "dependencies" => {
                let Value::Object(m) = v else { continue };
                let deps = m
                    .into_iter()
                    .filter(|(_, d)| d.as_array().is_none_or(|list| !list.is_empty()))
                    .map(|(name, d)| match d {
                        Value::Array(_) => (name, d),
                        schema => (name, draft4_forms(schema, false)),
                    })
                    .collect();
                out.insert(k, Value::Object(deps));
            }
            "items" => {
                let items = if v.is_array() {
                    each(v)
                } else {
                    draft4_forms(v, false)
                };
                out.insert(k, items);
            }
            "additionalProperties" | "additionalItems" => {
                out.insert(k, draft4_forms(v, true));
            }
            "not" | "contains" | "propertyNames" | "if" | "then" | "else" => {
                out.insert(k, draft4_forms(v, false));
            }
            _ => {
                out.insert(k, v);
            }
        }
    }
    for (bound, flag, stricter) in [
        ("minimum", "exclusiveMinimum", 1.0),
        ("maximum", "exclusiveMaximum", -1.0),
    ] {
        let Some(exclusive) = out.remove(flag) else {
            continue;
        };
        let x = exclusive.as_f64().unwrap_or_default();
        let keep = out
            .get(bound)
            .and_then(Value::as_f64)
            .is_some_and(|y| (y - x) * stricter > 0.0);
        if !keep {
            out.insert(bound.to_owned(), exclusive);
            out.insert(flag.to_owned(), json!(true));
        }
    }
    Value::Object(out)
}

/// A random 2020-12 schema in 2019-09's forms: `prefixItems` and `items` as array `items`
/// and `additionalItems`.
fn to_draft2019(schema: Value) -> Value {
    let schema = if schema.to_string().contains("\"unevaluatedItems\"") {
        without_contains(schema)
    } else {
        schema
    };
    with_schema(
        older_forms(schema, false),
        "https://json-schema.org/draft/2019-09/schema",
    )
}

/// `schema` without `contains` (and `minContains`/`maxContains`) anywhere: in 2019-09 the
/// oracle lets `contains` evaluate items for `unevaluatedItems`, as 2020-12 does, where 2019-09
/// core §9.3.1.3 names only `items`, `additionalItems` and `unevaluatedItems`
/// ([`contains_evaluates_no_item_in_2019_09`]).
fn without_contains(schema: Value) -> Value {
    match schema {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .filter(|(k, _)| !matches!(k.as_str(), "contains" | "minContains" | "maxContains"))
                .map(|(k, v)| (k, without_contains(v)))
                .collect(),
        ),
        Value::Array(list) => Value::Array(list.into_iter().map(without_contains).collect()),
        other => other,
    }
}

/// The one known difference of `unevaluated*` with the oracle: in 2019-09, validgen (as the
/// specification) leaves the items `contains` matches unevaluated; the oracle evaluates them.
/// In 2020-12 both evaluate them.
#[test]
fn contains_evaluates_no_item_in_2019_09() {
    let instance = json!([1]);
    for (uri, ours) in [
        ("https://json-schema.org/draft/2019-09/schema", false),
        ("https://json-schema.org/draft/2020-12/schema", true),
    ] {
        let schema = json!({"$schema": uri, "contains": {}, "unevaluatedItems": false});
        let compiled = compile(&schema, &Options::default()).expect("compiles");
        assert_eq!(validgen_valid(&compiled, &instance), ours, "{uri}");
        let theirs = oracle(&schema, false).expect("the oracle compiles it");
        assert!(theirs.is_valid(&instance), "{uri}");
    }
}

fn with_schema(mut schema: Value, uri: &str) -> Value {
    if let Value::Object(map) = &mut schema {
        map.insert("$schema".to_owned(), json!(uri));
    }
    schema
}

/// The array forms of 2019-09 and draft-07, and with `draft7` draft-07's `definitions` and
/// `dependencies`.
fn older_forms(schema: Value, draft7: bool) -> Value {
    let Value::Object(map) = schema else {
        return schema;
    };
    let each = |v: Value| -> Value {
        match v {
            Value::Array(list) => {
                Value::Array(list.into_iter().map(|s| older_forms(s, draft7)).collect())
            }
            Value::Object(m) => Value::Object(
                m.into_iter()
                    .map(|(k, s)| (k, older_forms(s, draft7)))
                    .collect(),
            ),
            other => other,
        }
    };
    let mut out = Map::new();
    let mut dependencies = Map::new();
    let prefix = map.get("prefixItems").cloned();
    for (k, v) in map {
        match k.as_str() {
            "$defs" if draft7 => {
                out.insert("definitions".to_owned(), each(v));
            }
            "$anchor" if draft7 => {
                out.insert(
                    "$id".to_owned(),
                    json!(format!("#{}", v.as_str().unwrap_or_default())),
                );
            }
            "$ref" if draft7 => {
                let r = v
                    .as_str()
                    .unwrap_or_default()
                    .replace("$defs", "definitions");
                out.insert(k, json!(r));
            }
            "prefixItems" => {
                out.insert("items".to_owned(), each(v));
            }
            "items" if prefix.is_some() => {
                out.insert("additionalItems".to_owned(), older_forms(v, draft7));
            }
            // Keywords of 2019-09 on, which draft-07 validators ignore.
            "unevaluatedProperties" | "unevaluatedItems" if draft7 => {}
            "dependentRequired" | "dependentSchemas" if draft7 => {
                if let Value::Object(m) = each(v) {
                    dependencies.extend(m);
                }
            }
            "properties" | "patternProperties" | "allOf" | "anyOf" | "oneOf" | "$defs"
            | "dependentSchemas" => {
                out.insert(k, each(v));
            }
            "items"
            | "contains"
            | "additionalProperties"
            | "propertyNames"
            | "unevaluatedProperties"
            | "unevaluatedItems"
            | "not"
            | "if"
            | "then"
            | "else" => {
                out.insert(k, older_forms(v, draft7));
            }
            _ => {
                out.insert(k, v);
            }
        }
    }
    if !dependencies.is_empty() {
        out.insert("dependencies".to_owned(), Value::Object(dependencies));
    }
    Value::Object(out)
}

#[test]
fn random_2019_09_schemas_agree_with_the_oracle() {
    let t = random_schemas(250, to_draft2019, false);
    eprintln!("random 2019-09 schemas: {t:?}");
    assert!(t.skipped <= 15, "{t:?}");
    assert!(t.valid >= 150 && t.invalid >= 150, "{t:?}");
}

#[test]
fn random_draft_07_schemas_agree_with_the_oracle() {
    let t = random_schemas(300, to_draft7, false);
    eprintln!("random draft-07 schemas: {t:?}");
    assert!(t.skipped <= 15, "{t:?}");
    assert!(t.valid >= 150 && t.invalid >= 150, "{t:?}");
}

#[test]
fn random_draft_06_schemas_agree_with_the_oracle() {
    let t = random_schemas(200, to_draft6, false);
    eprintln!("random draft-06 schemas: {t:?}");
    assert!(t.skipped <= 10, "{t:?}");
    assert!(t.valid >= 100 && t.invalid >= 100, "{t:?}");
}

#[test]
fn random_draft_04_schemas_agree_with_the_oracle() {
    let t = random_schemas(200, to_draft4, false);
    eprintln!("random draft-04 schemas: {t:?}");
    assert!(t.skipped <= 10, "{t:?}");
    assert!(t.valid >= 100 && t.invalid >= 100, "{t:?}");
}

#[test]
fn draft_04_forms() {
    let schema = json!({
        "$defs": {"d0": {"prefixItems": [true], "items": false, "$anchor": "A0"}},
        "properties": {
            "a": {"const": 1, "not": false},
            "b": {"exclusiveMinimum": 1, "minimum": 0},
            "c": {"exclusiveMaximum": 5, "maximum": 3}
        },
        "dependentRequired": {"a": ["b"], "b": []},
        "additionalProperties": false
    });
    assert_eq!(
        to_draft4(schema),
        json!({
            "definitions": {"d0": {"items": [{}], "additionalItems": false, "id": "#A0"}},
            "properties": {
                "a": {"enum": [1], "not": {"not": {}}},
                "b": {"minimum": 1, "exclusiveMinimum": true},
                "c": {"maximum": 3}
            },
            "additionalProperties": false,
            "dependencies": {"a": ["b"]},
            "$schema": "http://json-schema.org/draft-04/schema#"
        })
    );
}

#[test]
fn draft_07_forms() {
    let schema = json!({
        "$defs": {"d0": {"prefixItems": [true], "items": false, "$anchor": "A0"}},
        "properties": {"a": {"$ref": "#/$defs/d0"}, "b": {"$ref": "#A0"}},
        "dependentRequired": {"a": ["b"]},
        "dependentSchemas": {"c": {"required": ["a"]}},
        "enum": [{"prefixItems": 1}]
    });
    assert_eq!(
        to_draft7(schema),
        json!({
            "definitions": {"d0": {"items": [true], "additionalItems": false, "$id": "#A0"}},
            "properties": {"a": {"$ref": "#/definitions/d0"}, "b": {"$ref": "#A0"}},
            "enum": [{"prefixItems": 1}],
            "dependencies": {"a": ["b"], "c": {"required": ["a"]}},
            "$schema": "http://json-schema.org/draft-07/schema#"
        })
    );
}

/// Every string of the real instances (values and keys).
fn strings(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::String(s) => out.push(s.clone()),
        Value::Array(list) => list.iter().for_each(|x| strings(x, out)),
        Value::Object(map) => {
            for (k, x) in map {
                out.push(k.clone());
                strings(x, out);
            }
        }
        _ => {}
    }
}

/// The formats validgen asserts, each with how many of [`format_strings`] it accepts.
const FORMATS: &[(&str, usize)] = &[
    ("date-time", 5),
    ("date", 2),
    ("email", 7),
    ("hostname", 1447),
    ("ipv4", 2),
    ("ipv6", 3),
    ("uri", 45),
    ("uuid", 4),
];

/// Every string of the real instances (values and keys), and [`EDGE_STRINGS`].
fn format_strings() -> Vec<String> {
    let mut all = Vec::new();
    for c in &corpus().cases {
        strings(&c.instance, &mut all);
    }
    all.extend(EDGE_STRINGS.iter().map(|s| (*s).to_owned()));
    all.push(format!("{}.com", "a".repeat(64)));
    all.push(format!("{}.com", "a".repeat(63)));
    all.sort();
    all.dedup();
    all
}

/// `format` asserted on both sides, for each format validgen asserts, over every string of
/// the real instances and some edge cases.
#[test]
fn asserted_formats_agree_on_real_strings() {
    let all = format_strings();
    assert_eq!(all.len(), 1937);
    let options = Options {
        assert_formats: true,
        ..Options::default()
    };
    let mut failures = Vec::new();
    for (f, expected) in FORMATS {
        let schema = json!({ "format": f });
        let ours = compile(&schema, &options).unwrap_or_else(|e| panic!("{f}: {e:?}"));
        let theirs = oracle(&schema, true).unwrap_or_else(|e| panic!("{f}: {e}"));
        let mut valid = 0;
        for s in &all {
            let i = json!(s);
            let v = validgen_valid(&ours, &i);
            valid += usize::from(v);
            if v != theirs.is_valid(&i) {
                failures.push(format!("{f}: {s:?}: validgen {v}"));
            }
        }
        if valid != *expected {
            failures.push(format!("{f}: {valid} valid, not {expected}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Strings at the edges of the formats (leap seconds, case, lengths, IPv6 forms, ...).
const EDGE_STRINGS: &[&str] = &[
    "2026-11-24T12:00:00Z",
    "2026-11-24T12:00:00.5+01:00",
    "2026-02-30",
    "2026-02-28",
    "1990-12-31T23:59:60Z",
    "1990-12-31T15:59:60-08:00",
    "2026-11-24t12:00:00z",
    "2026-11-24 12:00:00Z",
    "2026-13-01",
    "2024-02-29",
    "2023-02-29",
    "user@example.com",
    "a@b",
    "\"quoted\"@x.com",
    "a..b@x.com",
    ".a@x.com",
    "a@[127.0.0.1]",
    "a@-x.com",
    "xn--bcher-kva.example",
    "-a.com",
    "a-.com",
    "a_b.com",
    "example.com.",
    "xn--X",
    "münchen.de",
    "192.168.0.1",
    "01.1.1.1",
    "256.1.1.1",
    "1.1.1",
    "::1",
    "1::2::3",
    "::ffff:1.2.3.4",
    "fe80::1%eth0",
    "1:2:3:4:5:6:7:8",
    "1:2:3:4:5:6:7:8:9",
    "http://x",
    "urn:isbn:1",
    "//x",
    "http://[::1]/",
    "a b",
    "http://a b",
    "mailto:a@b",
    "http://x/%zz",
    "HTTP://X",
    "x:",
    "1x:y",
    "550e8400-e29b-41d4-a716-446655440000",
    "550E8400-E29B-41D4-A716-446655440000",
    "550e8400e29b41d4a716446655440000",
    "{550e8400-e29b-41d4-a716-446655440000}",
    "00000000-0000-0000-0000-000000000000",
];
/// Numbers past `f64`'s exact integers, where an integer and a float that `f64` rounds
/// together are different numbers (the random schemas found validgen comparing them through
/// `f64`): each verdict as the oracle gives it, and as JSON Schema's mathematical values say.
#[test]
fn far_numbers_compare_exactly() {
    let cases = [
        (
            json!({"minimum": 9_007_199_254_740_993_u64}),
            json!(9_007_199_254_740_992.0),
            false,
        ),
        (
            json!({"exclusiveMaximum": 9_007_199_254_740_993_u64}),
            json!(9_007_199_254_740_992.0),
            true,
        ),
        (
            json!({"maximum": u64::MAX}),
            json!(18_446_744_073_709_551_616.0),
            false,
        ),
        (
            json!({"minimum": 9_007_199_254_740_992.0}),
            json!(9_007_199_254_740_993_u64),
            true,
        ),
        (
            json!({"const": 9_007_199_254_740_993_u64}),
            json!(9_007_199_254_740_992.0),
            false,
        ),
        (
            json!({"enum": [9_007_199_254_740_993_u64]}),
            json!(9_007_199_254_740_992.0),
            false,
        ),
        (
            json!({"enum": [2.0, 9_007_199_254_740_992_u64]}),
            json!(9_007_199_254_740_992.0),
            true,
        ),
        (
            json!({"uniqueItems": true}),
            json!([9_223_372_036_854_775_808_u64, 9_223_372_036_854_775_808.0]),
            false,
        ),
        (
            json!({"uniqueItems": true}),
            json!([9_007_199_254_740_993_u64, 9_007_199_254_740_992.0]),
            true,
        ),
        (
            json!({"multipleOf": 2}),
            json!(9_007_199_254_740_993_u64),
            false,
        ),
        (json!({"type": "integer"}), json!(1e300), true),
    ];
    for (schema, instance, valid) in cases {
        let ours = compile(&schema, &Options::default()).unwrap_or_else(|e| panic!("{e:?}"));
        let theirs = oracle(&schema, false).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            validgen_valid(&ours, &instance),
            valid,
            "{schema} {instance}"
        );
        assert_eq!(
            theirs.is_valid(&instance),
            valid,
            "oracle: {schema} {instance}"
        );
    }
}
/// Patterns one engine compiles and the other refuses (no pattern both compile gives
/// different matches: see [`patterns_match_as_the_oracle`]).
/// Patterns are ECMA-262 with Unicode semantics (2020-12 core §6.4, and the suite's
/// `optional/ecmascript-regex.json`: "patterns always use unicode semantics").
///
/// (pattern, validgen compiles it, jsonschema compiles it, why)
const PATTERN_DIFFERENCES: &[(&str, bool, bool, &str)] = &[
    (
        "\\0",
        true,
        false,
        "the oracle is wrong: `\\0` (not followed by a digit) is the NUL CharacterEscape of ECMA-262 §22.2.1",
    ),
    (
        "[^]",
        true,
        false,
        "the oracle is wrong: ECMA-262 §22.2.1 allows an empty ClassContents; `[^]` is any code point",
    ),
    (
        "[]",
        true,
        false,
        "the oracle is wrong: `[]` is the empty class of ECMA-262 §22.2.1, which matches nothing",
    ),
    (
        "^\\ud83d\\ude00$",
        true,
        false,
        "the oracle is wrong: with the u flag a surrogate pair of `\\u` escapes is one code point (ECMA-262 §22.2.1 RegExpUnicodeEscapeSequence)",
    ),
    (
        "(?i)a",
        false,
        true,
        "the oracle is lenient: inline flags are not ECMA-262 syntax (`(?` is followed by `:`, `=`, `!` or `<`); jsonschema reads them as Rust regex flags",
    ),
    (
        "[[:alpha:]]",
        false,
        true,
        "the oracle is lenient: ECMA-262 has no POSIX classes, and with the u flag the `]` left after the class `[[:alpha:]` is a syntax error",
    ),
];

#[test]
fn pattern_differences_are_compile_time_only() {
    for (pattern, ours, theirs, why) in PATTERN_DIFFERENCES {
        let schema = json!({ "pattern": pattern });
        let compiled = compile(&schema, &Options::default());
        assert_eq!(compiled.is_ok(), *ours, "{pattern}: {why}");
        if let Err(errors) = compiled {
            assert!(
                errors
                    .iter()
                    .any(|e| e.keyword == "pattern" && e.message.contains("is not accepted")),
                "{pattern}: {errors:?}"
            );
        }
        assert_eq!(oracle(&schema, false).is_ok(), *theirs, "{pattern}: {why}");
    }
}

/// ECMA-262 patterns beyond the random schemas' (escapes, classes, Unicode properties,
/// assertions, quantifiers), with the patterns of [`PATTERN_DIFFERENCES`].
const PROBE_PATTERNS: &[&str] = &[
    "\\p{L}",
    "[\\u00e9]",
    "\\u0041",
    "\\bfoo\\b",
    "^\\x41$",
    "\\/",
    "a*?",
    "^(a|ab)c$",
    "^\\w+$",
    "^\\W$",
    "^\\D+$",
    "^\\s$",
    "\\S",
    "^[\\s\\S]$",
    "^.+$",
    "\\Bo",
    "a{2}",
    "\\cJ",
    "^\\u{1F600}$",
    "[a-]",
    "\\.",
    "^[^\\n]*$",
    "é",
    "\\p{Lu}",
    "\\P{L}",
    "\\p{Letter}",
    "\\p{Script=Greek}",
    // Lookarounds and backreferences: the backtracking engine.
    "(?=a)a",
    "(?!b)a",
    "^(?=.*a)(?!.*b).+$",
    "(?<=a)b",
    "(?<!a)b",
    "^(.)\\1$",
    "foo(?=bar)",
];

const PROBE_STRINGS: &[&str] = &[
    "",
    "a",
    "A",
    "aa",
    "aaa",
    "foo",
    "a foo b",
    "foobar",
    "é",
    "É",
    "1",
    "z",
    "-",
    "/",
    "ab",
    "abc",
    "ac",
    "\n",
    "\u{a0}",
    "\u{2028}",
    "\u{feff}",
    "😀",
    "\t",
    "x_y",
    "ß",
    "ǅ",
    "\u{0}",
    ".",
    "a{,2}",
    "{",
    "a{1",
    "[:alpha:]",
    "α",
    "٣",
];

/// Every pattern both engines compile matches the same strings; the others are
/// [`PATTERN_DIFFERENCES`].
#[test]
fn patterns_match_as_the_oracle() {
    let mut compared = 0;
    let patterns = PROBE_PATTERNS
        .iter()
        .chain(PATTERNS)
        .chain(PATTERN_DIFFERENCES.iter().map(|(p, ..)| p));
    for p in patterns {
        let schema = json!({ "pattern": p });
        let (Ok(ours), Ok(theirs)) = (
            compile(&schema, &Options::default()),
            oracle(&schema, false),
        ) else {
            assert!(
                PATTERN_DIFFERENCES.iter().any(|(d, ..)| d == p),
                "{p:?}: refused by one side, not listed"
            );
            continue;
        };
        for s in PROBE_STRINGS {
            let i = json!(s);
            assert_eq!(
                validgen_valid(&ours, &i),
                theirs.is_valid(&i),
                "{p:?} on {s:?}"
            );
            compared += 1;
        }
    }
    assert_eq!(compared, 34 * (34 + 18));
}

/// A random schema with the OpenAPI keywords of CRD schemas sprinkled in: `nullable: true`
/// beside some `type`s and `enum`s, `x-kubernetes-int-or-string` on some schemas without a
/// `type`, `format: int32`/`int64` on some, `x-kubernetes-list-type: set` on some arrays.
fn to_openapi(schema: Value) -> Value {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    schema.to_string().hash(&mut h);
    let mut rng = Rng(h.finish());
    sprinkle(schema, &mut rng)
}

/// [`to_openapi`] on the schema `v` and its subschemas.
fn sprinkle(v: Value, rng: &mut Rng) -> Value {
    let Value::Object(map) = v else {
        return v;
    };
    let mut out = Map::new();
    for (k, x) in map {
        let x = match (k.as_str(), x) {
            (
                "properties" | "patternProperties" | "$defs" | "dependentSchemas",
                Value::Object(m),
            ) => Value::Object(m.into_iter().map(|(n, s)| (n, sprinkle(s, rng))).collect()),
            ("allOf" | "anyOf" | "oneOf" | "prefixItems", Value::Array(list)) => {
                Value::Array(list.into_iter().map(|s| sprinkle(s, rng)).collect())
            }
            (
                "items"
                | "contains"
                | "additionalProperties"
                | "propertyNames"
                | "not"
                | "if"
                | "then"
                | "else",
                s,
            ) => sprinkle(s, rng),
            (_, x) => x,
        };
        out.insert(k, x);
    }
    if (out.contains_key("type") || out.contains_key("enum")) && rng.chance(2) {
        out.insert("nullable".to_owned(), json!(true));
    }
    if !out.contains_key("type") && rng.chance(4) {
        out.insert("x-kubernetes-int-or-string".to_owned(), json!(true));
    }
    if rng.chance(5) {
        let f = if rng.chance(2) { "int32" } else { "int64" };
        out.insert("format".to_owned(), json!(f));
    }
    if rng.chance(5) {
        out.insert("x-kubernetes-list-type".to_owned(), json!("set"));
    }
    Value::Object(out)
}

/// validgen's OpenAPI mode against the oracle given the same schema in plain JSON Schema
/// ([`openapi_as_json_schema`]).
#[test]
fn random_openapi_schemas_agree_with_the_oracle() {
    let t = random_schemas(250, to_openapi, true);
    eprintln!("random OpenAPI schemas: {t:?}");
    assert!(t.skipped <= 15, "{t:?}");
    assert!(t.valid >= 150 && t.invalid >= 150, "{t:?}");
    // The OpenAPI keywords change verdicts: the translation is needed.
    assert!(t.openapi_only >= 20, "{t:?}");
}
