//! `Ref`: a definition's checks, with a bound on nesting (a definition may refer to itself
//! without descending into the value, e.g. JSON Schema `{"$ref": "#"}`).

use crate::ir::Violation;

/// How many definitions may be nested before evaluation stops with a violation.
pub const MAX_DEPTH: usize = 128;

/// The violation of a value nested deeper than [`MAX_DEPTH`] definitions.
pub fn too_deep() -> Violation {
    Violation::new(
        "$ref",
        format!("at most {MAX_DEPTH} nested definitions"),
        "more",
    )
}

/// The violation of a reference to a definition the rule set does not have.
pub fn undefined(name: &str) -> Violation {
    Violation::new("$ref", format!("a definition `{name}`"), "none")
}
