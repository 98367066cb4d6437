//! `regex`: every value contains a match of the RE2 pattern (unanchored, as Go
//! `regexp.MatchString`).

use super::{Checked, resolve::Lookup};
use crate::goregex::GoRegex;
use crate::rules::Rule;

pub(super) fn check(rule: &Rule, lookup: &Lookup<'_>) -> Checked {
    let re = GoRegex::new(&rule.regex).map_err(|e| e.to_string())?;
    let values = lookup.path_strings(rule)?;
    if values.is_empty() {
        return Err("no values were found".to_owned());
    }
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
