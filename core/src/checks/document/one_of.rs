//! `OneOf` (JSON Schema `oneOf`).

use crate::ir::Violation;

/// Not exactly one branch held, of `branches`.
pub fn one_of(held: usize, branches: usize) -> Option<Violation> {
    (held != 1).then(|| {
        Violation::new(
            "oneOf",
            format!("exactly one of {branches} branches to hold"),
            format!("{held} held"),
        )
    })
}
