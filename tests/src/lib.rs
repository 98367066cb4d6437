//! Workspace-level tests of validgen (under `tests/tests/`), and the validators compiled from
//! every rule set of the conformance cases ([`conformance`]), built by `build.rs` with
//! `validgen-codegen`. The large generated families are behind the default feature
//! `large-suites`, which the fuzz crate turns off.

/// Validators compiled from the conformance cases' rule sets: `CATALOG` runs them for VMs
/// carrying one of those texts.
#[allow(missing_docs, clippy::all)]
pub mod conformance {
    include!(concat!(env!("OUT_DIR"), "/conformance_validators.rs"));
}

/// Validators of plain JSON documents compiled from the IR rule sets of `documents/cases.rs`
/// (every document check, guard and nesting), with `ALL` listing them by name.
#[cfg(feature = "large-suites")]
#[allow(missing_docs, clippy::all)]
pub mod documents {
    include!(concat!(env!("OUT_DIR"), "/document_validators.rs"));
}

/// Validators compiled from every JSON-Schema-Test-Suite group validgen compiles
/// (`schemas/suite.rs`), with `SUITE` listing them by name.
#[cfg(feature = "large-suites")]
#[allow(missing_docs, clippy::all)]
pub mod json_schema_suite {
    include!(concat!(env!("OUT_DIR"), "/json_schema_suite.rs"));
}

/// Validators compiled from the 2020-12 cases of the Annotations Test Suite
/// (`schemas/annotation_suite.rs`), `SCHEMAS` sorted by name.
#[cfg(feature = "large-suites")]
#[allow(missing_docs, clippy::all)]
pub mod json_schema_annotation_suite {
    include!(concat!(env!("OUT_DIR"), "/json_schema_annotation_suite.rs"));
}

/// Validators compiled from the schemas of the SchemaStore collection (`schemas/store.rs`),
/// with `REFUSED` naming those validgen refused.
#[cfg(feature = "large-suites")]
#[allow(missing_docs, clippy::all)]
pub mod json_schema_store {
    include!(concat!(env!("OUT_DIR"), "/json_schema_store.rs"));
}

/// Validators compiled from the random schemas of `schemas/random.rs` (without
/// `large-suites`, the first 16 only), with `RANDOM` listing them by name and `REFUSED`
/// counting the schemas validgen refused.
#[allow(missing_docs, clippy::all)]
pub mod json_schema_random {
    include!(concat!(env!("OUT_DIR"), "/json_schema_random.rs"));
}

/// Validators compiled from the schemas of `schemas/costly.rs` (work doubling with each level
/// of the document), with `COSTLY` listing them by name.
#[cfg(feature = "large-suites")]
#[allow(missing_docs, clippy::all)]
pub mod json_schema_costly {
    include!(concat!(env!("OUT_DIR"), "/json_schema_costly.rs"));
}

/// The annotation tables `include_schemas!` would emit for the real schemas of
/// `corpus/json-schema`, with `CORPUS_ANNOTATIONS` listing them by path (and whether the
/// schema is a CRD's OpenAPI schema).
#[cfg(feature = "large-suites")]
#[allow(missing_docs, clippy::all)]
pub mod json_schema_annotations {
    include!(concat!(env!("OUT_DIR"), "/json_schema_annotations.rs"));
}

/// Validators compiled from the `@schema/validation`s of every schema of the recorded ytt
/// cases that ytt accepts, with `YTT` listing them by the schema's text.
#[cfg(feature = "large-suites")]
#[allow(missing_docs, clippy::all)]
pub mod ytt_schemas {
    include!(concat!(env!("OUT_DIR"), "/ytt_schemas.rs"));
}

/// Validators compiled from the schema of every recorded ytt package case
/// (`conformance/ytt/packages.jsonl`) that ytt accepts, each made of the case's `-f` files,
/// with `YTT_PACKAGES` listing them by those files.
#[cfg(feature = "large-suites")]
#[allow(missing_docs, clippy::all)]
pub mod ytt_packages {
    include!(concat!(env!("OUT_DIR"), "/ytt_packages.rs"));
}

pub mod bytes;
pub mod fuzz;

/// The rule sets `build.rs` generated (deterministically) for the compiled-versus-interpreted
/// property test; all are compiled into [`conformance::CATALOG`].
pub const GENERATED_RULE_SETS: &[&str] =
    include!(concat!(env!("OUT_DIR"), "/generated_rule_sets.rs"));

use validgen::admission::{Catalog, Explain, Reviewed, Template, Validators, review_value_with};
use validgen::extract::ExtractionPlan;
use validgen::interpret::Report;
use validgen::rules::RuleSetError;
use validgen::serde_json::{self, Value, json};
use validgen::typed::{GoReview, TypedVm};
use validgen::view::Kept;

/// The templates of conformance case `id` as an interpreted catalog (documents that are not
/// Templates are left out, as the reference's informer never sees them).
pub fn case_catalog(id: &str, templates: &[Value]) -> Catalog {
    let mut c = Catalog::new();
    for (i, t) in templates.iter().enumerate() {
        if let Some(t) = Template::from_json(t.clone(), format!("{id}#{i}")) {
            c.insert(t);
        }
    }
    c
}

/// Validators that look templates up in `templates` and run rule sets with the compiled
/// [`conformance::CATALOG`] (the interpreter for texts it did not compile); with `plan`, the
/// single pass from bytes extracts what it names.
pub struct Compiled<'a> {
    /// The case's templates.
    pub templates: &'a Catalog,
    /// The extraction plan, if any.
    pub plan: Option<ExtractionPlan>,
}

impl<'a> Compiled<'a> {
    /// Over `templates`, with the extraction plan generated for [`conformance::CATALOG`].
    pub fn with_generated_plan(templates: &'a Catalog) -> Self {
        Compiled {
            templates,
            plan: conformance::CATALOG.extraction_plan().cloned(),
        }
    }
}

impl Validators for Compiled<'_> {
    fn template_rules(&self, namespace: &str, name: &str) -> Option<Option<&str>> {
        self.templates.template_rules(namespace, name)
    }

    fn evaluate(&self, text: &str, vm: &TypedVm, explain: Explain) -> Result<Report, RuleSetError> {
        conformance::CATALOG.evaluate(text, vm, explain)
    }

    fn evaluate_kept(
        &self,
        text: &str,
        vm: &Kept<'_>,
        explain: Explain,
    ) -> Result<Report, RuleSetError> {
        conformance::CATALOG.evaluate_kept(text, vm, explain)
    }

    fn plan(&self) -> Option<&ExtractionPlan> {
        self.plan.as_ref()
    }
}

/// Fails with the first ten of `failures` when there are any (`what` names the items compared,
/// e.g. `decisions`).
///
/// # Panics
/// When `failures` is not empty.
pub fn assert_none_differ(what: &str, failures: &[String]) {
    let first: Vec<&str> = failures.iter().take(10).map(String::as_str).collect();
    assert!(
        failures.is_empty(),
        "{} {what} differ:\n{}",
        failures.len(),
        first.join("\n")
    );
}

/// An `AdmissionReview` as the API server sends it for a `CREATE` of `vm`, with `uid`.
pub fn review_body(vm: &Value, uid: &str) -> Vec<u8> {
    let review = json!({
        "apiVersion": "admission.k8s.io/v1",
        "kind": "AdmissionReview",
        "request": {
            "uid": uid,
            "kind": {"group": "kubevirt.io", "version": "v1", "kind": "VirtualMachine"},
            "resource": {"group": "kubevirt.io", "version": "v1", "resource": "virtualmachines"},
            "namespace": "default",
            "operation": "CREATE",
            "userInfo": {"username": "system:admin", "groups": ["system:masters"]},
            "object": vm,
            "oldObject": null,
            "dryRun": false,
            "options": {"kind": "CreateOptions", "apiVersion": "meta.k8s.io/v1"}
        }
    });
    serde_json::to_vec(&review).unwrap_or_default()
}

/// The `Value` path of a review body: parsed with repeated keys combined as the reference
/// decodes them, then reviewed; `None` when it is not a review.
pub fn value_path(body: &[u8], v: &dyn Validators) -> Option<Reviewed> {
    let parsed = serde_json::from_slice::<GoReview>(body).ok()?.0;
    review_value_with(&parsed, v).ok()
}
