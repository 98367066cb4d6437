//! `regex` ([`crate::ir::Check::Pattern`]): every value contains a match of the RE2 pattern
//! (unanchored, as Go `regexp.MatchString`).

use super::{Checked, Explain};
use crate::checks::{self, ValuesTexts, explained};
use crate::ir::{Path, Regex};
use crate::model::Document;
use crate::model::values::path_strings;

pub(super) fn check(
    regex: &Result<Regex, String>,
    path: Option<&Path>,
    doc: &impl Document,
    explain: Explain,
    texts: &impl ValuesTexts,
) -> Checked {
    let re = match regex.as_ref().map_err(Clone::clone)? {
        Regex::Re2(re) => re,
        // No frontend lowers another dialect into a KubeVirt rule; fail closed if one did.
        Regex::Ecma(_) => return Err("a regex rule needs a Go RE2 pattern".to_owned()),
    };
    let values = path_strings(doc, path)?;
    let found = checks::pattern(&values[..], re);
    Ok(explained(found.satisfied, explain, || {
        texts.pattern(&found)
    }))
}
