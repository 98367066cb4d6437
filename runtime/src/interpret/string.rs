//! `string` ([`crate::ir::Check::LengthRange`]): every value's length in bytes within
//! `[minLength, maxLength]`.

use super::{Checked, bound, resolve::Lookup};
use crate::rules::{IntArg, RulePath};

pub(super) fn check(
    min: Option<&IntArg>,
    max: Option<&IntArg>,
    path: Option<&RulePath>,
    lookup: &Lookup<'_>,
) -> Checked {
    let min = lookup.int_arg(min)?;
    let max = lookup.int_arg(max)?;
    let values = lookup.path_strings(path)?;
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
