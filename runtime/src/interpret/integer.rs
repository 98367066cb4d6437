//! `integer` ([`crate::ir::Check::IntRange`]): every value within `[min, max]` (inclusive,
//! either bound optional).

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
    let values = lookup.path_ints(path)?;
    let low = |v: i64| min.is_some_and(|m| v < m);
    let high = |v: i64| max.is_some_and(|m| v > m);
    if values.iter().all(|&v| !low(v) && !high(v)) {
        let list: Vec<String> = values.iter().map(i64::to_string).collect();
        return Ok((
            true,
            format!(
                "All values [{}] are in interval [{}, {}]",
                list.join(" "),
                bound(min),
                bound(max)
            ),
        ));
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
    Ok((false, parts.join(", ")))
}
