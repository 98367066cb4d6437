//! JSON documents read from bytes in one pass, without a `serde_json::Value`: a flat arena
//! (a *tape*) of nodes in document order, strings borrowed from the input (unescaped into
//! one side buffer only when they hold an escape), numbers as [`serde_json::Number`], arrays
//! and objects as ranges of their children, and the byte offset of every value, turned into `line:column` only for the violations a report holds
//! ([`Tape::locate`]).
//!
//! The reading is serde_json's (`serde_json::from_slice::<Value>` with `preserve_order`): the
//! same documents are accepted, numbers classified the same (`u64`, `i64`, else `f64`), a
//! duplicated key keeps its first place and its last value, nesting deeper than serde_json's
//! recursion limit is refused. The parser is iterative (an explicit stack), so a document
//! nested 100 000 deep is refused at the limit, never a stack overflow; the tape is at most a
//! few words per input byte.

mod document;
mod instance;
mod parse;
mod spare;

use std::borrow::Cow;

use serde_json::Number;

use crate::ir::Span;
use crate::report::DocumentReport;

pub use instance::TapeValue;
pub(crate) use parse::plain_run;
pub use parse::short_escape;

/// How deep arrays and objects may nest: serde_json's recursion limit (128 levels).
pub const MAX_DEPTH: usize = 128;

/// Objects with more entries than this get a sorted index of their keys (lookups by binary
/// search); smaller ones are scanned.
const SCAN_MAX: usize = 8;

/// A JSON document read from bytes (see the module's documentation).
#[derive(Debug, Clone)]
pub struct Tape<'a> {
    text: &'a str,
    nodes: Vec<Node<'a>>,
    /// Children of containers: an array's item nodes; an object's key nodes (each entry's
    /// value is the node after its key), followed (over [`SCAN_MAX`] entries) by the same key
    /// nodes sorted by key.
    kids: Vec<u32>,
    /// The text of strings that hold an escape, unescaped, one after the other.
    unescaped: String,
    /// Some object repeated a key.
    repeated_key: bool,
    /// How deep arrays and objects nest (0: a scalar document).
    depth: usize,
}

/// One value, at byte `offset` of the text: 32 bytes, nothing to drop.
#[derive(Debug, Clone)]
struct Node<'a> {
    offset: u32,
    kind: Kind<'a>,
}

#[derive(Debug, Clone)]
enum Kind<'a> {
    Null,
    Bool(bool),
    Number(Number),
    /// A string without escapes (between its quotes in the text).
    Str(&'a str),
    /// A string with an escape: `unescaped[start..start + len]`.
    Escaped {
        start: u32,
        len: u32,
    },
    /// `len` items at `kids[start..start + len]`.
    Array {
        start: u32,
        len: u32,
    },
    /// `len` entries, their key nodes at `kids[start..start + len]`.
    Object {
        start: u32,
        len: u32,
    },
}

impl Drop for Tape<'_> {
    /// Gives the child vector back for the thread's next parse.
    fn drop(&mut self) {
        spare::give(std::mem::take(&mut self.kids));
    }
}

/// Why bytes are not one JSON document: serde_json's message, at a 1-based line and column
/// (in characters).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line} column {column}: {message}")]
pub struct JsonError {
    /// 1-based line of the problem.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong (serde_json's words: `expected value`, `trailing characters`…).
    pub message: String,
}

impl<'a> Tape<'a> {
    /// Reads one JSON document (RFC 8259, as serde_json reads it) from `bytes`.
    ///
    /// # Errors
    /// The bytes are not UTF-8, not one JSON value (trailing characters included), nest
    /// deeper than 128 levels (serde_json's recursion limit), hold a number out of `f64`'s
    /// range or a lone surrogate escape, or are longer than 4 GiB: a [`JsonError`] at the
    /// problem.
    ///
    /// ```
    /// use validgen_core::model::{Instance, Tape};
    ///
    /// let tape = Tape::parse(br#"{"a": [1, "x"]}"#)?;
    /// let a = tape.root().get("a").and_then(|a| a.item(1));
    /// assert_eq!(a.and_then(|x| x.as_str()), Some("x"));
    /// assert_eq!(tape.span("/a/1").map(|s| (s.line, s.column)), Some((1, 11)));
    /// # Ok::<(), validgen_core::model::JsonError>(())
    /// ```
    pub fn parse(bytes: &'a [u8]) -> Result<Tape<'a>, JsonError> {
        parse::parse(bytes)
    }

    /// Whether some object of the document repeats a key (read as serde_json reads it: the
    /// key's first place, its last value), for readers that refuse such documents as a YAML
    /// reader does.
    pub fn repeats_a_key(&self) -> bool {
        self.repeated_key
    }

    /// How many values the document holds, object keys included (a YAML reader's count of
    /// nodes).
    pub fn value_count(&self) -> usize {
        self.nodes.len()
    }

    /// How deep its arrays and objects nest: 0 for a scalar, 1 for `[1]`, 2 for `[[1]]`.
    pub fn depth(&self) -> usize {
        self.depth
    }

    /// The text of a string node (`""` for any other node).
    #[inline]
    fn str_at(&self, node: u32) -> &str {
        string_text(&self.unescaped, &self.nodes[node as usize].kind)
    }

    /// The document's value.
    pub fn root(&self) -> TapeValue<'_> {
        TapeValue::new(self, 0)
    }

    /// The value at a JSON Pointer (`""`: the document), if there is one.
    pub fn value_at(&self, pointer: &str) -> Option<TapeValue<'_>> {
        Some(TapeValue::new(self, self.pointer(pointer)?))
    }

    /// The position of the value at a JSON Pointer (`""`: the document), if there is one.
    pub fn span(&self, pointer: &str) -> Option<Span> {
        let node = self.pointer(pointer)?;
        let offset = self.nodes[node as usize].offset as usize;
        Some(self.spans(&[offset])[0])
    }

    /// Gives every violation of `report` whose location is a JSON Pointer of this document the
    /// `line:column` of its value (one sweep of the text for all of them).
    pub fn locate(&self, report: &mut DocumentReport) {
        let found: Vec<(usize, usize)> = report
            .violations
            .iter()
            .enumerate()
            .filter_map(|(i, v)| {
                let node = self.pointer(&v.location)?;
                Some((i, self.nodes[node as usize].offset as usize))
            })
            .collect();
        let offsets: Vec<usize> = found.iter().map(|&(_, o)| o).collect();
        for ((i, _), span) in found.iter().zip(self.spans(&offsets)) {
            report.violations[*i].span = Some(span);
        }
    }

    /// The node at a JSON Pointer (RFC 6901), if any.
    fn pointer(&self, pointer: &str) -> Option<u32> {
        if pointer.is_empty() {
            return Some(0);
        }
        let mut at = TapeValue::new(self, 0);
        for token in pointer.strip_prefix('/')?.split('/') {
            let token: Cow<'_, str> = if token.contains('~') {
                Cow::Owned(token.replace("~1", "/").replace("~0", "~"))
            } else {
                Cow::Borrowed(token)
            };
            at = at.step(&token)?;
        }
        Some(at.index())
    }

    /// The `line:column` of each byte offset (any order), in one sweep of the text.
    fn spans(&self, offsets: &[usize]) -> Vec<Span> {
        let mut order: Vec<usize> = (0..offsets.len()).collect();
        order.sort_by_key(|&i| offsets[i]);
        let mut spans = vec![Span { line: 1, column: 1 }; offsets.len()];
        let (mut line, mut column, mut scanned) = (1, 1, 0);
        let bytes = self.text.as_bytes();
        for i in order {
            let offset = offsets[i].min(bytes.len());
            for &b in &bytes[scanned.min(offset)..offset] {
                if b == b'\n' {
                    (line, column) = (line + 1, 1);
                } else if b & 0xC0 != 0x80 {
                    // Columns count characters: UTF-8 continuation bytes add none.
                    column += 1;
                }
            }
            scanned = scanned.max(offset);
            spans[i] = Span { line, column };
        }
        spans
    }
}

/// The text of a string node's `kind` (`""` for another kind): borrowed from the document,
/// or a range of `unescaped` for a string that held an escape.
#[inline]
fn string_text<'s>(unescaped: &'s str, kind: &Kind<'s>) -> &'s str {
    match *kind {
        Kind::Str(s) => s,
        Kind::Escaped { start, len } => &unescaped[start as usize..(start + len) as usize],
        _ => "",
    }
}

/// The byte length of a string node's text (0 for another kind).
#[inline]
fn str_len(kind: &Kind<'_>) -> usize {
    match *kind {
        Kind::Str(s) => s.len(),
        Kind::Escaped { len, .. } => len as usize,
        _ => 0,
    }
}

/// The `line:column` (in characters) of byte `offset` of `text`.
fn position(text: &str, offset: usize) -> (usize, usize) {
    let before = &text.as_bytes()[..offset.min(text.len())];
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count()
        + 1;
    (line, column)
}
