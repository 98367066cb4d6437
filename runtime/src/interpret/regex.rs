//! `regex` ([`crate::ir::Check::Pattern`]): every value contains a match of the RE2 pattern
//! (unanchored, as Go `regexp.MatchString`).

use super::{Checked, Explain, resolve::Lookup};
use crate::checks;
use crate::ir::{Path, Regex};

pub(super) fn check(
    regex: &Result<Regex, String>,
    path: Option<&Path>,
    lookup: &Lookup<'_>,
    explain: Explain,
) -> Checked {
    let Regex::Re2(re) = regex.as_ref().map_err(Clone::clone)?;
    Ok(checks::pattern(&lookup.path_strings(path)?, re, explain))
}
