//! A strict JSON reader for the single pass: tokens are read in place from the body's text,
//! with no visitor call per value and no copy of what is only checked or skipped.
//!
//! It accepts no text that `serde_json::from_slice::<Value>` refuses: strings are checked for
//! control characters, bad escapes and lone UTF-16 surrogates, numbers against the JSON grammar
//! and, unless they are plain integers, parsed by `serde_json` (which refuses out-of-range
//! floats). Where it is stricter (nesting deeper than [`MAX_DEPTH`]) it aborts, and the caller
//! answers from a parsed `Value` instead; any error aborts the same way, so errors carry no
//! detail.

use std::borrow::Cow;

use serde_json::Number;

/// The single pass stops here; the `Value` path decides (and reports any error).
#[derive(Debug)]
pub(super) struct Abort;

/// A result of the reader.
pub(super) type Res<T> = Result<T, Abort>;

/// Nesting of arrays and objects beyond which the pass steps aside: below `serde_json`'s own
/// limit (128), so that what is read here never trips it.
const MAX_DEPTH: u32 = 100;

/// The reader: a position in the text of a body (already checked as UTF-8).
pub(super) struct Reader<'de> {
    text: &'de str,
    pos: usize,
    depth: u32,
}

impl<'de> Reader<'de> {
    pub(super) fn new(text: &'de str) -> Self {
        Reader {
            text,
            pos: 0,
            depth: 0,
        }
    }

    fn bytes(&self) -> &'de [u8] {
        self.text.as_bytes()
    }

    /// The next byte after whitespace (not consumed).
    #[inline]
    pub(super) fn peek(&mut self) -> Res<u8> {
        let b = self.bytes();
        while let Some(&c) = b.get(self.pos) {
            if !matches!(c, b' ' | b'\n' | b'\r' | b'\t') {
                return Ok(c);
            }
            self.pos += 1;
        }
        Err(Abort)
    }

    /// Consumes `c` after whitespace.
    #[inline]
    fn eat(&mut self, c: u8) -> Res<()> {
        if self.peek()? == c {
            self.pos += 1;
            Ok(())
        } else {
            Err(Abort)
        }
    }

    /// Only whitespace is left.
    pub(super) fn end(mut self) -> Res<()> {
        match self.peek() {
            Err(Abort) => Ok(()),
            Ok(_) => Err(Abort),
        }
    }

    /// A literal `true`, `false` or `null` (after whitespace).
    fn literal(&mut self, word: &str) -> Res<()> {
        self.peek()?;
        if self
            .bytes()
            .get(self.pos..)
            .is_some_and(|rest| rest.starts_with(word.as_bytes()))
        {
            self.pos += word.len();
            Ok(())
        } else {
            Err(Abort)
        }
    }

    /// `null`.
    pub(super) fn null(&mut self) -> Res<()> {
        self.literal("null")
    }

    /// `true` or `false`.
    pub(super) fn boolean(&mut self) -> Res<bool> {
        if self.peek()? == b't' {
            self.literal("true").map(|()| true)
        } else {
            self.literal("false").map(|()| false)
        }
    }

    /// A string: its text between the quotes as written, and whether it holds escapes (all
    /// checked: known escapes only, `\u` surrogates paired).
    pub(super) fn string_raw(&mut self) -> Res<(&'de str, bool)> {
        self.eat(b'"')?;
        let b = self.bytes();
        let start = self.pos;
        let mut escaped = false;
        loop {
            let i = plain_run(b, self.pos);
            match b.get(i) {
                Some(b'"') => {
                    self.pos = i + 1;
                    return Ok((&self.text[start..i], escaped));
                }
                Some(b'\\') => {
                    escaped = true;
                    self.pos = escape_end(b, i)?;
                }
                // A control character, or the end of the text.
                _ => return Err(Abort),
            }
        }
    }

    /// At a string (the next token is `"`): when `known` finds that the text after the opening
    /// quote starts with a string's contents and closing quote it knows (giving their length),
    /// its answer, and the reader past them; else `None`, and nothing consumed. What `known`
    /// recognises must be valid string contents: they are not checked again.
    pub(super) fn known_string<T>(
        &mut self,
        known: impl FnOnce(&'de str) -> Option<(usize, T)>,
    ) -> Res<Option<T>> {
        if self.peek()? != b'"' {
            return Err(Abort);
        }
        // After an ASCII quote: a char boundary.
        let rest = self.text.get(self.pos + 1..).ok_or(Abort)?;
        Ok(known(rest).map(|(len, t)| {
            self.pos += 1 + len;
            t
        }))
    }

    /// A string, decoded (borrowed when it holds no escapes).
    pub(super) fn string(&mut self) -> Res<Cow<'de, str>> {
        let (raw, escaped) = self.string_raw()?;
        if escaped {
            decode(raw).map(Cow::Owned)
        } else {
            Ok(Cow::Borrowed(raw))
        }
    }

    /// A number, as `serde_json` reads it.
    pub(super) fn number(&mut self) -> Res<Number> {
        self.peek()?;
        let b = self.bytes();
        let start = self.pos;
        let mut i = start + usize::from(b.get(start) == Some(&b'-'));
        let digits = |mut i: usize| {
            let from = i;
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
            (i, i - from)
        };
        let (after_int, n) = digits(i);
        // JSON: no leading zeros, at least one digit.
        if n == 0 || (n > 1 && b.get(i) == Some(&b'0')) {
            return Err(Abort);
        }
        i = after_int;
        let mut plain = true;
        if b.get(i) == Some(&b'.') {
            let (after, n) = digits(i + 1);
            if n == 0 {
                return Err(Abort);
            }
            (i, plain) = (after, false);
        }
        if matches!(b.get(i), Some(b'e' | b'E')) {
            i += 1;
            if matches!(b.get(i), Some(b'+' | b'-')) {
                i += 1;
            }
            let (after, n) = digits(i);
            if n == 0 {
                return Err(Abort);
            }
            (i, plain) = (after, false);
        }
        self.pos = i;
        let raw = &self.text[start..i];
        // Up to 18 digits always fits an i64/u64 as serde_json reads it; `-0` is a float there.
        if plain && n <= 18 && raw != "-0" {
            let magnitude = raw
                .trim_start_matches('-')
                .bytes()
                .fold(0u64, |acc, d| acc * 10 + u64::from(d - b'0'));
            return Ok(if raw.starts_with('-') {
                // At most 18 digits: below i64::MAX.
                Number::from(-i64::try_from(magnitude).map_err(|_| Abort)?)
            } else {
                Number::from(magnitude)
            });
        }
        serde_json::from_str::<Number>(raw).map_err(|_| Abort)
    }

    /// Reads an object (the next token is `{`), calling `each` with every key, decoded, and
    /// the reader at its value, which `each` must read.
    #[inline]
    pub(super) fn object(
        &mut self,
        mut each: impl FnMut(&mut Self, Cow<'de, str>) -> Res<()>,
    ) -> Res<()> {
        self.enter(b'{')?;
        if self.peek()? == b'}' {
            return self.leave();
        }
        loop {
            let key = self.string()?;
            self.eat(b':')?;
            each(self, key)?;
            match self.peek()? {
                b',' => self.pos += 1,
                b'}' => return self.leave(),
                _ => return Err(Abort),
            }
        }
    }

    /// Reads an array (the next token is `[`), calling `each` with the reader at every
    /// element, which `each` must read.
    #[inline]
    pub(super) fn array(&mut self, mut each: impl FnMut(&mut Self) -> Res<()>) -> Res<()> {
        self.enter(b'[')?;
        if self.peek()? == b']' {
            return self.leave();
        }
        loop {
            each(self)?;
            match self.peek()? {
                b',' => self.pos += 1,
                b']' => return self.leave(),
                _ => return Err(Abort),
            }
        }
    }

    fn enter(&mut self, open: u8) -> Res<()> {
        self.eat(open)?;
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Abort);
        }
        Ok(())
    }

    /// Consumes the closing bracket (already peeked).
    fn leave(&mut self) -> Res<()> {
        self.pos += 1;
        self.depth -= 1;
        Ok(())
    }

    /// Any value, checked and dropped.
    pub(super) fn skip(&mut self) -> Res<()> {
        match self.peek()? {
            b'"' => self.string_raw().map(drop),
            b'{' => self.object(|r, _| r.skip()),
            b'[' => self.array(Reader::skip),
            b't' | b'f' => self.boolean().map(drop),
            b'n' => self.null(),
            _ => self.number().map(drop),
        }
    }

    /// Any value, checked; its text as written.
    pub(super) fn raw(&mut self) -> Res<&'de str> {
        self.peek()?;
        let start = self.pos;
        self.skip()?;
        Ok(&self.text[start..self.pos])
    }
}

/// Where the run of string bytes that need no attention (not `"`, `\` or a control character)
/// starting at `i` ends: eight bytes at a time, then byte by byte.
#[inline]
fn plain_run(b: &[u8], mut i: usize) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // A byte's high bit is set in `below(x, n)` where the byte of `x` is below `n`, exactly for
    // the lowest such byte (the classic "has less than" bit trick).
    let below = |x: u64, n: u8| x.wrapping_sub(ONES * u64::from(n)) & !x & HIGH;
    while let Some(chunk) = b.get(i..i + 8) {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let w = u64::from_le_bytes(word);
        let hits = below(w ^ (ONES * u64::from(b'"')), 1)
            | below(w ^ (ONES * u64::from(b'\\')), 1)
            | below(w, 0x20);
        if hits != 0 {
            return i + (hits.trailing_zeros() / 8) as usize;
        }
        i += 8;
    }
    while b
        .get(i)
        .is_some_and(|&c| c != b'"' && c != b'\\' && c >= 0x20)
    {
        i += 1;
    }
    i
}

/// The end of the escape at `i` (a `\`), checked as `serde_json` decodes strings: a lone
/// UTF-16 surrogate in `\u` escapes is refused.
fn escape_end(b: &[u8], i: usize) -> Res<usize> {
    match b.get(i + 1) {
        Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => Ok(i + 2),
        Some(b'u') => match hex4(b, i + 2)? {
            0xD800..=0xDBFF => {
                let low = b.get(i + 6..i + 8) == Some(b"\\u");
                if low && matches!(hex4(b, i + 8)?, 0xDC00..=0xDFFF) {
                    Ok(i + 12)
                } else {
                    Err(Abort)
                }
            }
            0xDC00..=0xDFFF => Err(Abort),
            _ => Ok(i + 6),
        },
        _ => Err(Abort),
    }
}

fn hex4(b: &[u8], i: usize) -> Res<u32> {
    let digits = b.get(i..i + 4).ok_or(Abort)?;
    digits.iter().try_fold(0u32, |acc, &d| {
        let v = char::from(d).to_digit(16).ok_or(Abort)?;
        Ok(acc * 16 + v)
    })
}

/// The text of a string whose escapes were checked ([`escape_end`]), decoded (JSON escapes:
/// RFC 8259 §7).
pub(super) fn decode(raw: &str) -> Res<String> {
    let b = raw.as_bytes();
    let mut out = String::with_capacity(raw.len());
    // `run..i`: text to copy as it is (it ends before a `\`, an ASCII byte: a char boundary).
    let (mut run, mut i) = (0, 0);
    loop {
        // The text was checked: the next byte needing attention is a `\` or the end.
        i = plain_run(b, i);
        match b.get(i) {
            None => break,
            Some(b'\\') => {}
            Some(_) => return Err(Abort),
        }
        out.push_str(raw.get(run..i).ok_or(Abort)?);
        let (c, len) = match b.get(i + 1) {
            Some(b'b') => ('\u{8}', 2),
            Some(b'f') => ('\u{c}', 2),
            Some(b'n') => ('\n', 2),
            Some(b'r') => ('\r', 2),
            Some(b't') => ('\t', 2),
            Some(b'u') => {
                let hi = hex4(b, i + 2)?;
                if (0xD800..0xDC00).contains(&hi) {
                    let lo = hex4(b, i + 8)?;
                    let code = 0x10000 + ((hi - 0xD800) << 10) + (lo.wrapping_sub(0xDC00));
                    (char::from_u32(code).ok_or(Abort)?, 12)
                } else {
                    (char::from_u32(hi).ok_or(Abort)?, 6)
                }
            }
            // `"`, `\\` and `/` stand for themselves.
            Some(&c) => (char::from(c), 2),
            None => return Err(Abort),
        };
        out.push(c);
        i += len;
        run = i;
    }
    out.push_str(raw.get(run..).ok_or(Abort)?);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// What the reader makes of `text` as one whole value: `Some` exactly when it reads it.
    fn reads(text: &str) -> bool {
        let mut r = Reader::new(text);
        r.skip().is_ok() && r.end().is_ok()
    }

    #[test]
    fn accepts_what_serde_json_accepts_and_refuses_the_rest() {
        let cases = [
            r#"{"a":[1,-2,3.5,1e3,-0,0,true,false,null,"x\u00e9\ud83d\ude00\n"]}"#,
            r#"  { "a" : { } , "b" : [ ] }  "#,
            "12345678901234567890123",
            "-9223372036854775809",
            "1e400",
            "01",
            "1.",
            ".5",
            "-",
            "1e",
            "[1,]",
            r#"{"a":1,}"#,
            r#"{"a" 1}"#,
            r#""\ud800""#,
            r#""\udc00x""#,
            r#""\ud800\u0041""#,
            r#""\x""#,
            "\"a\u{1}\"",
            r#""unterminated"#,
            "nul",
            "truex",
            "[1] 2",
            "",
        ];
        for text in cases {
            let serde = serde_json::from_str::<Value>(text).is_ok();
            assert_eq!(reads(text), serde, "{text:?}");
        }
    }

    #[test]
    fn numbers_read_as_serde_json_reads_them() {
        for text in [
            "0",
            "7",
            "-7",
            "123456789012345678",
            "-123456789012345678",
            "1234567890123456789",
            "18446744073709551615",
            "18446744073709551616",
            "-0",
            "2.50",
            "1E+2",
        ] {
            let want: Number = serde_json::from_str(text).expect("a JSON number");
            assert_eq!(Reader::new(text).number().ok(), Some(want), "{text}");
        }
    }

    #[test]
    fn strings_are_borrowed_unless_escaped() {
        let long = format!("\"{}\"", "abcdefgh".repeat(5));
        let mut r = Reader::new(&long);
        assert!(matches!(r.string(), Ok(Cow::Borrowed(s)) if s.len() == 40));
        let text = r#""say \"hi\" \u00e9\ud83d\ude00 \/\\\b\f\n\r\t\u0000 end""#;
        let want: String = serde_json::from_str(text).expect("a JSON string");
        assert_eq!(
            Reader::new(text).string().ok().as_deref(),
            Some(want.as_str())
        );
    }

    proptest::proptest! {
        /// Whatever the reader accepts, a `Value` parse accepts: texts made of JSON's
        /// punctuation, digits, letters of its literals and escapes.
        #[test]
        fn accepts_nothing_serde_json_refuses(
            parts in proptest::collection::vec(proptest::sample::select(vec![
                "{", "}", "[", "]", ",", ":", "\"", "\"a\"", "\\", "\\u", "d800", "dc00",
                "0", "1", "9", "-", ".", "e", "+", "true", "false", "null", " ", "\n", "x",
            ]), 0..24)
        ) {
            let text = parts.concat();
            if reads(&text) {
                proptest::prop_assert!(serde_json::from_str::<Value>(&text).is_ok(), "{}", text);
            }
        }

        /// Strings written with every kind of escape (short ones, `\u` ones, surrogate pairs)
        /// or none read as `serde_json` reads them.
        #[test]
        fn strings_decode_as_serde_json_decodes_them(
            chars in proptest::collection::vec((proptest::char::any(), 0..3u8), 0..40)
        ) {
            let mut text = String::from("\"");
            for (c, how) in chars {
                match (c, how) {
                    ('"' | '\\' | '\u{0}'..='\u{1f}', 0) | (_, 1) => {
                        let mut units = [0u16; 2];
                        for u in c.encode_utf16(&mut units) {
                            text.push_str(&format!("\\u{u:04x}"));
                        }
                    }
                    _ => {
                        let quoted = serde_json::to_string(&c.to_string()).expect("a string");
                        text.push_str(&quoted[1..quoted.len() - 1]);
                    }
                }
            }
            text.push('"');
            let want: String = serde_json::from_str(&text).expect("valid JSON");
            let got = Reader::new(&text).string().ok();
            proptest::prop_assert_eq!(got.as_deref(), Some(want.as_str()));
        }
    }

    #[test]
    fn nesting_beyond_the_limit_aborts() {
        let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert!(reads(&deep(MAX_DEPTH as usize)));
        assert!(!reads(&deep(MAX_DEPTH as usize + 1)));
    }
}
