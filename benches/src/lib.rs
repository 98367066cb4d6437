//! Fixtures of validgen's benchmarks (`benches/`): real VMs of the common-templates catalog,
//! their `AdmissionReview`s, a VM with many disks, the review paths (compiled and interpreted)
//! and a rule set the generated code evaluates through the runtime's dynamic fallback; real
//! ytt package schemas with their values ([`ytt`]); the real Kyverno CLI test manifests
//! ([`kyverno`]); recorded creates of real CRD versions with CEL rules ([`crd`]).
//!
//! Everything here is checked by `tests/it/` (`cargo test -p validgen-benches`): the
//! compiled and the interpreted paths give the same reports and the same response bytes, so the
//! benchmarks compare equal work.

use serde_json::{Value, json};
use validgen::admission::{self, Decision, ReviewError, VALIDATIONS};
use validgen::interpret::Explain;
use validgen::typed::TypedVm;
use validgen::{extract, interpret, ir, rules};

/// Validators compiled by `build.rs` from [`DYNAMIC_RULES`] (`CATALOG` runs them for a VM
/// carrying exactly that text).
#[allow(missing_docs, clippy::all)]
pub mod dynamic {
    include!(concat!(env!("OUT_DIR"), "/dynamic_validators.rs"));
}

/// Validators compiled by `build.rs` from real JSON Schemas of `tests/corpus/json-schema`
/// (`SCHEMAS` lists them), for the JSON Schema benchmark.
#[allow(missing_docs, clippy::all)]
pub mod schemas {
    include!(concat!(env!("OUT_DIR"), "/json_schema_validators.rs"));
}

/// Validators and compiled judges (`CRD_JUDGES`) compiled by `build.rs` from the real CRDs
/// the CRD benchmark measures (the `crd-judges` feature).
#[cfg(feature = "crd-judges")]
#[allow(missing_docs, clippy::all)]
pub mod crds {
    include!(concat!(env!("OUT_DIR"), "/crd_validators.rs"));
}

pub mod crd;
pub mod json_schema;
pub mod kyverno;
pub mod ytt;

/// A rule set with path-valued arguments (`min` from `resources.requests.memory` and
/// `cpu.sockets`, an enum value from `inputs[0].bus`, a `minLength` from `cpu.threads`) and a
/// filter path (`disks[?(@.name=='rootdisk')]`): the generated code evaluates these with the
/// runtime (`validgen::kubevirt::compiled::lookup`), with the reference-VM fallback.
pub const DYNAMIC_RULES: &str = include_str!("../dynamic-rules.json");

/// The processed default VM of `rhel9-server-small` (1 rule: minimal guest memory).
pub const RHEL9_SERVER_SMALL: &str =
    include_str!("../../examples/vms/processed/rhel9-server-small.vm.yaml");
/// The processed default VM of `windows11-desktop-medium` (5 rules: memory, cores, 3 bus
/// enums over the disks).
pub const WINDOWS11_DESKTOP_MEDIUM: &str =
    include_str!("../../examples/vms/processed/windows11-desktop-medium.vm.yaml");

/// How many disks [`windows11_many_disks`] adds.
pub const EXTRA_DISKS: usize = 24;

/// Parses a one-document manifest.
///
/// # Panics
/// When `yaml` is not one readable document (a bundled file is broken).
pub fn parse_vm(name: &str, yaml: &str) -> Value {
    let mut docs = validgen::manifest::parse(name, yaml.as_bytes(), 1 << 20)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert_eq!(docs.len(), 1, "{name}: one document");
    docs.remove(0).value
}

/// The Windows 11 VM with [`EXTRA_DISKS`] more disks (20 virtio disks and 4 sata CD-ROMs, each
/// with its volume): 25 disks for the three bus enums to walk.
pub fn windows11_many_disks() -> Value {
    let mut vm = parse_vm("windows11-desktop-medium", WINDOWS11_DESKTOP_MEDIUM);
    let spec = vm
        .pointer_mut("/spec/template/spec")
        .expect("the VM has spec.template.spec");
    let mut disks = Vec::new();
    let mut volumes = Vec::new();
    for i in 0..EXTRA_DISKS {
        let name = format!("data{i:02}");
        if i % 6 == 5 {
            disks.push(json!({"name": name, "cdrom": {"bus": "sata"}}));
            volumes.push(json!({"name": name, "containerDisk": {"image": "quay.io/containerdisks/virtio-win:v1"}}));
        } else {
            disks.push(json!({"name": name, "disk": {"bus": "virtio"}, "bootOrder": i + 2}));
            volumes.push(
                json!({"name": name, "dataVolume": {"name": format!("windows11-ftgt2f-{name}")}}),
            );
        }
    }
    let push = |v: &mut Value, key: &str, items: Vec<Value>| {
        let list = v
            .pointer_mut(key)
            .and_then(Value::as_array_mut)
            .expect("the VM has the list");
        list.extend(items);
    };
    push(spec, "/domain/devices/disks", disks);
    push(spec, "/volumes", volumes);
    vm
}

/// A bench fixture: a VM and what the benchmarks need of it.
#[derive(Debug, Clone)]
pub struct Fixture {
    /// Short label used in benchmark ids.
    pub label: &'static str,
    /// The VM as JSON.
    pub vm: Value,
    /// Its own `vm.kubevirt.io/validations` text.
    pub rules: String,
    /// The VM decoded as the webhook decodes it ([`admission::Mode::Raw`]), CPU-defaulted: what
    /// compiled validators and the interpreter evaluate.
    pub typed: TypedVm,
    /// Its `AdmissionReview` as the API server sends it (compact JSON).
    pub review: Vec<u8>,
}

impl Fixture {
    /// Builds a fixture around `vm`.
    ///
    /// # Panics
    /// When the VM has no rules or does not decode.
    pub fn new(label: &'static str, vm: Value) -> Fixture {
        let rules = vm
            .pointer("/metadata/annotations")
            .and_then(|a| a.get(VALIDATIONS))
            .and_then(Value::as_str)
            .unwrap_or_else(|| panic!("{label}: the VM carries its rules"))
            .to_owned();
        let typed = decoded(&vm);
        let review = review_bytes(&vm, label);
        Fixture {
            label,
            vm,
            rules,
            typed,
            review,
        }
    }

    /// The lowered IR of its rules, prepared once for the interpreter.
    ///
    /// # Panics
    /// When the rules do not parse.
    pub fn ir(&self) -> ir::RuleSet {
        rules::lower(&rules::parse_rule_set(&self.rules).expect("the rules parse"))
    }
}

/// The three VMs of the benchmarks: `rhel9-small` (1 rule), `win11` (5 rules), `win11-25disks`
/// (5 rules, 25 disks).
pub fn fixtures() -> Vec<Fixture> {
    vec![
        Fixture::new(
            "rhel9-small",
            parse_vm("rhel9-server-small", RHEL9_SERVER_SMALL),
        ),
        Fixture::new(
            "win11",
            parse_vm("windows11-desktop-medium", WINDOWS11_DESKTOP_MEDIUM),
        ),
        Fixture::new("win11-25disks", windows11_many_disks()),
    ]
}

/// `vm` decoded as the admission decision decodes it before evaluating (raw, CPU-defaulted).
///
/// # Panics
/// When the VM does not decode.
pub fn decoded(vm: &Value) -> TypedVm {
    let mut typed = TypedVm::decode(vm).expect("the VM decodes");
    typed.default_cpu();
    typed
}

/// The `AdmissionReview` of a `CREATE` of `vm` in namespace `default`, compact JSON.
pub fn review_bytes(vm: &Value, uid: &str) -> Vec<u8> {
    let mut object = vm.clone();
    if let Some(meta) = object.get_mut("metadata").and_then(Value::as_object_mut) {
        meta.insert("namespace".to_owned(), json!("default"));
    }
    let review = json!({
        "apiVersion": "admission.k8s.io/v1",
        "kind": "AdmissionReview",
        "request": {
            "uid": format!("705ab4f5-6393-11e8-b7cc-{uid}"),
            "kind": {"group": "kubevirt.io", "version": "v1", "kind": "VirtualMachine"},
            "resource": {"group": "kubevirt.io", "version": "v1", "resource": "virtualmachines"},
            "requestKind": {"group": "kubevirt.io", "version": "v1", "kind": "VirtualMachine"},
            "requestResource": {"group": "kubevirt.io", "version": "v1", "resource": "virtualmachines"},
            "name": vm.pointer("/metadata/name").cloned().unwrap_or(Value::Null),
            "namespace": "default",
            "operation": "CREATE",
            "userInfo": {
                "username": "system:admin",
                "groups": ["system:masters", "system:authenticated"]
            },
            "object": object,
            "oldObject": null,
            "dryRun": false,
            "options": {"kind": "CreateOptions", "apiVersion": "meta.k8s.io/v1"}
        }
    });
    serde_json::to_vec(&review).expect("JSON serialises")
}

/// Bytes → decision with the compiled catalog in one pass over the bytes
/// (`extract::review_bytes`: only the fields the rules read are extracted, the rest of the VM
/// is type-checked and skipped).
///
/// # Errors
/// The body is not a review.
pub fn review_compiled(body: &[u8]) -> Result<(String, Decision), ReviewError> {
    let reviewed = extract::review_bytes(body, &common_templates::CATALOG)?;
    Ok((reviewed.uid, reviewed.decision))
}

/// Bytes → decision with the compiled catalog through a parsed `Value` and the typed decoding
/// of the whole VM (`admission::review_value_with`).
///
/// # Errors
/// The body is not a review.
pub fn review_compiled_value(body: &[u8]) -> Result<(String, Decision), ReviewError> {
    let v: Value = serde_json::from_slice(body).map_err(|e| ReviewError(e.to_string()))?;
    let reviewed = admission::review_value_with(&v, &common_templates::CATALOG)?;
    Ok((reviewed.uid, reviewed.decision))
}

fn respond(reviewed: Result<(String, Decision), ReviewError>) -> Result<Vec<u8>, ReviewError> {
    let (uid, d) = reviewed?;
    Ok(admission::response_json(&uid, &d, true))
}

/// Bytes → response bytes with the compiled catalog, one pass (warnings included, as
/// `validgen serve`).
///
/// # Errors
/// The body is not a review.
pub fn respond_compiled(body: &[u8]) -> Result<Vec<u8>, ReviewError> {
    respond(review_compiled(body))
}

/// Bytes → response bytes with the compiled catalog through a parsed `Value`.
///
/// # Errors
/// The body is not a review.
pub fn respond_compiled_value(body: &[u8]) -> Result<Vec<u8>, ReviewError> {
    respond(review_compiled_value(body))
}

/// Bytes → response bytes with the interpreter: `admission::review` (one pass over the
/// bytes), `response_json`, as `validgen serve` answers.
///
/// # Errors
/// The body is not a review.
pub fn respond_interpreted(
    body: &[u8],
    catalog: &admission::Catalog,
) -> Result<Vec<u8>, ReviewError> {
    let r = validgen::extract::review_bytes(body, catalog)?;
    respond(Ok((r.uid, r.decision)))
}

/// Bytes → response bytes with the interpreter through a parsed `Value` and the typed
/// decoding of the whole VM.
///
/// # Errors
/// The body is not a review.
pub fn respond_interpreted_value(
    body: &[u8],
    catalog: &admission::Catalog,
) -> Result<Vec<u8>, ReviewError> {
    let v: Value = serde_json::from_slice(body).map_err(|e| ReviewError(e.to_string()))?;
    let r = admission::review_value_with(&v, catalog)?;
    respond(Ok((r.uid, r.decision)))
}

/// The interpreted catalog of `examples/common-templates/templates`, as `validgen serve
/// --templates` loads it.
///
/// # Panics
/// When the catalog does not load.
pub fn interpreted_catalog() -> admission::Catalog {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../examples/common-templates/templates");
    admission::Catalog::load_dir(&dir).expect("the catalog loads")
}

/// The compiled validator of the dynamic rule set.
///
/// # Panics
/// When `build.rs` did not compile [`DYNAMIC_RULES`].
pub fn dynamic_compiled() -> validgen::kubevirt::compiled::RuleSetFn {
    dynamic::CATALOG
        .compiled(DYNAMIC_RULES)
        .expect("build.rs compiled the dynamic rule set")
}

/// Interprets a rule set prepared once, with the explanations `explain` asks for.
pub fn interpret(ir: &ir::RuleSet, vm: &TypedVm, explain: Explain) -> interpret::Report {
    validgen::typed::evaluate_with(ir, vm, explain)
}
