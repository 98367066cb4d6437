//! A stream (standard input, or a file) judged as it arrives. The stream is cut into pieces
//! without parsing it: a YAML stream before each `---` line (and after each `...` line) that
//! follows some content; a JSON stream (its first character `{` or `[`) at the end of each
//! line where every value opened so far is closed, which fits line-delimited JSON and
//! pretty-printed values alike. Each piece is then parsed and judged on its own, so a VM is
//! printed as soon as the end of its document has been read, and `--max-bytes` bounds each
//! document, not the stream. Documents are numbered across the whole stream, and error
//! positions are lines of the stream.

use std::io::{self, BufRead};

use validgen_kubevirt::manifest::{self, ManifestError};

use validgen_core::model::Yaml;

use super::parsed::Parsed;
use super::{Against, Item, document_item, documents, kyverno};

/// What judging a stream needs besides the stream.
pub(super) struct Judge<'a> {
    /// The stream's name in sources and errors (`-` for standard input).
    pub file: &'a str,
    /// What documents are judged against.
    pub against: &'a Against<'a>,
    /// Largest document, in bytes.
    pub max_bytes: usize,
}

/// Reads `reader` piece by piece and calls `emit` with each document's item, in order,
/// stopping when `emit` returns `false`. A stream without any document is an error. Pieces
/// over `max_bytes` are errors whatever the documents are judged against.
pub(super) fn judge_stream(
    judge: &Judge<'_>,
    reader: impl BufRead,
    mut emit: impl FnMut(Item) -> bool,
) {
    let mut documents = 0;
    let mut errors = false;
    for piece in Pieces::new(reader, judge.max_bytes) {
        let items = match piece {
            Ok(piece) => piece_items(&piece, &mut documents, judge),
            Err(e) => vec![Item::Error {
                source: judge.file.to_owned(),
                message: format!("{}: {e}", judge.file),
            }],
        };
        for item in items {
            errors |= matches!(item, Item::Error { .. });
            if !emit(item) {
                return;
            }
        }
    }
    if documents == 0 && !errors {
        // With `--schema`, a stream of only comments or `---` is one `null` document, as YAML
        // 1.2 tools read it; kubectl refuses such a manifest, and so does `--crd`.
        if let Against::Schemas(set) = judge.against
            && !set.by_kind()
        {
            let null = Yaml::unlocated(serde_json::Value::Null);
            emit(set.validate(judge.file, 0, 1, &Parsed::Yaml(&null)));
            return;
        }
        emit(Item::Error {
            source: judge.file.to_owned(),
            message: ManifestError::Empty {
                file: judge.file.to_owned(),
            }
            .to_string(),
        });
    }
}

/// The items of one piece; `documents` counts the stream's documents so far.
fn piece_items(piece: &Piece, documents: &mut usize, judge: &Judge<'_>) -> Vec<Item> {
    if piece.size > judge.max_bytes {
        *documents += 1;
        let source = format!("{}:{}", judge.file, piece.first_line);
        let e = ManifestError::TooLarge {
            file: source.clone(),
            size: piece.size,
            limit: judge.max_bytes,
        };
        return vec![Item::Error {
            source,
            message: e.to_string(),
        }];
    }
    let (catalog, mode, options) = match judge.against {
        Against::Templates {
            catalog,
            mode,
            kyverno,
        } => (*catalog, *mode, *kyverno),
        Against::Schemas(set) => return documents::piece_items(piece, documents, judge.file, set),
    };
    match manifest::parse(judge.file, &piece.text, judge.max_bytes) {
        Ok(docs) => {
            let first = *documents;
            *documents += docs.len();
            docs.into_iter()
                .map(|mut doc| {
                    doc.index += first;
                    match kyverno::recognise(judge.file, &doc.value, options) {
                        Some(version) => {
                            let test = kyverno::Test {
                                file: judge.file,
                                index: doc.index,
                                text: &piece.text,
                                first_line: piece.first_line,
                                check_files: options.check_files,
                            };
                            kyverno::item(&test, version, doc.value)
                        }
                        None => document_item(judge.file, &doc, catalog, mode),
                    }
                })
                .collect()
        }
        // Only comments, `null` or an empty List: no document here.
        Err(ManifestError::Empty { .. }) => Vec::new(),
        Err(e) => {
            // A broken piece still takes a number, so that later ones keep their position.
            *documents += 1;
            let e = in_stream(e, piece);
            // The error's own line when it has one, else the line the piece starts on.
            let line = match &e {
                ManifestError::Syntax { line, .. } | ManifestError::NotUtf8 { line, .. }
                    if *line > 0 =>
                {
                    *line
                }
                _ => piece.first_line,
            };
            vec![Item::Error {
                source: format!("{}:{line}", judge.file),
                message: e.to_string(),
            }]
        }
    }
}

/// Moves an error's position from the piece to the stream.
fn in_stream(e: ManifestError, piece: &Piece) -> ManifestError {
    let shift = |line: usize| {
        if line == 0 {
            0
        } else {
            line + piece.first_line - 1
        }
    };
    match e {
        ManifestError::Syntax {
            file,
            line,
            column,
            message,
        } => ManifestError::Syntax {
            file,
            line: shift(line),
            column,
            message,
        },
        ManifestError::NotUtf8 {
            file,
            line,
            column,
            offset,
        } => ManifestError::NotUtf8 {
            file,
            line: shift(line),
            column,
            offset: offset + piece.offset,
        },
        e => e,
    }
}

/// A piece of the stream: one document (or a few, for JSON values on one line).
#[derive(Debug, Default, PartialEq, Eq)]
pub(super) struct Piece {
    /// Its bytes (left empty once `size` is over the limit).
    pub(super) text: Vec<u8>,
    /// The stream line it starts on (1-based).
    pub(super) first_line: usize,
    /// The stream byte offset it starts at.
    pub(super) offset: usize,
    /// Its size in bytes.
    pub(super) size: usize,
    /// Whether it has anything but blank lines, comments, directives and markers.
    content: bool,
}

/// The pieces of a stream, read as they arrive.
struct Pieces<R> {
    reader: R,
    max_bytes: usize,
    /// `Some(true)` for a JSON stream, once its first character has been seen.
    json: Option<bool>,
    /// Lines read so far.
    lines: usize,
    /// Bytes read so far.
    bytes: usize,
    /// A `---` line that starts the next piece.
    carry: Option<Line>,
    /// The JSON structure of the piece so far, fed every byte read (also those of a line too
    /// long to keep), so that an over-long value still ends where it ends.
    scan: JsonScan,
    /// An I/O error ended the stream.
    failed: bool,
}

impl<R: BufRead> Pieces<R> {
    fn new(reader: R, max_bytes: usize) -> Self {
        Pieces {
            reader,
            max_bytes,
            json: None,
            lines: 0,
            bytes: 0,
            carry: None,
            scan: JsonScan::default(),
            failed: false,
        }
    }

    /// The next line; `None` at the end of the stream.
    fn line(&mut self) -> io::Result<Option<Line>> {
        if let Some(carried) = self.carry.take() {
            return Ok(Some(carried));
        }
        let cap = self.max_bytes.saturating_add(1);
        let mut line = Vec::new();
        let mut len = 0;
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if buf.is_empty() {
                break;
            }
            let (n, end) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (buf.len(), false),
            };
            let keep = n.min(cap.saturating_sub(line.len()));
            line.extend_from_slice(&buf[..keep]);
            if self.json != Some(false) {
                self.scan.feed(&buf[..n]);
            }
            self.reader.consume(n);
            len += n;
            if end {
                break;
            }
        }
        if len == 0 {
            return Ok(None);
        }
        self.lines += 1;
        let offset = self.bytes;
        self.bytes += len;
        Ok(Some(Line {
            bytes: line,
            len,
            number: self.lines,
            offset,
        }))
    }
}

impl<R: BufRead> Iterator for Pieces<R> {
    type Item = io::Result<Piece>;

    fn next(&mut self) -> Option<io::Result<Piece>> {
        if self.failed {
            return None;
        }
        let mut piece = Piece::default();
        self.scan = JsonScan::default();
        loop {
            let line = match self.line() {
                Ok(Some(l)) => l,
                Ok(None) => return piece.content.then_some(Ok(piece)),
                Err(e) => {
                    self.failed = true;
                    return Some(Err(e));
                }
            };
            let text = &line.bytes;
            if self.json.is_none() {
                self.json = first_char(text).map(|c| c == b'{' || c == b'[');
            }
            if self.json == Some(true) {
                // Between values, a YAML document marker only separates documents (JSON is
                // YAML: `{…}` `---` `{…}` is two documents, not a `null` between them).
                let separator = self.scan.closed()
                    && (marker(text, b"---").is_some_and(|rest| !is_content(rest))
                        || marker(text, b"...").is_some());
                piece.content |= !separator && first_char(text).is_some();
                piece.push(&line, self.max_bytes);
                if piece.content && self.scan.closed() {
                    return Some(Ok(piece));
                }
            } else if let Some(rest) = marker(text, b"---") {
                if piece.content {
                    self.carry = Some(line);
                    return Some(Ok(piece));
                }
                piece.content |= is_content(rest);
                piece.push(&line, self.max_bytes);
            } else if marker(text, b"...").is_some() {
                piece.push(&line, self.max_bytes);
                if piece.content {
                    return Some(Ok(piece));
                }
            } else {
                piece.content |= !text.starts_with(b"%") && is_content(text);
                piece.push(&line, self.max_bytes);
            }
        }
    }
}

/// One line of the stream.
struct Line {
    /// Its bytes with the `\n`; at most `max_bytes + 1` of them are kept.
    bytes: Vec<u8>,
    /// Its full length.
    len: usize,
    /// Its number (1-based).
    number: usize,
    /// The stream byte offset it starts at.
    offset: usize,
}

impl Piece {
    fn push(&mut self, line: &Line, max_bytes: usize) {
        if self.first_line == 0 {
            self.first_line = line.number;
            self.offset = line.offset;
        }
        self.size += line.len;
        if self.size > max_bytes {
            self.text = Vec::new();
        } else {
            self.text.extend_from_slice(&line.bytes);
        }
    }
}

/// The rest of the line after a document marker (`---` or `...` at the start of the line,
/// followed by a blank or the end of the line); `None` when the line is not one.
fn marker<'a>(line: &'a [u8], marker: &[u8]) -> Option<&'a [u8]> {
    let rest = line.strip_prefix(marker)?;
    match rest.first() {
        None | Some(b' ' | b'\t' | b'\r' | b'\n') => Some(rest),
        Some(_) => None,
    }
}

/// Whether a line (or the rest of one) holds YAML content: not blank, not a comment.
fn is_content(text: &[u8]) -> bool {
    first_char(text).is_some_and(|c| c != b'#')
}

/// The first byte that is not a blank or a byte order mark.
fn first_char(text: &[u8]) -> Option<u8> {
    let text = text.strip_prefix(b"\xef\xbb\xbf").unwrap_or(text);
    text.iter().copied().find(|c| !c.is_ascii_whitespace())
}

/// Tracks whether every JSON value opened so far is closed (strings and escapes respected).
#[derive(Debug, Default)]
struct JsonScan {
    depth: i64,
    in_string: bool,
    escaped: bool,
}

impl JsonScan {
    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            if self.in_string {
                match (self.escaped, b) {
                    (true, _) => self.escaped = false,
                    (false, b'\\') => self.escaped = true,
                    (false, b'"') => self.in_string = false,
                    _ => {}
                }
            } else {
                match b {
                    b'"' => self.in_string = true,
                    b'{' | b'[' => self.depth += 1,
                    b'}' | b']' => self.depth -= 1,
                    _ => {}
                }
            }
        }
    }

    /// Every value opened is closed (or a stray closing bracket was seen: the parser reports
    /// it).
    fn closed(&self) -> bool {
        !self.in_string && self.depth <= 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(text: &str, max_bytes: usize) -> Vec<(String, usize, usize)> {
        Pieces::new(text.as_bytes(), max_bytes)
            .map(|p| p.expect("no I/O error"))
            .map(|p| {
                (
                    String::from_utf8_lossy(&p.text).into_owned(),
                    p.first_line,
                    p.size,
                )
            })
            .collect()
    }

    #[test]
    fn yaml_is_cut_before_each_marker_that_follows_content() {
        let text = "# a comment\n---\na: 1\n--- \nb: 2\n---\n# only a comment\n---\nc: |\n  x\n";
        assert_eq!(
            pieces(text, 1000),
            vec![
                ("# a comment\n---\na: 1\n".to_owned(), 1, 21),
                ("--- \nb: 2\n".to_owned(), 4, 10),
                ("---\n# only a comment\n---\nc: |\n  x\n".to_owned(), 6, 34),
            ]
        );
    }

    #[test]
    fn yaml_markers_with_content_and_document_ends() {
        let text = "%YAML 1.2\n--- {a: 1}\n...\nb: 2\n---x: not a marker\n";
        assert_eq!(
            pieces(text, 1000),
            vec![
                ("%YAML 1.2\n--- {a: 1}\n...\n".to_owned(), 1, 25),
                ("b: 2\n---x: not a marker\n".to_owned(), 4, 24),
            ]
        );
    }

    #[test]
    fn json_is_cut_where_every_value_is_closed() {
        let text = "{\"a\": \"}\\\"{\"}\n{\"b\":\n  [1, 2]\n}\n\n{\"c\": 3} {\"d\": 4}\n";
        assert_eq!(
            pieces(text, 1000),
            vec![
                ("{\"a\": \"}\\\"{\"}\n".to_owned(), 1, 14),
                ("{\"b\":\n  [1, 2]\n}\n".to_owned(), 2, 17),
                ("\n{\"c\": 3} {\"d\": 4}\n".to_owned(), 5, 19),
            ]
        );
    }

    #[test]
    fn blank_streams_have_no_piece_and_oversized_pieces_keep_their_size() {
        assert!(pieces("\n# nothing\n", 1000).is_empty());
        assert_eq!(
            pieces("a: 1\n---\nb: 22222222222\n", 10),
            vec![("a: 1\n".to_owned(), 1, 5), (String::new(), 2, 19)]
        );
    }
}
