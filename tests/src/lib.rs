//! Workspace-level tests of validgen (under `tests/tests/`), and the validators compiled from
//! every rule set of the conformance cases ([`conformance`]), built by `build.rs` with
//! `validgen-codegen`.

/// Validators compiled from the conformance cases' rule sets: `CATALOG` runs them for VMs
/// carrying one of those texts.
#[allow(missing_docs, clippy::all)]
pub mod conformance {
    include!(concat!(env!("OUT_DIR"), "/conformance_validators.rs"));
}

/// The rule sets `build.rs` generated (deterministically) for the compiled-versus-interpreted
/// property test; all are compiled into [`conformance::CATALOG`].
pub const GENERATED_RULE_SETS: &[&str] =
    include!(concat!(env!("OUT_DIR"), "/generated_rule_sets.rs"));
