//! Arguments of checks: a literal, or a path whose single value is read from the document.

use super::Path;

/// An argument: a literal of type `T`, or the single value at a path of the document.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg<T> {
    /// A value written in the rule.
    Literal(T),
    /// A path whose value is read when the rule is evaluated.
    Path(Path),
}

impl<T> Arg<T> {
    /// The path of a path-valued argument.
    pub fn path(&self) -> Option<&Path> {
        match self {
            Arg::Literal(_) => None,
            Arg::Path(p) => Some(p),
        }
    }
}
