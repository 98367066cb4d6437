//! `integer` ([`crate::ir::Check::IntRange`]): every value within `[min, max]`.

use super::{Checked, Explain};
use crate::checks::{self, ValuesTexts, explained};
use crate::ir::{Arg, Bounds, Path};
use crate::model::Document;
use crate::model::values::{int_arg, path_ints};

pub(super) fn check(
    min: Option<&Arg<i64>>,
    max: Option<&Arg<i64>>,
    path: Option<&Path>,
    doc: &impl Document,
    explain: Explain,
    texts: &impl ValuesTexts,
) -> Checked {
    let bounds = Bounds {
        min: int_arg(doc, min)?,
        max: int_arg(doc, max)?,
    };
    let values = path_ints(doc, path)?;
    let found = checks::int_range(&values, bounds);
    Ok(explained(found.satisfied, explain, || {
        texts.int_range(&found)
    }))
}
