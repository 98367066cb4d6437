//! The template scanner, one function per construct as client-go `util/jsonpath/parser.go`.
//!
//! Like client-go, the scanner works on a byte position in the input (`pos`), the start of the
//! text not yet consumed (`start`) and the width of the last rune read (`width`, so a single
//! [`Parser::backup`] is possible). Some constructs are parsed by formatting a new template and
//! parsing that (`['key']` becomes the action `{.key}`, each union branch `{[branch]}`, each
//! filter operand `{operand}`), exactly as client-go's `parseAction` does, so quirks such as
//! `['a.b']` meaning `.a.b` follow naturally.
//!
//! Client-go scans with mutual tail recursion (every construct ends by calling
//! `parseInsideAction` again); here those calls are loops, so the stack depth does not grow
//! with the input length. Only the re-parses above nest, and they are capped at
//! [`MAX_NESTING`].

use super::ParseError;
use super::ast::{FilterOp, List, ParamsEntry, Segment, Step, Template};
use super::gofmt;

/// How many re-parses (union branch, `['key']`, filter operand) may nest. Client-go has no
/// limit; real expressions nest two or three deep.
const MAX_NESTING: usize = 64;

/// Parses a whole template (client-go `Parse`).
pub(crate) fn parse_template(text: &str) -> Result<Template, ParseError> {
    Parser::new(text, 0).parse()
}

struct Parser<'a> {
    input: &'a str,
    pos: usize,
    start: usize,
    width: usize,
    depth: usize,
    segments: Vec<Segment>,
}

/// The result of a scanning step; the error carries the byte offset where it was detected.
type Scan<T = ()> = Result<T, ParseError>;

impl<'a> Parser<'a> {
    fn new(input: &'a str, depth: usize) -> Self {
        Parser {
            input,
            pos: 0,
            start: 0,
            width: 0,
            depth,
            segments: Vec::new(),
        }
    }

    fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError::new(message, Some(self.pos))
    }

    fn error_at(message: impl Into<String>, offset: usize) -> ParseError {
        ParseError::new(message, Some(offset))
    }

    /// The input from the current position on.
    fn rest(&self) -> &'a str {
        self.input.get(self.pos..).unwrap_or("")
    }

    /// The byte at `index`, if any (client-go reads `p.input[p.pos-2]` to spot escapes).
    fn byte_at(&self, index: Option<usize>) -> Option<u8> {
        index.and_then(|i| self.input.as_bytes().get(i).copied())
    }

    /// The text scanned since the last call (client-go `consumeText`).
    fn consume_text(&mut self) -> &'a str {
        let value = self.input.get(self.start..self.pos).unwrap_or("");
        self.start = self.pos;
        value
    }

    /// The next rune, `None` at the end (client-go `next`, with `eof`).
    fn next(&mut self) -> Option<char> {
        match self.rest().chars().next() {
            Some(c) => {
                self.width = c.len_utf8();
                self.pos += self.width;
                Some(c)
            }
            None => {
                self.width = 0;
                None
            }
        }
    }

    /// The next rune without consuming it (client-go `peek`).
    fn peek(&mut self) -> Option<char> {
        let r = self.next();
        self.backup();
        r
    }

    /// Steps back over the last rune read (client-go `backup`).
    fn backup(&mut self) {
        self.pos -= self.width;
    }

    /// client-go `Parse`: text, then actions, until the end of the input.
    fn parse(mut self) -> Scan<Template> {
        while self.parse_text() {
            self.parse_left_delim();
            let mut cur = List::default();
            let outcome = self.parse_inside_action(&mut cur);
            self.segments.push(Segment::Action(cur));
            outcome?;
        }
        Ok(Template {
            segments: self.segments,
        })
    }

    /// client-go `parseText`: literal text up to the next `{`. Returns whether an action starts
    /// here.
    fn parse_text(&mut self) -> bool {
        loop {
            if self.rest().starts_with('{') {
                if self.pos > self.start {
                    let text = self.consume_text().to_owned();
                    self.segments.push(Segment::Text(text));
                }
                return true;
            }
            if self.next().is_none() {
                break;
            }
        }
        if self.pos > self.start {
            let text = self.consume_text().to_owned();
            self.segments.push(Segment::Text(text));
        }
        false
    }

    /// client-go `parseLeftDelim`: skips the `{`.
    fn parse_left_delim(&mut self) {
        self.pos += 1;
        self.consume_text();
    }

    /// client-go `parseInsideAction`: one construct after the other until the `}` that ends the
    /// action (client-go `parseRightDelim`, after which scanning goes back to text).
    fn parse_inside_action(&mut self, cur: &mut List) -> Scan {
        loop {
            let rest = self.rest();
            if rest.starts_with('}') {
                self.pos += 1;
                self.consume_text();
                return Ok(());
            }
            if rest.starts_with("[?(") {
                self.parse_filter(cur)?;
                continue;
            }
            if rest.starts_with("..") {
                self.parse_recursive(cur)?;
                continue;
            }
            match self.next() {
                None | Some('\r' | '\n') => return Err(self.error("unclosed action")),
                // A space, and `@`/`$` (the current object), are skipped wherever they are.
                Some(' ' | '@' | '$') => {
                    self.consume_text();
                }
                Some('[') => self.parse_array(cur)?,
                Some(quote @ ('"' | '\'')) => self.parse_quote(cur, quote)?,
                Some('.') => self.parse_field(cur)?,
                Some(c) if c == '+' || c == '-' || gofmt::is_digit(c) => {
                    self.backup();
                    self.parse_number(cur)?;
                }
                Some(c) if is_alpha_numeric(c) => {
                    self.backup();
                    self.parse_identifier(cur)?;
                }
                Some(c) => {
                    let at = self.pos - self.width;
                    return Err(Self::error_at(
                        format!(
                            "unrecognized character in action: {}",
                            gofmt::unicode_verb(c)
                        ),
                        at,
                    ));
                }
            }
        }
    }

    /// client-go `parseIdentifier`: a bare word up to a terminator; `true`/`false` are booleans.
    fn parse_identifier(&mut self, cur: &mut List) -> Scan {
        loop {
            let r = self.next();
            if is_terminator(r) {
                self.backup();
                break;
            }
        }
        let value = self.consume_text();
        cur.steps.push(match value {
            "true" => Step::Bool(true),
            "false" => Step::Bool(false),
            other => Step::Identifier(other.to_owned()),
        });
        Ok(())
    }

    /// client-go `parseRecursive`: `..`, then a field name directly if a letter, digit or `_`
    /// follows.
    fn parse_recursive(&mut self, cur: &mut List) -> Scan {
        if matches!(cur.steps.last(), Some(Step::Recursive)) {
            return Err(self.error("invalid multiple recursive descent"));
        }
        self.pos += 2;
        self.consume_text();
        cur.steps.push(Step::Recursive);
        if self.peek().is_some_and(is_alpha_numeric) {
            return self.parse_field(cur);
        }
        Ok(())
    }

    /// client-go `parseNumber`: an optional sign, then digits and dots; an int if it parses as
    /// one, else a float.
    fn parse_number(&mut self, cur: &mut List) -> Scan {
        if matches!(self.peek(), Some('+' | '-')) {
            self.next();
        }
        loop {
            match self.next() {
                Some(c) if c == '.' || gofmt::is_digit(c) => {}
                _ => {
                    self.backup();
                    break;
                }
            }
        }
        let at = self.start;
        let value = self.consume_text();
        if let Some(i) = go_atoi(value) {
            cur.steps.push(Step::Int(i));
            return Ok(());
        }
        if let Some(f) = go_parse_float(value) {
            cur.steps.push(Step::Float(f));
            return Ok(());
        }
        Err(Self::error_at(format!("cannot parse number {value}"), at))
    }

    /// client-go `parseArray`: everything up to the first `]`, read as a union (`a,b`), a
    /// quoted key (`'key'`, re-read as `.key`), or a slice `start:end:step`.
    fn parse_array(&mut self, cur: &mut List) -> Scan {
        let at = self.start;
        loop {
            match self.next() {
                None | Some('\n') => return Err(self.error("unterminated array")),
                Some(']') => break,
                Some(_) => {}
            }
        }
        let scanned = self.consume_text();
        // Strip the `[` and `]` (both one byte).
        let mut text = scanned
            .get(1..scanned.len().saturating_sub(1))
            .unwrap_or("");
        if text == "*" {
            text = ":";
        }

        // Union: each branch, trimmed of spaces, is parsed again as the action `{[branch]}`.
        let branches: Vec<&str> = text.split(',').collect();
        if branches.len() > 1 {
            let mut lists = Vec::with_capacity(branches.len());
            for branch in branches {
                let sub = format!("[{}]", branch.trim_matches(' '));
                lists.push(self.parse_action(&sub, at)?);
            }
            cur.steps.push(Step::Union(lists));
            return Ok(());
        }

        // Quoted key: `'…'` without inner quotes, parsed again as the action `{.…}`.
        if let Some(key) = dict_key(text) {
            let sub = format!(".{key}");
            let list = self.parse_action(&sub, at)?;
            cur.steps.extend(list.steps);
            return Ok(());
        }

        // Slice: `^(-?\d*)(:-?\d*)?(:-?\d*)?$`.
        let Some(groups) = slice_groups(text) else {
            return Err(Self::error_at(format!("invalid array index {text}"), at));
        };
        let mut params = [ParamsEntry::default(); 3];
        for i in 0..3 {
            let group = groups[i];
            if !group.is_empty() {
                // The end and step groups start with their `:`.
                let digits = if i > 0 {
                    group.get(1..).unwrap_or("")
                } else {
                    group
                };
                if i > 0 && digits.is_empty() {
                    params[i].known = false;
                } else {
                    params[i].known = true;
                    params[i].value = go_atoi(digits).ok_or_else(|| {
                        Self::error_at(format!("array index {digits} is not a number"), at)
                    })?;
                }
            } else if i == 1 {
                // `[n]`: the end is derived as n + 1 (Go int arithmetic wraps).
                params[1] = ParamsEntry {
                    value: params[0].value.wrapping_add(1),
                    known: true,
                    derived: true,
                };
            } else {
                params[i].known = false;
                params[i].value = 0;
            }
        }
        cur.steps.push(Step::Array { params });
        Ok(())
    }

    /// client-go `parseFilter`: `[?(` … `)]`, where a `)` inside one pair of quotes does not
    /// end the filter. The text is then split by `^([^!<>=]+)([!<>=]+)(.+?)$` into left
    /// operand, operator and right operand; without a match it is an existence test.
    fn parse_filter(&mut self, cur: &mut List) -> Scan {
        let at = self.pos;
        self.pos += 3;
        self.consume_text();
        let mut begin = false;
        let mut end = false;
        let mut pair = '\0';
        loop {
            match self.next() {
                None | Some('\n') => return Err(self.error("unterminated filter")),
                Some(quote @ ('"' | '\'')) => {
                    if !begin {
                        begin = true;
                        pair = quote;
                        continue;
                    }
                    let escaped = self.byte_at(self.pos.checked_sub(2)) == Some(b'\\');
                    if !escaped && quote == pair {
                        end = true;
                    }
                }
                Some(')') => {
                    if begin == end {
                        break;
                    }
                }
                Some(_) => {}
            }
        }
        if self.next() != Some(']') {
            return Err(self.error("unclosed array expect ]"));
        }
        let scanned = self.consume_text();
        // Drop the closing `)]`.
        let text = scanned.get(..scanned.len().saturating_sub(2)).unwrap_or("");
        match split_comparison(text) {
            None => {
                let left = self.parse_action(text, at)?;
                cur.steps.push(Step::Filter {
                    left,
                    op: FilterOp::Exists,
                    right: List::default(),
                });
            }
            Some((left, op, right)) => {
                let left = self.parse_action(left, at)?;
                let right = self.parse_action(right, at)?;
                cur.steps.push(Step::Filter {
                    left,
                    op: FilterOp::from_text(op),
                    right,
                });
            }
        }
        Ok(())
    }

    /// client-go `parseQuote`: a string in `"…"` or `'…'` up to the first closing quote not
    /// preceded by a backslash, unquoted as client-go `UnquoteExtend`.
    fn parse_quote(&mut self, cur: &mut List, quote: char) -> Scan {
        let at = self.start;
        loop {
            match self.next() {
                None | Some('\n') => return Err(self.error("unterminated quoted string")),
                Some(c) if c == quote => {
                    if self.byte_at(self.pos.checked_sub(2)) != Some(b'\\') {
                        break;
                    }
                }
                Some(_) => {}
            }
        }
        let value = self.consume_text();
        match unquote_extend(value) {
            Some(s) => {
                cur.steps.push(Step::Text(s));
                Ok(())
            }
            None => Err(Self::error_at(
                format!("unquote string {value} error invalid syntax"),
                at,
            )),
        }
    }

    /// client-go `parseField`: a name up to the next terminator not escaped by a backslash;
    /// the backslashes are then removed. `*` is the wildcard.
    fn parse_field(&mut self, cur: &mut List) -> Scan {
        self.consume_text();
        while self.advance() {}
        let value = self.consume_text();
        if value == "*" {
            cur.steps.push(Step::Wildcard);
        } else {
            cur.steps.push(Step::Field(value.replace('\\', "")));
        }
        Ok(())
    }

    /// client-go `advance`: one rune of a field name; a backslash takes the next rune with it.
    fn advance(&mut self) -> bool {
        let r = self.next();
        if r == Some('\\') {
            self.next();
        } else if is_terminator(r) {
            self.backup();
            return false;
        }
        true
    }

    /// client-go `parseAction`: parses `{text}` as a template of its own and returns its first
    /// action (anything after a `}` inside `text` is parsed, so it can fail, but is dropped).
    fn parse_action(&self, text: &str, at: usize) -> Scan<List> {
        if self.depth >= MAX_NESTING {
            return Err(Self::error_at("jsonpath expression nested too deeply", at));
        }
        let source = format!("{{{text}}}");
        let template = Parser::new(&source, self.depth + 1)
            .parse()
            .map_err(|e| ParseError::new(e.message().to_owned(), Some(at)))?;
        match template.segments.into_iter().next() {
            Some(Segment::Action(list)) => Ok(list),
            // Unreachable: the source starts with `{`.
            _ => Ok(List::default()),
        }
    }
}

/// client-go `isTerminator`: what ends a field name or identifier (`None` is the end of input).
fn is_terminator(r: Option<char>) -> bool {
    match r {
        None => true,
        Some(c) => matches!(
            c,
            ' ' | '\t' | '\r' | '\n' | '.' | ',' | '[' | ']' | '$' | '@' | '{' | '}'
        ),
    }
}

/// client-go `isAlphaNumeric`: `_`, a Unicode letter or a Unicode decimal digit.
fn is_alpha_numeric(c: char) -> bool {
    c == '_' || gofmt::is_letter(c) || gofmt::is_digit(c)
}

/// Go `strconv.Atoi` on 64-bit: optional sign, decimal digits, no overflow.
fn go_atoi(s: &str) -> Option<i64> {
    let digits = s.strip_prefix(['+', '-']).unwrap_or(s);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse::<i64>().ok()
}

/// Go `strconv.ParseFloat(s, 64)` for what `parseNumber` can scan (sign, digits, dots): a
/// malformed number or one out of the float64 range is an error.
fn go_parse_float(s: &str) -> Option<f64> {
    let body = s.strip_prefix(['+', '-']).unwrap_or(s);
    let mut dots = 0;
    let mut digits = 0;
    for b in body.bytes() {
        match b {
            b'.' => dots += 1,
            b'0'..=b'9' => digits += 1,
            _ => return None,
        }
    }
    if digits == 0 || dots > 1 {
        return None;
    }
    s.parse::<f64>().ok().filter(|f| f.is_finite())
}

/// client-go's `dictKeyRex` `^'([^']*)'$`: the key inside single quotes.
fn dict_key(text: &str) -> Option<&str> {
    let inner = text.strip_prefix('\'')?.strip_suffix('\'')?;
    (!inner.contains('\'')).then_some(inner)
}

/// client-go's `sliceOperatorRex` `^(-?[\d]*)(:-?[\d]*)?(:-?[\d]*)?$`: the three groups, empty
/// when absent; the second and third keep their leading `:`.
fn slice_groups(text: &str) -> Option<[&str; 3]> {
    fn number_len(s: &str) -> usize {
        let sign = usize::from(s.starts_with('-'));
        sign + s
            .get(sign..)
            .unwrap_or("")
            .bytes()
            .take_while(u8::is_ascii_digit)
            .count()
    }
    let first = number_len(text);
    let mut groups = [text.get(..first)?, "", ""];
    let mut rest = text.get(first..)?;
    for group in groups.iter_mut().skip(1) {
        if let Some(after_colon) = rest.strip_prefix(':') {
            let len = 1 + number_len(after_colon);
            *group = rest.get(..len)?;
            rest = rest.get(len..)?;
        }
    }
    rest.is_empty().then_some(groups)
}

/// The filter regexp `^([^!<>=]+)([!<>=]+)(.+?)$`: left operand, operator, right operand.
fn split_comparison(text: &str) -> Option<(&str, &str, &str)> {
    let is_op = |b: &u8| matches!(b, b'!' | b'<' | b'>' | b'=');
    let bytes = text.as_bytes();
    let op_start = bytes.iter().position(is_op)?;
    if op_start == 0 {
        return None;
    }
    let run = bytes
        .get(op_start..)?
        .iter()
        .take_while(|b| is_op(b))
        .count();
    let mut op_end = op_start + run;
    if op_end == bytes.len() {
        // The right operand needs at least one character: the operator gives one back.
        if run < 2 {
            return None;
        }
        op_end -= 1;
    }
    Some((
        text.get(..op_start)?,
        text.get(op_start..op_end)?,
        text.get(op_end..)?,
    ))
}

/// client-go `UnquoteExtend`: `strconv.Unquote` that also accepts single quotes. `None` is Go's
/// `invalid syntax`. Escapes producing bytes that are not UTF-8 (`\xff`, `\377`) are replaced
/// by U+FFFD, as Rust strings must be valid UTF-8.
pub(crate) fn unquote_extend(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    if bytes.len() < 2 {
        return None;
    }
    let quote = bytes[0];
    if Some(&quote) != bytes.last() || !matches!(quote, b'"' | b'\'') {
        return None;
    }
    let inner = s.get(1..s.len() - 1)?;
    if !inner.bytes().any(|b| b == b'\\' || b == quote) {
        return Some(inner.to_owned());
    }
    let mut out: Vec<u8> = Vec::with_capacity(inner.len());
    let mut rest = inner;
    while !rest.is_empty() {
        rest = unquote_char(rest, quote, &mut out)?;
    }
    Some(match String::from_utf8(out) {
        Ok(s) => s,
        Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
    })
}

/// Go `strconv.UnquoteChar`: decodes one character or escape of `s`, appends its bytes to
/// `out` and returns the rest.
fn unquote_char<'s>(s: &'s str, quote: u8, out: &mut Vec<u8>) -> Option<&'s str> {
    let mut chars = s.chars();
    let c = chars.next()?;
    if c.is_ascii() && c as u8 == quote {
        return None;
    }
    if c != '\\' {
        let mut buf = [0u8; 4];
        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
        return Some(chars.as_str());
    }
    let esc = chars.next()?;
    let rest = chars.as_str();
    let simple = match esc {
        'a' => Some(0x07),
        'b' => Some(0x08),
        'f' => Some(0x0c),
        'n' => Some(b'\n'),
        'r' => Some(b'\r'),
        't' => Some(b'\t'),
        'v' => Some(0x0b),
        '\\' => Some(b'\\'),
        '\'' | '"' => {
            if esc as u8 != quote {
                return None;
            }
            Some(esc as u8)
        }
        _ => None,
    };
    if let Some(b) = simple {
        out.push(b);
        return Some(rest);
    }
    match esc {
        'x' | 'u' | 'U' => {
            let n = match esc {
                'x' => 2,
                'u' => 4,
                _ => 8,
            };
            let hex = rest.get(..n)?;
            if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                return None;
            }
            let v = u32::from_str_radix(hex, 16).ok()?;
            if esc == 'x' {
                // A single byte, possibly not UTF-8.
                out.push(u8::try_from(v).ok()?);
            } else {
                let ch = char::from_u32(v)?;
                let mut buf = [0u8; 4];
                out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
            }
            rest.get(n..)
        }
        '0'..='7' => {
            let more = rest.get(..2)?;
            let mut v = u32::from(esc as u8 - b'0');
            for b in more.bytes() {
                if !(b'0'..=b'7').contains(&b) {
                    return None;
                }
                v = (v << 3) | u32::from(b - b'0');
            }
            out.push(u8::try_from(v).ok()?);
            rest.get(2..)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slice_groups_follow_the_regexp() {
        assert_eq!(slice_groups(""), Some(["", "", ""]));
        assert_eq!(slice_groups("0"), Some(["0", "", ""]));
        assert_eq!(slice_groups("-1"), Some(["-1", "", ""]));
        assert_eq!(slice_groups(":"), Some(["", ":", ""]));
        assert_eq!(slice_groups("::2"), Some(["", ":", ":2"]));
        assert_eq!(slice_groups("1:-1:3"), Some(["1", ":-1", ":3"]));
        assert_eq!(slice_groups("-"), Some(["-", "", ""]));
        assert_eq!(slice_groups("1:2:3:4"), None);
        assert_eq!(slice_groups(" 0 "), None);
        assert_eq!(slice_groups("a"), None);
        assert_eq!(slice_groups("5-"), None);
        assert_eq!(slice_groups("--1"), None);
    }

    #[test]
    fn comparison_split_follows_the_regexp() {
        assert_eq!(split_comparison("@.a==\"x\""), Some(("@.a", "==", "\"x\"")));
        assert_eq!(split_comparison("@.a<=1"), Some(("@.a", "<=", "1")));
        assert_eq!(split_comparison("@.a=="), Some(("@.a", "=", "=")));
        assert_eq!(split_comparison("@.a="), None);
        assert_eq!(split_comparison("==1"), None);
        assert_eq!(split_comparison("@.a"), None);
        assert_eq!(split_comparison("@.a!=1==2"), Some(("@.a", "!=", "1==2")));
    }

    #[test]
    fn unquote_follows_go() {
        assert_eq!(unquote_extend("'x'").as_deref(), Some("x"));
        assert_eq!(unquote_extend("\"a\\tb\"").as_deref(), Some("a\tb"));
        assert_eq!(unquote_extend("'it\\'s'").as_deref(), Some("it's"));
        assert_eq!(
            unquote_extend("\"\\u00e9\\x41\\101\"").as_deref(),
            Some("éAA")
        );
        assert_eq!(unquote_extend("\"\\q\""), None);
        assert_eq!(unquote_extend("'\\\"'"), None);
        assert_eq!(unquote_extend("\"a\\\\\"b\""), None);
        assert_eq!(unquote_extend("\"\\400\""), None);
        assert_eq!(unquote_extend("\"\\x4\""), None);
        assert_eq!(unquote_extend("\"\\ud800\""), None);
        assert_eq!(unquote_extend("\"\\xff\"").as_deref(), Some("\u{fffd}"));
    }

    #[test]
    fn atoi_and_parse_float_follow_go() {
        assert_eq!(go_atoi("+5"), Some(5));
        assert_eq!(go_atoi("-0"), Some(0));
        assert_eq!(go_atoi("-"), None);
        assert_eq!(go_atoi("99999999999999999999"), None);
        assert_eq!(go_parse_float("99999999999999999999"), Some(1e20));
        assert_eq!(go_parse_float("1."), Some(1.0));
        assert_eq!(go_parse_float("+.5"), Some(0.5));
        assert_eq!(go_parse_float("1.2.3"), None);
        assert_eq!(go_parse_float("-."), None);
        assert_eq!(go_parse_float("+"), None);
        assert_eq!(go_parse_float(&"9".repeat(400)), None);
    }
}
