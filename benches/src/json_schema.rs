//! The JSON Schema benchmark's cases: real schemas of `tests/corpus/json-schema` (compiled by
//! `build.rs`) with a real instance each, the bundle-scopes grammar with three of its
//! descriptors, and the Dev Container schema (`unevaluatedProperties`) with three
//! configurations; shared by `benches/json_schema.rs` and the callgrind loop
//! `examples/json_schema_prof.rs`.

use serde_json::Value;
use validgen::json_schema::SchemaValidator;
use validgen::model::Yaml;

/// One schema with the documents it is measured on.
pub struct Case {
    /// The schema's label in benchmark ids.
    pub label: &'static str,
    /// Its compiled validator.
    pub validator: &'static SchemaValidator,
    /// The documents, each with its label.
    pub documents: Vec<(&'static str, Value)>,
}

fn bundle_scopes() -> Case {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../examples/bundle-scopes/");
    let read = |rel: &str| -> Value {
        let text = std::fs::read_to_string(format!("{dir}{rel}")).expect("read a descriptor");
        Yaml::parse(&text)
            .expect("a descriptor parses")
            .value()
            .clone()
    };
    Case {
        label: "bundle",
        validator: &bundle_scopes::SCHEMAS[0],
        documents: vec![
            ("base-valid", read("base-bundle.yaml")),
            ("realtime-valid", read("addons/pass/profinet.yaml")),
            ("many-invalid", read("addons/fail/many-reasons.yaml")),
        ],
    }
}

/// A real schema compiled by `build.rs`, with its instance (a YAML or JSON file of the corpus;
/// for a stream, the document at `index`).
fn real(label: &'static str, name: &str, instance: &str, index: usize) -> Case {
    let path = format!(
        "{}/../tests/corpus/json-schema/{instance}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("read an instance");
    let piece = text
        .split("\n---")
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .nth(index)
        .expect("the document");
    let doc = Yaml::parse(piece)
        .expect("an instance parses")
        .value()
        .clone();
    Case {
        label,
        validator: crate::schemas::SCHEMAS
            .iter()
            .find(|v| v.name == name)
            .expect("compiled by build.rs"),
        documents: vec![("valid", doc)],
    }
}

/// The Dev Container configuration schema (draft 2019-09, closed by `unevaluatedProperties:
/// false` over `oneOf`/`allOf` branches: a set of evaluated properties known per value only)
/// with two real configurations and the larger one with a misspelt key (`remoteUsr`), which
/// that keyword rejects.
fn devcontainer() -> Case {
    let corpus = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../tests/corpus/json-schema/devcontainers/"
    );
    let read = |rel: &str| -> Value {
        let text = std::fs::read_to_string(format!("{corpus}{rel}")).expect("read a configuration");
        // JSON with comments (JSONC), each a whole line in these files.
        let json: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        serde_json::from_str(&json).expect("a configuration parses")
    };
    let universal = read("images/src/universal/.devcontainer/devcontainer.json");
    let mut misspelt = universal.clone();
    if let Value::Object(map) = &mut misspelt {
        map.insert(
            "remoteUsr".to_owned(),
            Value::String("codespace".to_owned()),
        );
    }
    Case {
        label: "devcontainer",
        validator: crate::schemas::SCHEMAS
            .iter()
            .find(|v| v.name == "devcontainer")
            .expect("compiled by build.rs"),
        documents: vec![
            ("universal-valid", universal),
            (
                "compose-valid",
                read(
                    "templates/src/docker-existing-docker-compose/.devcontainer/devcontainer.json",
                ),
            ),
            ("misspelt-invalid", misspelt),
        ],
    }
}

/// Every case, in the benchmark's order.
pub fn cases() -> Vec<Case> {
    vec![
        real(
            "traefik",
            "traefik",
            "traefik/traefik-helm-chart/traefik/values.yaml",
            0,
        ),
        real(
            "cert-manager",
            "cert_manager",
            "cert-manager/cert-manager/deploy/charts/cert-manager/values.yaml",
            0,
        ),
        real(
            "gateway",
            "gateway",
            "kubernetes-sigs/gateway-api/examples/standard/frontend-cert-validation.yaml",
            0,
        ),
        real(
            "olm",
            "olm_bundle_config",
            "operator-framework/operator-controller/docs/draft/howto/customize-operator-deployments.md.inline/block05.json",
            0,
        ),
        bundle_scopes(),
        devcontainer(),
    ]
}
