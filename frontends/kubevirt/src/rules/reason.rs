//! The reference's error texts of rules that fail whatever the VM (ssp-operator
//! `validation.Evaluate` and `validateRule`).

use validgen_core::ir::Reason;

/// The text the reference fails a rule with, for `reason`.
pub fn reason_text(reason: Reason) -> &'static str {
    match reason {
        Reason::DuplicateName => "duplicate Rule Name",
        Reason::UnknownKind => "unrecognized Rule type",
        Reason::MissingKey => "missing required key",
    }
}
