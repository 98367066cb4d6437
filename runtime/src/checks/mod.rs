//! The checks of each rule kind on resolved values, with the reference's explanation texts
//! (ssp-operator `specialized.go`). Both back ends (the interpreter and generated validators)
//! call these, so their verdicts and texts cannot differ. With [`Explain::Failures`] a
//! satisfied check formats nothing and gives an empty text.

pub mod document;
pub mod ytt;

use std::fmt::Write as _;

use crate::goregex::GoRegex;
use crate::report::Explain;

/// An interval bound as the reference prints it: the number, or `N/A` when unset.
pub fn bound(b: Option<i64>) -> String {
    b.map_or_else(|| "N/A".to_owned(), |v| v.to_string())
}

/// The text of a satisfied check: `text()` under [`Explain::All`], empty otherwise.
fn satisfied(explain: Explain, text: impl FnOnce() -> String) -> (bool, String) {
    match explain {
        Explain::All => (true, text()),
        Explain::Failures => (true, String::new()),
    }
}

/// `integer`: every value within `[min, max]` (inclusive, either bound optional).
/// Returns satisfied and the explanation.
#[inline]
pub fn int_range(
    values: &[i64],
    min: Option<i64>,
    max: Option<i64>,
    explain: Explain,
) -> (bool, String) {
    let ok = values
        .iter()
        .all(|&v| min.is_none_or(|m| v >= m) && max.is_none_or(|m| v <= m));
    match (ok, explain) {
        (true, Explain::Failures) => (true, String::new()),
        _ => int_range_text(values, min, max, ok, explain),
    }
}

/// [`int_range`]'s explanation, `ok` when every value is within the bounds.
#[inline(never)]
fn int_range_text(
    values: &[i64],
    min: Option<i64>,
    max: Option<i64>,
    ok: bool,
    explain: Explain,
) -> (bool, String) {
    let low = |v: i64| min.is_some_and(|m| v < m);
    let high = |v: i64| max.is_some_and(|m| v > m);
    if ok {
        return satisfied(explain, || {
            let mut list = String::new();
            for (i, v) in values.iter().enumerate() {
                if i > 0 {
                    list.push(' ');
                }
                let _ = write!(list, "{v}");
            }
            format!(
                "All values [{list}] are in interval [{}, {}]",
                bound(min),
                bound(max)
            )
        });
    }
    // One entry per value, joined by ", "; a value breaking both bounds gets both texts with
    // no separator (as the reference).
    let mut text = String::new();
    for (i, &v) in values.iter().enumerate() {
        if i > 0 {
            text.push_str(", ");
        }
        if low(v) {
            let _ = write!(text, "value {v} is lower than minimum [{}]", bound(min));
        }
        if high(v) {
            let _ = write!(text, "value {v} is higher than maximum [{}]", bound(max));
        }
    }
    (false, text)
}

/// `string`: every value's length in bytes within `[min, max]`.
pub fn length_range<S: AsRef<str>>(
    values: &[S],
    min: Option<i64>,
    max: Option<i64>,
    explain: Explain,
) -> (bool, String) {
    let ok = values.iter().all(|s| {
        let n = i64::try_from(s.as_ref().len()).unwrap_or(i64::MAX);
        min.is_none_or(|m| n >= m) && max.is_none_or(|m| n <= m)
    });
    // "Lengts" (sic) is the reference's text.
    if ok {
        return satisfied(explain, || {
            format!(
                "Lengts of all strings are in interval [{}, {}]",
                bound(min),
                bound(max)
            )
        });
    }
    let text = format!(
        "Lengths of some strings are not in interval [{}, {}]",
        bound(min),
        bound(max)
    );
    (false, text)
}

/// `regex`: every value contains a match of the pattern (unanchored).
pub fn pattern<S: AsRef<str>>(values: &[S], re: &GoRegex, explain: Explain) -> (bool, String) {
    if values.iter().all(|v| re.is_match(v.as_ref())) {
        return satisfied(explain, || {
            format!("All [{}] match {}", join(values), re.as_str())
        });
    }
    (
        false,
        text(&["Some of [", &join(values), "] do not match ", re.as_str()]),
    )
}

/// `enum`: every value equals one of `allowed`.
pub fn one_of<S: AsRef<str>, A: AsRef<str>>(
    values: &[S],
    allowed: &[A],
    explain: Explain,
) -> (bool, String) {
    let is_allowed = |v: &S| allowed.iter().any(|a| a.as_ref() == v.as_ref());
    if values.iter().all(is_allowed) {
        return satisfied(explain, || {
            format!("All [{}] are in [{}]", join(values), join(allowed))
        });
    }
    (
        false,
        text(&[
            "Some of [",
            &join(values),
            "] are not in [",
            &join(allowed),
            "]",
        ]),
    )
}

/// `enum` with the membership test given (generated code passes a `match`) and the allowed
/// values already joined by `", "` for the explanation.
pub fn one_of_with<S: AsRef<str>>(
    values: &[S],
    is_allowed: impl Fn(&str) -> bool,
    allowed_text: &str,
    explain: Explain,
) -> (bool, String) {
    one_of_by(values, |v| v.as_ref(), is_allowed, allowed_text, explain)
}

/// [`one_of_with`] on values read as strings by `as_str` where they are (generated code
/// passes the JSON nodes a path found, with no list of strings made first).
#[inline]
pub fn one_of_by<T>(
    values: &[T],
    as_str: impl Fn(&T) -> &str,
    is_allowed: impl Fn(&str) -> bool,
    allowed_text: &str,
    explain: Explain,
) -> (bool, String) {
    let ok = values.iter().all(|v| is_allowed(as_str(v)));
    match (ok, explain) {
        (true, Explain::Failures) => (true, String::new()),
        _ => one_of_text(values, &as_str, allowed_text, ok, explain),
    }
}

/// [`one_of_by`]'s explanation, `ok` when every value is allowed.
#[inline(never)]
fn one_of_text<T>(
    values: &[T],
    as_str: &impl Fn(&T) -> &str,
    allowed_text: &str,
    ok: bool,
    explain: Explain,
) -> (bool, String) {
    if ok {
        return satisfied(explain, || {
            let mut list = String::new();
            join_by(&mut list, values, as_str);
            format!("All [{list}] are in [{allowed_text}]")
        });
    }
    let mut out = String::with_capacity(32 + allowed_text.len() + 16 * values.len());
    out.push_str("Some of [");
    join_by(&mut out, values, as_str);
    out.push_str("] are not in [");
    out.push_str(allowed_text);
    out.push(']');
    (false, out)
}

/// Joins strings with `", "`, as the reference's explanations list values.
pub fn join<S: AsRef<str>>(items: &[S]) -> String {
    let mut out = String::new();
    join_into(&mut out, items);
    out
}

/// [`join`] appended to `out`.
fn join_into<S: AsRef<str>>(out: &mut String, items: &[S]) {
    join_by(out, items, &|s: &S| s.as_ref());
}

/// The strings `as_str` reads from `items`, joined by `", "` and appended to `out`.
fn join_by<T>(out: &mut String, items: &[T], as_str: &impl Fn(&T) -> &str) {
    for (i, s) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(as_str(s));
    }
}

/// The concatenation of `parts`, allocated once.
fn text(parts: &[&str]) -> String {
    let mut out = String::with_capacity(parts.iter().map(|p| p.len()).sum());
    for p in parts {
        out.push_str(p);
    }
    out
}
