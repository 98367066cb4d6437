//! The reference's explanations of the value checks (ssp-operator `validation/specialized.go`):
//! the texts of [`RuleReport::detail`](validgen_core::report::RuleReport::detail) for `integer`,
//! `string`, `regex` and `enum` rules, satisfied or not, byte for byte. They live beside the
//! error texts of malformed rules ([`super::reason_text`]): both are the reference's words for
//! KubeVirt rules, which the core checks know only as data.

use std::fmt::Write as _;

use validgen_core::checks::ValuesTexts;
use validgen_core::ir::{
    Bounds, EnumFinding, IntRangeFinding, LengthRangeFinding, PatternFinding, StrValues,
};

/// The reference's texts: what the KubeVirt entry points (the interpreter through
/// [`crate::typed::evaluate`], generated validators) explain rules with.
#[derive(Debug, Clone, Copy, Default)]
pub struct ReferenceTexts;

impl ValuesTexts for ReferenceTexts {
    #[inline(never)]
    fn int_range(&self, f: &IntRangeFinding<'_>) -> String {
        let Bounds { min, max } = f.bounds;
        if f.satisfied {
            let mut list = String::new();
            for (i, v) in f.values.iter().enumerate() {
                if i > 0 {
                    list.push(' ');
                }
                let _ = write!(list, "{v}");
            }
            return format!(
                "All values [{list}] are in interval [{}, {}]",
                bound(min),
                bound(max)
            );
        }
        // One entry per value (empty for a value within the bounds), joined by ", "; a value
        // breaking both bounds gets both texts with no separator (as the reference).
        let mut text = String::new();
        for (i, &v) in f.values.iter().enumerate() {
            if i > 0 {
                text.push_str(", ");
            }
            let breaks = f.bounds.breaks(v);
            if breaks.below_min {
                let _ = write!(text, "value {v} is lower than minimum [{}]", bound(min));
            }
            if breaks.above_max {
                let _ = write!(text, "value {v} is higher than maximum [{}]", bound(max));
            }
        }
        text
    }

    #[inline(never)]
    fn length_range<L: StrValues + ?Sized>(&self, f: &LengthRangeFinding<'_, L>) -> String {
        let Bounds { min, max } = f.bounds;
        if f.satisfied {
            // "Lengts" (sic) is the reference's text.
            return format!(
                "Lengts of all strings are in interval [{}, {}]",
                bound(min),
                bound(max)
            );
        }
        format!(
            "Lengths of some strings are not in interval [{}, {}]",
            bound(min),
            bound(max)
        )
    }

    #[inline(never)]
    fn pattern<L: StrValues + ?Sized>(&self, f: &PatternFinding<'_, L>) -> String {
        let re = f.pattern.as_str();
        let (start, middle) = if f.satisfied {
            ("All [", "] match ")
        } else {
            ("Some of [", "] do not match ")
        };
        let mut out = String::with_capacity(room(f.values) + re.len());
        out.push_str(start);
        join_into(&mut out, f.values);
        out.push_str(middle);
        out.push_str(re);
        out
    }

    #[inline(never)]
    fn one_of<L: StrValues + ?Sized, A: StrValues + ?Sized>(
        &self,
        f: &EnumFinding<'_, L, A>,
    ) -> String {
        let mut out = String::with_capacity(room(f.values) + joined_len(f.allowed));
        enum_text(&mut out, f.values, f.satisfied, |out| {
            join_into(out, f.allowed)
        });
        out
    }
}

impl ReferenceTexts {
    /// `enum`'s text with the allowed values already joined by [`ReferenceTexts::join`]:
    /// generated validators join a literal list once, not at every failure.
    #[inline(never)]
    pub fn one_of_joined<L: StrValues + ?Sized>(
        &self,
        values: &L,
        satisfied: bool,
        allowed: &str,
    ) -> String {
        let mut out = String::with_capacity(room(values) + allowed.len());
        enum_text(&mut out, values, satisfied, |out| out.push_str(allowed));
        out
    }

    /// Strings joined by `", "`, as the reference lists values.
    pub fn join<L: StrValues + ?Sized>(&self, items: &L) -> String {
        let mut out = String::with_capacity(joined_len(items));
        join_into(&mut out, items);
        out
    }
}

/// `enum`'s text: the values found, then the allowed ones written by `allowed`.
fn enum_text<L: StrValues + ?Sized>(
    out: &mut String,
    values: &L,
    satisfied: bool,
    allowed: impl FnOnce(&mut String),
) {
    let (start, middle) = if satisfied {
        ("All [", "] are in [")
    } else {
        ("Some of [", "] are not in [")
    };
    out.push_str(start);
    join_into(out, values);
    out.push_str(middle);
    allowed(out);
    out.push(']');
}

/// An interval bound as the reference prints it: the number, or `N/A` when unset (also what
/// the ValidatingAdmissionPolicy back end writes into its messages).
pub fn bound(b: Option<i64>) -> String {
    b.map_or_else(|| "N/A".to_owned(), |v| v.to_string())
}

/// The strings of `items` joined by `", "`, as the reference lists values, appended to `out`.
fn join_into<L: StrValues + ?Sized>(out: &mut String, items: &L) {
    for (i, s) in items.strs().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(s);
    }
}

/// The length of [`join_into`]'s text.
fn joined_len<L: StrValues + ?Sized>(items: &L) -> usize {
    items.strs().map(str::len).sum::<usize>() + 2 * items.len().saturating_sub(1)
}

/// Room for an explanation listing `values` and its fixed words: an estimate, so that the
/// values (often many nodes read on demand) are read once, as they are written.
fn room<L: StrValues + ?Sized>(values: &L) -> usize {
    32 + 16 * values.len()
}

#[cfg(test)]
mod tests {
    use super::ReferenceTexts;
    use validgen_core::checks::{ValuesTexts, int_range, length_range, one_of, pattern};
    use validgen_core::ir::Bounds;
    use validgen_goregex::GoRegex;

    fn bounds(min: Option<i64>, max: Option<i64>) -> Bounds {
        Bounds { min, max }
    }

    #[test]
    fn int_range_texts() {
        let t = ReferenceTexts;
        let both = bounds(Some(1), Some(4));
        assert_eq!(
            t.int_range(&int_range(&[1, 4], both)),
            "All values [1 4] are in interval [1, 4]"
        );
        assert_eq!(
            t.int_range(&int_range(&[0, 2, 5], both)),
            "value 0 is lower than minimum [1], , value 5 is higher than maximum [4]"
        );
        // An empty interval: a value between the bounds the wrong way round breaks both, and
        // gets both texts with no separator.
        assert_eq!(
            t.int_range(&int_range(&[3], bounds(Some(5), Some(1)))),
            "value 3 is lower than minimum [5]value 3 is higher than maximum [1]"
        );
        assert_eq!(
            t.int_range(&int_range(&[-7], bounds(None, None))),
            "All values [-7] are in interval [N/A, N/A]"
        );
        assert_eq!(
            t.int_range(&int_range(&[], bounds(Some(1), None))),
            "All values [] are in interval [1, N/A]"
        );
    }

    #[test]
    fn length_range_texts() {
        let t = ReferenceTexts;
        let values = ["ab", "é"];
        assert_eq!(
            t.length_range(&length_range(&values[..], bounds(Some(2), None))),
            "Lengts of all strings are in interval [2, N/A]"
        );
        assert_eq!(
            t.length_range(&length_range(&values[..], bounds(None, Some(1)))),
            "Lengths of some strings are not in interval [N/A, 1]"
        );
    }

    #[test]
    fn pattern_and_enum_texts() {
        let t = ReferenceTexts;
        let re = GoRegex::new("^a").unwrap_or_else(|e| panic!("{e}"));
        let values = ["ab", "b"];
        assert_eq!(t.pattern(&pattern(&values[..1], &re)), "All [ab] match ^a");
        assert_eq!(
            t.pattern(&pattern(&values[..], &re)),
            "Some of [ab, b] do not match ^a"
        );
        let none: [&str; 0] = [];
        assert_eq!(t.pattern(&pattern(&none[..], &re)), "All [] match ^a");
        let allowed = ["ab", "c", "ab"];
        assert_eq!(
            t.one_of(&one_of(&values[..1], &allowed[..])),
            "All [ab] are in [ab, c, ab]"
        );
        assert_eq!(
            t.one_of(&one_of(&values[..], &allowed[..])),
            "Some of [ab, b] are not in [ab, c, ab]"
        );
        assert_eq!(
            t.one_of(&one_of(&values[..], &none[..])),
            "Some of [ab, b] are not in []"
        );
    }
}
