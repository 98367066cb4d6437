//! `email` as strfmt's `IsEmail`: Go's `net/mail.ParseAddress` succeeds. That is RFC 5322's
//! `address` as Go reads it: an `addr-spec` (`local@domain`, the local part a dot-atom or a
//! quoted string, the domain a dot-atom or an IP domain literal) optionally followed by a
//! `(display name)` comment, or `[phrase] <addr-spec>`, or a group `name: addr;` of exactly
//! one address; spaces and comments around; atoms of any non-ASCII characters; a phrase
//! word that is an RFC 2047 encoded word in a charset Go cannot read (anything but UTF-8,
//! ISO-8859-1 and US-ASCII) ends the phrase with an error.

use crate::kube::net::parse_ip;

/// Whether Go's `mail.ParseAddress(s)` succeeds.
pub(super) fn is_address(s: &str) -> bool {
    let mut p = Parser { s };
    match p.address(true) {
        Some(1) => p.skip_cfws() && p.s.is_empty(),
        _ => false,
    }
}

/// The text left to parse (`addrParser`).
struct Parser<'a> {
    s: &'a str,
}

impl Parser<'_> {
    /// `parseAddress`: the number of addresses read (a group's may be 0 or more), `None` on
    /// an error.
    fn address(&mut self, handle_group: bool) -> Option<usize> {
        self.skip_space();
        if self.s.is_empty() {
            return None;
        }
        if self.addr_spec() {
            self.skip_space();
            if self.s.starts_with('(') && !self.display_name_comment() {
                return None;
            }
            return Some(1);
        }
        if !self.s.starts_with('<') && !self.phrase() {
            return None;
        }
        self.skip_space();
        if handle_group && self.consume(b':') {
            return self.group_list();
        }
        if !self.consume(b'<') || !self.addr_spec() {
            return None;
        }
        self.consume(b'>').then_some(1)
    }

    /// `consumeGroupList`.
    fn group_list(&mut self) -> Option<usize> {
        self.skip_space();
        if self.consume(b';') {
            return self.skip_cfws().then_some(0);
        }
        let mut n = 0;
        loop {
            self.skip_space();
            n += self.address(false)?;
            if !self.skip_cfws() {
                return None;
            }
            if self.consume(b';') {
                return self.skip_cfws().then_some(n);
            }
            if !self.consume(b',') {
                return None;
            }
        }
    }

    /// `consumeAddrSpec`; on failure the text is left as it was.
    fn addr_spec(&mut self) -> bool {
        let before = self.s;
        let ok = self.addr_spec_inner();
        if !ok {
            self.s = before;
        }
        ok
    }

    fn addr_spec_inner(&mut self) -> bool {
        self.skip_space();
        if self.s.is_empty() {
            return false;
        }
        let local = if self.s.starts_with('"') {
            matches!(self.quoted_string(), Some(q) if !q.is_empty())
        } else {
            self.atom(true, false).is_some()
        };
        if !local || !self.consume(b'@') {
            return false;
        }
        self.skip_space();
        if self.s.is_empty() {
            return false;
        }
        if self.s.starts_with('[') {
            self.domain_literal()
        } else {
            self.atom(true, false).is_some()
        }
    }

    /// `consumePhrase`: words (atoms with dots, quoted strings, encoded words) separated by
    /// spaces and comments; at least one.
    fn phrase(&mut self) -> bool {
        let mut words = 0;
        let mut encoded_pending = false;
        let mut failed = false;
        loop {
            if words > 0 && !self.skip_cfws() {
                return false;
            }
            self.skip_space();
            if self.s.is_empty() {
                break;
            }
            let word = if self.s.starts_with('"') {
                self.quoted_string().map(|_| false)
            } else {
                match self.atom(true, true) {
                    Some(atom) => match encoded_word(atom) {
                        Encoded::CharsetError => None,
                        // Go gathers decoded words in a buffer, a word only once not empty.
                        Encoded::Yes { empty } => {
                            encoded_pending |= !empty;
                            Some(true)
                        }
                        Encoded::No => Some(false),
                    },
                    None => None,
                }
            };
            match word {
                None => {
                    failed = true;
                    break;
                }
                Some(true) => {}
                Some(false) if encoded_pending => {
                    encoded_pending = false;
                    words += 2;
                }
                Some(false) => words += 1,
            }
        }
        if encoded_pending {
            words += 1;
        }
        !(failed && words == 0)
    }

    /// `consumeQuotedString`: the content, `None` when unclosed or holding a bad character.
    fn quoted_string(&mut self) -> Option<String> {
        let mut content = String::new();
        let mut escaped = false;
        let mut chars = self.s[1..].char_indices();
        loop {
            let (i, c) = chars.next()?;
            if escaped {
                if !is_vchar(c) && !is_wsp(c) {
                    return None;
                }
                content.push(c);
                escaped = false;
            } else if is_qtext(c) || is_wsp(c) {
                content.push(c);
            } else if c == '"' {
                self.s = &self.s[1 + i + 1..];
                return Some(content);
            } else if c == '\\' {
                escaped = true;
            } else {
                return None;
            }
        }
    }

    /// `consumeAtom`: a run of atext (with `.` when `dot`); unless `permissive`, no leading,
    /// trailing or doubled dot.
    fn atom(&mut self, dot: bool, permissive: bool) -> Option<&str> {
        let len: usize = self
            .s
            .chars()
            .take_while(|c| is_atext(*c, dot))
            .map(char::len_utf8)
            .sum();
        if len == 0 {
            return None;
        }
        let (atom, rest) = self.s.split_at(len);
        if !permissive && (atom.starts_with('.') || atom.contains("..") || atom.ends_with('.')) {
            return None;
        }
        self.s = rest;
        Some(atom)
    }

    /// `consumeDomainLiteral`: `[` dtext `]`, an IPv4 address or `IPv6:` and an IPv6 one.
    fn domain_literal(&mut self) -> bool {
        if !self.consume(b'[') {
            return false;
        }
        let Some(end) = self.s.find(']') else {
            return false;
        };
        let dtext = &self.s[..end];
        if !dtext.chars().all(is_dtext) {
            return false;
        }
        self.s = &self.s[end + 1..];
        match dtext.strip_prefix("IPv6:") {
            // Go's `len(net.ParseIP(addr)) == IPv6len`: any address, IPv4 ones as 16 bytes.
            Some(address) => parse_ip(address),
            None => parse_ip(dtext) && !dtext.contains(':') || is_ipv4_in_ipv6(dtext),
        }
    }

    /// `consumeDisplayNameComment`: a comment whose encoded words Go can read.
    fn display_name_comment(&mut self) -> bool {
        if !self.consume(b'(') {
            return false;
        }
        let Some(comment) = self.comment() else {
            return false;
        };
        comment
            .split([' ', '\t'])
            .all(|w| encoded_word(w) != Encoded::CharsetError)
    }

    /// `skipCFWS`: spaces and comments; false for an unclosed comment.
    fn skip_cfws(&mut self) -> bool {
        self.skip_space();
        while self.consume(b'(') {
            if self.comment().is_none() {
                return false;
            }
            self.skip_space();
        }
        true
    }

    /// `consumeComment`, after its `(`: nested parentheses, `\` quoting the next byte.
    fn comment(&mut self) -> Option<String> {
        let b = self.s.as_bytes();
        let mut depth = 1;
        let mut i = 0;
        let mut content = Vec::new();
        while i < b.len() && depth > 0 {
            if b[i] == b'\\' && b.len() - i > 1 {
                i += 1;
            } else if b[i] == b'(' {
                depth += 1;
            } else if b[i] == b')' {
                depth -= 1;
            }
            if depth > 0 {
                content.push(b[i]);
            }
            i += 1;
        }
        // The loop may stop inside a UTF-8 sequence only after a `\`; Go slices bytes there.
        self.s = self.s.get(i..).unwrap_or("");
        (depth == 0).then(|| String::from_utf8_lossy(&content).into_owned())
    }

    fn consume(&mut self, c: u8) -> bool {
        match self.s.as_bytes().first() {
            Some(&b) if b == c => {
                self.s = &self.s[1..];
                true
            }
            _ => false,
        }
    }

    fn skip_space(&mut self) {
        self.s = self.s.trim_start_matches([' ', '\t']);
    }
}

/// Whether a domain literal without `IPv6:` that holds a `:` is an address Go's `To4`
/// accepts: an IPv6 address in the IPv4-mapped range.
fn is_ipv4_in_ipv6(dtext: &str) -> bool {
    parse_ip(dtext)
        && dtext
            .parse::<std::net::Ipv6Addr>()
            .is_ok_and(|a| a.to_ipv4_mapped().is_some())
}

/// What `decodeRFC2047Word` makes of a word.
#[derive(PartialEq, Eq)]
enum Encoded {
    /// An encoded word Go decodes (to nothing when `empty`).
    Yes { empty: bool },
    /// A plain word (or a malformed encoded word, read as plain).
    No,
    /// A well-formed encoded word in a charset Go cannot read: an error.
    CharsetError,
}

/// `mime.WordDecoder.Decode` as `net/mail` uses it: `=?charset?B|Q?text?=` with exactly four
/// `?`, a non-empty charset, text that decodes (standard base64, or Q: `_`, `=XX`, printable
/// ASCII and tab/CR/LF).
fn encoded_word(w: &str) -> Encoded {
    let Some(inner) = w.strip_prefix("=?").and_then(|r| r.strip_suffix("?=")) else {
        return Encoded::No;
    };
    if w.len() < 8 || w.matches('?').count() != 4 {
        return Encoded::No;
    }
    let mut parts = inner.splitn(3, '?');
    let (Some(charset), Some(encoding), Some(text)) = (parts.next(), parts.next(), parts.next())
    else {
        return Encoded::No;
    };
    let decodes = match encoding {
        "B" | "b" => text.is_empty() || crate::base64::is_base64(text),
        "Q" | "q" => q_decodes(text),
        _ => false,
    };
    if charset.is_empty() || !decodes {
        return Encoded::No;
    }
    if ["utf-8", "iso-8859-1", "us-ascii"]
        .iter()
        .any(|c| c.eq_ignore_ascii_case(charset))
    {
        Encoded::Yes {
            empty: text.is_empty(),
        }
    } else {
        Encoded::CharsetError
    }
}

/// Whether `qDecode` accepts `s`.
fn q_decodes(s: &str) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'=' => {
                if i + 2 >= b.len()
                    || !b[i + 1].is_ascii_hexdigit()
                    || !b[i + 2].is_ascii_hexdigit()
                {
                    return false;
                }
                i += 3;
            }
            b'_' | b' '..=b'~' | b'\n' | b'\r' | b'\t' => i += 1,
            _ => return false,
        }
    }
    true
}

fn is_atext(c: char, dot: bool) -> bool {
    match c {
        '.' => dot,
        '(' | ')' | '<' | '>' | '[' | ']' | ':' | ';' | '@' | '\\' | ',' | '"' => false,
        c => is_vchar(c),
    }
}

fn is_qtext(c: char) -> bool {
    c != '\\' && c != '"' && is_vchar(c)
}

fn is_vchar(c: char) -> bool {
    ('!'..='~').contains(&c) || !c.is_ascii()
}

fn is_wsp(c: char) -> bool {
    c == ' ' || c == '\t'
}

fn is_dtext(c: char) -> bool {
    c != '[' && c != ']' && c != '\\' && is_vchar(c)
}
