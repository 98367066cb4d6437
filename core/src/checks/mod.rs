//! The checks on resolved values. Both back ends (the interpreter and generated validators)
//! call these, so their verdicts cannot differ.
//!
//! The KubeVirt value checks ([`int_range`], [`length_range`], [`pattern`], [`one_of`]) decide
//! the verdict and return what they found as data ([`crate::ir::IntRangeFinding`]…); a
//! frontend's [`ValuesTexts`] explains it (KubeVirt: the reference's texts, ssp-operator
//! `specialized.go`, in `kubevirt::rules::texts`), and [`explained`] asks for the text only
//! when [`Explain`] wants it. The document checks ([`document`]) report
//! [`crate::ir::Violation`]s.

pub mod document;

use crate::ir::{
    Bounds, EnumFinding, IntRangeFinding, LengthRangeFinding, PatternFinding, StrValues,
    byte_length,
};
use crate::report::Explain;
use validgen_goregex::GoRegex;

/// How a frontend explains the findings of the value checks, satisfied or not. The interpreter
/// is generic over it; generated code calls the frontend's own.
pub trait ValuesTexts {
    /// The explanation of an `IntRange` finding.
    fn int_range(&self, finding: &IntRangeFinding<'_>) -> String;

    /// The explanation of a `LengthRange` finding.
    fn length_range<L: StrValues + ?Sized>(&self, finding: &LengthRangeFinding<'_, L>) -> String;

    /// The explanation of a `Pattern` finding.
    fn pattern<L: StrValues + ?Sized>(&self, finding: &PatternFinding<'_, L>) -> String;

    /// The explanation of an `Enum` finding.
    fn one_of<L: StrValues + ?Sized, A: StrValues + ?Sized>(
        &self,
        finding: &EnumFinding<'_, L, A>,
    ) -> String;
}

/// The verdicts alone, with no explanation (empty texts): what the interpreter gives the value
/// checks of rule sets whose frontend has no texts for them (none but KubeVirt's lowers into
/// them).
#[derive(Debug, Clone, Copy, Default)]
pub struct Unexplained;

impl ValuesTexts for Unexplained {
    fn int_range(&self, _: &IntRangeFinding<'_>) -> String {
        String::new()
    }

    fn length_range<L: StrValues + ?Sized>(&self, _: &LengthRangeFinding<'_, L>) -> String {
        String::new()
    }

    fn pattern<L: StrValues + ?Sized>(&self, _: &PatternFinding<'_, L>) -> String {
        String::new()
    }

    fn one_of<L: StrValues + ?Sized, A: StrValues + ?Sized>(
        &self,
        _: &EnumFinding<'_, L, A>,
    ) -> String {
        String::new()
    }
}

/// A rule's verdict and explanation: `text()` when the check failed or `explain` is
/// [`Explain::All`], empty otherwise (a satisfied check formats nothing).
#[inline]
pub fn explained(
    satisfied: bool,
    explain: Explain,
    text: impl FnOnce() -> String,
) -> (bool, String) {
    match (satisfied, explain) {
        (true, Explain::Failures) => (true, String::new()),
        _ => (satisfied, text()),
    }
}

/// `integer`: every value within `bounds`.
#[inline]
pub fn int_range(values: &[i64], bounds: Bounds) -> IntRangeFinding<'_> {
    IntRangeFinding {
        values,
        bounds,
        satisfied: values.iter().all(|&v| bounds.contains(v)),
    }
}

/// `string`: every value's length in bytes within `bounds`.
#[inline]
pub fn length_range<L: StrValues + ?Sized>(
    values: &L,
    bounds: Bounds,
) -> LengthRangeFinding<'_, L> {
    LengthRangeFinding {
        values,
        bounds,
        satisfied: all_strs(values, |s| bounds.contains(byte_length(s))),
    }
}

/// `regex`: every value contains a match of `re` (unanchored, as Go `regexp.MatchString`).
#[inline]
pub fn pattern<'a, L: StrValues + ?Sized>(values: &'a L, re: &'a GoRegex) -> PatternFinding<'a, L> {
    PatternFinding {
        values,
        pattern: re,
        satisfied: all_strs(values, |v| re.is_match(v)),
    }
}

/// `enum`: every value equals one of `allowed`.
#[inline]
pub fn one_of<'a, L: StrValues + ?Sized, A: StrValues + ?Sized>(
    values: &'a L,
    allowed: &'a A,
) -> EnumFinding<'a, L, A> {
    one_of_with(values, |v| allowed.strs().any(|a| a == v), allowed)
}

/// `enum` with the membership test given (generated code passes a `match` over `allowed`).
#[inline]
pub fn one_of_with<'a, L: StrValues + ?Sized, A: StrValues + ?Sized>(
    values: &'a L,
    is_allowed: impl Fn(&str) -> bool,
    allowed: &'a A,
) -> EnumFinding<'a, L, A> {
    EnumFinding {
        values,
        allowed,
        satisfied: all_strs(values, is_allowed),
    }
}

/// Whether `test` holds for every string of `values`, in a plain loop (unlike `Iterator::all`
/// over a mapped iterator, it stays inlined in generated code).
#[inline(always)]
fn all_strs<L: StrValues + ?Sized>(values: &L, test: impl Fn(&str) -> bool) -> bool {
    for v in values.strs() {
        if !test(v) {
            return false;
        }
    }
    true
}
