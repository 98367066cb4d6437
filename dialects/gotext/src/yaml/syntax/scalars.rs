//! The scanner's multi-character tokens, as go-yaml v2's `scannerc.go` scans them: directives,
//! anchors and aliases, tags, block, quoted and plain scalars. Only what can fail, and where the
//! scan ends, is reproduced; values are not built.

use super::Failure;
use super::reader::Mark;
use super::scanner::{Kind, Scanner};

impl Scanner {
    /// `head` followed by the run of word characters (libyaml's `IS_ALPHA`) read from here.
    fn alpha_run(&mut self, mut head: String) -> String {
        while self.r.alpha(0) {
            head.push(self.r.at(0));
            self.r.skip();
        }
        head
    }

    fn skip_blanks(&mut self) {
        while self.r.blank(0) {
            self.r.skip();
        }
    }

    /// Blanks and a comment up to the line's end, where a directive or a block scalar's
    /// header must end.
    fn end_of_line(&mut self, start: Mark) -> Result<(), Failure> {
        self.skip_blanks();
        if self.r.at(0) == '#' {
            while !self.r.breakz(0) {
                self.r.skip();
            }
        }
        if !self.r.breakz(0) {
            return Err(self.error(start, "did not find expected comment or line break"));
        }
        self.r.skip_line();
        Ok(())
    }

    /// `%NAME ...` up to its line break.
    pub(super) fn scan_directive(&mut self) -> Result<Kind, Failure> {
        let start = self.r.mark;
        self.r.skip();
        let name = self.alpha_run(String::new());
        if name.is_empty() {
            return Err(self.error(start, "could not find expected directive name"));
        }
        if !self.r.blankz(0) {
            return Err(self.error(start, "found unexpected non-alphabetical character"));
        }
        let kind = match name.as_str() {
            "YAML" => {
                self.skip_blanks();
                let major = self.version_number(start)?;
                if self.r.at(0) != '.' {
                    return Err(self.error(start, "did not find expected digit or '.' character"));
                }
                self.r.skip();
                Kind::Version(major, self.version_number(start)?)
            }
            "TAG" => {
                self.skip_blanks();
                let handle = self.tag_handle(true, start)?;
                if !self.r.blank(0) {
                    return Err(self.error(start, "did not find expected whitespace"));
                }
                self.skip_blanks();
                self.tag_uri("", start)?;
                if !self.r.blankz(0) {
                    return Err(self.error(start, "did not find expected whitespace or line break"));
                }
                Kind::TagDirective(handle)
            }
            _ => return Err(self.error(start, "found unknown directive name")),
        };
        self.end_of_line(start)?;
        Ok(kind)
    }

    /// One or two digits of a `%YAML` version.
    fn version_number(&mut self, start: Mark) -> Result<u8, Failure> {
        let (mut value, mut length) = (0u8, 0);
        while let Some(d) = self.r.at(0).to_digit(10) {
            length += 1;
            if length > 2 {
                return Err(self.error(start, "found extremely long version number"));
            }
            value = value * 10 + d as u8;
            self.r.skip();
        }
        if length == 0 {
            return Err(self.error(start, "did not find expected version number"));
        }
        Ok(value)
    }

    /// `&name` or `*name`.
    pub(super) fn scan_anchor(&mut self, anchor: bool) -> Result<Kind, Failure> {
        let start = self.r.mark;
        self.r.skip();
        let name = self.alpha_run(String::new());
        let ends = self.r.blankz(0)
            || matches!(self.r.at(0), '?' | ':' | ',' | ']' | '}' | '%' | '@' | '`');
        if name.is_empty() || !ends {
            return Err(self.error(
                start,
                "did not find expected alphabetic or numeric character",
            ));
        }
        Ok(if anchor {
            Kind::Anchor(name)
        } else {
            Kind::Alias(name)
        })
    }

    /// `!<uri>`, `!handle!suffix`, `!suffix` or `!`: its handle as the parser looks it up
    /// (empty for a verbatim tag and a lone `!`).
    pub(super) fn scan_tag(&mut self) -> Result<String, Failure> {
        let start = self.r.mark;
        let handle = if self.r.at(1) == '<' {
            self.r.skip();
            self.r.skip();
            self.tag_uri("", start)?;
            if self.r.at(0) != '>' {
                return Err(self.error(start, "did not find the expected '>'"));
            }
            self.r.skip();
            String::new()
        } else {
            let handle = self.tag_handle(false, start)?;
            if handle.len() > 1 && handle.ends_with('!') {
                self.tag_uri("", start)?;
                handle
            } else if self.tag_uri(&handle, start)? {
                "!".to_owned()
            } else {
                String::new()
            }
        };
        if !self.r.blankz(0) {
            return Err(self.error(start, "did not find expected whitespace or line break"));
        }
        Ok(handle)
    }

    /// `!`, `!name` or `!name!`.
    fn tag_handle(&mut self, directive: bool, start: Mark) -> Result<String, Failure> {
        if self.r.at(0) != '!' {
            return Err(self.error(start, "did not find expected '!'"));
        }
        self.r.skip();
        let mut handle = self.alpha_run(String::from('!'));
        if self.r.at(0) == '!' {
            handle.push('!');
            self.r.skip();
        } else if directive && handle != "!" {
            return Err(self.error(start, "did not find expected '!'"));
        }
        Ok(handle)
    }

    /// A tag's URI characters after `head` (a handle read as the URI's start); whether the
    /// URI is not empty (the head's characters after its `!` count).
    fn tag_uri(&mut self, head: &str, start: Mark) -> Result<bool, Failure> {
        let mut has_tag = !head.is_empty();
        let mut not_empty = head.len() > 1;
        loop {
            let c = self.r.at(0);
            if !(self.r.alpha(0) || ";/?:@&=+$,.!~*'()[]%".contains(c)) {
                break;
            }
            if c == '%' {
                self.uri_escapes(start)?;
            } else {
                self.r.skip();
            }
            has_tag = true;
            not_empty = true;
        }
        if !has_tag {
            return Err(self.error(start, "did not find expected tag URI"));
        }
        Ok(not_empty)
    }

    /// `%XX` escapes forming one UTF-8 character.
    fn uri_escapes(&mut self, start: Mark) -> Result<(), Failure> {
        let mut width = None;
        loop {
            let (a, b) = (self.r.at(1).to_digit(16), self.r.at(2).to_digit(16));
            let (Some(a), Some(b), '%') = (a, b, self.r.at(0)) else {
                return Err(self.error(start, "did not find URI escaped octet"));
            };
            let octet = (a * 16 + b) as u8;
            let left = match width {
                None => match octet {
                    0x00..=0x7f => 1,
                    _ if octet & 0xe0 == 0xc0 => 2,
                    _ if octet & 0xf0 == 0xe0 => 3,
                    _ if octet & 0xf8 == 0xf0 => 4,
                    _ => {
                        return Err(self.error(start, "found an incorrect leading UTF-8 octet"));
                    }
                },
                Some(_) if octet & 0xc0 != 0x80 => {
                    return Err(self.error(start, "found an incorrect trailing UTF-8 octet"));
                }
                Some(left) => left,
            };
            for _ in 0..3 {
                self.r.skip();
            }
            if left == 1 {
                return Ok(());
            }
            width = Some(left - 1);
        }
    }

    /// `|` or `>` with its header and its lines.
    pub(super) fn scan_block_scalar(&mut self) -> Result<(), Failure> {
        let start = self.r.mark;
        self.r.skip();
        let mut increment = 0;
        let chomping = |c: char| matches!(c, '+' | '-');
        let zero = "found an indentation indicator equal to 0";
        if chomping(self.r.at(0)) {
            self.r.skip();
            if let Some(d) = self.r.at(0).to_digit(10) {
                if d == 0 {
                    return Err(self.error(start, zero));
                }
                increment = d as isize;
                self.r.skip();
            }
        } else if let Some(d) = self.r.at(0).to_digit(10) {
            if d == 0 {
                return Err(self.error(start, zero));
            }
            increment = d as isize;
            self.r.skip();
            if chomping(self.r.at(0)) {
                self.r.skip();
            }
        }
        self.end_of_line(start)?;
        let mut indent = match increment {
            0 => 0,
            _ if self.indent() >= 0 => self.indent() + increment,
            _ => increment,
        };
        self.block_scalar_breaks(&mut indent, start)?;
        while self.r.mark.column as isize == indent && self.r.at(0) != '\0' {
            while !self.r.breakz(0) {
                self.r.skip();
            }
            self.r.skip_line();
            self.block_scalar_breaks(&mut indent, start)?;
        }
        Ok(())
    }

    /// Empty lines and indentation before a block scalar's next line; fixes the indentation
    /// when the header did not give it.
    fn block_scalar_breaks(&mut self, indent: &mut isize, start: Mark) -> Result<(), Failure> {
        let mut max_indent = 0;
        loop {
            let short =
                |s: &Self, indent: isize| indent == 0 || (s.r.mark.column as isize) < indent;
            while short(self, *indent) && self.r.at(0) == ' ' {
                self.r.skip();
            }
            max_indent = max_indent.max(self.r.mark.column as isize);
            if short(self, *indent) && self.r.at(0) == '\t' {
                return Err(self.error(
                    start,
                    "found a tab character where an indentation space is expected",
                ));
            }
            if !self.r.is_break(0) {
                break;
            }
            self.r.skip_line();
        }
        if *indent == 0 {
            *indent = max_indent.max(self.indent() + 1).max(1);
        }
        Ok(())
    }

    /// A `'...'` or `"..."` scalar.
    pub(super) fn scan_flow_scalar(&mut self, single: bool) -> Result<(), Failure> {
        let start = self.r.mark;
        let quote = if single { '\'' } else { '"' };
        self.r.skip();
        loop {
            if self.r.document_indicator() {
                return Err(self.error(start, "found unexpected document indicator"));
            }
            if self.r.at(0) == '\0' {
                return Err(self.error(start, "found unexpected end of stream"));
            }
            while !self.r.blankz(0) {
                let c = self.r.at(0);
                if single && c == '\'' && self.r.at(1) == '\'' {
                    self.r.skip();
                    self.r.skip();
                } else if c == quote {
                    break;
                } else if !single && c == '\\' && self.r.is_break(1) {
                    self.r.skip();
                    self.r.skip_line();
                    break;
                } else if !single && c == '\\' {
                    self.escape(start)?;
                } else {
                    self.r.skip();
                }
            }
            if self.r.at(0) == quote {
                break;
            }
            while self.r.blank(0) || self.r.is_break(0) {
                if self.r.blank(0) {
                    self.r.skip();
                } else {
                    self.r.skip_line();
                }
            }
        }
        self.r.skip();
        Ok(())
    }

    /// A `\` escape of a double-quoted scalar.
    fn escape(&mut self, start: Mark) -> Result<(), Failure> {
        let digits = match self.r.at(1) {
            '0' | 'a' | 'b' | 't' | '\t' | 'n' | 'v' | 'f' | 'r' | 'e' | ' ' | '"' | '\''
            | '\\' | 'N' | '_' | 'L' | 'P' => 0,
            'x' => 2,
            'u' => 4,
            'U' => 8,
            _ => return Err(self.error(start, "found unknown escape character")),
        };
        self.r.skip();
        self.r.skip();
        let mut value: u32 = 0;
        for k in 0..digits {
            let Some(d) = self.r.at(k).to_digit(16) else {
                return Err(self.error(start, "did not find expected hexdecimal number"));
            };
            value = (value << 4) + d;
        }
        if (0xd800..=0xdfff).contains(&value) || value > 0x10_ffff {
            return Err(self.error(start, "found invalid Unicode character escape code"));
        }
        for _ in 0..digits {
            self.r.skip();
        }
        Ok(())
    }

    /// A plain scalar, over lines while they are indented past the current block.
    pub(super) fn scan_plain_scalar(&mut self) -> Result<(), Failure> {
        let start = self.r.mark;
        let indent = self.indent() + 1;
        let mut leading_blanks = false;
        loop {
            if self.r.document_indicator() || self.r.at(0) == '#' {
                break;
            }
            while !self.r.blankz(0) {
                let c = self.r.at(0);
                if (c == ':' && self.r.blankz(1))
                    || (self.flow_level > 0 && matches!(c, ',' | '?' | '[' | ']' | '{' | '}'))
                {
                    break;
                }
                leading_blanks = false;
                self.r.skip();
            }
            if !(self.r.blank(0) || self.r.is_break(0)) {
                break;
            }
            while self.r.blank(0) || self.r.is_break(0) {
                if self.r.blank(0) {
                    if leading_blanks
                        && (self.r.mark.column as isize) < indent
                        && self.r.at(0) == '\t'
                    {
                        return Err(
                            self.error(start, "found a tab character that violates indentation")
                        );
                    }
                    self.r.skip();
                } else {
                    self.r.skip_line();
                    leading_blanks = true;
                }
            }
            if self.flow_level == 0 && (self.r.mark.column as isize) < indent {
                break;
            }
        }
        if leading_blanks {
            self.simple_key_allowed = true;
        }
        Ok(())
    }
}
