//! Fixtures shared by the vap tests: the repository's bundled catalog, its policies and the
//! recorded conformance cases.
#![allow(dead_code)] // Each test file uses its own subset.

use std::path::Path;

use validgen_kubevirt::admission::Catalog;
use validgen_vap::{Options, compile};
use validgen_vap_eval::{Policy, load};

/// The repository root.
pub fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// The bundled catalog, `examples/common-templates/templates`.
pub fn bundled_catalog() -> Catalog {
    Catalog::load_dir(&root().join("examples/common-templates/templates"))
        .expect("the bundled catalog loads")
}

/// `catalog` compiled with the default options and loaded by the offline evaluator.
pub fn default_policies(catalog: &Catalog) -> Vec<Policy> {
    load(&compile(catalog, &Options::default()).documents).expect("the policies load")
}

/// The recorded conformance cases, one JSON object per line (`tests/conformance/cases.jsonl`).
pub fn conformance_cases() -> String {
    std::fs::read_to_string(root().join("tests/conformance/cases.jsonl"))
        .expect("the conformance cases")
}
