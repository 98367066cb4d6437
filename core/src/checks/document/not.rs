//! `Not` (JSON Schema `not`).

use crate::ir::Violation;

/// The negated checks all held.
pub fn not(held: bool) -> Option<Violation> {
    held.then(|| Violation::new("not", "the checks not to hold", "they held"))
}
