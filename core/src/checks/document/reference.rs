//! `Ref`: a definition's checks, with a bound on nesting (a definition may refer to itself
//! without descending into the value, e.g. JSON Schema `{"$ref": "#"}`).

use super::Budget;
use crate::ir::{At, Violation};

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
/// reference. The stack is measured at the last level of every 8 (depth 7, 15, …), not the
/// first: most references are not nested at all, and at depth 0 the probe cost
/// devcontainer's compiled verdict 8 % more instructions; the levels before the first
/// probe take at most 7 frames of the caller's stack (175 KiB unoptimised).
#[inline]
pub fn deeper<R>(depth: usize, f: impl FnOnce() -> R) -> R {
    if depth % CHECK_EVERY == CHECK_EVERY - 1 {
        on_enough_stack(f)
    } else {
        f()
    }
}

/// `f` on a stack with [`RED_ZONE`] left, as [`deeper`] runs it one level in
/// [`CHECK_EVERY`]: out of line and cold, so that a reference inlined where it is used
/// ([`reference_holds`]) holds a test and the definition's call, not the stack probe's code
/// (cert-manager's located report from bytes: 2 % more instructions with it inline).
#[cold]
#[inline(never)]
fn on_enough_stack<R>(f: impl FnOnce() -> R) -> R {
    stacker::maybe_grow(RED_ZONE, SEGMENT, f)
}

/// Whether a definition holds for `v` at a reference nested `depth` definitions deep:
/// `definition(v, depth + 1, budget)`, its verdict, run as [`deeper`] runs it; `false`
/// without it at [`MAX_DEPTH`] or when `budget` grants no more evaluations (the refusal kept
/// there). The verdict of every reference, the interpreter's and generated code's: generated
/// code passes the definition's function itself, so a catalog instantiates [`deeper`] once
/// per definition rather than once per reference (a closure each: 3 684 of them made
/// `partial-eslint-plugins.json`'s crate a 45 s build, 13 s without).
#[inline]
pub fn reference_holds<V>(
    v: V,
    depth: usize,
    budget: &Budget,
    definition: impl FnOnce(V, usize, &Budget) -> bool,
) -> bool {
    depth < MAX_DEPTH && budget.take() && deeper(depth, || definition(v, depth + 1, budget))
}

/// The violations of a definition at a reference at `at`, nested `depth` definitions deep,
/// pushed to `out`: [`too_deep`] at [`MAX_DEPTH`], the refusal when `budget` grants no more
/// evaluations ([`Budget::refuse`]), else, as [`deeper`] runs it, `walk(v, at, depth + 1,
/// budget, out)` (its report) where `verdict(v, depth + 1, budget)` does not hold: a value the
/// definition holds for costs no walk, and a refusal its verdict met is placed at `at`. The
/// report of every reference whose definition's verdict decides (the interpreter's and
/// generated code's); see [`reference_holds`] for why the definition's functions are passed.
#[inline]
pub fn reference_report<V: Copy>(
    v: V,
    at: &mut At,
    depth: usize,
    budget: &Budget,
    out: &mut Vec<Violation>,
    verdict: impl FnOnce(V, usize, &Budget) -> bool,
    walk: impl FnOnce(V, &mut At, usize, &Budget, &mut Vec<Violation>),
) {
    reference_walk(v, at, depth, budget, out, |v, at, depth, budget, out| {
        if !verdict(v, depth, budget) {
            budget.place(at);
            walk(v, at, depth, budget, out);
        }
    });
}

/// [`reference_report`] without the verdict first: the definition's report `walk` decides
/// alone (generated code, where a definition reaches an extension, which only the report
/// judges: ytt's validations).
#[inline]
pub fn reference_walk<V>(
    v: V,
    at: &mut At,
    depth: usize,
    budget: &Budget,
    out: &mut Vec<Violation>,
    walk: impl FnOnce(V, &mut At, usize, &Budget, &mut Vec<Violation>),
) {
    if depth >= MAX_DEPTH {
        out.push(at.place(too_deep()));
    } else if budget.take() {
        deeper(depth, || walk(v, at, depth + 1, budget, out));
    } else {
        out.push(budget.refuse(at));
    }
}

/// The annotations of a definition at a reference nested `depth` definitions deep, for
/// `unevaluatedProperties`/`unevaluatedItems`: `mark(v, depth + 1, budget, marks)` (the
/// definition's marking of `marks`, what it evaluates), run as [`deeper`] runs it; nothing at
/// [`MAX_DEPTH`] or when `budget` grants no more evaluations, where the reference's verdict
/// has already failed. The marking of every reference, the interpreter's and generated
/// code's, which passes the definition's marking function itself (see [`reference_holds`]).
#[inline]
pub fn reference_mark<V, M>(
    v: V,
    depth: usize,
    budget: &Budget,
    marks: M,
    mark: impl FnOnce(V, usize, &Budget, M),
) {
    if depth < MAX_DEPTH && budget.take() {
        deeper(depth, || mark(v, depth + 1, budget, marks));
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

/// The violation of a reference to a definition `name` the rule set does not have, nested
/// `depth` definitions deep: [`too_deep`] at [`MAX_DEPTH`], as a defined one would be, else the
/// missing definition. The report of every such reference, the interpreter's and generated
/// code's (the verdict is `false`).
pub fn undefined(name: &str, depth: usize) -> Violation {
    if depth >= MAX_DEPTH {
        return too_deep();
    }
    Violation::new("$ref", format!("a definition `{name}`"), "none")
}

#[cfg(test)]
mod tests {
    use super::{
        MAX_DEPTH, reference_holds, reference_mark, reference_report, reference_walk, undefined,
    };
    use crate::checks::document::{Budget, MAX_REFS};
    use crate::ir::{At, Violation};

    /// A budget with no evaluation left.
    fn spent() -> Budget {
        let budget = Budget::default();
        assert!(budget.take_many(MAX_REFS));
        budget
    }

    #[test]
    fn a_reference_holds_by_its_definition_one_level_deeper() {
        let budget = Budget::default();
        assert!(reference_holds(7, 3, &budget, |v, depth, _| v == 7 && depth == 4));
        assert!(!reference_holds(7, 3, &budget, |_, _, _| false));
        assert!(!reference_holds(7, MAX_DEPTH, &budget, |_, _, _| -> bool {
            panic!("called past MAX_DEPTH")
        }));
        let budget = spent();
        assert!(!reference_holds(7, 0, &budget, |_, _, _| -> bool {
            panic!("called without an evaluation left")
        }));
        assert!(budget.spent());
    }

    fn walk(_: u8, at: &mut At, depth: usize, _: &Budget, out: &mut Vec<Violation>) {
        out.push(at.place(Violation::new("walked", depth.to_string(), "")));
    }

    fn checks(out: &[Violation]) -> Vec<(&str, &str)> {
        out.iter().map(|v| (v.check, v.expected.as_str())).collect()
    }

    #[test]
    fn a_reference_is_walked_only_where_its_verdict_fails() {
        let budget = Budget::default();
        let mut at = At::new("/a");
        let mut out = Vec::new();
        reference_report(0, &mut at, 1, &budget, &mut out, |_, _, _| true, walk);
        assert!(out.is_empty());
        reference_report(0, &mut at, 1, &budget, &mut out, |_, _, _| false, walk);
        assert_eq!(checks(&out), [("walked", "2")]);
        assert_eq!(out[0].location, "/a");
        out.clear();
        reference_walk(0, &mut at, 1, &budget, &mut out, walk);
        assert_eq!(checks(&out), [("walked", "2")]);
    }

    #[test]
    fn a_reference_too_deep_or_refused_is_a_violation_never_a_pass() {
        let budget = Budget::default();
        let mut at = At::new("/a");
        let mut out = Vec::new();
        reference_report(
            0,
            &mut at,
            MAX_DEPTH,
            &budget,
            &mut out,
            |_, _, _| true,
            walk,
        );
        reference_walk(0, &mut at, MAX_DEPTH, &budget, &mut out, walk);
        assert!(
            out.len() == 2
                && out
                    .iter()
                    .all(|v| v.expected.contains("nested definitions"))
        );
        let budget = spent();
        out.clear();
        reference_report(0, &mut at, 0, &budget, &mut out, |_, _, _| true, walk);
        reference_walk(0, &mut at, 0, &budget, &mut out, walk);
        assert!(out.len() == 2 && out.iter().all(|v| v.expected.contains("evaluations")));
        assert!(out.iter().all(|v| v.location == "/a"));
    }

    #[test]
    fn an_undefined_reference_is_missing_unless_too_deep_first() {
        let missing = undefined("a", MAX_DEPTH - 1);
        assert_eq!(
            (missing.check, missing.expected.as_str()),
            ("$ref", "a definition `a`")
        );
        assert!(
            undefined("a", MAX_DEPTH)
                .expected
                .contains("nested definitions")
        );
    }

    #[test]
    fn a_reference_marks_one_level_deeper_and_nothing_past_its_bounds() {
        let budget = Budget::default();
        let mut marks = [false; 2];
        reference_mark(
            1,
            3,
            &budget,
            &mut marks[..],
            |i: usize, depth, _, m: &mut [bool]| {
                m[i] = depth == 4;
            },
        );
        assert_eq!(marks, [false, true]);
        let no_call = |_: usize, _, _: &Budget, _: ()| panic!("marked past a bound");
        reference_mark(0, MAX_DEPTH, &budget, (), no_call);
        reference_mark(0, 0, &spent(), (), no_call);
    }
}
