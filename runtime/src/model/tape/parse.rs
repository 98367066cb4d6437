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
    // Real documents hold about one value per 8 to 10 bytes (compact JSON; fewer when
    // indented): the arenas start at that size, so that they rarely grow, capped so that a
    // huge text of blanks does not reserve memory it will not use.
    let estimate = (bytes.len() / 8 + 1).min(PRESIZE_MAX);
    let mut p = Parser {
        text,
        bytes,
        pos: 0,
        nodes: Vec::with_capacity(estimate),
        kids: Vec::with_capacity(estimate),
        pending: Vec::with_capacity(estimate.min(256)),
        open: Vec::with_capacity(16),
        sorted: Vec::new(),
        repeated_key: false,
        depth: 0,
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
        repeated_key: p.repeated_key,
        depth: p.depth,
    })
}

/// An error: its byte offset and serde_json's words for it.
type Fail = (usize, &'static str);

/// The most values the arenas are sized for before the parse (then they grow as needed).
const PRESIZE_MAX: usize = 1 << 20;

const CONTROL: &str = "control character (\\u0000-\\u001F) found while parsing a string";
const EOF_STRING: &str = "EOF while parsing a string";

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
    /// Scratch for the key index of a big object: `(key prefix, entry)`, reused.
    sorted: Vec<(u64, u32)>,
    repeated_key: bool,
    /// The deepest nesting met.
    depth: usize,
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
                    self.depth = self.depth.max(self.open.len());
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
        self.kids.extend_from_slice(&self.pending[open.first..]);
        self.pending.truncate(open.first);
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
        let (start, mut n) = (start as usize, len as usize);
        if n <= SCAN_MAX {
            if self.small_duplicated(start, n) {
                n = self.dedup(start, n);
            }
            return n as u32;
        }
        if self.sort_keys(start, n) {
            n = self.dedup(start, n);
            if n <= SCAN_MAX {
                return n as u32;
            }
            self.sort_keys(start, n);
        }
        self.kids.extend(self.sorted.iter().map(|&(_, e)| e));
        n as u32
    }

    /// Whether two of the `n` (at most [`SCAN_MAX`]) entries at `kids[start..]` share a key.
    fn small_duplicated(&self, start: usize, n: usize) -> bool {
        let mut keys = [""; SCAN_MAX];
        for (e, key) in keys.iter_mut().enumerate().take(n) {
            *key = self.key_at(start, e);
        }
        let keys = &keys[..n];
        keys.iter().enumerate().any(|(j, b)| {
            keys[..j].iter().any(|a| {
                // Lengths and first bytes differ for most pairs: no `memcmp` call for them.
                a.len() == b.len() && a.as_bytes().first() == b.as_bytes().first() && a == b
            })
        })
    }

    /// Sorts the numbers of the `n` entries at `kids[start..]` by key (ties by number) into
    /// `sorted`, comparing the keys' first 8 bytes as one integer before the whole keys.
    /// Whether a key is duplicated.
    fn sort_keys(&mut self, start: usize, n: usize) -> bool {
        let mut sorted = std::mem::take(&mut self.sorted);
        sorted.clear();
        sorted.extend((0..n as u32).map(|e| (key_prefix(self.key_at(start, e as usize)), e)));
        let key = |e: u32| self.key_at(start, e as usize);
        sorted.sort_unstable_by(|a, b| {
            a.0.cmp(&b.0)
                .then_with(|| key(a.1).cmp(key(b.1)))
                .then(a.1.cmp(&b.1))
        });
        let duplicated = sorted
            .windows(2)
            .any(|w| w[0].0 == w[1].0 && key(w[0].1) == key(w[1].1));
        self.sorted = sorted;
        duplicated
    }

    /// Keeps the first place and the last value of each key among the `n` entries at
    /// `kids[start..]` (rare: a map is fine here). The entries left.
    fn dedup(&mut self, start: usize, n: usize) -> usize {
        self.repeated_key = true;
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
        let end = self.pos + word.len();
        if self.bytes.get(self.pos..end) == Some(word.as_bytes()) {
            self.pos = end;
            return Ok(kind);
        }
        // Not the word: find the byte that differs, for the error's position.
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
        // The integer part's value, exact up to 19 digits (wrapping beyond: not used then).
        let mut magnitude = 0u64;
        match self.peek() {
            Some(b'0') => {
                self.pos += 1;
                if let Some(b'0'..=b'9') = self.peek() {
                    return Err((self.pos, "invalid number"));
                }
            }
            Some(b'1'..=b'9') => {
                while let Some(&d @ b'0'..=b'9') = self.bytes.get(self.pos) {
                    magnitude = magnitude.wrapping_mul(10).wrapping_add(u64::from(d - b'0'));
                    self.pos += 1;
                }
            }
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
        let start = self.pos + 1;
        let end = plain_run(self.bytes, start);
        self.pos = end;
        match self.peek() {
            Some(b'"') => {
                self.pos += 1;
                Ok(Cow::Borrowed(&self.text[start..end]))
            }
            Some(b'\\') => self.escaped(start),
            Some(_) => Err((end, CONTROL)),
            None => Err((end.saturating_sub(1), EOF_STRING)),
        }
    }

    /// The rest of a string that holds an escape (at its first backslash; its text starts at
    /// `start`), unescaped.
    fn escaped(&mut self, start: usize) -> Result<Cow<'a, str>, Fail> {
        let mut out = String::from(&self.text[start..self.pos]);
        loop {
            // At a backslash.
            self.pos += 1;
            match self.peek() {
                None => return Err((self.pos.saturating_sub(1), EOF_STRING)),
                Some(b'u') => {
                    self.pos += 1;
                    out.push(self.unicode_escape()?);
                }
                Some(b) => match short_escape(b) {
                    Some(c) => {
                        self.pos += 1;
                        out.push(c);
                    }
                    None => return Err((self.pos, "invalid escape")),
                },
            }
            let run = self.pos;
            let end = plain_run(self.bytes, run);
            out.push_str(&self.text[run..end]);
            self.pos = end;
            match self.peek() {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(Cow::Owned(out));
                }
                Some(b'\\') => {}
                Some(_) => return Err((end, CONTROL)),
                None => return Err((end.saturating_sub(1), EOF_STRING)),
            }
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

    /// The four hex digits of a `\u` escape. As serde_json: fewer than four bytes left is the
    /// end of the text; otherwise the four are taken, then judged (an error at the last).
    fn hex4(&mut self) -> Result<u32, Fail> {
        let Some(digits) = self.bytes.get(self.pos..self.pos + 4) else {
            return Err((self.bytes.len().saturating_sub(1), EOF_STRING));
        };
        self.pos += 4;
        digits
            .iter()
            .try_fold(0, |code, &b| Some(code * 16 + char::from(b).to_digit(16)?))
            .ok_or((self.pos - 1, "invalid escape"))
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

/// The offset of the first byte at or after `from` that ends a string's plain run: `"`, `\`
/// or a control character (U+0000–U+001F, refused inside strings by RFC 8259 §7); the length
/// of `bytes` when there is none. Reads 8 bytes at a time as one integer (SWAR): for each
/// byte class, `(x - 0x01…) & !x & 0x80…` sets the high bit of the bytes that are zero in `x`
/// (the class's bytes XORed to zero, or under 0x20), exactly at the first of them (a borrow
/// only runs upward from a byte that matched), so that the lowest bit set is the first stop.
fn plain_run(bytes: &[u8], from: usize) -> usize {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    let mut at = from;
    while let Some(chunk) = bytes.get(at..).and_then(<[u8]>::first_chunk::<8>) {
        let x = u64::from_le_bytes(*chunk);
        let quote = x ^ (ONES * u64::from(b'"'));
        let backslash = x ^ (ONES * u64::from(b'\\'));
        let stops = (quote.wrapping_sub(ONES) & !quote)
            | (backslash.wrapping_sub(ONES) & !backslash)
            | (x.wrapping_sub(ONES * 0x20) & !x);
        let stops = stops & HIGH;
        if stops != 0 {
            return at + (stops.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    while let Some(&b) = bytes.get(at) {
        if b == b'"' || b == b'\\' || b < 0x20 {
            break;
        }
        at += 1;
    }
    at
}

/// The first 8 bytes of `key` as a big-endian integer (zeros after a shorter key): integers
/// in the order of the keys' bytes, up to keys equal in their first 8 bytes.
fn key_prefix(key: &str) -> u64 {
    let bytes = key.as_bytes();
    let mut prefix = [0u8; 8];
    let n = bytes.len().min(8);
    prefix[..n].copy_from_slice(&bytes[..n]);
    u64::from_be_bytes(prefix)
}
