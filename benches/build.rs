//! Compiles the bench crate's dynamic rule set (`dynamic-rules.json`: path-valued arguments and
//! a filter path, which generated code evaluates through the runtime's fallback) with
//! `validgen_codegen::compile_texts` into `OUT_DIR/dynamic_validators.rs`; real JSON Schemas
//! and real ytt data-values schemas of `tests/corpus` into validators of their own; with the
//! `crd-judges` feature, two real CRDs of the recorded CRD cases into compiled judges.

use std::path::PathBuf;

fn main() {
    let manifest = PathBuf::from(
        std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR"),
    );
    let rules = manifest.join("dynamic-rules.json");
    println!("cargo:rerun-if-changed={}", rules.display());
    let text = std::fs::read_to_string(&rules).expect("read dynamic-rules.json");
    let tokens = validgen_codegen::compile_texts([text.as_str()], Default::default())
        .unwrap_or_else(|d| panic!("the dynamic rule set compiles:\n{d}"));
    let code = validgen_codegen::pretty(&tokens).expect("generated code parses");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("dynamic_validators.rs"), code).expect("write generated code");
    schemas(&manifest, &out);
    ytt_schemas(&manifest, &out);
    // Cargo sets this for the package's `crd-judges` feature.
    if std::env::var_os("CARGO_FEATURE_CRD_JUDGES").is_some() {
        crds(&manifest, &out);
    }
}

/// The real schemas the JSON Schema benchmark measures (from `tests/corpus/json-schema`), by
/// the name their validator gets.
const SCHEMAS: &[(&str, &str)] = &[
    (
        "traefik",
        "traefik/traefik-helm-chart/traefik/values.schema.json",
    ),
    (
        "cert_manager",
        "cert-manager/cert-manager/deploy/charts/cert-manager/values.schema.json",
    ),
    (
        "gateway",
        "kubernetes-sigs/gateway-api/config/crd/standard/gateway.networking.k8s.io_gateways.v1.openAPIV3Schema.json",
    ),
    (
        "olm_bundle_config",
        "operator-framework/operator-controller/internal/operator-controller/rukpak/bundle/registryv1bundleconfig.json",
    ),
    (
        "devcontainer",
        "devcontainers/spec/schemas/devContainer.base.schema.json",
    ),
];

/// Real schemas of the SchemaStore subset (`tests/corpus/schemastore/schemas`), by the name
/// their validator gets: a draft-04 one and a draft-07 one, each `$ref`-ing definitions of
/// another file of the collection by its `https://json.schemastore.org/` URL.
const SCHEMASTORE: &[(&str, &str)] = &[
    ("iot_edge", "azure-iot-edge-deployment-template-2.0.json"),
    ("pre_commit", "pre-commit-config.json"),
];

/// Where SchemaStore publishes its schemas, read offline from the vendored folder.
const SCHEMASTORE_URL: &str = "https://json.schemastore.org/";

/// `include_schemas!` over a folder holding copies of [`SCHEMAS`] and [`SCHEMASTORE`], with
/// [`SCHEMASTORE_URL`] mapped to the SchemaStore folder (`schema_map`), into
/// `OUT_DIR/json_schema_validators.rs`.
fn schemas(manifest: &std::path::Path, out: &std::path::Path) {
    let corpus = manifest.join("../tests/corpus/json-schema");
    let store = manifest.join("../tests/corpus/schemastore/schemas");
    let dir = out.join("schemas");
    std::fs::create_dir_all(&dir).expect("create the schema folder");
    let copies = SCHEMAS
        .iter()
        .map(|(name, rel)| (name, corpus.join(rel)))
        .chain(
            SCHEMASTORE
                .iter()
                .map(|(name, file)| (name, store.join(file))),
        );
    for (name, from) in copies {
        println!("cargo:rerun-if-changed={}", from.display());
        std::fs::copy(&from, dir.join(format!("{name}.json"))).expect("copy a schema");
    }
    println!("cargo:rerun-if-changed={}", store.display());
    let options = validgen_codegen::SchemaOptions {
        schema_map: vec![validgen_codegen::SchemaMap {
            prefix: SCHEMASTORE_URL.to_owned(),
            path: store,
        }],
        ..Default::default()
    };
    let generated = validgen_codegen::compile_schema_dir(&dir, "schemas", options)
        .unwrap_or_else(|d| panic!("the benchmark schemas compile:\n{d}"));
    let code = validgen_codegen::pretty(&generated.tokens).expect("generated code parses");
    std::fs::write(out.join("json_schema_validators.rs"), code).expect("write generated code");
}

/// The real ytt data-values schemas the ytt benchmark measures (from
/// `tests/corpus/ytt-schemas`; small, medium and the largest), by the name their compiled
/// schema gets.
const YTT_SCHEMAS: &[(&str, &str)] = &[
    (
        "cert_manager_issuers",
        "kadras-io/cert-manager-issuers/package/config/values-schema.yml",
    ),
    (
        "cert_manager",
        "kadras-io/package-for-cert-manager/package/config/values-schema.yml",
    ),
    (
        "tekton_pipelines",
        "ThomasVitale/package-for-tekton-pipelines/package/config/values-schema.yml",
    ),
];

/// `compile_ytt_dir` (what `include_ytt_schemas!` expands to) over a folder holding copies of
/// [`YTT_SCHEMAS`], into `OUT_DIR/ytt_validators.rs`.
fn ytt_schemas(manifest: &std::path::Path, out: &std::path::Path) {
    let corpus = manifest.join("../tests/corpus/ytt-schemas");
    let dir = out.join("ytt-schemas");
    std::fs::create_dir_all(&dir).expect("create the ytt schema folder");
    for (name, rel) in YTT_SCHEMAS {
        let from = corpus.join(rel);
        println!("cargo:rerun-if-changed={}", from.display());
        std::fs::copy(&from, dir.join(format!("{name}.yml"))).expect("copy a ytt schema");
    }
    let generated = validgen_codegen::compile_ytt_dir(&dir, "ytt-schemas", false)
        .unwrap_or_else(|d| panic!("the benchmark ytt schemas compile:\n{d}"));
    let code = validgen_codegen::pretty(&generated.tokens).expect("generated code parses");
    std::fs::write(out.join("ytt_validators.rs"), code).expect("write generated code");
}

/// The CRD versions the CRD benchmark judges compiled (files of `tests/conformance/crd/crds`):
/// Gateway API `HTTPRoute` v1 and Envoy Gateway `BackendTrafficPolicy` v1alpha1.
const CRDS: &[(&str, &str)] = &[
    (
        "gateway-api/standard/gateway.networking.k8s.io_httproutes.json",
        "v1",
    ),
    (
        "envoy-gateway/gateway.envoyproxy.io_backendtrafficpolicies.json",
        "v1alpha1",
    ),
];

/// `include_schemas!` (formats asserted and CEL rules compiled, as the API server judges) over
/// a folder holding copies of [`CRDS`] with only the measured version each (the others would
/// be generated code nothing runs), into `OUT_DIR/crd_validators.rs`: a validator and a
/// `<name>_judge` per version.
fn crds(manifest: &std::path::Path, out: &std::path::Path) {
    let recorded = manifest.join("../tests/conformance/crd/crds");
    let dir = out.join("crds");
    std::fs::create_dir_all(&dir).expect("create the CRD folder");
    for (rel, version) in CRDS {
        let from = recorded.join(rel);
        println!("cargo:rerun-if-changed={}", from.display());
        let text = std::fs::read_to_string(&from).expect("read a CRD");
        let mut crd: serde_json::Value = serde_json::from_str(&text).expect("CRD JSON");
        crd.pointer_mut("/spec/versions")
            .and_then(serde_json::Value::as_array_mut)
            .expect("the CRD's versions")
            .retain(|v| v["name"] == *version);
        let name = from.file_name().expect("a file name");
        std::fs::write(dir.join(name), crd.to_string()).expect("write a CRD");
    }
    let options = validgen_codegen::SchemaOptions {
        assert_formats: true,
        cel_rules: true,
        ..Default::default()
    };
    let generated = validgen_codegen::compile_schema_dir(&dir, "crds", options)
        .unwrap_or_else(|d| panic!("the benchmark CRDs compile:\n{d}"));
    let code = validgen_codegen::pretty(&generated.tokens).expect("generated code parses");
    std::fs::write(out.join("crd_validators.rs"), code).expect("write generated code");
}
