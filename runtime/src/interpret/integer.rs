//! `integer` ([`crate::ir::Check::IntRange`]): every value within `[min, max]`.

use super::{Checked, Explain, resolve::Lookup};
use crate::checks;
use crate::rules::{IntArg, RulePath};

pub(super) fn check(
    min: Option<&IntArg>,
    max: Option<&IntArg>,
    path: Option<&RulePath>,
    lookup: &Lookup<'_>,
    explain: Explain,
) -> Checked {
    let min = lookup.int_arg(min)?;
    let max = lookup.int_arg(max)?;
    Ok(checks::int_range(
        &lookup.path_ints(path)?,
        min,
        max,
        explain,
    ))
}
