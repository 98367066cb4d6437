//! Compiles the bench crate's dynamic rule set (`dynamic-rules.json`: path-valued arguments and
//! a filter path, which generated code evaluates through the runtime's fallback) with
//! `validgen_codegen::compile_texts` into `OUT_DIR/dynamic_validators.rs`; real JSON Schemas
//! and real ytt data-values schemas of `tests/corpus` into validators of their own.

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

/// `include_schemas!` over a folder holding copies of [`SCHEMAS`], into
/// `OUT_DIR/json_schema_validators.rs`.
fn schemas(manifest: &std::path::Path, out: &std::path::Path) {
    let corpus = manifest.join("../tests/corpus/json-schema");
    let dir = out.join("schemas");
    std::fs::create_dir_all(&dir).expect("create the schema folder");
    for (name, rel) in SCHEMAS {
        let from = corpus.join(rel);
        println!("cargo:rerun-if-changed={}", from.display());
        std::fs::copy(&from, dir.join(format!("{name}.json"))).expect("copy a schema");
    }
    let generated = validgen_codegen::compile_schema_dir(&dir, "schemas", Default::default())
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
