//! Fixtures of the CRD benchmark (`benches/crd.rs`): the recorded creates of real CRD versions
//! with many CEL rules (`tests/conformance/crd`, from the Kubernetes API server's own
//! validation), each judged as the API server judges it, by the interpreter
//! (`validgen_crd::judge`) and, with the `crd-judges` feature, by the version's compiled judge
//! (`build.rs`: `include_schemas!`'s `<name>_judge`), and the steps of that judgement measured
//! apart.

use serde_json::Value;
use validgen::interpret::{Explain, evaluate_document};
use validgen::ir::RuleSet;
use validgen::model::Plain;
#[cfg(feature = "crd-judges")]
use validgen_crd::compiled::Judge;
use validgen_crd::{CelRules, judge, structural};

/// The recorded cases.
pub const CRD_CASES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/conformance/crd");

/// One CRD version and its recorded creates.
pub struct CrdCase {
    /// A short name (`httproutes`).
    pub label: &'static str,
    /// The version's `openAPIV3Schema`.
    pub schema: Value,
    /// Its structural rule set.
    pub rules: RuleSet,
    /// Its CEL rules.
    pub cel: CelRules,
    /// Its compiled judge.
    #[cfg(feature = "crd-judges")]
    pub compiled: &'static Judge,
    /// The objects created, as recorded.
    pub objects: Vec<Value>,
    /// The same, as JSON bytes (what a request body holds).
    pub bodies: Vec<Vec<u8>>,
    /// The same, pruned and defaulted as the API server decodes them.
    pub prepared: Vec<Value>,
    /// The API server's errors for each, as recorded (sorted texts).
    pub expected: Vec<Vec<String>>,
}

/// The measured CRD versions: (label, CRD file, version).
const MEASURED: [(&str, &str, &str); 2] = [
    (
        "httproutes",
        "crds/gateway-api/standard/gateway.networking.k8s.io_httproutes.json",
        "v1",
    ),
    (
        "backendtrafficpolicies",
        "crds/envoy-gateway/gateway.envoyproxy.io_backendtrafficpolicies.json",
        "v1alpha1",
    ),
];

/// Every measured CRD version with its creates.
///
/// # Panics
/// When the recorded cases cannot be read or a schema does not compile (a broken checkout).
pub fn crd_cases() -> Vec<CrdCase> {
    let dir = std::path::Path::new(CRD_CASES);
    let lines = std::fs::read_to_string(dir.join("cases.jsonl")).expect("the recorded cases");
    MEASURED
        .iter()
        .map(|(label, file, version)| {
            let crd: Value =
                serde_json::from_str(&std::fs::read_to_string(dir.join(file)).expect("the CRD"))
                    .expect("CRD JSON");
            let schema = crd["spec"]["versions"]
                .as_array()
                .and_then(|v| v.iter().find(|v| v["name"] == *version))
                .and_then(|v| v.pointer("/schema/openAPIV3Schema"))
                .cloned()
                .expect("the version's schema");
            let rules = validgen_json_schema::compile(&schema, &validgen_crd::schema_options())
                .expect("the structural schema compiles")
                .rules;
            let cel = CelRules::compile(&schema).expect("the CEL rules compile");
            #[cfg(feature = "crd-judges")]
            let compiled = compiled_judge(file, version);
            let (mut objects, mut expected) = (Vec::new(), Vec::new());
            for line in lines.lines() {
                let case: Value = serde_json::from_str(line).expect("a case");
                if case["crd"] != *file
                    || case["version"] != *version
                    || case.get("oldObject").is_some()
                {
                    continue;
                }
                objects.push(case["object"].clone());
                let mut texts: Vec<String> = case["expected"]["errors"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|e| e["message"].as_str().map(str::to_owned))
                    .collect();
                texts.sort();
                texts.dedup();
                expected.push(texts);
            }
            let bodies = objects
                .iter()
                .map(|o| serde_json::to_vec(o).expect("JSON"))
                .collect();
            let prepared = objects
                .iter()
                .map(|o| structural::prepare(&schema, o).0)
                .collect();
            CrdCase {
                label,
                schema,
                rules,
                cel,
                #[cfg(feature = "crd-judges")]
                compiled,
                objects,
                bodies,
                prepared,
                expected,
            }
        })
        .collect()
}

impl CrdCase {
    /// The whole judgement of object `i` (decoding, structural schema, lists, CEL): the error
    /// texts, sorted.
    pub fn judge(&self, i: usize) -> Vec<String> {
        texts(
            judge(
                &self.schema,
                &self.rules,
                Some(&self.cel),
                &self.objects[i],
                None,
            )
            .errors,
        )
    }

    /// The same from the request body's bytes.
    ///
    /// # Panics
    /// When the body is not JSON (the fixtures are).
    pub fn judge_bytes(&self, i: usize) -> Vec<String> {
        let object: Value = serde_json::from_slice(&self.bodies[i]).expect("JSON");
        texts(judge(&self.schema, &self.rules, Some(&self.cel), &object, None).errors)
    }

    /// The whole judgement of object `i` by the compiled judge: the error texts, sorted.
    #[cfg(feature = "crd-judges")]
    pub fn judge_compiled(&self, i: usize) -> Vec<String> {
        texts((self.compiled.judge)(&self.objects[i], None).errors)
    }

    /// The same from the request body's bytes.
    ///
    /// # Panics
    /// When the body is not JSON (the fixtures are).
    #[cfg(feature = "crd-judges")]
    pub fn judge_compiled_bytes(&self, i: usize) -> Vec<String> {
        let object: Value = serde_json::from_slice(&self.bodies[i]).expect("JSON");
        texts((self.compiled.judge)(&object, None).errors)
    }

    /// The structural schema's violations of prepared object `i`, interpreted.
    pub fn structural(&self, i: usize) -> usize {
        let report = evaluate_document(
            &self.rules,
            &Plain::new(&self.prepared[i]),
            Explain::Failures,
        );
        structural::errors(&report.violations, &self.prepared[i], &self.schema).len()
    }

    /// The CEL rules' violations of prepared object `i`.
    pub fn cel(&self, i: usize) -> usize {
        self.cel.validate_prepared(&self.prepared[i], None).len()
    }
}

/// The judge `build.rs` compiled for `version` of the CRD file `file`.
#[cfg(feature = "crd-judges")]
fn compiled_judge(file: &str, version: &str) -> &'static Judge {
    let name = file.rsplit('/').next().unwrap_or(file);
    crate::crds::CRD_JUDGES
        .iter()
        .find(|j| j.file == format!("{name} (version {version})"))
        .expect("compiled by build.rs")
}

fn texts(found: Vec<validgen_crd::judge::Found>) -> Vec<String> {
    let mut out: Vec<String> = found.iter().map(|f| f.error.message()).collect();
    out.sort();
    out.dedup();
    out
}
