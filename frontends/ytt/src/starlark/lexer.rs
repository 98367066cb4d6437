//! The tokens of an annotation's argument text, scanned on demand as starlark-go's scanner does
//! (`syntax/scan.go`, `syntax/quote.go` of the k14s fork ytt 0.48 vendors), with its error texts.
//!
//! ytt compiles `#@name ARGS` into `__ytt_tplN_start_node_annotation(tag, "name",
//! __ytt_tplN_collect_node_annotation(ARGS))`: the text is scanned inside two open parentheses,
//! and after it come two `)` and the next generated line. [`Lexer`] emulates that tail so that
//! errors at the end of the text read as ytt's (`got ')', want primary expression`).

use super::error::{ArgumentsError, unsupported};

/// What a token is; [`Kind::name`] is starlark-go's `%#v` of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// After the generated line (never reached in practice).
    Eof,
    /// The end of the generated statement.
    Newline,
    /// A name.
    Ident,
    /// An int literal.
    Int,
    /// A float literal.
    Float,
    /// A string literal.
    Str,
    /// A reserved word (`as`, `class`, `import`...).
    Illegal,
    /// Punctuation, by its text (`,`, `==`, `**`).
    Punct(&'static str),
    /// A keyword, by its text (`lambda`, `not`, `load`).
    Keyword(&'static str),
}

impl Kind {
    /// The token's name in starlark-go's messages (`identifier`, `','`, `lambda`).
    pub(crate) fn name(self) -> String {
        match self {
            Kind::Eof => "end of file".to_owned(),
            Kind::Newline => "newline".to_owned(),
            Kind::Ident => "identifier".to_owned(),
            Kind::Int => "int literal".to_owned(),
            Kind::Float => "float literal".to_owned(),
            Kind::Str => "string literal".to_owned(),
            Kind::Illegal => "illegal token".to_owned(),
            Kind::Punct(p) => format!("'{p}'"),
            Kind::Keyword(k) => k.to_owned(),
        }
    }
}

/// One token.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Token {
    /// What it is.
    pub kind: Kind,
    /// A name's or reserved word's text, or a string literal's value.
    pub text: String,
    /// An int literal's value.
    pub int: i64,
    /// A float literal's value.
    pub float: f64,
    /// 1-based column (in characters) in the argument text.
    pub col: usize,
}

/// Starlark keywords (starlark-go `keywordToken`).
const KEYWORDS: [&str; 16] = [
    "and", "break", "continue", "def", "elif", "else", "for", "if", "in", "lambda", "load", "not",
    "or", "pass", "return", "while",
];

/// Words starlark-go reserves (scanned as an illegal token).
const RESERVED: [&str; 14] = [
    "as", "class", "del", "except", "finally", "from", "global", "import", "is", "nonlocal",
    "raise", "try", "with", "yield",
];

/// Punctuation, longest first so that the first match is the longest.
const PUNCTS: [&str; 44] = [
    "//=", "<<=", ">>=", "**", "//", "<<", ">>", "<=", ">=", "==", "!=", "+=", "-=", "*=", "/=",
    "%=", "&=", "|=", "^=", "+", "-", "*", "/", "%", "&", "|", "^", "~", ".", ",", "=", ";", ":",
    "(", ")", "[", "]", "{", "}", "<", ">", "!", "\\", "#",
];

/// The on-demand scanner of one argument text.
pub(crate) struct Lexer {
    chars: Vec<char>,
    pos: usize,
    /// Open brackets, counting the two of the generated wrapper.
    depth: usize,
    /// Generated `)` still to come after the text.
    tail_parens: usize,
    /// Whether the generated tail's last token was produced.
    done: bool,
    /// A code line (a statement of a `def`), not an annotation's arguments: no generated
    /// wrapper, and `#` starts a comment.
    code: bool,
}

impl Lexer {
    /// A scanner of `text`.
    pub(crate) fn new(text: &str) -> Self {
        Lexer {
            chars: text.chars().collect(),
            pos: 0,
            depth: 2,
            tail_parens: 2,
            done: false,
            code: false,
        }
    }

    /// A scanner of one code line (`total += v[i]`, `if x > 1:`), ended by a newline.
    pub(crate) fn code(text: &str) -> Self {
        Lexer {
            chars: text.chars().collect(),
            pos: 0,
            depth: 0,
            tail_parens: 0,
            done: false,
            code: true,
        }
    }

    fn peek(&self, ahead: usize) -> Option<char> {
        self.chars.get(self.pos + ahead).copied()
    }

    fn token(&self, kind: Kind, start: usize) -> Token {
        Token {
            kind,
            text: String::new(),
            int: 0,
            float: 0.0,
            col: start + 1,
        }
    }

    fn error(&self, at: usize, message: impl Into<String>) -> ArgumentsError {
        ArgumentsError::syntax(at + 1, message)
    }

    /// The next token.
    ///
    /// # Errors
    /// starlark-go's scanner errors (`unexpected newline in string`, `invalid hex literal`).
    pub(crate) fn next_token(&mut self) -> Result<Token, ArgumentsError> {
        while matches!(self.peek(0), Some(c) if c == ' ' || c == '\t' || c == '\r' || c == '\n') {
            self.pos += 1;
        }
        let start = self.pos;
        if self.code && self.peek(0) == Some('#') {
            self.pos = self.chars.len();
        }
        let Some(c) = self.peek(0) else {
            return self.tail();
        };
        if c == '"' || c == '\'' {
            return self.string(start, start);
        }
        if c == 'r' && matches!(self.peek(1), Some('"' | '\'')) {
            self.pos += 1;
            return self.string(start, start + 1);
        }
        if !self.code
            && c == '$'
            && self.chars.get(start..start + 4) == Some(&['$', 'd', 'e', 'f'][..])
        {
            // validgen's own name for a `def` function put in place ([`super::CALLEE`]).
            self.pos += 4;
            let mut token = self.token(Kind::Ident, start);
            token.text = super::CALLEE.to_owned();
            return Ok(token);
        }
        if is_ident_start(c) {
            while matches!(self.peek(0), Some(c) if is_ident_start(c) || c.is_ascii_digit()) {
                self.pos += 1;
            }
            let word: String = self.chars[start..self.pos].iter().collect();
            let mut token = if let Some(k) = KEYWORDS.iter().find(|k| **k == word) {
                self.token(Kind::Keyword(k), start)
            } else if RESERVED.contains(&word.as_str()) {
                self.token(Kind::Illegal, start)
            } else {
                self.token(Kind::Ident, start)
            };
            token.text = word;
            return Ok(token);
        }
        if c.is_ascii_digit() || (c == '.' && matches!(self.peek(1), Some(d) if d.is_ascii_digit()))
        {
            return self.number(start);
        }
        self.punct(start, c)
    }

    /// The generated tail: the wrapper's two `)`, then the next generated line, which starts
    /// with an instruction's name when brackets are still open (newlines inside brackets are
    /// skipped) and ends the statement otherwise.
    fn tail(&mut self) -> Result<Token, ArgumentsError> {
        let col = self.chars.len() + 1;
        let mut token = Token {
            kind: Kind::Eof,
            text: String::new(),
            int: 0,
            float: 0.0,
            col,
        };
        if self.tail_parens > 0 {
            if self.depth == 0 {
                return Err(ArgumentsError::syntax(col, "unexpected ')'"));
            }
            self.tail_parens -= 1;
            self.depth -= 1;
            token.kind = Kind::Punct(")");
        } else if !self.done {
            self.done = true;
            if self.depth > 0 {
                token.kind = Kind::Ident;
                token.text = "__ytt_tpl_next_instruction".to_owned();
            } else {
                token.kind = Kind::Newline;
            }
        }
        Ok(token)
    }

    fn punct(&mut self, start: usize, c: char) -> Result<Token, ArgumentsError> {
        let rest: String = self.chars[start..self.chars.len().min(start + 3)]
            .iter()
            .collect();
        let Some(p) = PUNCTS.iter().find(|p| rest.starts_with(**p)) else {
            return Err(self.error(start, format!("unexpected input character {c:?}")));
        };
        match *p {
            "!" => return Err(self.error(start, "unexpected input character '!'")),
            "\\" => {
                // A line continuation needs a newline, which one-line arguments never have.
                return Err(self.error(start + 1, "stray backslash in program"));
            }
            "#" => {
                return Err(unsupported(
                    start + 1,
                    "a comment inside annotation arguments",
                ));
            }
            "(" | "[" | "{" => self.depth += 1,
            ")" | "]" | "}" => {
                if self.depth == 0 {
                    return Err(self.error(start, format!("unexpected {c:?}")));
                }
                self.depth -= 1;
            }
            _ => {}
        }
        self.pos += p.chars().count();
        Ok(self.token(Kind::Punct(p), start))
    }

    /// A string literal starting at `quote_at` (after an `r` prefix at `start`, if any).
    fn string(&mut self, start: usize, quote_at: usize) -> Result<Token, ArgumentsError> {
        let raw = quote_at > start;
        let Some(quote) = self.peek(0) else {
            return Err(self.error(start, "unexpected EOF in string"));
        };
        let triple = self.peek(1) == Some(quote) && self.peek(2) == Some(quote);
        self.pos += if triple { 3 } else { 1 };
        let body_start = self.pos;
        let mut quotes = 0;
        loop {
            let Some(c) = self.peek(0) else {
                // The generated tail follows on the same line; a newline ends it.
                return Err(self.error(
                    start,
                    if triple {
                        "unexpected EOF in string"
                    } else {
                        "unexpected newline in string"
                    },
                ));
            };
            self.pos += 1;
            if c == quote {
                quotes += 1;
                if !triple || quotes == 3 {
                    break;
                }
                continue;
            }
            quotes = 0;
            if c == '\\' {
                if self.peek(0).is_none() {
                    return Err(self.error(start, "unexpected newline in string"));
                }
                self.pos += 1;
            }
        }
        let body_end = self.pos - if triple { 3 } else { 1 };
        let body: String = self.chars[body_start..body_end].iter().collect();
        let value = if raw {
            body
        } else {
            unescape(&body, start + 1)?
        };
        let mut token = self.token(Kind::Str, start);
        token.text = value;
        Ok(token)
    }

    fn digits(&mut self, pred: fn(char) -> bool) {
        while matches!(self.peek(0), Some(c) if pred(c)) {
            self.pos += 1;
        }
    }

    /// An int or float literal (starlark-go `scanNumber`).
    fn number(&mut self, start: usize) -> Result<Token, ArgumentsError> {
        let mut fraction = false;
        let mut exponent = false;
        let mut radix = 10;
        if self.peek(0) == Some('.') {
            fraction = true;
        } else if self.peek(0) == Some('0') {
            self.pos += 1;
            match self.peek(0) {
                Some('.') => fraction = true,
                Some('x' | 'X') => {
                    self.pos += 1;
                    if !matches!(self.peek(0), Some(c) if c.is_ascii_hexdigit()) {
                        return Err(self.error(start, "invalid hex literal"));
                    }
                    self.digits(|c| c.is_ascii_hexdigit());
                    radix = 16;
                }
                Some('o' | 'O') => {
                    self.pos += 1;
                    if !matches!(self.peek(0), Some('0'..='7')) {
                        return Err(self.error(self.pos, "invalid octal literal"));
                    }
                    self.digits(|c| ('0'..='7').contains(&c));
                    radix = 8;
                }
                Some('b' | 'B') => {
                    self.pos += 1;
                    if !matches!(self.peek(0), Some('0' | '1')) {
                        return Err(self.error(self.pos, "invalid binary literal"));
                    }
                    self.digits(|c| c == '0' || c == '1');
                    radix = 2;
                }
                _ => {
                    let digits_start = self.pos;
                    self.digits(|c| c.is_ascii_digit());
                    let digits: String = self.chars[digits_start..self.pos].iter().collect();
                    match self.peek(0) {
                        Some('.') => fraction = true,
                        Some('e' | 'E') => exponent = true,
                        _ => {
                            let octal = digits.chars().all(|c| ('0'..='7').contains(&c));
                            let zeros = digits.chars().all(|c| c == '0');
                            if octal && !zeros {
                                return Err(self.error(
                                    self.pos,
                                    format!("obsolete form of octal literal; use 0o{digits}"),
                                ));
                            }
                        }
                    }
                }
            }
        } else {
            self.digits(|c| c.is_ascii_digit());
            match self.peek(0) {
                Some('.') => fraction = true,
                Some('e' | 'E') => exponent = true,
                _ => {}
            }
        }
        if fraction {
            self.pos += 1;
            self.digits(|c| c.is_ascii_digit());
            exponent = matches!(self.peek(0), Some('e' | 'E'));
        }
        if exponent {
            self.pos += 1;
            if matches!(self.peek(0), Some('+' | '-')) {
                self.pos += 1;
                if !matches!(self.peek(0), Some(c) if c.is_ascii_digit()) {
                    return Err(self.error(self.pos, "invalid float literal"));
                }
            }
            self.digits(|c| c.is_ascii_digit());
        }
        let raw: String = self.chars[start..self.pos].iter().collect();
        if fraction || exponent {
            let value: f64 = raw
                .parse()
                .ok()
                .filter(|f: &f64| f.is_finite())
                .ok_or_else(|| self.error(self.pos, "invalid float literal"))?;
            let mut token = self.token(Kind::Float, start);
            token.float = value;
            return Ok(token);
        }
        let digits = if radix == 10 {
            raw.as_str()
        } else {
            raw.get(2..).unwrap_or_default()
        };
        let Ok(value) = i64::from_str_radix(digits, radix) else {
            // starlark-go keeps such literals as big ints; rules never need them.
            return Err(unsupported(
                start + 1,
                format!("int literal {raw} beyond 64 bits"),
            ));
        };
        let mut token = self.token(Kind::Int, start);
        token.int = value;
        Ok(token)
    }
}

fn is_ident_start(c: char) -> bool {
    c == '_' || c.is_alphabetic()
}

/// The value of a quoted string's body (starlark-go `unquote`): one-letter escapes, octal
/// `\NNN`, hex `\xNN`; an unknown escape stays as written.
///
/// # Errors
/// starlark-go's text (`invalid escape sequence \400`), or a refusal of escapes giving bytes
/// that are not UTF-8 (Starlark strings are bytes; these rules' strings are text).
fn unescape(body: &str, col: usize) -> Result<String, ArgumentsError> {
    unescape_bytes(body)
        .map_err(|m| ArgumentsError::syntax(col, m))
        .and_then(|bytes| {
            String::from_utf8(bytes)
                .map_err(|_| unsupported(col, "a string escape giving bytes that are not UTF-8"))
        })
}

fn unescape_bytes(body: &str) -> Result<Vec<u8>, String> {
    let mut out: Vec<u8> = Vec::with_capacity(body.len());
    let bytes = body.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'\r' {
            out.push(b'\n');
            i += if bytes.get(i + 1) == Some(&b'\n') {
                2
            } else {
                1
            };
            continue;
        }
        if b != b'\\' {
            out.push(b);
            i += 1;
            continue;
        }
        let Some(&e) = bytes.get(i + 1) else {
            return Err("truncated escape sequence \\".to_owned());
        };
        match e {
            b'a' => out.push(0x07),
            b'b' => out.push(0x08),
            b'f' => out.push(0x0c),
            b'n' => out.push(b'\n'),
            b'r' => out.push(b'\r'),
            b't' => out.push(b'\t'),
            b'v' => out.push(0x0b),
            b'\\' | b'\'' | b'"' => out.push(e),
            b'\n' => {}
            b'0'..=b'7' => {
                let mut n = u32::from(e - b'0');
                let mut len = 1;
                while len < 3 {
                    match bytes.get(i + 1 + len) {
                        Some(&d @ b'0'..=b'7') => n = n * 8 + u32::from(d - b'0'),
                        _ => break,
                    }
                    len += 1;
                }
                let Ok(byte) = u8::try_from(n) else {
                    return Err(format!("invalid escape sequence \\{n:03o}"));
                };
                out.push(byte);
                i += 1 + len;
                continue;
            }
            b'x' => {
                let Some(hex) = body.get(i + 2..i + 4) else {
                    return Err(format!("truncated escape sequence {}", &body[i..]));
                };
                let parsed = hex
                    .bytes()
                    .all(|b| b.is_ascii_hexdigit())
                    .then(|| u8::from_str_radix(hex, 16).ok())
                    .flatten();
                let Some(byte) = parsed else {
                    return Err(format!("invalid escape sequence \\x{hex}"));
                };
                out.push(byte);
                i += 4;
                continue;
            }
            _ => {
                out.push(b'\\');
                out.push(e);
            }
        }
        i += 2;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<Kind> {
        let mut lexer = Lexer::new(text);
        let mut out = Vec::new();
        while let Ok(t) = lexer.next_token() {
            out.push(t.kind);
            if t.kind == Kind::Eof {
                break;
            }
        }
        out
    }

    #[test]
    fn tokens_and_the_generated_tail() {
        assert_eq!(
            kinds("min=1"),
            [
                Kind::Ident,
                Kind::Punct("="),
                Kind::Int,
                Kind::Punct(")"),
                Kind::Punct(")"),
                Kind::Newline,
                Kind::Eof
            ]
        );
        assert_eq!(kinds("(")[2..4], [Kind::Punct(")"), Kind::Ident]);
    }

    #[test]
    fn literals() {
        let mut l = Lexer::new(r#"0x1F 0o17 1.5e3 'a\n\x41\101' r'\n' """x"y""""#);
        let t: Vec<Token> = (0..6).filter_map(|_| l.next_token().ok()).collect();
        assert_eq!((t[0].int, t[1].int, t[2].float), (31, 15, 1500.0));
        assert_eq!(t[3].text, "a\nAA");
        assert_eq!(t[4].text, "\\n");
        assert_eq!(t[5].text, "x\"y");
    }

    #[test]
    fn scanner_errors() {
        let err = |t: &str| {
            let mut l = Lexer::new(t);
            loop {
                match l.next_token() {
                    Err(e) => return e.message,
                    Ok(t) if t.kind == Kind::Eof => return String::new(),
                    Ok(_) => {}
                }
            }
        };
        assert_eq!(err("\"abc"), "unexpected newline in string");
        assert_eq!(err("017"), "obsolete form of octal literal; use 0o17");
        assert_eq!(err("0x"), "invalid hex literal");
        assert_eq!(err("a ! b"), "unexpected input character '!'");
        assert_eq!(err("a))"), "unexpected ')'");
    }
}
