//! `regex` ([`crate::ir::Check::Pattern`]): every value contains a match of the RE2 pattern
//! (unanchored, as Go `regexp.MatchString`).

use super::{Checked, resolve::Lookup};
use crate::goregex::GoRegex;
use crate::rules::RulePath;

pub(super) fn check(
    regex: &Result<GoRegex, String>,
    path: Option<&RulePath>,
    lookup: &Lookup<'_>,
) -> Checked {
    let re = regex.as_ref().map_err(Clone::clone)?;
    let values = lookup.path_strings(path)?;
    let ok = values.iter().all(|v| re.is_match(v));
    let text = if ok {
        format!("All [{}] match {}", values.join(", "), re.as_str())
    } else {
        format!(
            "Some of [{}] do not match {}",
            values.join(", "),
            re.as_str()
        )
    };
    Ok((ok, text))
}
