//! `IfThenElse` (JSON Schema `if`/`then`/`else`): the condition's own violations are not
//! reported, only those of the branch it selects.

/// Whether the condition held: its checks found no violation.
pub fn if_holds(condition_violations: usize) -> bool {
    condition_violations == 0
}
