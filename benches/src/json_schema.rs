//! The JSON Schema benchmark's cases: real schemas of `tests/corpus/json-schema` (compiled by
//! `build.rs`) with a real instance each, the bundle-scopes grammar with three of its
//! descriptors, the Dev Container schema (`unevaluatedProperties`) with three
//! configurations, and two schemas of the SchemaStore subset whose `$ref`s cross files (one
//! draft-04) with a real instance and a misspelt one each; shared by `benches/json_schema.rs`
//! and the callgrind loop `examples/json_schema_prof.rs`.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::Value;
use validgen::ir::RuleSet;
use validgen::json_schema::{Options, Registry, SchemaMap, SchemaValidator, compile};
use validgen::model::Yaml;

/// One schema with the documents it is measured on.
pub struct Case {
    /// The schema's label in benchmark ids.
    pub label: &'static str,
    /// Its compiled validator.
    pub validator: &'static SchemaValidator,
    /// The documents, each with its label.
    pub documents: Vec<(&'static str, Value)>,
    /// The other schema files its `$ref`s name, by URL, for the oracle (validgen's validator
    /// read them through the schema map when it was compiled).
    pub references: BTreeMap<String, Value>,
}

impl Case {
    /// `jsonschema`'s validator of the schema, the benchmarks' reference point, given
    /// [`Case::references`] (nothing fetched).
    ///
    /// # Panics
    /// When `jsonschema` does not compile the schema (a broken fixture).
    pub fn oracle(&self) -> jsonschema::Validator {
        let schema: Value = serde_json::from_str(self.validator.schema).expect("schema text");
        jsonschema::options()
            .with_retriever(References(self.references.clone()))
            .build(&schema)
            .unwrap_or_else(|e| panic!("{}: jsonschema compiles the schema: {e}", self.label))
    }
}

impl Case {
    /// The schema's rule set for the interpreter, compiled as `build.rs` compiled its
    /// validator (the SchemaStore folder under its URL for the cases with references).
    ///
    /// # Panics
    /// When the schema does not compile (a broken fixture).
    pub fn rules(&self) -> RuleSet {
        let schema: Value = serde_json::from_str(self.validator.schema).expect("schema text");
        let mut options = Options::default();
        if !self.references.is_empty() {
            let mut registry = Registry::new(None);
            registry
                .add_map(SchemaMap {
                    prefix: SCHEMASTORE_URL.to_owned(),
                    path: format!("{SCHEMASTORE}schemas").into(),
                })
                .expect("the SchemaStore folder reads");
            options.registry = Some(Arc::new(registry));
        }
        compile(&schema, &options)
            .unwrap_or_else(|e| panic!("{}: the schema compiles: {}", self.label, e[0]))
            .rules
    }
}

/// The oracle's retriever: the documents of [`Case::references`], by URL.
struct References(BTreeMap<String, Value>);

impl jsonschema::Retrieve for References {
    fn retrieve(
        &self,
        uri: &jsonschema::Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        self.0
            .get(uri.as_str())
            .cloned()
            .ok_or_else(|| format!("{uri} is not a reference of the case").into())
    }
}

fn validator(name: &str) -> &'static SchemaValidator {
    crate::schemas::SCHEMAS
        .iter()
        .find(|v| v.name == name)
        .expect("compiled by build.rs")
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
        references: BTreeMap::new(),
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
        validator: validator(name),
        documents: vec![("valid", doc)],
        references: BTreeMap::new(),
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
        validator: validator("devcontainer"),
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
        references: BTreeMap::new(),
    }
}

/// The SchemaStore subset (`tests/corpus/schemastore`, see its `SOURCE.md`).
const SCHEMASTORE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/corpus/schemastore/");

/// Where SchemaStore publishes its schemas (their `$ref`s name each other so).
const SCHEMASTORE_URL: &str = "https://json.schemastore.org/";

fn schemastore(rel: &str) -> Value {
    let text = std::fs::read_to_string(format!("{SCHEMASTORE}{rel}")).expect("read a file");
    serde_json::from_str(&text).expect("JSON")
}

/// A schema of the SchemaStore subset compiled by `build.rs` (validator `name`) that `$ref`s
/// the collection's file `referenced`, with the instance `test/<instance>` as SchemaStore ships
/// it (valid) and the same with the string at `pointer` misspelt as `misspelt` (invalid: that
/// value is checked by the referenced file's enum).
fn crossing(
    label: &'static str,
    name: &str,
    referenced: &str,
    instance: &str,
    (pointer, misspelt): (&str, &str),
) -> Case {
    let valid = schemastore(&format!("test/{instance}"));
    let mut invalid = valid.clone();
    *invalid.pointer_mut(pointer).expect("the misspelt value") = Value::from(misspelt);
    let url = format!("{SCHEMASTORE_URL}{referenced}");
    Case {
        label,
        validator: validator(name),
        documents: vec![("valid", valid), ("misspelt-invalid", invalid)],
        references: BTreeMap::from([(url, schemastore(&format!("schemas/{referenced}")))]),
    }
}

/// Azure IoT Edge's deployment template schema 2.0 (draft-04: `id`, `definitions`), whose
/// module enums are `$ref`s to the deployment schema 2.0, with a deployment template of
/// SchemaStore's tests; invalid: a module's `restartPolicy` misspelt.
fn iot_edge() -> Case {
    crossing(
        "iot-edge",
        "iot_edge",
        "azure-iot-edge-deployment-2.0.json",
        "azure-iot-edge-deployment-template-2.0/deployment.template.json",
        (
            "/modulesContent/$edgeAgent/properties.desired/modules/ASAModule/restartPolicy",
            "allways",
        ),
    )
}

/// The pre-commit configuration schema (draft-07, a `oneOf` of repository kinds), whose hooks'
/// `language`, `stages` and file types are `$ref`s to the hooks schema, with the configuration
/// of SchemaStore's tests; invalid: the first hook's first stage misspelt (its `language`
/// would not do: the hooks schema takes any string there besides the known ones).
fn pre_commit() -> Case {
    crossing(
        "pre-commit",
        "pre_commit",
        "pre-commit-hooks.json",
        "pre-commit-config/pre-commit-config-test.json",
        ("/repos/0/hooks/0/stages/0", "comit"),
    )
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
        iot_edge(),
        pre_commit(),
    ]
}
