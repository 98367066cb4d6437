//! `enum` ([`crate::ir::Check::OneOf`]): every value equals one of `values` exactly.

use super::{Checked, resolve::Lookup};
use crate::rules::{RulePath, StrArg};

pub(super) fn check(values: &[StrArg], path: Option<&RulePath>, lookup: &Lookup<'_>) -> Checked {
    let allowed = values
        .iter()
        .map(|v| lookup.str_arg(v))
        .collect::<Result<Vec<_>, _>>()?;
    let found = lookup.path_strings(path)?;
    let ok = found.iter().all(|v| allowed.contains(v));
    let text = if ok {
        format!("All [{}] are in [{}]", found.join(", "), allowed.join(", "))
    } else {
        format!(
            "Some of [{}] are not in [{}]",
            found.join(", "),
            allowed.join(", ")
        )
    };
    Ok((ok, text))
}
