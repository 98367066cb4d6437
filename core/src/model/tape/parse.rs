//! The one pass from bytes to a [`Tape`]: an iterative parser (an explicit stack of open
//! arrays and objects), with serde_json's grammar, limits and error words
//! (`serde_json::error::ErrorCode`'s texts).

use serde_json::Number;

use super::{
    JsonError, Kind, MAX_DEPTH, Node, SCAN_MAX, Tape, position, spare, str_len, string_text,
};

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
    // Real documents hold about one value per 6 to 10 bytes (compact JSON; fewer when
    // indented): the arenas start at that size, so that they rarely grow, capped so that a
    // huge text of blanks does not reserve memory it will not use.
    let estimate = (bytes.len() / 6 + 8).min(PRESIZE_MAX);
    let mut p = Parser {
        text,
        bytes,
        pos: 0,
        nodes: Vec::with_capacity(estimate),
        kids: spare::take(estimate),
        unescaped: String::new(),
        // Room for 16 open containers' four-word headers besides the children.
        pending: spare::take(estimate.min(256) + 64),
        frame: 0,
        key_filter: 0,
        open: 0,
        sorted: Vec::new(),
        repeated_key: false,
        depth: 0,
    };
    let read = p.document();
    spare::give(std::mem::take(&mut p.pending));
    if let Err((offset, message)) = read {
        spare::give(p.kids);
        let (line, column) = position(text, offset);
        return Err(JsonError {
            line,
            column,
            message: message.to_owned(),
        });
    }
    Ok(Tape {
        text,
        nodes: p.nodes,
        kids: p.kids,
        unescaped: p.unescaped,
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

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    nodes: Vec<Node<'a>>,
    kids: Vec<u32>,
    unescaped: String,
    /// The open containers, outermost first, each as a frame: the start of the frame
    /// before it, the key filter of the container before it (two words), its node, then the
    /// children read so far (an array's item nodes, an object's key nodes). One stack for
    /// both, so that a parse allocates one vector less.
    pending: Vec<u32>,
    /// Where the innermost open container's children start in `pending`.
    frame: usize,
    /// The innermost open object's keys as a 64-bit filter (a bit for each key's length,
    /// first and last byte), all ones once two keys met in it: a closed object is searched
    /// for repeated keys only then.
    key_filter: u64,
    /// How many containers are open.
    open: usize,
    /// Scratch for the key index of a big object: `(key prefix, key node)`, reused.
    sorted: Vec<(u64, u32)>,
    repeated_key: bool,
    /// The deepest nesting met.
    depth: usize,
}

impl<'a> Parser<'a> {
    fn document(&mut self) -> Result<(), Fail> {
        // Whether the innermost open container is an array: its items go to `pending`, an
        // object's values do not (each is the node after its key, which does).
        let mut in_array = false;
        'value: loop {
            // A value is expected.
            self.skip_ws();
            let start = self.pos;
            match self.peek() {
                Some(b'"') => {
                    self.string(start, in_array)?;
                }
                Some(b'-' | b'0'..=b'9') => {
                    let kind = Kind::Number(self.number()?);
                    self.push(start, kind, in_array);
                }
                Some(b'{') => {
                    self.open(start, Kind::Object { start: 0, len: 0 }, in_array)?;
                    in_array = false;
                    self.skip_ws();
                    if self.peek() != Some(b'}') {
                        self.key("EOF while parsing an object")?;
                        continue 'value;
                    }
                    self.pos += 1;
                    in_array = self.close();
                }
                Some(b'[') => {
                    self.open(start, Kind::Array { start: 0, len: 0 }, in_array)?;
                    in_array = true;
                    self.skip_ws();
                    match self.peek() {
                        Some(b']') => {}
                        // serde_json: the end before a list's first item is the list's.
                        None => {
                            return Err((self.pos.saturating_sub(1), "EOF while parsing a list"));
                        }
                        Some(_) => continue 'value,
                    }
                    self.pos += 1;
                    in_array = self.close();
                }
                Some(b't') => {
                    let kind = self.literal("true", Kind::Bool(true))?;
                    self.push(start, kind, in_array);
                }
                Some(b'f') => {
                    let kind = self.literal("false", Kind::Bool(false))?;
                    self.push(start, kind, in_array);
                }
                Some(b'n') => {
                    let kind = self.literal("null", Kind::Null)?;
                    self.push(start, kind, in_array);
                }
                None => return Err((start.saturating_sub(1), "EOF while parsing a value")),
                Some(_) => return Err((start, "expected value")),
            }
            // After a value: the next entry, the end of containers, or the end of the text.
            loop {
                self.skip_ws();
                if self.open == 0 {
                    return match self.peek() {
                        None => Ok(()),
                        Some(_) => Err((self.pos, "trailing characters")),
                    };
                }
                let close = if in_array { b']' } else { b'}' };
                match self.peek() {
                    Some(b',') => {
                        self.pos += 1;
                        self.skip_ws();
                        if self.peek() == Some(close) {
                            return Err((self.pos, "trailing comma"));
                        }
                        // serde_json: the end after `,` is a value's end, an object's key
                        // included (before an object's first key, the object's): the key's
                        // or the value's own test for the end says so, so that this path
                        // holds one test (the tape's parse: up to 2.5 % more instructions
                        // with two).
                        if !in_array {
                            self.key("EOF while parsing a value")?;
                        }
                        continue 'value;
                    }
                    Some(b) if b == close => {
                        self.pos += 1;
                        in_array = self.close();
                    }
                    None if in_array => {
                        return Err((self.pos.saturating_sub(1), "EOF while parsing a list"));
                    }
                    None => {
                        return Err((self.pos.saturating_sub(1), "EOF while parsing an object"));
                    }
                    Some(_) if in_array => return Err((self.pos, "expected `,` or `]`")),
                    Some(_) => return Err((self.pos, "expected `,` or `}`")),
                }
            }
        }
    }

    /// Adds a node; a child of the innermost open container (on `pending`) if `child` (an
    /// array's item or an object's key).
    #[inline]
    fn push(&mut self, offset: usize, kind: Kind<'a>, child: bool) -> u32 {
        let index = self.nodes.len() as u32;
        self.nodes.push(Node {
            offset: offset as u32,
            kind,
        });
        if child {
            self.pending.push(index);
        }
        index
    }

    /// Opens a container (at its bracket, `kind` an empty array or object): its node, and its
    /// frame on `pending`.
    #[inline(always)]
    fn open(&mut self, start: usize, kind: Kind<'a>, in_array: bool) -> Result<(), Fail> {
        self.pos += 1;
        if self.open >= MAX_DEPTH - 1 {
            return Err((start, "recursion limit exceeded"));
        }
        let node = self.push(start, kind, in_array);
        let filter = self.key_filter;
        self.pending.extend([
            self.frame as u32,
            filter as u32,
            (filter >> 32) as u32,
            node,
        ]);
        self.frame = self.pending.len();
        self.key_filter = 0;
        self.open += 1;
        self.depth = self.depth.max(self.open);
        Ok(())
    }

    /// An object's key and its `:`, the key pushed as a string node, an entry of the
    /// innermost open object; `eof` the error where the text ends before it, as serde_json
    /// words it there.
    #[inline(always)]
    fn key(&mut self, eof: &'static str) -> Result<(), Fail> {
        let start = self.pos;
        match self.peek() {
            Some(b'"') => {}
            None => return Err((start.saturating_sub(1), eof)),
            Some(_) => return Err((start, "key must be a string")),
        }
        // Keys that differ in length, first or last byte differ: a filter of those tells
        // most objects free of repeats (an escaped key is taken as meeting another).
        let bit = match self.string(start, true)? {
            Some(text) => match *text.as_bytes() {
                [first, .., last] => key_bit(text.len(), first, last),
                [only] => key_bit(1, only, 0),
                [] => key_bit(0, 0, 0),
            },
            None => u64::MAX,
        };
        self.key_filter = if self.key_filter & bit == 0 {
            self.key_filter | bit
        } else {
            u64::MAX
        };
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

    /// Ends the innermost open container: its children move to `kids`, its frame leaves
    /// `pending`. Whether the container now innermost is an array.
    fn close(&mut self) -> bool {
        let frame = self.frame;
        let [outer, low, high, node] = self.pending[frame - 4..frame] else {
            unreachable!("a frame has a header of four words")
        };
        let outer = outer as usize;
        let keys_met = self.key_filter == u64::MAX;
        self.key_filter = u64::from(low) | (u64::from(high) << 32);
        let start = self.kids.len() as u32;
        let children = &self.pending[frame..];
        if children.len() <= 8 {
            // Most containers are small: a loop costs less than `memcpy`'s call.
            for &child in children {
                self.kids.push(child);
            }
        } else {
            self.kids.extend_from_slice(children);
        }
        self.pending.truncate(frame - 4);
        self.frame = outer;
        self.open -= 1;
        let count = self.kids.len() as u32 - start;
        let kind = if let Kind::Array { .. } = self.nodes[node as usize].kind {
            Kind::Array { start, len: count }
        } else {
            Kind::Object {
                start,
                len: self.entries(start, count, keys_met),
            }
        };
        self.nodes[node as usize].kind = kind;
        self.open > 0
            && matches!(
                self.nodes[self.pending[outer - 1] as usize].kind,
                Kind::Array { .. }
            )
    }

    /// Settles the `len` entries (key nodes) of an object at `kids[start..]`: a duplicated key
    /// keeps its first place and takes its last value (as serde_json's `preserve_order` map);
    /// over [`SCAN_MAX`] entries, their key nodes sorted by key follow. `keys_met`: whether
    /// two keys met in the object's key filter. The entries left.
    #[inline]
    fn entries(&mut self, start: u32, len: u32, keys_met: bool) -> u32 {
        let (start, mut n) = (start as usize, len as usize);
        if n <= SCAN_MAX {
            if keys_met && self.small_duplicated(start, n) {
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
        self.kids.extend(self.sorted.iter().map(|&(_, k)| k));
        n as u32
    }

    /// Whether two of the `n` (at most [`SCAN_MAX`]) key nodes at `kids[start..]` are the same
    /// key.
    #[cold]
    fn small_duplicated(&self, start: usize, n: usize) -> bool {
        let keys = &self.kids[start..start + n];
        (1..n).any(|j| {
            let b = &self.nodes[keys[j] as usize].kind;
            keys[..j].iter().any(|&a| {
                let a = &self.nodes[a as usize].kind;
                // Lengths differ for most pairs: no text compared for them.
                str_len(a) == str_len(b) && self.str_of(a) == self.str_of(b)
            })
        })
    }

    /// Sorts the `n` key nodes at `kids[start..]` by key (ties by place) into `sorted`,
    /// comparing the keys' first 8 bytes as one integer before the whole keys. Whether a key
    /// is duplicated.
    #[inline(never)]
    fn sort_keys(&mut self, start: usize, n: usize) -> bool {
        let mut sorted = std::mem::take(&mut self.sorted);
        sorted.clear();
        sorted.extend(
            self.kids[start..start + n]
                .iter()
                .map(|&k| (key_prefix(self.key_text(k)), k)),
        );
        sorted.sort_unstable_by(|a, b| {
            a.0.cmp(&b.0)
                .then_with(|| self.key_text(a.1).cmp(self.key_text(b.1)))
                .then(a.1.cmp(&b.1))
        });
        let duplicated = sorted
            .windows(2)
            .any(|w| w[0].0 == w[1].0 && self.key_text(w[0].1) == self.key_text(w[1].1));
        self.sorted = sorted;
        duplicated
    }

    /// Keeps the first place and the last value of each key among the `n` key nodes at
    /// `kids[start..]` (rare: a map is fine here): the first place holds the last key node
    /// (the same text), whose value follows it. The entries left.
    #[cold]
    fn dedup(&mut self, start: usize, n: usize) -> usize {
        self.repeated_key = true;
        let mut kept: Vec<u32> = Vec::with_capacity(n);
        let mut place: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
        for &k in &self.kids[start..start + n] {
            let key = self.key_text(k);
            match place.get(key) {
                Some(&i) => kept[i] = k,
                None => {
                    place.insert(key, kept.len());
                    kept.push(k);
                }
            }
        }
        self.kids.truncate(start);
        self.kids.extend_from_slice(&kept);
        kept.len()
    }

    /// The text of key node `k`.
    fn key_text(&self, k: u32) -> &str {
        self.str_of(&self.nodes[k as usize].kind)
    }

    /// The text of a string node's kind (`""` for another kind).
    fn str_of<'s>(&'s self, kind: &'s Kind<'s>) -> &'s str {
        string_text(&self.unescaped, kind)
    }

    #[inline(always)]
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    #[inline(always)]
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
        // Out of range where serde_json stops: at the digit an exponent past `i32` overflows
        // on (`1e1666…`), else at the number's last byte.
        serde_json::from_str::<Number>(&self.text[start..self.pos])
            .map_err(|e| (start + e.column().max(1) - 1, "number out of range"))
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

    /// A string at `start` (its opening quote), pushed as a node (see [`Parser::push`]):
    /// borrowed from the text, which it returns, unless it holds an escape.
    #[inline(always)]
    fn string(&mut self, start: usize, child: bool) -> Result<Option<&'a str>, Fail> {
        let first = start + 1;
        let end = plain_run(self.bytes, first);
        if self.bytes.get(end) == Some(&b'"') {
            self.pos = end + 1;
            // Both ends are next to a quote (ASCII): `split_at` checks no more than that,
            // and, small, is inlined where a range index is a call.
            let text = self.text.split_at(end).0.split_at(first).1;
            self.push(start, Kind::Str(text), child);
            return Ok(Some(text));
        }
        self.pos = end;
        let kind = self.not_plain(first)?;
        self.push(start, kind, child);
        Ok(None)
    }

    /// A string whose text (from `first`) stops before its closing quote, at the current
    /// position: an escape (the string unescaped), else an error.
    #[cold]
    fn not_plain(&mut self, first: usize) -> Result<Kind<'a>, Fail> {
        match self.peek() {
            Some(b'\\') => self.escaped(first),
            Some(_) => Err((self.pos, CONTROL)),
            None => Err((self.pos.saturating_sub(1), EOF_STRING)),
        }
    }

    /// The rest of a string that holds an escape (at its first backslash; its text starts at
    /// `start`), unescaped at the end of `unescaped`.
    #[cold]
    #[inline(never)]
    fn escaped(&mut self, start: usize) -> Result<Kind<'a>, Fail> {
        let first = self.unescaped.len();
        self.unescaped.push_str(&self.text[start..self.pos]);
        loop {
            // At a backslash.
            self.pos += 1;
            match self.peek() {
                None => return Err((self.pos.saturating_sub(1), EOF_STRING)),
                Some(b'u') => {
                    self.pos += 1;
                    let c = self.unicode_escape()?;
                    self.unescaped.push(c);
                }
                Some(b) => match short_escape(b) {
                    Some(c) => {
                        self.pos += 1;
                        self.unescaped.push(c);
                    }
                    None => return Err((self.pos, "invalid escape")),
                },
            }
            let run = self.pos;
            let end = plain_run(self.bytes, run);
            self.unescaped.push_str(&self.text[run..end]);
            self.pos = end;
            match self.peek() {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(Kind::Escaped {
                        start: first as u32,
                        len: (self.unescaped.len() - first) as u32,
                    });
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
                // As serde_json: the `\` and the `u` of the low surrogate's escape are read
                // one at a time, an error at the first byte that is not the one expected.
                for (i, expected) in [b'\\', b'u'].into_iter().enumerate() {
                    match self.bytes.get(self.pos + i) {
                        Some(&b) if b == expected => {}
                        Some(_) => return Err((self.pos + i, "unexpected end of hex escape")),
                        None => return Err((self.bytes.len().saturating_sub(1), EOF_STRING)),
                    }
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
pub fn short_escape(b: u8) -> Option<char> {
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
/// of `bytes` when there is none. Reads 8 bytes at a time as one integer (SWAR):
/// `(x - n…) & !x & 0x80…` sets the high bit of the bytes of `x` under `n` (n ≤ 0x80),
/// exactly at the first of them (a borrow only runs upward from a byte that matched), so that
/// the lowest bit set is the first stop. Two such tests find the three classes: bytes under
/// 0x21 once XORed with 0x02 are the control characters and `"` (0x22 → 0x20), bytes under 1
/// once XORed with `\` are `\`.
#[inline(always)]
pub(crate) fn plain_run(bytes: &[u8], from: usize) -> usize {
    // The first chunk alone first: most strings, keys and short values, end in it, and
    // `as_chunks`' setup costs them more than its test; longer runs then take the counted loop.
    let Some(first) = bytes.get(from..).and_then(<[u8]>::first_chunk::<8>) else {
        return stop_in_tail(bytes, from);
    };
    let found = stops(u64::from_le_bytes(*first));
    if found != 0 {
        return from + (found.trailing_zeros() / 8) as usize;
    }
    let rest = bytes.get(from + 8..).unwrap_or_default();
    let (chunks, _) = rest.as_chunks::<8>();
    for (i, chunk) in chunks.iter().enumerate() {
        let found = stops(u64::from_le_bytes(*chunk));
        if found != 0 {
            return from + 8 * (i + 1) + (found.trailing_zeros() / 8) as usize;
        }
    }
    stop_in_tail(bytes, from + 8 * (chunks.len() + 1))
}

/// The high bit of each byte of `x` that ends a plain run, exactly at the first of them (see
/// [`plain_run`]).
#[inline(always)]
fn stops(x: u64) -> u64 {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    let quote_or_control = x ^ (ONES * 0x02);
    let backslash = x ^ (ONES * u64::from(b'\\'));
    let stops = (quote_or_control.wrapping_sub(ONES * 0x21) & !quote_or_control)
        | (backslash.wrapping_sub(ONES) & !backslash);
    stops & HIGH
}

/// [`plain_run`] over the fewer than 8 bytes from `from` to the end, byte by byte.
#[inline(always)]
fn stop_in_tail(bytes: &[u8], from: usize) -> usize {
    let tail = bytes.get(from..).unwrap_or_default();
    from + tail
        .iter()
        .position(|&b| b == b'"' || b == b'\\' || b < 0x20)
        .unwrap_or(tail.len())
}

/// A key's bit in an object's key filter, from its byte length and first and last byte.
#[inline(always)]
fn key_bit(len: usize, first: u8, last: u8) -> u64 {
    // Fibonacci hashing: the product's top 6 bits depend on every bit of the three.
    let sign = (len as u64) | (u64::from(first) << 32) | (u64::from(last) << 40);
    1 << (sign.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58)
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
