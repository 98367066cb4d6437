//! `enum`: every value equals one of `values` exactly.

use super::{Checked, resolve::Lookup};
use crate::rules::Rule;

pub(super) fn check(rule: &Rule, lookup: &Lookup<'_>) -> Checked {
    let allowed = rule
        .values
        .iter()
        .flatten()
        .map(|v| lookup.str_arg(v))
        .collect::<Result<Vec<_>, _>>()?;
    let values = lookup.path_strings(rule)?;
    if values.is_empty() {
        return Err("no values were found".to_owned());
    }
    let ok = values.iter().all(|v| allowed.contains(v));
    let text = if ok {
        format!(
            "All [{}] are in [{}]",
            values.join(", "),
            allowed.join(", ")
        )
    } else {
        format!(
            "Some of [{}] are not in [{}]",
            values.join(", "),
            allowed.join(", ")
        )
    };
    Ok((ok, text))
}
