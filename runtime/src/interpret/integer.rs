//! `integer` ([`crate::ir::Check::IntRange`]): every value within `[min, max]`.

use super::{Checked, Explain, resolve::Lookup};
use crate::checks;
use crate::ir::{Arg, Path};

pub(super) fn check(
    min: Option<&Arg<i64>>,
    max: Option<&Arg<i64>>,
    path: Option<&Path>,
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
