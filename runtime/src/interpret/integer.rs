//! `integer` ([`crate::ir::Check::IntRange`]): every value within `[min, max]`.

use super::{Checked, Explain};
use crate::checks;
use crate::ir::{Arg, Path};
use crate::model::Document;
use crate::model::values::{int_arg, path_ints};

pub(super) fn check(
    min: Option<&Arg<i64>>,
    max: Option<&Arg<i64>>,
    path: Option<&Path>,
    doc: &impl Document,
    explain: Explain,
) -> Checked {
    let min = int_arg(doc, min)?;
    let max = int_arg(doc, max)?;
    Ok(checks::int_range(&path_ints(doc, path)?, min, max, explain))
}
