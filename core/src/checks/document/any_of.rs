//! `AnyOf` (JSON Schema `anyOf`).

use crate::ir::Violation;

/// No branch held, of `branches`.
pub fn any_of(held: usize, branches: usize) -> Option<Violation> {
    (held == 0).then(|| {
        Violation::new(
            "anyOf",
            format!("at least one of {branches} branches to hold"),
            "none held",
        )
    })
}
