//! libyaml's scanner as ytt's go-yaml v2 runs it (`scannerc.go`): tokens fetched lazily, while a
//! possible simple key may still turn into a `KEY` token at the queue's head; indentation
//! rolled into `BLOCK-*-START` and unrolled into `BLOCK-END` tokens. Token values are not kept:
//! only what the parser needs to find go-yaml's errors at the same place.

use std::collections::VecDeque;

use super::Failure;
use super::reader::{Mark, Reader};

/// A token's kind, with what the parser reads of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Kind {
    StreamStart,
    StreamEnd,
    /// `%YAML major.minor`.
    Version(u8, u8),
    /// `%TAG handle prefix`.
    TagDirective(String),
    DocumentStart,
    DocumentEnd,
    BlockSequenceStart,
    BlockMappingStart,
    BlockEnd,
    FlowSequenceStart,
    FlowSequenceEnd,
    FlowMappingStart,
    FlowMappingEnd,
    BlockEntry,
    FlowEntry,
    Key,
    Value,
    Alias(String),
    Anchor(String),
    /// A tag's handle (empty for a verbatim `!<...>` tag or a lone `!`).
    Tag(String),
    Scalar,
}

#[derive(Debug, Clone)]
pub(super) struct Token {
    pub kind: Kind,
    pub start: Mark,
}

#[derive(Clone, Copy, Default)]
struct SimpleKey {
    possible: bool,
    required: bool,
    token_number: usize,
    mark: Mark,
}

pub(super) struct Scanner {
    pub r: Reader,
    tokens: VecDeque<Token>,
    /// Tokens the parser has taken.
    parsed: usize,
    available: bool,
    stream_start_produced: bool,
    indent: isize,
    indents: Vec<isize>,
    simple_keys: Vec<SimpleKey>,
    pub simple_key_allowed: bool,
    pub flow_level: usize,
}

impl Scanner {
    pub fn new(text: &str) -> Scanner {
        Scanner {
            r: Reader::new(text),
            tokens: VecDeque::new(),
            parsed: 0,
            available: false,
            stream_start_produced: false,
            indent: -1,
            indents: Vec::new(),
            simple_keys: Vec::new(),
            simple_key_allowed: false,
            flow_level: 0,
        }
    }

    /// The indentation column of the current block collection (-1 outside any).
    pub fn indent(&self) -> isize {
        self.indent
    }

    /// The token at the head of the queue.
    pub fn peek(&mut self) -> Result<Token, Failure> {
        if !self.available {
            self.fetch_more()?;
        }
        Ok(self
            .tokens
            .front()
            .cloned()
            .expect("fetch_more leaves a token"))
    }

    /// Takes the head token.
    pub fn skip_token(&mut self) {
        self.available = false;
        self.parsed += 1;
        self.tokens.pop_front();
    }

    /// A scanner error at the reader's mark, in the context started at `context`.
    pub fn error(&self, context: Mark, problem: &str) -> Failure {
        Failure::scanner(problem, self.r.mark, context)
    }

    fn fetch_more(&mut self) -> Result<(), Failure> {
        loop {
            let need = self.tokens.is_empty() || {
                self.stale_simple_keys()?;
                let parsed = self.parsed;
                self.simple_keys
                    .iter()
                    .any(|k| k.possible && k.token_number == parsed)
            };
            if !need {
                break;
            }
            self.fetch_next()?;
        }
        self.available = true;
        Ok(())
    }

    fn push(&mut self, kind: Kind, start: Mark) {
        self.tokens.push_back(Token { kind, start });
    }

    fn fetch_next(&mut self) -> Result<(), Failure> {
        if !self.stream_start_produced {
            self.indent = -1;
            self.simple_keys.push(SimpleKey::default());
            self.simple_key_allowed = true;
            self.stream_start_produced = true;
            self.push(Kind::StreamStart, self.r.mark);
            return Ok(());
        }
        self.scan_to_next_token();
        self.stale_simple_keys()?;
        self.unroll_indent(self.r.mark.column as isize);
        let r = &mut self.r;
        let c = r.at(0);
        if c == '\0' {
            return self.fetch_stream_end();
        }
        if r.mark.column == 0 && c == '%' {
            return self.fetch_directive();
        }
        if r.mark.column == 0 && r.at(1) == c && r.at(2) == c && r.blankz(3) {
            match c {
                '-' => return self.fetch_document_indicator(Kind::DocumentStart),
                '.' => return self.fetch_document_indicator(Kind::DocumentEnd),
                _ => {}
            }
        }
        let flow = self.flow_level > 0;
        let next_blankz = self.r.blankz(1);
        match c {
            '[' => self.fetch_flow_start(Kind::FlowSequenceStart),
            '{' => self.fetch_flow_start(Kind::FlowMappingStart),
            ']' => self.fetch_flow_end(Kind::FlowSequenceEnd),
            '}' => self.fetch_flow_end(Kind::FlowMappingEnd),
            ',' => {
                self.remove_simple_key()?;
                self.simple_key_allowed = true;
                self.take_one(Kind::FlowEntry);
                Ok(())
            }
            '-' if next_blankz => self.fetch_block_entry(),
            '?' if flow || next_blankz => self.fetch_key(),
            ':' if flow || next_blankz => self.fetch_value(),
            '*' | '&' => {
                self.save_simple_key()?;
                self.simple_key_allowed = false;
                let start = self.r.mark;
                let kind = self.scan_anchor(c == '&')?;
                self.push(kind, start);
                Ok(())
            }
            '!' => {
                self.save_simple_key()?;
                self.simple_key_allowed = false;
                let start = self.r.mark;
                let handle = self.scan_tag()?;
                self.push(Kind::Tag(handle), start);
                Ok(())
            }
            '|' | '>' if !flow => {
                self.remove_simple_key()?;
                self.simple_key_allowed = true;
                let start = self.r.mark;
                self.scan_block_scalar()?;
                self.push(Kind::Scalar, start);
                Ok(())
            }
            '\'' | '"' => {
                self.save_simple_key()?;
                self.simple_key_allowed = false;
                let start = self.r.mark;
                self.scan_flow_scalar(c == '\'')?;
                self.push(Kind::Scalar, start);
                Ok(())
            }
            _ if starts_plain(c, flow, self.r.blank(1), next_blankz) => {
                self.save_simple_key()?;
                self.simple_key_allowed = false;
                let start = self.r.mark;
                self.scan_plain_scalar()?;
                self.push(Kind::Scalar, start);
                Ok(())
            }
            _ => Err(self.error(self.r.mark, "found character that cannot start any token")),
        }
    }

    /// Pushes a one-character token and moves past it.
    fn take_one(&mut self, kind: Kind) {
        let start = self.r.mark;
        self.r.skip();
        self.push(kind, start);
    }

    /// Possible simple keys that can no longer be keys (on an earlier line, or more than 1024
    /// characters back) are dropped; a required one is an error.
    fn stale_simple_keys(&mut self) -> Result<(), Failure> {
        let mark = self.r.mark;
        for i in 0..self.simple_keys.len() {
            let key = self.simple_keys[i];
            if key.possible && (key.mark.line < mark.line || key.mark.index + 1024 < mark.index) {
                if key.required {
                    return Err(self.error(key.mark, "could not find expected ':'"));
                }
                self.simple_keys[i].possible = false;
            }
        }
        Ok(())
    }

    fn save_simple_key(&mut self) -> Result<(), Failure> {
        let required = self.flow_level == 0 && self.indent == self.r.mark.column as isize;
        if self.simple_key_allowed {
            let key = SimpleKey {
                possible: true,
                required,
                token_number: self.parsed + self.tokens.len(),
                mark: self.r.mark,
            };
            self.remove_simple_key()?;
            *self.simple_keys.last_mut().expect("a level") = key;
        }
        Ok(())
    }

    fn remove_simple_key(&mut self) -> Result<(), Failure> {
        let key = *self.simple_keys.last().expect("a level");
        if key.possible && key.required {
            return Err(self.error(key.mark, "could not find expected ':'"));
        }
        self.simple_keys.last_mut().expect("a level").possible = false;
        Ok(())
    }

    /// A new block collection at `column`: its start token goes at queue position `number` (a
    /// token count), or at the end.
    fn roll_indent(&mut self, column: isize, number: Option<usize>, kind: Kind, mark: Mark) {
        if self.flow_level > 0 || self.indent >= column {
            return;
        }
        self.indents.push(self.indent);
        self.indent = column;
        let token = Token { kind, start: mark };
        match number {
            Some(n) => self.tokens.insert(n - self.parsed, token),
            None => self.tokens.push_back(token),
        }
    }

    fn unroll_indent(&mut self, column: isize) {
        if self.flow_level > 0 {
            return;
        }
        while self.indent > column {
            self.push(Kind::BlockEnd, self.r.mark);
            self.indent = self.indents.pop().unwrap_or(-1);
        }
    }

    fn fetch_stream_end(&mut self) -> Result<(), Failure> {
        if self.r.mark.column != 0 {
            self.r.mark.column = 0;
            self.r.mark.line += 1;
        }
        self.unroll_indent(-1);
        self.remove_simple_key()?;
        self.simple_key_allowed = false;
        self.push(Kind::StreamEnd, self.r.mark);
        Ok(())
    }

    fn fetch_directive(&mut self) -> Result<(), Failure> {
        self.unroll_indent(-1);
        self.remove_simple_key()?;
        self.simple_key_allowed = false;
        let start = self.r.mark;
        let kind = self.scan_directive()?;
        self.push(kind, start);
        Ok(())
    }

    fn fetch_document_indicator(&mut self, kind: Kind) -> Result<(), Failure> {
        self.unroll_indent(-1);
        self.remove_simple_key()?;
        self.simple_key_allowed = false;
        let start = self.r.mark;
        for _ in 0..3 {
            self.r.skip();
        }
        self.push(kind, start);
        Ok(())
    }

    fn fetch_flow_start(&mut self, kind: Kind) -> Result<(), Failure> {
        if self.flow_level >= super::MAX_DEPTH {
            return Err(Failure::limit());
        }
        self.save_simple_key()?;
        self.simple_keys.push(SimpleKey::default());
        self.flow_level += 1;
        self.simple_key_allowed = true;
        self.take_one(kind);
        Ok(())
    }

    fn fetch_flow_end(&mut self, kind: Kind) -> Result<(), Failure> {
        self.remove_simple_key()?;
        if self.flow_level > 0 {
            self.flow_level -= 1;
            self.simple_keys.pop();
        }
        self.simple_key_allowed = false;
        self.take_one(kind);
        Ok(())
    }

    fn fetch_block_entry(&mut self) -> Result<(), Failure> {
        if self.flow_level == 0 {
            if !self.simple_key_allowed {
                return Err(self.error(
                    self.r.mark,
                    "block sequence entries are not allowed in this context",
                ));
            }
            let mark = self.r.mark;
            self.roll_indent(mark.column as isize, None, Kind::BlockSequenceStart, mark);
        }
        self.remove_simple_key()?;
        self.simple_key_allowed = true;
        self.take_one(Kind::BlockEntry);
        Ok(())
    }

    fn fetch_key(&mut self) -> Result<(), Failure> {
        if self.flow_level == 0 {
            if !self.simple_key_allowed {
                return Err(self.error(self.r.mark, "mapping keys are not allowed in this context"));
            }
            let mark = self.r.mark;
            self.roll_indent(mark.column as isize, None, Kind::BlockMappingStart, mark);
        }
        self.remove_simple_key()?;
        self.simple_key_allowed = self.flow_level == 0;
        self.take_one(Kind::Key);
        Ok(())
    }

    fn fetch_value(&mut self) -> Result<(), Failure> {
        let key = *self.simple_keys.last().expect("a level");
        if key.possible {
            let at = key.token_number - self.parsed;
            self.tokens.insert(
                at,
                Token {
                    kind: Kind::Key,
                    start: key.mark,
                },
            );
            self.roll_indent(
                key.mark.column as isize,
                Some(key.token_number),
                Kind::BlockMappingStart,
                key.mark,
            );
            self.simple_keys.last_mut().expect("a level").possible = false;
            self.simple_key_allowed = false;
        } else {
            if self.flow_level == 0 {
                if !self.simple_key_allowed {
                    return Err(self.error(
                        self.r.mark,
                        "mapping values are not allowed in this context",
                    ));
                }
                let mark = self.r.mark;
                self.roll_indent(mark.column as isize, None, Kind::BlockMappingStart, mark);
            }
            self.simple_key_allowed = self.flow_level == 0;
        }
        self.take_one(Kind::Value);
        Ok(())
    }

    /// Blanks, comments and line breaks up to the next token. A tab counts as a blank only
    /// where no simple key may start (in a flow collection, after a key's `:` on its line).
    fn scan_to_next_token(&mut self) {
        loop {
            if self.r.mark.column == 0 && self.r.at(0) == '\u{feff}' {
                self.r.skip();
            }
            while self.r.at(0) == ' '
                || ((self.flow_level > 0 || !self.simple_key_allowed) && self.r.at(0) == '\t')
            {
                self.r.skip();
            }
            if self.r.at(0) == '#' {
                while !self.r.breakz(0) {
                    self.r.skip();
                }
            }
            if !self.r.is_break(0) {
                break;
            }
            self.r.skip_line();
            if self.flow_level == 0 {
                self.simple_key_allowed = true;
            }
        }
    }
}

/// Whether `c` starts a plain scalar (libyaml's test: not an indicator, or `-` before a
/// non-blank, or, in block context, `?`/`:` before a non-blank).
fn starts_plain(c: char, flow: bool, next_blank: bool, next_blankz: bool) -> bool {
    let indicator = matches!(
        c,
        '-' | '?'
            | ':'
            | ','
            | '['
            | ']'
            | '{'
            | '}'
            | '#'
            | '&'
            | '*'
            | '!'
            | '|'
            | '>'
            | '\''
            | '"'
            | '%'
            | '@'
            | '`'
    );
    let blankz = matches!(
        c,
        ' ' | '\t' | '\0' | '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}'
    );
    !(blankz || indicator)
        || (c == '-' && !next_blank)
        || (!flow && matches!(c, '?' | ':') && !next_blankz)
}
