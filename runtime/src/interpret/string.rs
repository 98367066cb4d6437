//! `string`: every value's length in bytes within `[minLength, maxLength]`.

use super::{Checked, bound, resolve::Lookup};
use crate::rules::Rule;

pub(super) fn check(rule: &Rule, lookup: &Lookup<'_>) -> Checked {
    let min = lookup.int_arg(rule.min_length.as_ref())?;
    let max = lookup.int_arg(rule.max_length.as_ref())?;
    let values = lookup.path_strings(rule)?;
    if values.is_empty() {
        return Err("no values were found".to_owned());
    }
    let ok = values.iter().all(|s| {
        let n = i64::try_from(s.len()).unwrap_or(i64::MAX);
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
    Ok((ok, text))
}
