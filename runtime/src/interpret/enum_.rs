//! `enum` ([`crate::ir::Check::OneOf`]): every value equals one of `values` exactly.

use super::{Checked, Explain, resolve::Lookup};
use crate::checks;
use crate::rules::{RulePath, StrArg};

pub(super) fn check(
    values: &[StrArg],
    path: Option<&RulePath>,
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
