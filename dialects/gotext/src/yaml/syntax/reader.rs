//! The characters the scanner reads, with libyaml's marks, and the reader's one error a Rust
//! `str` can still carry: a character YAML does not allow (ytt's go-yaml v2 `readerc.go`).

/// A position as libyaml counts it: characters from the start, 0-based line and column.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Mark {
    pub index: usize,
    pub line: usize,
    pub column: usize,
}

/// go-yaml's reader decodes its input 512 bytes at a time (`inputRawBufferSize`), and checks
/// every character it decodes: a disallowed one fails the read of its whole chunk.
const CHUNK: usize = 512;

/// The input as characters, read forward.
pub(super) struct Reader {
    chars: Vec<char>,
    pos: usize,
    /// Where the reader is.
    pub mark: Mark,
    /// The first character of the chunk holding a disallowed character, if any.
    failing_chunk: Option<usize>,
    /// Whether the scanner has looked into that chunk.
    pub failed: bool,
}

impl Reader {
    /// The reader of `text`; a UTF-8 byte order mark opening it is consumed unseen, as
    /// go-yaml's encoding detection does.
    pub fn new(text: &str) -> Reader {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut chars = Vec::with_capacity(text.len());
        let mut failing_chunk = None;
        let mut chunk_start = (0, 0);
        for (byte, c) in text.char_indices() {
            if byte / CHUNK != chunk_start.0 {
                chunk_start = (byte / CHUNK, chars.len());
            }
            if failing_chunk.is_none() && !allowed(c) {
                failing_chunk = Some(chunk_start.1);
            }
            chars.push(c);
        }
        Reader {
            chars,
            pos: 0,
            mark: Mark::default(),
            failing_chunk,
            failed: false,
        }
    }

    /// The character `k` ahead, `'\0'` past the end (libyaml pads its buffer with NULs).
    pub fn at(&mut self, k: usize) -> char {
        let i = self.pos + k;
        if self.failing_chunk.is_some_and(|f| i >= f) {
            self.failed = true;
        }
        self.chars.get(i).copied().unwrap_or('\0')
    }

    /// Moves past one character that is not a line break.
    pub fn skip(&mut self) {
        self.pos += 1;
        self.mark.index += 1;
        self.mark.column += 1;
    }

    /// Moves past a line break (`\r\n` is one), if there is one.
    pub fn skip_line(&mut self) {
        let width = match (self.at(0), self.at(1)) {
            ('\r', '\n') => 2,
            (c, _) if is_break(c) => 1,
            _ => return,
        };
        self.pos += width;
        self.mark.index += width;
        self.mark.column = 0;
        self.mark.line += 1;
    }

    pub fn blank(&mut self, k: usize) -> bool {
        matches!(self.at(k), ' ' | '\t')
    }

    pub fn is_break(&mut self, k: usize) -> bool {
        is_break(self.at(k))
    }

    pub fn blankz(&mut self, k: usize) -> bool {
        let c = self.at(k);
        matches!(c, ' ' | '\t' | '\0') || is_break(c)
    }

    pub fn breakz(&mut self, k: usize) -> bool {
        let c = self.at(k);
        c == '\0' || is_break(c)
    }

    /// A letter, a digit, `_` or `-` (libyaml's `is_alpha`).
    pub fn alpha(&mut self, k: usize) -> bool {
        let c = self.at(k);
        c.is_ascii_alphanumeric() || c == '_' || c == '-'
    }

    /// Whether `---` or `...` followed by a blank or the end starts here, at column 0.
    pub fn document_indicator(&mut self) -> bool {
        self.mark.column == 0
            && ((self.at(0) == '-' && self.at(1) == '-' && self.at(2) == '-')
                || (self.at(0) == '.' && self.at(1) == '.' && self.at(2) == '.'))
            && self.blankz(3)
    }
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// The characters YAML 1.1 allows in a stream (libyaml's reader check).
fn allowed(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | ' '..='~' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}
