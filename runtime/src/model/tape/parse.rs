//! The one pass from bytes to a [`Tape`]: an iterative parser (an explicit stack of open
//! arrays and objects), with serde_json's grammar, limits and error words
//! (`serde_json::error::ErrorCode`'s texts).

use std::borrow::Cow;

use serde_json::Number;

use super::{JsonError, Kind, MAX_DEPTH, Node, SCAN_MAX, Tape, position};

/// Reads `bytes` into a tape (see [`Tape::parse`]).
pub(super) fn parse(bytes: &[u8]) -> Result<Tape<'_>, JsonError> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        let (line, column) = position(&String::from_utf8_lossy(bytes), e.valid_up_to());
        JsonError {
            line,
            column,
            message: "invalid unicode code point".to_owned(),
        }
    })?;
    if u32::try_from(bytes.len()).is_err() {
        return Err(JsonError {
            line: 1,
            column: 1,
            message: "document longer than 4 GiB".to_owned(),
        });
    }
    let mut p = Parser {
        text,
        bytes,
        pos: 0,
        nodes: Vec::with_capacity(bytes.len() / 8 + 1),
        kids: Vec::new(),
        pending: Vec::new(),
        open: Vec::new(),
    };
    p.document().map_err(|(offset, message)| {
        let (line, column) = position(text, offset);
        JsonError {
            line,
            column,
            message: message.to_owned(),
        }
    })?;
    Ok(Tape {
        text,
        nodes: p.nodes,
        kids: p.kids,
    })
}

/// An error: its byte offset and serde_json's words for it.
type Fail = (usize, &'static str);

/// An array or object being read: its node and where its children start in `pending`.
struct Open {
    node: u32,
    object: bool,
    first: usize,
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    nodes: Vec<Node<'a>>,
    kids: Vec<u32>,
    /// The children read so far of every open container, innermost last.
    pending: Vec<u32>,
    open: Vec<Open>,
}

impl<'a> Parser<'a> {
    fn document(&mut self) -> Result<(), Fail> {
        'value: loop {
            // A value is expected.
            self.skip_ws();
            let start = self.pos;
            let kind = match self.peek() {
                None => return Err((start.saturating_sub(1), "EOF while parsing a value")),
                Some(b'[' | b'{') => {
                    let object = self.bytes[start] == b'{';
                    self.pos += 1;
                    if self.open.len() >= MAX_DEPTH - 1 {
                        return Err((start, "recursion limit exceeded"));
                    }
                    let node = self.push(start, Kind::Null);
                    self.open.push(Open {
                        node,
                        object,
                        first: self.pending.len(),
                    });
                    self.skip_ws();
                    let close = if object { b'}' } else { b']' };
                    if self.peek() == Some(close) {
                        self.pos += 1;
                        self.close();
                    } else if object {
                        self.key()?;
                        continue 'value;
                    } else {
                        continue 'value;
                    }
                    None
                }
                Some(b'"') => Some(Kind::Str(self.string()?)),
                Some(b't') => Some(self.literal("true", Kind::Bool(true))?),
                Some(b'f') => Some(self.literal("false", Kind::Bool(false))?),
                Some(b'n') => Some(self.literal("null", Kind::Null)?),
                Some(b'-' | b'0'..=b'9') => Some(Kind::Number(self.number()?)),
                Some(_) => return Err((start, "expected value")),
            };
            if let Some(kind) = kind {
                self.push(start, kind);
            }
            // After a value: the next entry, the end of containers, or the end of the text.
            loop {
                self.skip_ws();
                let Some(open) = self.open.last() else {
                    return match self.peek() {
                        None => Ok(()),
                        Some(_) => Err((self.pos, "trailing characters")),
                    };
                };
                let (object, close) = (open.object, if open.object { b'}' } else { b']' });
                match self.peek() {
                    Some(b',') => {
                        self.pos += 1;
                        self.skip_ws();
                        if self.peek() == Some(close) {
                            return Err((self.pos, "trailing comma"));
                        }
                        if object {
                            self.skip_ws();
                            self.key()?;
                        }
                        continue 'value;
                    }
                    Some(b) if b == close => {
                        self.pos += 1;
                        self.close();
                    }
                    None if object => {
                        return Err((self.pos.saturating_sub(1), "EOF while parsing an object"));
                    }
                    None => return Err((self.pos.saturating_sub(1), "EOF while parsing a list")),
                    Some(_) if object => return Err((self.pos, "expected `,` or `}`")),
                    Some(_) => return Err((self.pos, "expected `,` or `]`")),
                }
            }
        }
    }

    /// Adds a node; a child of the innermost open container.
    fn push(&mut self, offset: usize, kind: Kind<'a>) -> u32 {
        let index = self.nodes.len() as u32;
        self.nodes.push(Node {
            offset: offset as u32,
            kind,
        });
        if !self.open.is_empty() {
            self.pending.push(index);
        }
        index
    }

    /// An object's key and its `:`, the key pushed as a string node.
    fn key(&mut self) -> Result<(), Fail> {
        let start = self.pos;
        match self.peek() {
            Some(b'"') => {}
            None => return Err((start.saturating_sub(1), "EOF while parsing an object")),
            Some(_) => return Err((start, "key must be a string")),
        }
        let key = self.string()?;
        self.push(start, Kind::Str(key));
        self.skip_ws();
        match self.peek() {
            Some(b':') => {
                self.pos += 1;
                Ok(())
            }
            None => Err((self.pos.saturating_sub(1), "EOF while parsing an object")),
            Some(_) => Err((self.pos, "expected `:`")),
        }
    }

    /// Ends the innermost open container: its children move to `kids`.
    fn close(&mut self) {
        let Some(open) = self.open.pop() else {
            return;
        };
        let start = self.kids.len() as u32;
        self.kids.extend(self.pending.drain(open.first..));
        let count = self.kids.len() as u32 - start;
        let kind = if open.object {
            let len = self.entries(start, count / 2);
            Kind::Object { start, len }
        } else {
            Kind::Array { start, len: count }
        };
        self.nodes[open.node as usize].kind = kind;
    }

    /// Settles the `len` entries of an object at `kids[start..]`: a duplicated key keeps its
    /// first place and takes its last value (as serde_json's `preserve_order` map); over
    /// [`SCAN_MAX`] entries, their numbers sorted by key follow. The entries left.
    fn entries(&mut self, start: u32, len: u32) -> u32 {
        let (start, n) = (start as usize, len as usize);
        let mut order: Vec<u32> = Vec::new();
        let duplicated = if n <= SCAN_MAX {
            (1..n).any(|j| (0..j).any(|i| self.key_at(start, i) == self.key_at(start, j)))
        } else {
            order = (0..len).collect();
            order.sort_by(|&a, &b| {
                self.key_at(start, a as usize)
                    .cmp(self.key_at(start, b as usize))
                    .then(a.cmp(&b))
            });
            order
                .windows(2)
                .any(|w| self.key_at(start, w[0] as usize) == self.key_at(start, w[1] as usize))
        };
        let n = if duplicated { self.dedup(start, n) } else { n };
        if n > SCAN_MAX {
            if duplicated {
                order = (0..n as u32).collect();
                order.sort_by(|&a, &b| {
                    self.key_at(start, a as usize)
                        .cmp(self.key_at(start, b as usize))
                });
            }
            self.kids.extend(order);
        }
        n as u32
    }

    /// Keeps the first place and the last value of each key among the `n` entries at
    /// `kids[start..]` (rare: a quadratic pass is fine for the small objects that reach it,
    /// and big ones go through a map). The entries left.
    fn dedup(&mut self, start: usize, n: usize) -> usize {
        let mut kept: Vec<(u32, u32)> = Vec::with_capacity(n);
        let mut place: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        let nodes = &self.nodes;
        let name = |k: u32| match &nodes[k as usize].kind {
            Kind::Str(s) => s.as_ref(),
            _ => "",
        };
        for e in 0..n {
            let (k, v) = (self.kids[start + 2 * e], self.kids[start + 2 * e + 1]);
            match place.get(name(k)) {
                Some(&i) => kept[i].1 = v,
                None => {
                    place.insert(name(k), kept.len());
                    kept.push((k, v));
                }
            }
        }
        self.kids.truncate(start);
        for (k, v) in &kept {
            self.kids.extend([*k, *v]);
        }
        kept.len()
    }

    /// The key of entry `e` of the object whose entries start at `kids[start]`.
    fn key_at(&self, start: usize, e: usize) -> &str {
        match &self.nodes[self.kids[start + 2 * e] as usize].kind {
            Kind::Str(s) => s,
            _ => "",
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while let Some(b' ' | b'\n' | b'\t' | b'\r') = self.peek() {
            self.pos += 1;
        }
    }

    fn literal(&mut self, word: &'static str, kind: Kind<'a>) -> Result<Kind<'a>, Fail> {
        for &b in word.as_bytes() {
            match self.peek() {
                Some(c) if c == b => self.pos += 1,
                None => return Err((self.pos.saturating_sub(1), "EOF while parsing a value")),
                Some(_) => return Err((self.pos, "expected ident")),
            }
        }
        Ok(kind)
    }

    /// A number as serde_json reads it: an integer that fits `u64` (or `i64` when negative)
    /// is one; anything else (a fraction, an exponent, `-0`, a bigger integer) is parsed by
    /// serde_json itself, so that its `f64` is exactly serde_json's.
    fn number(&mut self) -> Result<Number, Fail> {
        let start = self.pos;
        let negative = self.peek() == Some(b'-');
        if negative {
            self.pos += 1;
        }
        let digits = self.pos;
        match self.peek() {
            Some(b'0') => {
                self.pos += 1;
                if let Some(b'0'..=b'9') = self.peek() {
                    return Err((self.pos, "invalid number"));
                }
            }
            Some(b'1'..=b'9') => self.skip_digits(),
            None => return Err((self.pos.saturating_sub(1), "EOF while parsing a value")),
            Some(_) => return Err((self.pos, "invalid number")),
        }
        let int_end = self.pos;
        let mut plain = true;
        if self.peek() == Some(b'.') {
            plain = false;
            self.pos += 1;
            self.required_digits()?;
        }
        if let Some(b'e' | b'E') = self.peek() {
            plain = false;
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            self.required_digits()?;
        }
        if plain && int_end - digits <= 18 {
            // At most 18 digits: fits `u64`, and `i64` when negated.
            let magnitude = self.bytes[digits..int_end]
                .iter()
                .fold(0u64, |n, &d| n * 10 + u64::from(d - b'0'));
            if !negative {
                return Ok(Number::from(magnitude));
            }
            if magnitude != 0 {
                return Ok(Number::from(-(magnitude as i64)));
            }
        }
        serde_json::from_str::<Number>(&self.text[start..self.pos])
            .map_err(|_| (self.pos - 1, "number out of range"))
    }

    fn skip_digits(&mut self) {
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
    }

    fn required_digits(&mut self) -> Result<(), Fail> {
        match self.peek() {
            Some(b'0'..=b'9') => {
                self.skip_digits();
                Ok(())
            }
            None => Err((self.pos.saturating_sub(1), "EOF while parsing a value")),
            Some(_) => Err((self.pos, "invalid number")),
        }
    }

    /// A string (at its opening quote): borrowed from the text unless it holds an escape.
    fn string(&mut self) -> Result<Cow<'a, str>, Fail> {
        self.pos += 1;
        let start = self.pos;
        loop {
            match self.peek() {
                None => return Err((self.pos.saturating_sub(1), "EOF while parsing a string")),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(Cow::Borrowed(&self.text[start..self.pos - 1]));
                }
                Some(b'\\') => break,
                Some(0..0x20) => {
                    return Err((
                        self.pos,
                        "control character (\\u0000-\\u001F) found while parsing a string",
                    ));
                }
                Some(_) => self.pos += 1,
            }
        }
        let mut out = String::from(&self.text[start..self.pos]);
        loop {
            let run = self.pos;
            loop {
                match self.peek() {
                    None => return Err((self.pos.saturating_sub(1), "EOF while parsing a string")),
                    Some(b'"' | b'\\') => break,
                    Some(0..0x20) => {
                        return Err((
                            self.pos,
                            "control character (\\u0000-\\u001F) found while parsing a string",
                        ));
                    }
                    Some(_) => self.pos += 1,
                }
            }
            out.push_str(&self.text[run..self.pos]);
            if self.peek() == Some(b'"') {
                self.pos += 1;
                return Ok(Cow::Owned(out));
            }
            self.pos += 1;
            let escaped = match self.peek() {
                None => return Err((self.pos.saturating_sub(1), "EOF while parsing a string")),
                Some(b'u') => {
                    self.pos += 1;
                    out.push(self.unicode_escape()?);
                    continue;
                }
                Some(b) => match short_escape(b) {
                    Some(c) => c,
                    None => return Err((self.pos, "invalid escape")),
                },
            };
            self.pos += 1;
            out.push(escaped);
        }
    }

    /// The character of a `\u` escape (after the `u`), a surrogate pair taken whole.
    fn unicode_escape(&mut self) -> Result<char, Fail> {
        let high = self.hex4()?;
        let code = match high {
            0xD800..=0xDBFF => {
                if self.bytes.get(self.pos..self.pos + 2) != Some(b"\\u") {
                    return Err((self.pos, "unexpected end of hex escape"));
                }
                self.pos += 2;
                let low = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&low) {
                    return Err((self.pos - 1, "lone leading surrogate in hex escape"));
                }
                0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err((self.pos - 1, "lone leading surrogate in hex escape")),
            c => c,
        };
        char::from_u32(code).ok_or((self.pos, "invalid unicode code point"))
    }

    fn hex4(&mut self) -> Result<u32, Fail> {
        let mut code = 0;
        for _ in 0..4 {
            let digit = match self.peek() {
                None => return Err((self.pos.saturating_sub(1), "EOF while parsing a string")),
                Some(b) => (b as char)
                    .to_digit(16)
                    .ok_or((self.pos, "invalid escape"))?,
            };
            self.pos += 1;
            code = code * 16 + digit;
        }
        Ok(code)
    }
}

/// The character a one-letter JSON string escape stands for (`\n` → LF; RFC 8259 §7), `None`
/// for any other byte after the backslash (`u` included: its four hex digits follow).
pub(crate) fn short_escape(b: u8) -> Option<char> {
    Some(match b {
        b'"' => '"',
        b'\\' => '\\',
        b'/' => '/',
        b'b' => '\u{8}',
        b'f' => '\u{c}',
        b'n' => '\n',
        b'r' => '\r',
        b't' => '\t',
        _ => return None,
    })
}
