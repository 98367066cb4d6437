//! `enum` ([`crate::ir::Check::Enum`]): every value equals one of `values` exactly.

use super::{Checked, Explain};
use crate::checks;
use crate::ir::{Arg, Path};
use crate::model::Document;
use crate::model::values::{path_strings, str_arg};

pub(super) fn check(
    values: &[Arg<String>],
    path: Option<&Path>,
    doc: &impl Document,
    explain: Explain,
) -> Checked {
    let allowed = values
        .iter()
        .map(|v| str_arg(doc, v))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(checks::one_of(&path_strings(doc, path)?, &allowed, explain))
}
