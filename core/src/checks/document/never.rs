//! `Never` (JSON Schema `false`).

use super::quote;
use crate::ir::Violation;
use crate::model::Instance;

/// Every value: nothing is valid against `false`.
pub fn never<'a>(v: impl Instance<'a>) -> Violation {
    Violation::new("false", "no value at all", quote(v))
}
