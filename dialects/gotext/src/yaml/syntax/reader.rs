//! The characters the scanner reads, with libyaml's marks (ytt's go-yaml v2 `readerc.go`).

/// A position as libyaml counts it: characters from the start, 0-based line and column.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Mark {
    pub index: usize,
    pub line: usize,
    pub column: usize,
}

/// The input as characters, read forward.
pub(super) struct Reader {
    chars: Vec<char>,
    pos: usize,
    /// Where the reader is.
    pub mark: Mark,
}

impl Reader {
    /// The reader of `text`; a UTF-8 byte order mark opening it is consumed unseen, as
    /// go-yaml's encoding detection does.
    pub fn new(text: &str) -> Reader {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Reader {
            chars: text.chars().collect(),
            pos: 0,
            mark: Mark::default(),
        }
    }

    /// The character `k` ahead, `'\0'` past the end (libyaml pads its buffer with NULs).
    pub fn at(&self, k: usize) -> char {
        self.chars.get(self.pos + k).copied().unwrap_or('\0')
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

    pub fn blank(&self, k: usize) -> bool {
        matches!(self.at(k), ' ' | '\t')
    }

    pub fn is_break(&self, k: usize) -> bool {
        is_break(self.at(k))
    }

    pub fn blankz(&self, k: usize) -> bool {
        let c = self.at(k);
        matches!(c, ' ' | '\t' | '\0') || is_break(c)
    }

    pub fn breakz(&self, k: usize) -> bool {
        let c = self.at(k);
        c == '\0' || is_break(c)
    }

    /// A letter, a digit, `_` or `-` (libyaml's `is_alpha`).
    pub fn alpha(&self, k: usize) -> bool {
        let c = self.at(k);
        c.is_ascii_alphanumeric() || c == '_' || c == '-'
    }

    /// Whether `---` or `...` followed by a blank or the end starts here, at column 0.
    pub fn document_indicator(&self) -> bool {
        self.mark.column == 0
            && ((self.at(0) == '-' && self.at(1) == '-' && self.at(2) == '-')
                || (self.at(0) == '.' && self.at(1) == '.' && self.at(2) == '.'))
            && self.blankz(3)
    }
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// Whether YAML 1.1 allows `c` in a stream (libyaml's reader check).
pub(in super::super) fn allowed(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | ' '..='~' | '\u{85}' | '\u{a0}'..='\u{d7ff}' | '\u{e000}'..='\u{fffd}' | '\u{10000}'..)
}
