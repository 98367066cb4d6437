//! Reading YAML text into a [`DocumentSet`], as ytt 0.48's `pkg/yamlmeta/parser.go` does.

use std::sync::Arc;

use super::build::{build, options};
use super::comments::assemble;
use super::entries::Entries;
use super::syntax::{SyntaxError, allowed, check};
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
    /// Whether `message` is go-yaml's own error text, as ytt 0.48 prints it after
    /// `Unmarshaling YAML template 'x.yml': ` (`yaml: line 2: mapping values are not allowed
    /// in this context`, the line as ytt corrects it for its prepended `---`); otherwise it is
    /// validgen's refusal of what go-yaml would read.
    pub go_yaml: bool,
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
/// A YAML syntax error or an alias to an unknown anchor, with go-yaml's text (see
/// [`YamlError::go_yaml`]); an alias without its anchor; a non-scalar key; a scalar that does not
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
    refuse_disallowed(text, &file)?;
    // go-yaml decides what is a syntax error; an error of the builder in a document before
    // go-yaml's failing one comes first, as go-yaml decodes each document before the next.
    let syntax = check(source);
    let entries = Entries::scan(source, options());
    let built = match (build(source, &entries, &file, shift), syntax) {
        (Ok(built), Ok(())) => built,
        (Err((error, _)), Ok(())) => return Err(unread(error)),
        (Err((error, document)), Err(syntax)) if document < syntax.document => return Err(error),
        (_, Err(syntax)) => return Err(go_yaml_error(&syntax, &file, shift)),
    };
    Ok(DocumentSet {
        documents: assemble(built, &file),
    })
}

/// go-yaml's error as ytt prints it (`pkg/yamlmeta/parser.go` `correctLineNumInErr`): the
/// line moved up by one when ytt prepended `---\n`. A parser error on the file's first line
/// comes out as line 0, on which ytt 0.48 panics (`Lines are 1 based`, exit 2): refused.
fn go_yaml_error(syntax: &SyntaxError, file: &Arc<str>, shift: usize) -> YamlError {
    let pos = Pos {
        file: Arc::clone(file),
        line: syntax.line.saturating_sub(shift).max(1),
    };
    let (message, go_yaml) = match syntax.line {
        0 => (format!("yaml: {}", syntax.problem), true),
        line if line > shift => (
            format!("yaml: line {}: {}", line - shift, syntax.problem),
            true,
        ),
        _ => (
            format!(
                "unsupported: a YAML syntax error on the first line ({}): ytt 0.48 reports it \
                 at line 0 and panics",
                syntax.problem
            ),
            false,
        ),
    };
    YamlError {
        pos,
        message,
        go_yaml,
    }
}

/// A character YAML does not allow (a control character) is refused: go-yaml's reader fails
/// on it, but ytt 0.48 prints a text that depends on where the scanner stands when the reader
/// decodes it (an unrelated `expected document end event but got none`, or a crash).
fn refuse_disallowed(text: &str, file: &Arc<str>) -> Result<(), YamlError> {
    let Some(at) = text.find(|c| !allowed(c)) else {
        return Ok(());
    };
    let c = text[at..].chars().next().unwrap_or_default();
    Err(YamlError {
        pos: Pos {
            file: Arc::clone(file),
            line: 1 + text[..at].matches('\n').count(),
        },
        message: format!(
            "unsupported: the control character U+{:04X}, which YAML does not allow (ytt 0.48 \
             reports it with a text that depends on where it stands)",
            u32::from(c)
        ),
        go_yaml: false,
    })
}

/// The builder's refusal of a text go-yaml reads: not a syntax error to ytt, so named as
/// validgen's limit.
fn unread(mut error: YamlError) -> YamlError {
    if let Some(problem) = error.message.strip_prefix("YAML syntax error: ") {
        error.message = format!("unsupported: YAML that ytt's go-yaml reads: {problem}");
    }
    error
}

/// ytt's `\A\s*---\s+` (Go's `\s`: space, tab, line feed, form feed, carriage return).
fn starts_with_document_marker(text: &str) -> bool {
    let is_space = |c: char| matches!(c, ' ' | '\t' | '\n' | '\u{c}' | '\r');
    text.trim_start_matches(is_space)
        .strip_prefix("---")
        .is_some_and(|rest| rest.starts_with(is_space))
}
