//! `enum` ([`crate::ir::Check::Enum`]): every value equals one of `values` exactly.

use super::{Checked, Explain, resolve::Lookup};
use crate::checks;
use crate::ir::{Arg, Path};

pub(super) fn check(
    values: &[Arg<String>],
    path: Option<&Path>,
    lookup: &Lookup<'_>,
    explain: Explain,
) -> Checked {
    let allowed = values
        .iter()
        .map(|v| lookup.str_arg(v))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(checks::one_of(
        &lookup.path_strings(path)?,
        &allowed,
        explain,
    ))
}
