//! `regex` ([`crate::ir::Check::Pattern`]): every value contains a match of the RE2 pattern
//! (unanchored, as Go `regexp.MatchString`).

use super::{Checked, Explain, resolve::Lookup};
use crate::checks;
use crate::goregex::GoRegex;
use crate::rules::RulePath;

pub(super) fn check(
    regex: &Result<GoRegex, String>,
    path: Option<&RulePath>,
    lookup: &Lookup<'_>,
    explain: Explain,
) -> Checked {
    let re = regex.as_ref().map_err(Clone::clone)?;
    Ok(checks::pattern(&lookup.path_strings(path)?, re, explain))
}
