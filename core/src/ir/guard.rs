//! Guards: when a rule applies.

use serde_json::Value;

use super::Path;

/// A condition on the document; a rule whose guard does not hold is skipped.
#[derive(Debug, Clone, PartialEq)]
pub enum Guard {
    /// The path yields at least one value on the document itself (KubeVirt `valid`: no
    /// fallback; a path that fails to evaluate does not hold, except where the reference
    /// crashes, which fails the rule).
    Present(Path),
    /// The path yields values, all equal to `value` (numbers by value).
    Equals {
        /// The path.
        path: Path,
        /// The value compared with.
        value: Value,
    },
    /// The path yields values, all truthy as Starlark judges them (ytt `when=`): not `null`,
    /// `false`, `0`, `""`, `[]` or `{}`.
    Truthy(Path),
    /// Every guard holds (none: holds).
    All(Vec<Guard>),
    /// Some guard holds (none: does not hold).
    Any(Vec<Guard>),
    /// The guard does not hold.
    Not(Box<Guard>),
}
