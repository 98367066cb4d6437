//! The nodes of a ytt YAML document set (as ytt's `pkg/yamlmeta`).

use std::fmt;
use std::sync::Arc;

/// Where a node starts: its file (as named on ytt's command line) and 1-based line. Displays
/// as ytt prints positions, `schema.yml:4`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pos {
    /// The file's name.
    pub file: Arc<str>,
    /// The line, 1-based.
    pub line: usize,
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// A comment: its text after `#` (`@schema/nullable`, `! a note`) and its position.
#[derive(Debug, Clone, PartialEq)]
pub struct Comment {
    /// The text after `#`, without the line break.
    pub text: String,
    /// Where the comment is.
    pub pos: Pos,
}

/// The documents of one file, in order.
#[derive(Debug, Clone, PartialEq)]
pub struct DocumentSet {
    /// The documents.
    pub documents: Vec<Document>,
}

/// One YAML document.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// Where it starts: its `---` line; line 1 for the first document of a file that does not
    /// start with `---`; for the document ytt appends to hold trailing comments, the first of
    /// them (ytt gives that one no position).
    pub pos: Pos,
    /// The comments attached to it (those above its `---`, or on the `---` line).
    pub comments: Vec<Comment>,
    /// Its value (`Scalar::Null` for an empty document: ytt skips such documents in
    /// `--data-values-file` files and in its output).
    pub value: Node,
}

/// A value.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    /// A mapping, its items in document order.
    Map(Vec<MapItem>),
    /// A sequence, its items in order.
    Array(Vec<ArrayItem>),
    /// A scalar.
    Scalar(Scalar),
}

/// One entry of a mapping.
#[derive(Debug, Clone, PartialEq)]
pub struct MapItem {
    /// Where the entry starts (its key).
    pub pos: Pos,
    /// The key (ytt allows any scalar: `80: x`, `yes: x` has the key `true`).
    pub key: Scalar,
    /// The value.
    pub value: Node,
    /// The comments attached to the entry.
    pub comments: Vec<Comment>,
}

/// One entry of a sequence.
#[derive(Debug, Clone, PartialEq)]
pub struct ArrayItem {
    /// Where the item starts (its `-`).
    pub pos: Pos,
    /// The value.
    pub value: Node,
    /// The comments attached to the item.
    pub comments: Vec<Comment>,
}

/// A scalar, resolved as YAML 1.1 (ytt's go-yaml v2): `yes`/`no`/`on`/`off` are booleans,
/// `0x1F`, `017` and `1_000` integers, `~` and the empty value null.
#[derive(Debug, Clone, PartialEq)]
pub enum Scalar {
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float.
    Float(f64),
    /// A string.
    String(String),
}
