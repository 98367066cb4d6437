//! `enum` ([`crate::ir::Check::Enum`]): every value equals one of `values` exactly.

use super::{Checked, Explain};
use crate::checks::{self, ValuesTexts, explained};
use crate::ir::{Arg, Path};
use crate::model::Document;
use crate::model::values::{path_strings, str_arg};

pub(super) fn check(
    values: &[Arg<String>],
    path: Option<&Path>,
    doc: &impl Document,
    explain: Explain,
    texts: &impl ValuesTexts,
) -> Checked {
    let allowed = values
        .iter()
        .map(|v| str_arg(doc, v))
        .collect::<Result<Vec<_>, _>>()?;
    let values = path_strings(doc, path)?;
    let found = checks::one_of(&values[..], &allowed[..]);
    Ok(explained(found.satisfied, explain, || texts.one_of(&found)))
}
