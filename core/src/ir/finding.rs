//! Findings: what a check of all the values at a rule's path found, as data. The checks
//! ([`crate::checks`]) decide the verdict and fill these in; each frontend's
//! [`crate::checks::ValuesTexts`] formats them (KubeVirt: the reference's explanations, in
//! `kubevirt::rules::texts`). The values are borrowed where they were found: a finding copies
//! nothing.

use validgen_goregex::GoRegex;

/// An inclusive interval over integers, either bound optional (KubeVirt `min`/`max`,
/// `minLength`/`maxLength`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Bounds {
    /// The lower bound, inclusive.
    pub min: Option<i64>,
    /// The upper bound, inclusive.
    pub max: Option<i64>,
}

impl Bounds {
    /// Whether `n` is within both bounds.
    #[inline]
    pub fn contains(self, n: i64) -> bool {
        self.min.is_none_or(|m| n >= m) && self.max.is_none_or(|m| n <= m)
    }

    /// Which bounds `n` breaks: both when the interval is empty (`min > max`) and `n` is
    /// between them the wrong way round.
    #[inline]
    pub fn breaks(self, n: i64) -> Breaks {
        Breaks {
            below_min: self.min.is_some_and(|m| n < m),
            above_max: self.max.is_some_and(|m| n > m),
        }
    }
}

/// Which bounds of a [`Bounds`] a number breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Breaks {
    /// The number is lower than `min`.
    pub below_min: bool,
    /// The number is higher than `max`.
    pub above_max: bool,
}

impl Breaks {
    /// Whether any bound is broken.
    pub fn any(self) -> bool {
        self.below_min || self.above_max
    }
}

/// Strings read where they are: a slice of strings, or values a document model reads as
/// strings on demand (the KubeVirt single pass's nodes).
pub trait StrValues {
    /// How many values there are.
    fn len(&self) -> usize;

    /// The value at `index` (0-based); the empty string past the end.
    fn str_at(&self, index: usize) -> &str;

    /// Whether there are no values.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The values, in order.
    fn strs(&self) -> impl Iterator<Item = &str> {
        (0..self.len()).map(|i| self.str_at(i))
    }
}

impl<S: AsRef<str>> StrValues for [S] {
    fn len(&self) -> usize {
        <[S]>::len(self)
    }

    fn str_at(&self, index: usize) -> &str {
        self.get(index).map_or("", AsRef::as_ref)
    }

    fn strs(&self) -> impl Iterator<Item = &str> {
        self.iter().map(AsRef::as_ref)
    }
}

/// The length of `s` in bytes, as the KubeVirt `string` check measures it (saturating).
#[inline]
pub fn byte_length(s: &str) -> i64 {
    i64::try_from(s.len()).unwrap_or(i64::MAX)
}

/// [`Check::IntRange`](super::Check::IntRange) on the integers at a path.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IntRangeFinding<'a> {
    /// The integers found, in path order.
    pub values: &'a [i64],
    /// The interval they must be in.
    pub bounds: Bounds,
    /// Whether every value is within the bounds.
    pub satisfied: bool,
}

impl<'a> IntRangeFinding<'a> {
    /// Each value that breaks a bound, with the bounds it breaks, in path order.
    pub fn breaking(&self) -> impl Iterator<Item = (i64, Breaks)> + use<'a> {
        let bounds = self.bounds;
        self.values
            .iter()
            .map(move |&v| (v, bounds.breaks(v)))
            .filter(|(_, b)| b.any())
    }
}

/// [`Check::LengthRange`](super::Check::LengthRange) on the strings at a path; lengths in
/// bytes ([`byte_length`]).
pub struct LengthRangeFinding<'a, L: ?Sized> {
    /// The strings found, in path order.
    pub values: &'a L,
    /// The interval their lengths must be in.
    pub bounds: Bounds,
    /// Whether every length is within the bounds.
    pub satisfied: bool,
}

impl<'a, L: StrValues + ?Sized> LengthRangeFinding<'a, L> {
    /// Each string whose length breaks a bound, with the bounds it breaks, in path order.
    pub fn breaking(&self) -> impl Iterator<Item = (&'a str, Breaks)> + use<'a, L> {
        let bounds = self.bounds;
        self.values
            .strs()
            .map(move |s| (s, bounds.breaks(byte_length(s))))
            .filter(|(_, b)| b.any())
    }
}

/// [`Check::Pattern`](super::Check::Pattern) (Go RE2, unanchored) on the strings at a path.
pub struct PatternFinding<'a, L: ?Sized> {
    /// The strings found, in path order.
    pub values: &'a L,
    /// The pattern each must contain a match of.
    pub pattern: &'a GoRegex,
    /// Whether every string contains a match.
    pub satisfied: bool,
}

impl<'a, L: StrValues + ?Sized> PatternFinding<'a, L> {
    /// The strings with no match, in path order.
    pub fn mismatched(&self) -> impl Iterator<Item = &'a str> + use<'a, L> {
        let pattern = self.pattern;
        self.values.strs().filter(move |s| !pattern.is_match(s))
    }
}

/// [`Check::Enum`](super::Check::Enum) on the strings at a path.
pub struct EnumFinding<'a, L: ?Sized, A: ?Sized> {
    /// The strings found, in path order.
    pub values: &'a L,
    /// The allowed values, as written (repeats included).
    pub allowed: &'a A,
    /// Whether every string is one of the allowed values.
    pub satisfied: bool,
}

impl<'a, L: StrValues + ?Sized, A: StrValues + ?Sized> EnumFinding<'a, L, A> {
    /// The strings that are none of the allowed values, in path order.
    pub fn not_allowed(&self) -> impl Iterator<Item = &'a str> + use<'a, L, A> {
        let allowed = self.allowed;
        self.values
            .strs()
            .filter(move |s| !allowed.strs().any(|a| a == *s))
    }
}

#[cfg(test)]
mod tests {
    use super::{Bounds, Breaks};
    use crate::checks::{explained, int_range, length_range, one_of, one_of_with, pattern};
    use crate::report::Explain;
    use validgen_goregex::GoRegex;

    const BELOW: Breaks = Breaks {
        below_min: true,
        above_max: false,
    };
    const ABOVE: Breaks = Breaks {
        below_min: false,
        above_max: true,
    };

    #[test]
    fn int_range_says_which_values_break_which_bound() {
        let values = [0, 2, 9, 5];
        let found = int_range(
            &values,
            Bounds {
                min: Some(1),
                max: Some(5),
            },
        );
        assert!(!found.satisfied);
        assert_eq!(
            found.breaking().collect::<Vec<_>>(),
            [(0, BELOW), (9, ABOVE)]
        );
        // The values are the caller's, not a copy.
        assert!(std::ptr::eq(found.values, &values[..]));
        // An empty interval: a value between the bounds breaks both.
        let empty = Bounds {
            min: Some(5),
            max: Some(1),
        };
        let both = Breaks {
            below_min: true,
            above_max: true,
        };
        assert_eq!(empty.breaks(3), both);
        assert!(!int_range(&[3], empty).satisfied);
        // No bound: nothing breaks; no value: nothing to break.
        let open = int_range(&[i64::MIN, i64::MAX], Bounds::default());
        assert!(open.satisfied && open.breaking().next().is_none());
        assert!(int_range(&[], empty).satisfied);
    }

    #[test]
    fn lengths_are_in_bytes() {
        let values = ["é", "ab", "abc"];
        let found = length_range(
            &values[..],
            Bounds {
                min: Some(2),
                max: Some(2),
            },
        );
        assert!(!found.satisfied);
        assert_eq!(found.breaking().collect::<Vec<_>>(), [("abc", ABOVE)]);
        let found = length_range(
            &values[..2],
            Bounds {
                min: Some(3),
                max: None,
            },
        );
        assert_eq!(
            found.breaking().map(|(s, _)| s).collect::<Vec<_>>(),
            ["é", "ab"]
        );
    }

    #[test]
    fn pattern_and_enum_say_which_values_fail() {
        let re = GoRegex::new("b").unwrap_or_else(|e| panic!("{e}"));
        let values = ["abc", "x", "b", "y"];
        let found = pattern(&values[..], &re);
        assert!(!found.satisfied);
        assert_eq!(found.mismatched().collect::<Vec<_>>(), ["x", "y"]);
        assert!(pattern(&values[..1], &re).satisfied);
        let allowed = ["x", "y", "x"];
        let found = one_of(&values[..], &allowed[..]);
        assert!(!found.satisfied);
        assert_eq!(found.not_allowed().collect::<Vec<_>>(), ["abc", "b"]);
        assert!(one_of(&values[1..2], &allowed[..]).satisfied);
        // The membership test given decides; the allowed list is what is reported.
        let found = one_of_with(&values[..], |v| v.len() < 3, &allowed[..]);
        assert!(!found.satisfied);
        assert!(std::ptr::eq(found.allowed, &allowed[..]));
        // No value: satisfied, whatever the allowed values.
        let none: [&str; 0] = [];
        assert!(one_of(&none[..], &none[..]).satisfied);
    }

    #[test]
    fn satisfied_checks_are_worded_only_when_asked() {
        let word = || "text".to_owned();
        assert_eq!(
            explained(true, Explain::Failures, word),
            (true, String::new())
        );
        assert_eq!(
            explained(true, Explain::All, word),
            (true, "text".to_owned())
        );
        assert_eq!(
            explained(false, Explain::Failures, word),
            (false, "text".to_owned())
        );
    }
}
