//! Recursive-descent parser of the ECMA-262 `Pattern` grammar (Unicode mode, `u` flag, no
//! Annex B), translating as it goes into a pattern for the `regex` crate.
//!
//! Every atom is emitted in a self-contained form (a literal, a bracketed class, or a
//! `(?:…)` group), so that a quantifier that follows can be appended to it as is.

use super::EcmaError;
use super::tables::{self, Binary, NonBinary};

/// Deepest nesting of groups accepted: the parser recurses once per level, and the `regex`
/// crate's own nesting limit (250 by default) must hold the translation, which adds at most
/// two levels per group (the group and its quantifier) and one for a class inside it.
pub const MAX_NESTING: usize = 100;

/// `[0-9]`.
const DIGIT: &str = "0-9";
/// `[A-Za-z0-9_]`.
const WORD: &str = "0-9A-Za-z_";
/// WhiteSpace and LineTerminator of ECMA-262: TAB, VT, FF, SP, NBSP, ZWNBSP, `Zs`, LF, CR,
/// LS, PS.
const SPACE: &str =
    r"\x{9}\x{B}\x{C}\x{20}\x{A0}\x{FEFF}\p{gc=Space_Separator}\x{A}\x{D}\x{2028}\x{2029}";
/// ECMA's `\b` (between a `\w` and a non-`\w`), for `fancy-regex`, whose `\b` is Unicode's.
const WORD_BOUNDARY: &str =
    "(?:(?<=[0-9A-Za-z_])(?![0-9A-Za-z_])|(?<![0-9A-Za-z_])(?=[0-9A-Za-z_]))";
/// ECMA's `\B`, for `fancy-regex`.
const NOT_WORD_BOUNDARY: &str =
    "(?:(?<=[0-9A-Za-z_])(?=[0-9A-Za-z_])|(?<![0-9A-Za-z_])(?![0-9A-Za-z_]))";
/// `.` without the `s` flag: anything but a LineTerminator.
const DOT: &str = r"[^\x{A}\x{D}\x{2028}\x{2029}]";
/// A class matching nothing (a lone surrogate, which no `&str` holds; `[]`).
const NOTHING: &str = r"[a&&b]";
/// A class matching any code point (`[^]`).
const ANYTHING: &str = r"[\x{0}-\x{10FFFF}]";

/// A pattern translated, and the engine that runs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Translation {
    /// A pattern for the `regex` crate (linear time).
    Linear(String),
    /// A pattern for `fancy-regex`, whose backtracking VM runs the lookarounds and
    /// backreferences and hands the rest to the `regex` crate.
    Backtracking(String),
}

/// Parses `src` as an ECMA-262 `Pattern[+UnicodeMode, +NamedCaptureGroups]` and translates it
/// for the `regex` crate, or, when it has lookarounds or backreferences, for `fancy-regex`.
pub(super) fn translate(src: &str) -> Result<Translation, EcmaError> {
    match run(src, None) {
        Err(Refusal::NeedsBacktracking) => {}
        Ok(out) => return Ok(Translation::Linear(out)),
        Err(Refusal::Error(e)) => return Err(e),
    }
    // A first pass numbers the named groups, which a `\k<name>` may name before they open.
    let mut names = Vec::new();
    run(src, Some(&mut names)).map_err(Refusal::into_error)?;
    let out = run(src, Some(&mut names)).map_err(Refusal::into_error)?;
    Ok(Translation::Backtracking(out))
}

/// One pass of the parser; `groups` is `None` for the `regex` crate, else the named groups
/// (name, number), filled by a first pass and read by the second.
fn run(src: &str, groups: Option<&mut Vec<(String, usize)>>) -> Result<String, Refusal> {
    let backtracking = groups.is_some();
    let mut p = Parser {
        src,
        pos: 0,
        out: String::with_capacity(src.len() * 2),
        depth: 0,
        captures: count_captures(src),
        names: Vec::new(),
        path: Vec::new(),
        next_disjunction: 0,
        backtracking,
        opened: 0,
        numbered: groups.as_deref().cloned().unwrap_or_default(),
        found: Vec::new(),
    };
    p.disjunction()?;
    if let Some(c) = p.peek() {
        // `disjunction` stops at `)` only.
        debug_assert_eq!(c, ')');
        return Err(p.err(p.pos, "unmatched `)`").into());
    }
    if let Some(known) = groups {
        *known = p.found;
    }
    Ok(p.out)
}

/// Why a pass stopped.
enum Refusal {
    /// The pattern is not valid, or over a limit.
    Error(EcmaError),
    /// A lookaround or a backreference, which the `regex` crate cannot run.
    NeedsBacktracking,
}

impl Refusal {
    fn into_error(self) -> EcmaError {
        match self {
            Refusal::Error(e) => e,
            // The backtracking passes never ask for themselves.
            Refusal::NeedsBacktracking => EcmaError {
                offset: 0,
                message: "pattern could not be translated".to_owned(),
            },
        }
    }
}

impl From<EcmaError> for Refusal {
    fn from(e: EcmaError) -> Self {
        Refusal::Error(e)
    }
}

/// Counts the capturing groups of `src` (`(` not followed by `?`, and `(?<name>`), skipping
/// escapes and classes: ECMA-262 decides whether `\N` is a backreference from the number of
/// groups in the whole pattern, including later ones.
fn count_captures(src: &str) -> usize {
    let bytes = src.as_bytes();
    let mut count = 0;
    let mut in_class = false;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 1,
            b'[' => in_class = true,
            b']' => in_class = false,
            b'(' if !in_class => {
                let rest = &bytes[i + 1..];
                if !rest.starts_with(b"?")
                    || (rest.starts_with(b"?<")
                        && !rest.starts_with(b"?<=")
                        && !rest.starts_with(b"?<!"))
                {
                    count += 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    count
}

/// What an escape or class atom stands for.
enum Item {
    /// One code point (possibly a surrogate, which matches nothing in a `&str`).
    Char(u32),
    /// A class body for the `regex` crate, and whether it is negated (`\D`, `\P{…}`).
    Set(String, bool),
}

struct Parser<'a> {
    src: &'a str,
    /// Byte offset of the next character.
    pos: usize,
    out: String,
    /// Groups open around the current position.
    depth: usize,
    /// Capturing groups in the whole pattern.
    captures: usize,
    /// Group names seen, with the alternatives they sit in (see [`Parser::path`]).
    names: Vec<(String, Vec<(usize, usize)>)>,
    /// From the outside in, each disjunction enclosing the current position (its number) and
    /// which of its alternatives the position is in: two groups of the same name are allowed
    /// when they sit in different alternatives of one disjunction (ES2025).
    path: Vec<(usize, usize)>,
    next_disjunction: usize,
    /// Whether the output is for `fancy-regex` (capturing groups kept, lookarounds and
    /// backreferences written out) rather than the `regex` crate.
    backtracking: bool,
    /// Capturing groups opened so far (ECMA numbers them by their `(`, from 1).
    opened: usize,
    /// The named groups and their numbers, from the first backtracking pass.
    numbered: Vec<(String, usize)>,
    /// The named groups and their numbers, found by this pass.
    found: Vec<(String, usize)>,
}

impl Parser<'_> {
    fn err(&self, offset: usize, message: impl Into<String>) -> EcmaError {
        EcmaError {
            offset,
            message: message.into(),
        }
    }

    fn peek(&self) -> Option<char> {
        self.src[self.pos..].chars().next()
    }

    fn peek_at(&self, n: usize) -> Option<char> {
        self.src[self.pos..].chars().nth(n)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += c.len_utf8();
            true
        } else {
            false
        }
    }

    fn rest(&self) -> &str {
        &self.src[self.pos..]
    }

    /// `Disjunction :: Alternative ( | Alternative )*`; stops before `)` or at the end.
    fn disjunction(&mut self) -> Result<(), Refusal> {
        let id = self.next_disjunction;
        self.next_disjunction += 1;
        self.path.push((id, 0));
        loop {
            self.alternative()?;
            if self.eat('|') {
                self.out.push('|');
                if let Some(last) = self.path.last_mut() {
                    last.1 += 1;
                }
            } else {
                break;
            }
        }
        self.path.pop();
        Ok(())
    }

    /// `Alternative :: Term*`.
    fn alternative(&mut self) -> Result<(), Refusal> {
        while let Some(c) = self.peek() {
            if c == '|' || c == ')' {
                break;
            }
            self.term()?;
        }
        Ok(())
    }

    /// `Term :: Assertion | Atom Quantifier?`.
    fn term(&mut self) -> Result<(), Refusal> {
        let start = self.pos;
        let Some(c) = self.bump() else {
            return Ok(());
        };
        match c {
            '^' => return Ok(self.assertion(start, r"\A")?),
            '$' => return Ok(self.assertion(start, r"\z")?),
            '\\' if matches!(self.peek(), Some('b' | 'B')) => {
                let inverted = self.peek() == Some('B');
                self.pos += 1;
                let rust = match (self.backtracking, inverted) {
                    (false, false) => r"(?-u:\b)",
                    (false, true) => r"(?-u:\B)",
                    // `fancy-regex` has no ASCII `\b`: the boundary spelt with lookarounds.
                    (true, false) => WORD_BOUNDARY,
                    (true, true) => NOT_WORD_BOUNDARY,
                };
                return Ok(self.assertion(start, rust)?);
            }
            '\\' => self.atom_escape(start)?,
            '(' => self.group(start)?,
            '.' => self.out.push_str(DOT),
            '[' => self.class(start)?,
            '*' | '+' | '?' => {
                return Err(self
                    .err(start, format!("nothing to repeat before `{c}`"))
                    .into());
            }
            '{' => {
                self.pos = start;
                return Err(if self.quantifier_bounds()?.is_some() {
                    self.err(start, "nothing to repeat before `{`")
                } else {
                    self.err(start, "lone `{` (write `\\{` for the character)")
                }
                .into());
            }
            '}' | ']' => {
                return Err(self
                    .err(
                        start,
                        format!("lone `{c}` (write `\\{c}` for the character)"),
                    )
                    .into());
            }
            c => self.emit_char(c as u32),
        }
        Ok(self.quantifier()?)
    }

    /// Emits an assertion, which takes no quantifier.
    fn assertion(&mut self, start: usize, rust: &str) -> Result<(), EcmaError> {
        self.out.push_str(rust);
        self.no_quantifier(start)
    }

    /// Refuses a quantifier after the assertion that began at `start`.
    fn no_quantifier(&mut self, start: usize) -> Result<(), EcmaError> {
        let quantifier = self.pos;
        if let Some(c @ ('*' | '+' | '?' | '{')) = self.peek()
            && (c != '{' || self.quantifier_bounds()?.is_some())
        {
            return Err(self.err(
                quantifier,
                format!(
                    "nothing to repeat: the assertion `{}` takes no quantifier",
                    &self.src[start..quantifier]
                ),
            ));
        }
        Ok(())
    }

    /// `{n}`, `{n,}`, `{n,m}` at the current position, consumed, or `None` (position left
    /// unchanged) when the text there is not of that form. Counts over `u32::MAX` are an error.
    fn quantifier_bounds(&mut self) -> Result<Option<(u32, Option<u32>)>, EcmaError> {
        let start = self.pos;
        if !self.eat('{') {
            return Ok(None);
        }
        let Some(min) = self.decimal(start)? else {
            self.pos = start;
            return Ok(None);
        };
        let max = if self.eat(',') {
            if self.peek() == Some('}') {
                None
            } else if let Some(max) = self.decimal(start)? {
                Some(max)
            } else {
                self.pos = start;
                return Ok(None);
            }
        } else {
            Some(min)
        };
        if !self.eat('}') {
            self.pos = start;
            return Ok(None);
        }
        if let Some(max) = max
            && max < min
        {
            return Err(self.err(start, "numbers out of order in `{}` quantifier"));
        }
        Ok(Some((min, max)))
    }

    /// `DecimalDigits`, or `None` if there is no digit here.
    fn decimal(&mut self, quantifier: usize) -> Result<Option<u32>, EcmaError> {
        let digits = self.rest().bytes().take_while(u8::is_ascii_digit).count();
        if digits == 0 {
            return Ok(None);
        }
        let text = &self.src[self.pos..self.pos + digits];
        self.pos += digits;
        text.parse::<u32>().map(Some).map_err(|_| {
            self.err(
                quantifier,
                format!(
                    "repetition count {text} is too large (at most {})",
                    u32::MAX
                ),
            )
        })
    }

    /// `Quantifier?` after an atom.
    fn quantifier(&mut self) -> Result<(), EcmaError> {
        match self.peek() {
            Some(c @ ('*' | '+' | '?')) => {
                self.pos += 1;
                self.out.push(c);
            }
            Some('{') => {
                let start = self.pos;
                match self.quantifier_bounds()? {
                    Some((min, None)) => self.out.push_str(&format!("{{{min},}}")),
                    Some((min, Some(max))) if min == max => {
                        self.out.push_str(&format!("{{{min}}}"));
                    }
                    Some((min, Some(max))) => self.out.push_str(&format!("{{{min},{max}}}")),
                    None => {
                        return Err(self.err(start, "lone `{` (write `\\{` for the character)"));
                    }
                }
            }
            _ => return Ok(()),
        }
        if self.eat('?') {
            self.out.push('?');
        }
        Ok(())
    }

    /// After `(`: a group or a lookaround.
    fn group(&mut self, start: usize) -> Result<(), Refusal> {
        if self.depth >= MAX_NESTING {
            return Err(self
                .err(
                    start,
                    format!("groups nest too deeply (at most {MAX_NESTING} levels)"),
                )
                .into());
        }
        let lookaround = ["?=", "?!", "?<=", "?<!"]
            .into_iter()
            .find(|l| self.rest().starts_with(l));
        if let Some(lookaround) = lookaround {
            if !self.backtracking {
                return Err(Refusal::NeedsBacktracking);
            }
            self.pos += lookaround.len();
            self.out.push('(');
            self.out.push_str(lookaround);
            self.close_group(start)?;
            // In Unicode mode a lookaround is an assertion, which takes no quantifier.
            return Ok(self.no_quantifier(start)?);
        }
        let mut capturing = true;
        if self.eat('?') {
            if self.eat('<') {
                let name = self.group_name(start)?;
                self.add_name(name.clone(), start)?;
                self.found.push((name, self.opened + 1));
            } else if self.eat(':') {
                capturing = false;
            } else {
                let flags = self
                    .rest()
                    .bytes()
                    .take_while(|b| matches!(b, b'i' | b'm' | b's' | b'-'))
                    .count();
                return Err(if self.rest()[flags..].starts_with(':') && flags > 0 {
                    self.err(
                        start,
                        format!("modifiers `(?{}:` are not supported", &self.rest()[..flags]),
                    )
                } else {
                    self.err(start, "invalid group: `(?` must be followed by `:`, `<name>`, `=`, `!`, `<=` or `<!`")
                }
                .into());
            }
        }
        if capturing {
            self.opened += 1;
        }
        // Captures matter only to backreferences, which only the backtracking engine runs.
        self.out.push_str(if capturing && self.backtracking {
            "("
        } else {
            "(?:"
        });
        self.close_group(start)
    }

    /// The disjunction of a group and its `)`.
    fn close_group(&mut self, start: usize) -> Result<(), Refusal> {
        self.depth += 1;
        self.disjunction()?;
        self.depth -= 1;
        if !self.eat(')') {
            return Err(self.err(start, "unterminated group: missing `)`").into());
        }
        self.out.push(')');
        Ok(())
    }

    /// `GroupName :: < RegExpIdentifierName >` after `(?<` or `\k<`: the name, with its
    /// `\u` escapes decoded.
    fn group_name(&mut self, start: usize) -> Result<String, EcmaError> {
        let mut name = String::new();
        loop {
            let at = self.pos;
            let c = match self.bump() {
                None => return Err(self.err(start, "unterminated group name: missing `>`")),
                Some('>') => break,
                Some('\\') => {
                    if !self.eat('u') {
                        return Err(self.err(at, "invalid escape in group name"));
                    }
                    let cp = self.unicode_escape(at)?;
                    char::from_u32(cp)
                        .ok_or_else(|| self.err(at, "invalid character in group name"))?
                }
                Some(c) => c,
            };
            let ok = if name.is_empty() {
                c == '$' || c == '_' || is_id_start(c)
            } else {
                c == '$' || c == '\u{200C}' || c == '\u{200D}' || is_id_continue(c)
            };
            if !ok {
                return Err(self.err(at, format!("invalid character {c:?} in group name")));
            }
            name.push(c);
        }
        if name.is_empty() {
            return Err(self.err(start, "empty group name"));
        }
        Ok(name)
    }

    /// Records a group name, refusing a duplicate unless the two sit in different
    /// alternatives of one disjunction.
    fn add_name(&mut self, name: String, start: usize) -> Result<(), EcmaError> {
        for (other, path) in &self.names {
            if *other != name {
                continue;
            }
            let exclusive = self
                .path
                .iter()
                .zip(path)
                .take_while(|(a, b)| a.0 == b.0)
                .any(|(a, b)| a.1 != b.1);
            if !exclusive {
                return Err(self.err(start, format!("duplicate group name `{name}`")));
            }
        }
        self.names.push((name, self.path.clone()));
        Ok(())
    }

    /// After `\` outside a class (`\b`, `\B` handled by the caller): `AtomEscape`, emitted.
    fn atom_escape(&mut self, start: usize) -> Result<(), Refusal> {
        match self.peek() {
            Some('1'..='9') => {
                let digits = self.rest().bytes().take_while(u8::is_ascii_digit).count();
                let text = &self.src[self.pos..self.pos + digits];
                let n: usize = text.parse().unwrap_or(usize::MAX);
                if n > self.captures {
                    return Err(self
                        .err(
                            start,
                            format!(
                                "invalid escape `\\{text}`: there is no group {text} to refer to"
                            ),
                        )
                        .into());
                }
                if !self.backtracking {
                    return Err(Refusal::NeedsBacktracking);
                }
                self.pos += digits;
                self.emit_backreference(&[n]);
                Ok(())
            }
            Some('k') => {
                self.pos += 1;
                if !self.eat('<') {
                    return Err(self
                        .err(start, "invalid escape `\\k`: expected `\\k<name>`")
                        .into());
                }
                let name = self.group_name(start)?;
                if !self.backtracking {
                    return Err(Refusal::NeedsBacktracking);
                }
                let groups: Vec<usize> = self
                    .numbered
                    .iter()
                    .filter(|(n, _)| *n == name)
                    .map(|(_, i)| *i)
                    .collect();
                // The first backtracking pass has no numbers yet; its output is not kept.
                if groups.is_empty() && !self.numbered.is_empty() {
                    return Err(self
                        .err(
                            start,
                            format!(
                                "invalid escape `\\k<{name}>`: there is no group named `{name}`"
                            ),
                        )
                        .into());
                }
                self.emit_backreference(&groups);
                Ok(())
            }
            _ => {
                let item = self.common_escape(start, false)?;
                self.emit_item(item);
                Ok(())
            }
        }
    }

    /// The escapes allowed both in and out of classes: `CharacterClassEscape` and
    /// `CharacterEscape`.
    fn common_escape(&mut self, start: usize, in_class: bool) -> Result<Item, EcmaError> {
        let Some(c) = self.bump() else {
            return Err(self.err(start, "`\\` at end of pattern"));
        };
        Ok(match c {
            'd' => Item::Set(DIGIT.to_owned(), false),
            'D' => Item::Set(DIGIT.to_owned(), true),
            'w' => Item::Set(WORD.to_owned(), false),
            'W' => Item::Set(WORD.to_owned(), true),
            's' => Item::Set(SPACE.to_owned(), false),
            'S' => Item::Set(SPACE.to_owned(), true),
            'p' | 'P' => {
                let body = self.property(start)?;
                Item::Set(body, c == 'P')
            }
            't' => Item::Char(0x09),
            'n' => Item::Char(0x0A),
            'v' => Item::Char(0x0B),
            'f' => Item::Char(0x0C),
            'r' => Item::Char(0x0D),
            'c' => match self.peek() {
                Some(l) if l.is_ascii_alphabetic() => {
                    self.pos += 1;
                    Item::Char(l as u32 % 32)
                }
                _ => {
                    return Err(
                        self.err(start, "invalid escape `\\c`: expected a letter A-Z or a-z")
                    );
                }
            },
            '0' => {
                if self.peek().is_some_and(|d| d.is_ascii_digit()) {
                    return Err(self.err(
                        start,
                        "invalid escape: `\\0` followed by a digit (octal escapes are not allowed)",
                    ));
                }
                Item::Char(0)
            }
            '1'..='9' => {
                // Only reached inside a class (outside, atom_escape takes them).
                return Err(self.err(
                    start,
                    format!("invalid escape `\\{c}` in a class (no backreference there)"),
                ));
            }
            'x' => {
                let hex = self
                    .rest()
                    .get(..2)
                    .filter(|h| h.bytes().all(|b| b.is_ascii_hexdigit()));
                let Some(hex) = hex else {
                    return Err(self.err(start, "invalid escape `\\x`: expected two hex digits"));
                };
                let cp = u32::from_str_radix(hex, 16)
                    .map_err(|_| self.err(start, "invalid `\\x` escape"))?;
                self.pos += 2;
                Item::Char(cp)
            }
            'u' => Item::Char(self.unicode_escape(start)?),
            '-' if in_class => Item::Char('-' as u32),
            '^' | '$' | '\\' | '.' | '*' | '+' | '?' | '(' | ')' | '[' | ']' | '{' | '}' | '|'
            | '/' => Item::Char(c as u32),
            c => {
                return Err(self.err(
                    start,
                    format!(
                        "invalid escape `\\{c}` (in Unicode mode only syntax characters{} and `/` may be escaped)",
                        if in_class { ", `-`" } else { "" }
                    ),
                ));
            }
        })
    }

    /// After `\u`: `\uHHHH`, a surrogate pair `\uHHHH\uHHHH` (one code point), or `\u{H…}`.
    fn unicode_escape(&mut self, start: usize) -> Result<u32, EcmaError> {
        if self.eat('{') {
            let digits = self
                .rest()
                .bytes()
                .take_while(u8::is_ascii_hexdigit)
                .count();
            let text = &self.src[self.pos..self.pos + digits];
            let cp = text.chars().try_fold(0u32, |acc, d| {
                let v = acc * 16 + d.to_digit(16)?;
                (v <= 0x10FFFF).then_some(v)
            });
            self.pos += digits;
            return match cp {
                Some(cp) if digits > 0 && self.eat('}') => Ok(cp),
                _ => Err(self.err(
                    start,
                    "invalid escape `\\u{…}`: expected hex digits of a code point up to 10FFFF and `}`",
                )),
            };
        }
        let lead = self.hex4().ok_or_else(|| {
            self.err(
                start,
                "invalid escape `\\u`: expected four hex digits or `{…}`",
            )
        })?;
        if (0xD800..0xDC00).contains(&lead) && self.rest().starts_with("\\u") {
            let save = self.pos;
            self.pos += 2;
            match self.hex4() {
                Some(trail) if (0xDC00..0xE000).contains(&trail) => {
                    return Ok(0x10000 + ((lead - 0xD800) << 10) + (trail - 0xDC00));
                }
                _ => self.pos = save,
            }
        }
        Ok(lead)
    }

    /// Four hex digits, consumed.
    fn hex4(&mut self) -> Option<u32> {
        let hex = self.rest().get(..4)?;
        if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return None;
        }
        let v = u32::from_str_radix(hex, 16).ok()?;
        self.pos += 4;
        Some(v)
    }

    /// After `\p` or `\P`: `{Name=Value}` or `{LoneName}`, as a class body for the `regex`
    /// crate.
    fn property(&mut self, start: usize) -> Result<String, EcmaError> {
        if !self.eat('{') {
            return Err(self.err(start, "invalid property escape: expected `{` after `\\p`"));
        }
        let len = self
            .rest()
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_' || *b == b'=')
            .count();
        let text = &self.src[self.pos..self.pos + len];
        self.pos += len;
        if !self.eat('}') {
            return Err(self.err(start, "invalid property escape: expected `}`"));
        }
        let unknown = |what: &str| {
            self.err(
                start,
                format!("invalid property escape `\\p{{{text}}}`: unknown {what} (names are case-sensitive)"),
            )
        };
        if let Some((name, value)) = text.split_once('=') {
            let Some(prop) = tables::non_binary(name) else {
                return Err(unknown(
                    "property name (General_Category, gc, Script, sc, Script_Extensions, scx)",
                ));
            };
            return match prop {
                NonBinary::GeneralCategory => tables::general_category(value)
                    .map(gc_body)
                    .ok_or_else(|| unknown("General_Category value")),
                NonBinary::Script => tables::script(value)
                    .map(|v| script_body("sc", v))
                    .ok_or_else(|| unknown("Script value")),
                NonBinary::ScriptExtensions => tables::script(value)
                    .map(|v| script_body("scx", v))
                    .ok_or_else(|| unknown("Script_Extensions value")),
            };
        }
        if let Some(v) = tables::general_category(text) {
            return Ok(gc_body(v));
        }
        match tables::binary(text) {
            Some(Binary::Rust(name)) => Ok(format!(r"\p{{{name}}}")),
            Some(Binary::Body(body)) => Ok(body.to_owned()),
            Some(Binary::Unsupported(name)) => Err(self.err(
                start,
                format!(
                    "property `{name}` is not supported (the `regex` crate has no table for it)"
                ),
            )),
            None => Err(unknown("General_Category value or binary property")),
        }
    }

    /// After `[`: `CharacterClass`, emitted as one bracketed class.
    fn class(&mut self, start: usize) -> Result<(), EcmaError> {
        let negated = self.eat('^');
        let mut body = String::new();
        loop {
            let at = self.pos;
            let Some(c) = self.bump() else {
                return Err(self.err(start, "unterminated character class: missing `]`"));
            };
            if c == ']' {
                break;
            }
            let first = self.class_atom(c, at)?;
            if self.peek() == Some('-') && self.peek_at(1).is_some_and(|n| n != ']') {
                let dash = self.pos;
                self.pos += 1;
                let at2 = self.pos;
                let Some(c2) = self.bump() else {
                    return Err(self.err(start, "unterminated character class: missing `]`"));
                };
                let second = self.class_atom(c2, at2)?;
                match (first, second) {
                    (Item::Char(lo), Item::Char(hi)) => {
                        if lo > hi {
                            return Err(self.err(at, "range out of order in character class"));
                        }
                        push_range(&mut body, lo, hi);
                    }
                    _ => {
                        return Err(self.err(
                            dash,
                            "invalid character class range: a class escape (`\\d`, `\\p{…}`, …) cannot bound a range",
                        ));
                    }
                }
            } else {
                match first {
                    Item::Char(cp) => push_range(&mut body, cp, cp),
                    Item::Set(set, false) => body.push_str(&set),
                    Item::Set(set, true) => {
                        body.push_str("[^");
                        body.push_str(&set);
                        body.push(']');
                    }
                }
            }
        }
        match (body.is_empty(), negated) {
            (true, false) => self.out.push_str(NOTHING),
            (true, true) => self.out.push_str(ANYTHING),
            (false, _) => {
                self.out.push('[');
                if negated {
                    self.out.push('^');
                }
                self.out.push_str(&body);
                self.out.push(']');
            }
        }
        Ok(())
    }

    /// `ClassAtom` starting with `c` (already consumed) at `at`.
    fn class_atom(&mut self, c: char, at: usize) -> Result<Item, EcmaError> {
        if c != '\\' {
            return Ok(Item::Char(c as u32));
        }
        match self.peek() {
            Some('b') => {
                self.pos += 1;
                Ok(Item::Char(0x08))
            }
            Some('B') => Err(self.err(at, "invalid escape `\\B` in a character class")),
            Some('k') => Err(self.err(at, "invalid escape `\\k` in a character class")),
            _ => self.common_escape(at, true),
        }
    }

    /// Emits a backreference to whichever of `groups` took part in the match (several when
    /// groups of one name sit in different alternatives); when none did, it matches the empty
    /// string, as in ECMA-262 (BackreferenceMatcher), where `fancy-regex` would fail: hence
    /// `(?(n)\n|…)`, the group if it took part, else the next, at last nothing.
    fn emit_backreference(&mut self, groups: &[usize]) {
        self.out.push_str("(?:");
        for n in groups {
            self.out.push_str(&format!("(?({n})\\{n}|"));
        }
        self.out.push_str(&")".repeat(groups.len()));
        self.out.push(')');
    }

    /// Emits a single atom.
    fn emit_item(&mut self, item: Item) {
        match item {
            Item::Char(cp) => self.emit_char(cp),
            Item::Set(set, negated) => {
                self.out.push('[');
                if negated {
                    self.out.push('^');
                }
                self.out.push_str(&set);
                self.out.push(']');
            }
        }
    }

    /// Emits the literal code point `cp` (a surrogate matches nothing).
    fn emit_char(&mut self, cp: u32) {
        match char::from_u32(cp) {
            Some(c) if c.is_ascii_alphanumeric() || c == '_' => self.out.push(c),
            Some(c) if !c.is_control() && !c.is_whitespace() && !c.is_ascii() => self.out.push(c),
            Some(_) => push_hex(&mut self.out, cp),
            None => self.out.push_str(NOTHING),
        }
    }
}

/// The class body of the `General_Category` value `long`.
fn gc_body(long: &str) -> String {
    match long {
        // No `&str` holds a surrogate (and the `regex` crate has no table for them).
        "Surrogate" => NOTHING.to_owned(),
        _ => format!(r"\p{{gc={long}}}"),
    }
}

/// The class body of the `Script` (`prop` is `sc`) or `Script_Extensions` (`scx`) value
/// `long`.
fn script_body(prop: &str, long: &str) -> String {
    match long {
        // The code points no script claims: unassigned, private use and surrogates (none in
        // a `&str`); the `regex` crate has no table for them.
        "Unknown" => r"\p{gc=Unassigned}\p{gc=Private_Use}".to_owned(),
        // A value of the Unicode data that no code point has (the `regex` crate has no
        // table for it).
        "Katakana_Or_Hiragana" => NOTHING.to_owned(),
        _ => format!(r"\p{{{prop}={long}}}"),
    }
}

/// Appends the code points `lo..=hi` to a class body, without the surrogates.
fn push_range(body: &mut String, lo: u32, hi: u32) {
    let mut piece = |lo: u32, hi: u32| {
        if lo > hi {
            return;
        }
        push_hex(body, lo);
        if hi != lo {
            body.push('-');
            push_hex(body, hi);
        }
    };
    if hi < 0xD800 || lo > 0xDFFF {
        piece(lo, hi);
    } else {
        if lo < 0xD800 {
            piece(lo, 0xD7FF);
        }
        if hi > 0xDFFF {
            piece(0xE000, hi);
        }
    }
}

/// Appends `\x{HEX}`.
fn push_hex(out: &mut String, cp: u32) {
    use std::fmt::Write;
    let _ = write!(out, r"\x{{{cp:X}}}");
}

/// `ID_Start` (group names).
fn is_id_start(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic();
    }
    id_class(c, false)
}

/// `ID_Continue` (group names).
fn is_id_continue(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphanumeric() || c == '_';
    }
    id_class(c, true)
}

/// `ID_Start` / `ID_Continue` of a non-ASCII character, from the `regex` crate's tables.
fn id_class(c: char, cont: bool) -> bool {
    use std::sync::OnceLock;
    static START: OnceLock<Option<regex::Regex>> = OnceLock::new();
    static CONTINUE: OnceLock<Option<regex::Regex>> = OnceLock::new();
    let (cell, pattern) = if cont {
        (&CONTINUE, r"^\p{ID_Continue}$")
    } else {
        (&START, r"^\p{ID_Start}$")
    };
    match cell.get_or_init(|| regex::Regex::new(pattern).ok()) {
        Some(re) => re.is_match(c.encode_utf8(&mut [0; 4])),
        // Not expected: the tables are part of the `regex` crate.
        None => c.is_alphanumeric(),
    }
}
