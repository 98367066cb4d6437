//! Positions in a rule's source text.

/// A position in a text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// Line, 1-based (lines end at `\n`).
    pub line: usize,
    /// Column, 1-based, counted in characters (Unicode scalar values) from the line start.
    pub column: usize,
    /// Byte offset from the start of the text, 0-based.
    pub offset: usize,
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {} column {}", self.line, self.column)
    }
}
