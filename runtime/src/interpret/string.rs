//! `string` ([`crate::ir::Check::LengthRange`]): every value's length in bytes within
//! `[minLength, maxLength]`.

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
    Ok(checks::length_range(
        &lookup.path_strings(path)?,
        min,
        max,
        explain,
    ))
}
