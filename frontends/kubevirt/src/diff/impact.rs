//! The impact of a release on existing VMs: each VM judged with the admission decision
//! ([`decide`]) against the old and the new catalog, and what changed.
//!
//! The decision is the reference's: a VM carrying its own `vm.kubevirt.io/validations` is
//! judged by those rules in both releases (they were copied from `objects[0]` when it was
//! created), so only VMs judged by their parent template's `validations` annotation, or whose
//! template appears or disappears, can change verdict.

use serde::Serialize;
use serde_json::Value;

use crate::admission::{Catalog, Decision, Mode, Source, decide};
use validgen_core::report::Outcome;

/// A VM's verdict in one release.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VmVerdict {
    /// Admitted or not.
    pub allowed: bool,
    /// `status.code` of a denial: 422 for rules not satisfied, 400 for a rule set that does
    /// not parse or a VM that does not decode.
    pub code: Option<u16>,
    /// Where the rules came from (the branch of the decision).
    pub source: Source,
    /// The number of rules evaluated (0 when none was, or the rule set is empty).
    pub rules: usize,
    /// The rules that made the denial, in rule order (none when allowed, or on a 400).
    pub causes: Vec<VmCause>,
    /// The 400's message.
    pub error: Option<String>,
}

/// One cause of a denial with the rule responsible.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VmCause {
    /// The rule's `name`.
    pub rule: String,
    /// The cause's `field` (the rule's path).
    pub field: String,
    /// The cause's `message`: `<rule message>: <detail>`.
    pub message: String,
}

/// How a VM's verdict changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Flip {
    /// Allowed by the old release, denied by the new one.
    AllowedToDenied,
    /// Denied by the old release, allowed by the new one.
    DeniedToAllowed,
    /// Denied by both, for different causes (or a different 400 error).
    CausesChanged,
    /// The same verdict for the same causes.
    Unchanged,
}

/// A VM judged under both releases.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct VmImpact {
    /// The verdict of the old release.
    pub old: VmVerdict,
    /// The verdict of the new release.
    pub new: VmVerdict,
    /// What changed.
    pub flip: Flip,
}

/// Judges `vm` (a VirtualMachine as JSON) against `old` and `new` with [`decide`] in `mode`.
pub fn impact(vm: &Value, old: &Catalog, new: &Catalog, mode: Mode) -> VmImpact {
    let old = verdict(&decide(vm, old, mode));
    let new = verdict(&decide(vm, new, mode));
    let flip = match (old.allowed, new.allowed) {
        (true, false) => Flip::AllowedToDenied,
        (false, true) => Flip::DeniedToAllowed,
        (false, false) if (&old.causes, &old.error) != (&new.causes, &new.error) => {
            Flip::CausesChanged
        }
        _ => Flip::Unchanged,
    };
    VmImpact { old, new, flip }
}

/// The verdict of a decision, with each cause's rule: the rules the report says errored or
/// were not satisfied (`justWarning` ones included, as the causes are, ssp-operator
/// `Result.ToStatusCauses`).
fn verdict(d: &Decision) -> VmVerdict {
    let causes = if d.allowed || d.code == Some(400) {
        Vec::new()
    } else {
        d.report
            .rules
            .iter()
            .filter(|r| matches!(r.outcome, Outcome::Error | Outcome::Unsatisfied))
            .map(|r| VmCause {
                rule: r.name.to_string(),
                field: r.field.to_string(),
                message: format!("{}: {}", r.message, r.detail),
            })
            .collect()
    };
    VmVerdict {
        allowed: d.allowed,
        code: d.code,
        source: d.source,
        rules: d.report.rules.len(),
        causes,
        error: (d.code == Some(400)).then(|| d.message.clone()).flatten(),
    }
}
