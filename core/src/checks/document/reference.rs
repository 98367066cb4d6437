//! `Ref`: a definition's checks, with a bound on nesting (a definition may refer to itself
//! without descending into the value, e.g. JSON Schema `{"$ref": "#"}`).

use crate::ir::Violation;

/// How many definitions may be nested before evaluation stops with a violation.
pub const MAX_DEPTH: usize = 128;

/// Stack left below which [`deeper`] moves an evaluation to a new stack segment: unoptimised
/// builds give a definition's function frames of tens of KiB (25 KiB per level on a random
/// schema of the tests), so [`MAX_DEPTH`] levels would need over 3 MiB, more than a test
/// thread's 2 MiB. As rustc's `ensure_sufficient_stack` and Materialize's `maybe_grow`.
const RED_ZONE: usize = if cfg!(debug_assertions) {
    1 << 20
} else {
    256 << 10
};
/// The size of a new stack segment (mapped as needed, freed when the evaluation returns).
const SEGMENT: usize = 8 << 20;
/// The stack is measured at every this many levels, so that the other calls cost one test:
/// the red zone holds this many levels' frames.
const CHECK_EVERY: usize = 8;

/// `f`, the evaluation of a definition at nesting `depth`, run where at least 1 MiB of stack
/// (256 KiB in optimised builds) is left for each 8 levels, on a new 8 MiB segment when it is
/// not (`stacker::maybe_grow`), so that [`MAX_DEPTH`] nested definitions never overflow the
/// thread's stack, whatever its size. The interpreter and generated code call it at every
/// reference.
#[inline]
pub fn deeper<R>(depth: usize, f: impl FnOnce() -> R) -> R {
    if depth.is_multiple_of(CHECK_EVERY) {
        stacker::maybe_grow(RED_ZONE, SEGMENT, f)
    } else {
        f()
    }
}

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
