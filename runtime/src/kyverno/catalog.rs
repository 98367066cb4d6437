//! The built-in schemas of the two versions, compiled once by the CRD frontend with strict
//! decoding, and a document's violations of its version's schema.
//!
//! Placeholder: the catalog is being built (issue #16).

use super::{Finding, Version};
use crate::model::Yaml;

/// The `Test` CRD as Kyverno ships it (`cmd/cli/kubectl-kyverno/config/crds/`).
pub const V1ALPHA1_CRD: &str = include_str!("crds/cli.kyverno.io_tests.yaml");

/// Our CRD of the proposed `KyvernoTest` (`cli.kyverno.io/v1beta1`).
pub const V1BETA1_CRD: &str = include_str!("crds/cli.kyverno.io_kyvernotests.yaml");

/// The violations of `yaml` against the schema of `version`.
pub fn violations(version: Version, yaml: &Yaml) -> Vec<Finding> {
    let _ = (version, yaml, V1ALPHA1_CRD, V1BETA1_CRD);
    Vec::new()
}
