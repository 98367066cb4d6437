//! The built-in schemas of the two versions, compiled once by the CRD frontend with strict
//! decoding, and a document's violations of its version's schema.
//!
//! Each version's schema is the single version's `openAPIV3Schema` of its CRD
//! ([`V1ALPHA1_CRD`], [`V1BETA1_CRD`]), rewritten by
//! [`json_schema::reject_unknown_fields`] (Kyverno decodes a test with `yaml.UnmarshalStrict`,
//! kyverno `cmd/cli/kubectl-kyverno/test/load.go`, so an unknown field is an error) and
//! compiled with [`Options::openapi`] on first use. Both versions go through the same steps;
//! `include_schemas!("…/crds", reject_unknown_fields = true)` compiles the same schemas into
//! code.
//!
//! Messages: where Kyverno's strict decoder fails, the finding carries the decoder's text
//! (`go_text.rs`); every other violation (a `required` field, an `enum`) reads as
//! [`json_schema::describe`] says it.
//!
//! Go's decoder reads `null` as the zero value of any field, so for v1alpha1 a violation
//! at a `null` value is dropped (the CRD says `nullable` nowhere; a real test has
//! `verbs: null`). The rule set is left as compiled, so generated code reports what the
//! interpreter reports.
//!
//! Known differences from Go's decoder, where the CRD says more or less than the Go types
//! (the CRD is the catalog, as issue #16 asks): the CRD's `required` and `enum`s (`result`,
//! `operation`, `method`) are checked, which Go's decoder does not (so `operation: ""`,
//! which Kyverno reads as unset, is an error); `response.body`, `data` and
//! `resources[]` of global context entries must be objects (Go's `RawExtension` takes any
//! JSON, then the load checks refuse it); `values.namespaces[].metadata` allows no field (the
//! CRD says `type: object` with no properties, Go reads an `ObjectMeta`).

mod go_text;

use std::sync::OnceLock;

use serde_json::Value;

use super::{Finding, Layer, Version};
use validgen_core::interpret::{Explain, evaluate_document};
use validgen_core::ir::{RuleSet, Severity, Violation};
use validgen_core::model::Yaml;
use validgen_json_schema::{self as json_schema, Options};

/// The `Test` CRD as Kyverno ships it (`cmd/cli/kubectl-kyverno/config/crds/`).
pub const V1ALPHA1_CRD: &str = include_str!("../../crds/cli.kyverno.io_tests.yaml");

/// Our CRD of the proposed `KyvernoTest` (`cli.kyverno.io/v1beta1`).
pub const V1BETA1_CRD: &str = include_str!("../../crds/cli.kyverno.io_kyvernotests.yaml");

/// A version's schema as compiled: the rewritten `openAPIV3Schema` (what keyword locations
/// point into) and its rule set.
#[derive(Debug, Clone)]
pub struct Compiled {
    /// The `openAPIV3Schema` after [`json_schema::reject_unknown_fields`].
    pub schema: Value,
    /// The compiled rule set (one rule at the document root).
    pub rules: RuleSet,
}

/// The compiled schema of `version`.
///
/// # Errors
/// The built-in CRD does not compile (a defect of validgen, which a unit test guards): every
/// problem in one text.
pub fn compiled(version: Version) -> Result<&'static Compiled, &'static str> {
    static V1ALPHA1: OnceLock<Result<Compiled, String>> = OnceLock::new();
    static V1BETA1: OnceLock<Result<Compiled, String>> = OnceLock::new();
    let (cell, crd) = match version {
        Version::V1alpha1 => (&V1ALPHA1, V1ALPHA1_CRD),
        Version::V1beta1 => (&V1BETA1, V1BETA1_CRD),
    };
    cell.get_or_init(|| compile(crd))
        .as_ref()
        .map_err(String::as_str)
}

/// The compiled rule set of `version`'s schema (for tests and benchmarks).
///
/// # Errors
/// As [`compiled`].
pub fn rules(version: Version) -> Result<&'static RuleSet, &'static str> {
    compiled(version).map(|c| &c.rules)
}

/// The CRD of `version` as its documents are checked: the built-in CRD with its
/// `openAPIV3Schema` replaced by [`Compiled::schema`], as YAML, after a comment saying so. Every
/// [`Finding::keyword`] of [`Layer::Schema`] is a JSON Pointer into this document below
/// `/spec/versions/0/schema/openAPIV3Schema`.
///
/// # Errors
/// As [`compiled`].
pub fn crd_as_checked(version: Version) -> Result<String, String> {
    let compiled = compiled(version)?;
    let crd = match version {
        Version::V1alpha1 => V1ALPHA1_CRD,
        Version::V1beta1 => V1BETA1_CRD,
    };
    let mut doc = Yaml::parse(crd).map_err(|e| e.to_string())?.value().clone();
    let slot = doc
        .pointer_mut("/spec/versions/0/schema/openAPIV3Schema")
        .ok_or("the built-in CRD has no openAPIV3Schema")?;
    *slot = compiled.schema.clone();
    let origin = match version {
        Version::V1alpha1 => {
            "kyverno's cmd/cli/kubectl-kyverno/config/crds/cli.kyverno.io_tests.yaml (commit 111e07bb)"
        }
        Version::V1beta1 => {
            "validgen's cli.kyverno.io_kyvernotests.yaml, after the Kyverno design proposal"
        }
    };
    let yaml = validgen_gotext::yaml::to_yaml(&doc)?;
    Ok(format!(
        "# {origin},\n# as validgen checks test manifests against it: every object that Kyverno's strict\n# decoding closes has `additionalProperties: false`.\n{yaml}"
    ))
}

/// The `openAPIV3Schema` of the single version of the CRD `crd` (YAML), before any rewrite.
///
/// # Errors
/// The text is not YAML, or not a CRD with exactly one version that has a schema.
pub fn crd_schema(crd: &str) -> Result<Value, String> {
    let doc = Yaml::parse(crd).map_err(|e| e.to_string())?;
    match doc
        .value()
        .pointer("/spec/versions")
        .and_then(Value::as_array)
    {
        Some(versions) if versions.len() == 1 => versions[0]
            .pointer("/schema/openAPIV3Schema")
            .cloned()
            .ok_or_else(|| "its version has no `schema.openAPIV3Schema`".to_owned()),
        _ => Err("it is not a CRD with exactly one version in `spec.versions`".to_owned()),
    }
}

/// The text Go's decoder gives for violation `v` of `doc` against the strict `schema` of a
/// type whose Go struct names are not tabled (`json: unknown field "x"`, with a hint), else
/// [`json_schema::describe`]'s.
pub(crate) fn decoder_text(v: &Violation, doc: &Value, schema: &Value) -> String {
    go_text::message(v, doc, schema, false).unwrap_or_else(|| json_schema::describe(v, doc, schema))
}

/// Reads, rewrites and compiles a built-in CRD.
fn compile(crd: &str) -> Result<Compiled, String> {
    let mut schema = crd_schema(crd)?;
    json_schema::reject_unknown_fields(&mut schema);
    let options = Options {
        openapi: true,
        ..Options::default()
    };
    match json_schema::compile(&schema, &options) {
        Ok(c) => Ok(Compiled {
            schema,
            rules: c.rules,
        }),
        Err(errors) => Err(errors
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")),
    }
}

/// The violations of `yaml` against the schema of `version`, in the schema's order: each at
/// the offending value's JSON Pointer, with the keyword's location in the schema. A built-in
/// CRD that does not compile gives one finding at the document saying so.
pub fn violations(version: Version, yaml: &Yaml) -> Vec<Finding> {
    let compiled = match compiled(version) {
        Ok(c) => c,
        Err(why) => {
            return vec![Finding {
                instance: String::new(),
                layer: Layer::Schema,
                keyword: String::new(),
                message: format!("the built-in catalog of {version:?} is broken: {why}"),
                severity: Severity::Error,
                file: String::new(),
            }];
        }
    };
    let doc = yaml.value();
    let report = evaluate_document(&compiled.rules, &yaml.document(), Explain::Failures);
    let go_decoded = version == Version::V1alpha1;
    report
        .violations
        .iter()
        .filter(|v| !(go_decoded && doc.pointer(&v.location).is_some_and(Value::is_null)))
        .map(|v| Finding {
            message: go_text::message(v, doc, &compiled.schema, go_decoded)
                .unwrap_or_else(|| json_schema::describe(v, doc, &compiled.schema)),
            instance: v.location.clone(),
            layer: Layer::Schema,
            keyword: v.keyword.clone(),
            severity: Severity::Error,
            file: String::new(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_built_in_crds_compile_without_errors() {
        for version in [Version::V1alpha1, Version::V1beta1] {
            let c = compiled(version).unwrap_or_else(|e| panic!("{version:?}: {e}"));
            assert_eq!(c.schema["additionalProperties"], false, "{version:?}");
        }
    }

    #[test]
    fn a_broken_crd_is_an_error_not_a_panic() {
        assert!(compile("kind: CustomResourceDefinition\n").is_err());
        let bad = "spec:\n  versions:\n  - schema:\n      openAPIV3Schema:\n        type: 3\n";
        assert!(
            compile(bad)
                .expect_err("type 3 is refused")
                .contains("type")
        );
    }
}
