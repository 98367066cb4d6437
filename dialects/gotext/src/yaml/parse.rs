//! Reading YAML text into a [`DocumentSet`], as ytt 0.48's `pkg/yamlmeta/parser.go` does.

use std::sync::Arc;

use super::build::{build, options};
use super::comments::assemble;
use super::entries::Entries;
use super::{DocumentSet, Pos};

/// Why a text is not YAML ytt reads, or is beyond this reader's limits. Displays as
/// `values.yml:3: message`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{pos}: {message}")]
pub struct YamlError {
    /// Where: the file and the line (1-based) of the offending token.
    pub pos: Pos,
    /// What is wrong.
    pub message: String,
}

/// Reads the documents of `text`, a file named `file`, as ytt's `yamlmeta` reads them.
///
/// - A text that does not start with `---` (after blanks) is read with `---\n` before it, as ytt
///   does: so content or comments before a first `---` make an empty first document (value
///   null, line 1), and the comments above that `---` go to the document it starts.
/// - Positions are 1-based lines: a map item's is its key's line, an array item's its `-` (or,
///   in a flow sequence, its `[` or preceding `,`), a document's its `---` line (line 1 for the
///   first document of a text without a leading `---`).
/// - Comments are attached as ytt's `assignComments` does: each goes to the nearest node
///   (document, map item or array item) on its line or below within its document, the line's
///   last node if on the same line, else its first (outermost); a comment with none goes to the
///   next document, or after the last to an appended null document. Its text is what follows
///   `#`; a comment on a block scalar's header line is dropped, as libyaml drops it.
/// - Scalars are resolved as YAML 1.1 (go-yaml v2): see [`super::Scalar`]; a timestamp is a
///   string; aliases are expanded and `<<` merge keys spliced.
///
/// # Errors
/// A YAML syntax error; an alias without its anchor; a non-scalar key; a scalar that does not
/// match its `!!` tag, or tagged `!!binary`; an integer above `i64::MAX` that fits `u64` (ytt
/// reads a `uint64`, not supported here); nesting deeper than 256 maps and arrays; aliases
/// that expand to more than 100 000 nodes.
pub fn parse(text: &str, file: &str) -> Result<DocumentSet, YamlError> {
    let file: Arc<str> = Arc::from(file);
    let prepended;
    let (source, shift) = if starts_with_document_marker(text) {
        (text, 0)
    } else {
        prepended = format!("---\n{text}");
        (prepended.as_str(), 1)
    };
    let entries = Entries::scan(source, options());
    let built = build(source, &entries, &file, shift)?;
    Ok(DocumentSet {
        documents: assemble(built, &file),
    })
}

/// ytt's `\A\s*---\s+` (Go's `\s`: space, tab, line feed, form feed, carriage return).
fn starts_with_document_marker(text: &str) -> bool {
    let is_space = |c: char| matches!(c, ' ' | '\t' | '\n' | '\u{c}' | '\r');
    text.trim_start_matches(is_space)
        .strip_prefix("---")
        .is_some_and(|rest| rest.starts_with(is_space))
}
