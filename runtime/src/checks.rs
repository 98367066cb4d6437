//! The checks of each rule kind on resolved values, with the reference's explanation texts
//! (ssp-operator `specialized.go`). Both back ends (the interpreter and generated validators)
//! call these, so their verdicts and texts cannot differ.

use crate::goregex::GoRegex;

/// An interval bound as the reference prints it: the number, or `N/A` when unset.
pub fn bound(b: Option<i64>) -> String {
    b.map_or_else(|| "N/A".to_owned(), |v| v.to_string())
}

/// `integer`: every value within `[min, max]` (inclusive, either bound optional).
/// Returns satisfied and the explanation.
pub fn int_range(values: &[i64], min: Option<i64>, max: Option<i64>) -> (bool, String) {
    let low = |v: i64| min.is_some_and(|m| v < m);
    let high = |v: i64| max.is_some_and(|m| v > m);
    if values.iter().all(|&v| !low(v) && !high(v)) {
        let list: Vec<String> = values.iter().map(i64::to_string).collect();
        let text = format!(
            "All values [{}] are in interval [{}, {}]",
            list.join(" "),
            bound(min),
            bound(max)
        );
        return (true, text);
    }
    // One entry per value, joined by ", "; a value breaking both bounds gets both texts with
    // no separator (as the reference).
    let parts: Vec<String> = values
        .iter()
        .map(|&v| {
            let mut s = String::new();
            if low(v) {
                s += &format!("value {v} is lower than minimum [{}]", bound(min));
            }
            if high(v) {
                s += &format!("value {v} is higher than maximum [{}]", bound(max));
            }
            s
        })
        .collect();
    (false, parts.join(", "))
}

/// `string`: every value's length in bytes within `[min, max]`.
pub fn length_range<S: AsRef<str>>(
    values: &[S],
    min: Option<i64>,
    max: Option<i64>,
) -> (bool, String) {
    let ok = values.iter().all(|s| {
        let n = i64::try_from(s.as_ref().len()).unwrap_or(i64::MAX);
        min.is_none_or(|m| n >= m) && max.is_none_or(|m| n <= m)
    });
    // "Lengts" (sic) is the reference's text.
    let text = if ok {
        format!(
            "Lengts of all strings are in interval [{}, {}]",
            bound(min),
            bound(max)
        )
    } else {
        format!(
            "Lengths of some strings are not in interval [{}, {}]",
            bound(min),
            bound(max)
        )
    };
    (ok, text)
}

/// `regex`: every value contains a match of the pattern (unanchored).
pub fn pattern<S: AsRef<str>>(values: &[S], re: &GoRegex) -> (bool, String) {
    let ok = values.iter().all(|v| re.is_match(v.as_ref()));
    let list = join(values);
    let text = if ok {
        format!("All [{list}] match {}", re.as_str())
    } else {
        format!("Some of [{list}] do not match {}", re.as_str())
    };
    (ok, text)
}

/// `enum`: every value equals one of `allowed`.
pub fn one_of<S: AsRef<str>, A: AsRef<str>>(values: &[S], allowed: &[A]) -> (bool, String) {
    let is_allowed = |v: &str| allowed.iter().any(|a| a.as_ref() == v);
    one_of_with(values, is_allowed, &join(allowed))
}

/// `enum` with the membership test given (generated code passes a `match`) and the allowed
/// values already joined by `", "` for the explanation.
pub fn one_of_with<S: AsRef<str>>(
    values: &[S],
    is_allowed: impl Fn(&str) -> bool,
    allowed_text: &str,
) -> (bool, String) {
    let ok = values.iter().all(|v| is_allowed(v.as_ref()));
    let list = join(values);
    let text = if ok {
        format!("All [{list}] are in [{allowed_text}]")
    } else {
        format!("Some of [{list}] are not in [{allowed_text}]")
    };
    (ok, text)
}

/// Joins strings with `", "`, as the reference's explanations list values.
pub fn join<S: AsRef<str>>(items: &[S]) -> String {
    let mut out = String::new();
    for (i, s) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        out.push_str(s.as_ref());
    }
    out
}
