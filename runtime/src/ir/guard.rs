//! Guards: when a rule applies.

use super::Path;

/// A condition on the document; a rule whose guard does not hold is skipped.
#[derive(Debug, Clone, PartialEq)]
pub enum Guard {
    /// The path yields at least one value on the document itself (KubeVirt `valid`: no
    /// fallback; a path that fails to evaluate does not hold, except where the reference
    /// crashes, which fails the rule).
    Present(Path),
}
