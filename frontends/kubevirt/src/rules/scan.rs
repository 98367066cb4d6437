//! A JSON lexer with the syntax and string decoding of Go's `encoding/json`.
//!
//! - Syntax: RFC 8259 exactly (whitespace is space, tab, `\n`, `\r`; no byte order mark,
//!   comments, single quotes, `NaN`, leading zeros or `+`), nesting at most [`MAX_DEPTH`] deep.
//! - Strings: raw characters below U+0020 are errors; escapes are `\" \\ \/ \b \f \n \r \t \uXXXX`;
//!   a `\u` surrogate pair is one character, any other surrogate escape becomes U+FFFD.
//!
//! Nothing here recurses: containers are skipped with an explicit stack, so deep input costs
//! memory proportional to [`MAX_DEPTH`] at most, never stack.

use validgen_core::model::short_escape;

/// Go's `maxNestingDepth`: an array or object nested deeper is a syntax error.
pub(crate) const MAX_DEPTH: usize = 10_000;

/// A syntax error: what is wrong, at which byte offset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    pub(crate) offset: usize,
    pub(crate) message: String,
}

/// A literal word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Literal {
    Null,
    True,
    False,
}

/// A cursor over JSON text.
pub(crate) struct Lexer<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Lexer<'a> {
    /// A lexer at byte `pos` of `text`.
    pub(crate) fn at(text: &'a str, pos: usize) -> Self {
        Lexer { text, pos }
    }

    pub(crate) fn pos(&self) -> usize {
        self.pos
    }

    pub(crate) fn peek(&self) -> Option<u8> {
        self.text.as_bytes().get(self.pos).copied()
    }

    /// Steps over the current byte (an ASCII character).
    pub(crate) fn bump(&mut self) {
        self.pos += 1;
    }

    pub(crate) fn skip_ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.peek() {
            self.pos += 1;
        }
    }

    /// An error at `offset`.
    pub(crate) fn error(&self, offset: usize, message: impl Into<String>) -> SyntaxError {
        SyntaxError {
            offset,
            message: message.into(),
        }
    }

    /// An error "expected …, found <what is at the cursor>" at the cursor.
    pub(crate) fn expected(&self, what: &str) -> SyntaxError {
        self.error(
            self.pos,
            format!(
                "expected {what}, found {}",
                describe_at(self.text, self.pos)
            ),
        )
    }

    /// Consumes `byte` (ASCII) or fails with "expected `what`".
    pub(crate) fn eat(&mut self, byte: u8, what: &str) -> Result<(), SyntaxError> {
        if self.peek() == Some(byte) {
            self.pos += 1;
            Ok(())
        } else {
            Err(self.expected(what))
        }
    }

    /// Reads the string at the cursor (which is at `"`), decoding it into `out` when given.
    pub(crate) fn string(&mut self, mut out: Option<&mut String>) -> Result<(), SyntaxError> {
        let bytes = self.text.as_bytes();
        let start = self.pos;
        self.eat(b'"', "a string")?;
        let mut run = self.pos;
        loop {
            let Some(&b) = bytes.get(self.pos) else {
                return Err(self.error(start, "unterminated string (no closing `\"`)"));
            };
            match b {
                b'"' | b'\\' => {
                    if let Some(out) = out.as_deref_mut() {
                        out.push_str(&self.text[run..self.pos]);
                    }
                    self.pos += 1;
                    if b == b'"' {
                        return Ok(());
                    }
                    let c = self.escape()?;
                    if let Some(out) = out.as_deref_mut() {
                        out.push(c);
                    }
                    run = self.pos;
                }
                0x00..=0x1f => {
                    let hint = match b {
                        b'\n' => " (write it as `\\n`)",
                        b'\t' => " (write it as `\\t`)",
                        b'\r' => " (write it as `\\r`)",
                        _ => "",
                    };
                    return Err(self.error(
                        self.pos,
                        format!("control character U+{b:04X} in a string{hint}"),
                    ));
                }
                _ => self.pos += 1,
            }
        }
    }

    /// Decodes the escape after a backslash (the cursor is after the `\`).
    fn escape(&mut self) -> Result<char, SyntaxError> {
        let backslash = self.pos - 1;
        let c = match self.peek() {
            Some(b'u') => {
                let Some(unit) = self.hex4(self.pos + 1) else {
                    return Err(self.error(
                        backslash,
                        "invalid `\\u` escape: expected four hexadecimal digits",
                    ));
                };
                self.pos += 5;
                return Ok(self.utf16(unit));
            }
            None => return Err(self.error(backslash, "unterminated string (no closing `\"`)")),
            Some(b) => match short_escape(b) {
                Some(c) => c,
                None => {
                    let esc: String = self.text[backslash..].chars().take(2).collect();
                    return Err(self.error(
                        backslash,
                        format!("invalid escape `{esc}` in a string (valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"),
                    ));
                }
            },
        };
        self.pos += 1;
        Ok(c)
    }

    /// The character of a `\u` escape whose unit was just read, pairing a high surrogate with a
    /// following `\u` low surrogate as Go does (else U+FFFD).
    fn utf16(&mut self, unit: u32) -> char {
        if let Some(c) = char::from_u32(unit) {
            return c;
        }
        let escape_follows = self
            .text
            .as_bytes()
            .get(self.pos..)
            .is_some_and(|r| r.starts_with(b"\\u"));
        if (0xd800..0xdc00).contains(&unit)
            && escape_follows
            && let Some(low @ 0xdc00..0xe000) = self.hex4(self.pos + 2)
        {
            self.pos += 6;
            let c = 0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00);
            return char::from_u32(c).unwrap_or(char::REPLACEMENT_CHARACTER);
        }
        char::REPLACEMENT_CHARACTER
    }

    /// The value of four hexadecimal digits at byte `at`.
    fn hex4(&self, at: usize) -> Option<u32> {
        let digits = self.text.as_bytes().get(at..at + 4)?;
        digits
            .iter()
            .try_fold(0u32, |acc, &d| Some(acc * 16 + (d as char).to_digit(16)?))
    }

    /// Reads the number at the cursor and returns its text.
    pub(crate) fn number(&mut self) -> Result<&'a str, SyntaxError> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => {
                self.pos += 1;
                if let Some(b'0'..=b'9') = self.peek() {
                    return Err(self.error(start, "numbers cannot have leading zeros"));
                }
            }
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(self.expected("a digit after `-`")),
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            self.need_digits("a digit after the decimal point")?;
        }
        if let Some(b'e' | b'E') = self.peek() {
            self.pos += 1;
            if let Some(b'+' | b'-') = self.peek() {
                self.pos += 1;
            }
            self.need_digits("a digit in the exponent")?;
        }
        Ok(&self.text[start..self.pos])
    }

    fn digits(&mut self) {
        while let Some(b'0'..=b'9') = self.peek() {
            self.pos += 1;
        }
    }

    fn need_digits(&mut self, what: &str) -> Result<(), SyntaxError> {
        match self.peek() {
            Some(b'0'..=b'9') => {
                self.digits();
                Ok(())
            }
            _ => Err(self.expected(what)),
        }
    }

    /// Reads `true`, `false` or `null` at the cursor.
    pub(crate) fn literal(&mut self) -> Result<Literal, SyntaxError> {
        let rest = &self.text.as_bytes()[self.pos..];
        let word_len = rest
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
            .count();
        let lit = match &rest[..word_len] {
            b"null" => Literal::Null,
            b"true" => Literal::True,
            b"false" => Literal::False,
            _ => return Err(self.expected("a value")),
        };
        self.pos += word_len;
        Ok(lit)
    }

    /// Skips the value at the cursor (after any whitespace), which is nested `depth` containers
    /// deep, checking its syntax.
    pub(crate) fn skip_value(&mut self, depth: usize) -> Result<(), SyntaxError> {
        /// An open container.
        #[derive(Clone, Copy)]
        enum Open {
            Array,
            Object,
        }
        let mut stack: Vec<Open> = Vec::new();
        // `after_comma`: the value follows a `,` (for the trailing-comma hint).
        let mut after_comma = false;
        'value: loop {
            self.skip_ws();
            match self.peek() {
                Some(open @ (b'[' | b'{')) => {
                    if depth + stack.len() >= MAX_DEPTH {
                        return Err(self.error(
                            self.pos,
                            format!("arrays and objects are nested more than {MAX_DEPTH} deep"),
                        ));
                    }
                    self.pos += 1;
                    self.skip_ws();
                    if open == b'[' {
                        stack.push(Open::Array);
                        if self.peek() != Some(b']') {
                            after_comma = false;
                            continue 'value;
                        }
                    } else {
                        stack.push(Open::Object);
                        if self.peek() != Some(b'}') {
                            self.key(false)?;
                            after_comma = false;
                            continue 'value;
                        }
                    }
                    // the empty container is closed below
                }
                Some(b'"') => self.string(None)?,
                Some(b'-' | b'0'..=b'9') => {
                    self.number()?;
                }
                Some(b']' | b'}') if after_comma => {
                    return Err(self.error(
                        comma_before(self.text, self.pos),
                        trailing_comma(self.text, self.pos),
                    ));
                }
                _ => {
                    self.literal()?;
                }
            }
            // A value ended: close containers until one expects more.
            loop {
                self.skip_ws();
                match stack.last() {
                    None => return Ok(()),
                    Some(Open::Array) => match self.peek() {
                        Some(b',') => {
                            self.pos += 1;
                            after_comma = true;
                            continue 'value;
                        }
                        Some(b']') => {
                            self.pos += 1;
                            stack.pop();
                        }
                        _ => {
                            return Err(
                                self.expected_separator("`,` or `]` after an array element")
                            );
                        }
                    },
                    Some(Open::Object) => match self.peek() {
                        Some(b',') => {
                            self.pos += 1;
                            self.key(true)?;
                            after_comma = false;
                            continue 'value;
                        }
                        Some(b'}') => {
                            self.pos += 1;
                            stack.pop();
                        }
                        _ => {
                            return Err(
                                self.expected_separator("`,` or `}` after an object member")
                            );
                        }
                    },
                }
            }
        }
    }

    /// Skips an object key and its `:` (before: whitespace; `after_comma` for the hint).
    fn key(&mut self, after_comma: bool) -> Result<(), SyntaxError> {
        self.skip_ws();
        let start = self.pos;
        match self.peek() {
            Some(b'"') => self.string(None)?,
            Some(b'}') if after_comma => {
                return Err(self.error(
                    comma_before(self.text, self.pos),
                    trailing_comma(self.text, self.pos),
                ));
            }
            _ => return Err(self.expected("a key in double quotes")),
        }
        let key = &self.text[start..self.pos];
        self.skip_ws();
        self.eat(b':', "`:` after an object key").map_err(|mut e| {
            if key.contains(['\u{201c}', '\u{201d}']) {
                e.message += &format!(
                    " (the key {key} contains a typographic quote, which does not end it)"
                );
            }
            e
        })
    }

    /// The error for a missing `,` or closing bracket after an element or member.
    pub(crate) fn expected_separator(&self, what: &str) -> SyntaxError {
        let mut e = self.expected(what);
        if let Some(b'"' | b'{' | b'[' | b'-' | b'0'..=b'9' | b't' | b'f' | b'n') = self.peek() {
            e.message += " (missing `,`?)";
        }
        e
    }
}

/// Checks that `text` is one JSON value, with nothing but whitespace around it.
pub(crate) fn validate(text: &str) -> Result<(), SyntaxError> {
    let mut lex = Lexer::at(text, 0);
    lex.skip_ws();
    lex.skip_value(0)?;
    lex.skip_ws();
    if lex.pos() < text.len() {
        return Err(lex.expected("the end of the input after the JSON value"));
    }
    Ok(())
}

/// The offset of the comma before `at` (only JSON whitespace lies between): a trailing-comma
/// error points at the comma, the character to delete.
fn comma_before(text: &str, at: usize) -> usize {
    let before = text.get(..at).unwrap_or("");
    let trimmed = before.trim_end_matches([' ', '\t', '\n', '\r']);
    trimmed.len().saturating_sub(1)
}

fn trailing_comma(text: &str, at: usize) -> String {
    format!(
        "expected a value after `,`, found {} (JSON allows no trailing comma)",
        describe_at(text, at)
    )
}

/// What is at byte `at`, for "found …": a character in backticks (with a hint for the usual
/// mistakes), a code point, a word such as `NaN`, or the end of the input.
pub(crate) fn describe_at(text: &str, at: usize) -> String {
    let Some(rest) = text.get(at..) else {
        return "a byte that does not start a character".to_owned();
    };
    let Some(c) = rest.chars().next() else {
        return "the end of the input".to_owned();
    };
    let word: String = rest
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .take(24)
        .collect();
    if word.chars().count() > 1 {
        return format!("`{word}`");
    }
    let shown = if c.is_control() || c.is_whitespace() || c == '\u{feff}' {
        format!("U+{:04X}", c as u32)
    } else {
        format!("`{c}`")
    };
    let hint = match c {
        '\u{feff}' => " (a byte order mark)",
        '\u{201c}' | '\u{201d}' | '\u{201e}' | '\u{2018}' | '\u{2019}' => {
            " (a typographic quote: JSON needs straight double quotes)"
        }
        '\'' => " (JSON strings need double quotes)",
        '/' if rest.starts_with("//") || rest.starts_with("/*") => " (JSON has no comments)",
        _ => "",
    };
    format!("{shown}{hint}")
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn decode(json: &str) -> Result<String, SyntaxError> {
        let mut out = String::new();
        Lexer::at(json, 0).string(Some(&mut out))?;
        Ok(out)
    }

    #[test]
    fn strings_decode_as_go() {
        assert_eq!(decode(r#""plain ſ""#).unwrap(), "plain ſ");
        assert_eq!(
            decode(r#""\"\\\/\b\f\n\r\t""#).unwrap(),
            "\"\\/\u{8}\u{c}\n\r\t"
        );
        assert_eq!(decode(r#""a\u0000b\u00e9""#).unwrap(), "a\0bé");
        assert_eq!(decode(r#""\ud83d\ude00""#).unwrap(), "😀");
        assert_eq!(decode(r#""x\ud800y""#).unwrap(), "x\u{fffd}y");
        assert_eq!(decode(r#""\udc00\ud800""#).unwrap(), "\u{fffd}\u{fffd}");
        assert_eq!(decode(r#""\ud800\u0041""#).unwrap(), "\u{fffd}A");
        assert_eq!(decode(r#""\ud800\ud800\udc00""#).unwrap(), "\u{fffd}𐀀");
        assert!(decode("\"a\tb\"").is_err());
        assert!(decode(r#""\x""#).is_err());
        assert!(decode(r#""\'""#).is_err());
        assert!(decode(r#""\u12""#).is_err());
        assert!(decode(r#""abc"#).is_err());
        assert!(decode(r#""abc\"#).is_err());
    }

    #[test]
    fn syntax() {
        let ok = [
            "[]",
            " [ ] ",
            "null",
            "5",
            "-0.5e+10",
            "\"x\"",
            "[{}]",
            "{\"a\":[1,{\"b\":null}]}",
            "[true,false,null]",
            "\t\r\n[]\n",
        ];
        for t in ok {
            assert_eq!(validate(t), Ok(()), "{t:?}");
        }
        let bad = [
            ("", 0),
            ("   ", 3),
            ("[", 1),
            // Trailing commas are reported at the comma.
            ("[1,]", 2),
            ("[{\"a\":1,}]", 7),
            ("[]x", 2),
            ("[] []", 3),
            ("\u{feff}[]", 0),
            ("// c\n[]", 0),
            ("[{'a':1}]", 2),
            ("[01]", 1),
            ("[+1]", 1),
            ("[.5]", 1),
            ("[1.]", 3),
            ("[1e]", 3),
            ("[-]", 2),
            ("[NaN]", 1),
            ("[nul]", 1),
            ("[nullx]", 1),
            ("[{\"a\" 1}]", 6),
            ("[{\"a\":1 \"b\":2}]", 8),
            ("[1 2]", 3),
            ("{\"a\"}", 4),
        ];
        for (t, at) in bad {
            assert_eq!(validate(t).map_err(|e| e.offset), Err(at), "{t:?}");
        }
    }

    #[test]
    fn depth() {
        let nested = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
        assert_eq!(validate(&nested(MAX_DEPTH)), Ok(()));
        assert_eq!(
            validate(&nested(MAX_DEPTH + 1)).map_err(|e| e.offset),
            Err(MAX_DEPTH)
        );
        let objects = format!(
            "{}1{}",
            "{\"a\":".repeat(MAX_DEPTH + 1),
            "}".repeat(MAX_DEPTH + 1)
        );
        assert!(validate(&objects).is_err());
        assert!(validate(&"[".repeat(1_000_000)).is_err());
    }

    #[test]
    fn descriptions() {
        assert_eq!(describe_at("x", 1), "the end of the input");
        assert_eq!(describe_at("NaN]", 0), "`NaN`");
        assert_eq!(describe_at("\u{feff}", 0), "U+FEFF (a byte order mark)");
        assert!(describe_at("“a”", 0).contains("typographic"));
        assert!(describe_at("// x", 0).contains("comments"));
        assert_eq!(describe_at("\t", 0), "U+0009");
    }
}
