//! `email`: RFC 5321 section 4.1.2 `Mailbox`.
//!
//! ```text
//! Mailbox        = Local-part "@" ( Domain / address-literal )
//! Local-part     = Dot-string / Quoted-string
//! Dot-string     = Atom *("."  Atom)
//! Atom           = 1*atext                       ; RFC 5322 3.2.3
//! Quoted-string  = DQUOTE *QcontentSMTP DQUOTE
//! QcontentSMTP   = qtextSMTP / quoted-pairSMTP
//! quoted-pairSMTP = %d92 %d32-126                 ; backslash, then any printable or space
//! qtextSMTP      = %d32-33 / %d35-91 / %d93-126
//! Domain         = sub-domain *("." sub-domain)
//! sub-domain     = Let-dig [Ldh-str]
//! address-literal = "[" ( IPv4-address-literal / IPv6-address-literal /
//!                         General-address-literal ) "]"
//! IPv4-address-literal = Snum 3("."  Snum)
//! IPv6-address-literal = "IPv6:" IPv6-addr
//! ```
//!
//! Choices:
//! - The size limits of RFC 5321 4.5.3.1 hold: a local part of at most 64 octets, a domain of
//!   at most 255.
//! - `Snum` is RFC 5321's `1*3DIGIT` up to 255, so `[127.0.0.01]` is valid (unlike the `ipv4`
//!   format, which refuses leading zeros).
//! - `IPv6-addr` is any RFC 4291 text form (the `ipv6` format), which is what RFC 5321's
//!   `IPv6-full` / `IPv6-comp` / `IPv6v4-full` / `IPv6v4-comp` spell out; the `IPv6:` tag is
//!   case-insensitive, as ABNF strings are.
//! - A `General-address-literal` needs a tag registered with IANA; none is, so none is valid.
//! - A domain of one label (`user@localhost`) is valid, as the grammar allows; the labels of a
//!   domain are not checked for A-label validity or length.
//! - No comments, folding white space, display names or obsolete syntax of RFC 5322: those are
//!   message-header syntax, not a mailbox.

use super::{idna, ip};

/// The longest local part, in octets (RFC 5321 4.5.3.1.1).
const MAX_LOCAL_PART: usize = 64;
/// The longest domain, in octets (RFC 5321 4.5.3.1.2).
const MAX_DOMAIN: usize = 255;

/// Whether `s` is an RFC 5321 `Mailbox` (`email` format).
pub fn is_mailbox(s: &str) -> bool {
    mailbox(s, false)
}

/// Whether `s` is an RFC 6531 `Mailbox` (`idn-email` format): RFC 5321's, where `atext` and
/// `qtextSMTP` also take any non-ASCII character (`UTF8-non-ascii`) and a `sub-domain` may be
/// a U-label once in Normalization Form C (IDNA2008, as [`super::idna`] checks one).
pub fn is_idn_mailbox(s: &str) -> bool {
    mailbox(s, true)
}

/// A `Mailbox`, with RFC 6531's extensions when `utf8`.
fn mailbox(s: &str, utf8: bool) -> bool {
    // The domain never contains `@` (nor does an address literal); the local part may, quoted.
    let Some(at) = s.rfind('@') else {
        return false;
    };
    let (local, domain) = (&s[..at], &s[at + 1..]);
    local.len() <= MAX_LOCAL_PART
        && domain.len() <= MAX_DOMAIN
        && (is_dot_string(local, utf8) || is_quoted_string(local, utf8))
        && (is_domain(domain, utf8) || is_address_literal(domain))
}

/// Whether `c` is an RFC 5322 `atext` (or, when `utf8`, a non-ASCII character).
fn is_atext(c: char, utf8: bool) -> bool {
    if !c.is_ascii() {
        return utf8;
    }
    c.is_ascii_alphanumeric() || "!#$%&'*+-/=?^_`{|}~".contains(c)
}

/// Whether `s` is a `Dot-string`.
fn is_dot_string(s: &str, utf8: bool) -> bool {
    s.split('.')
        .all(|atom| !atom.is_empty() && atom.chars().all(|c| is_atext(c, utf8)))
}

/// Whether `s` is a `Quoted-string`.
fn is_quoted_string(s: &str, utf8: bool) -> bool {
    let Some(inner) = s.strip_prefix('"').and_then(|s| s.strip_suffix('"')) else {
        return false;
    };
    let mut inner = inner.chars();
    while let Some(c) = inner.next() {
        match c {
            '\\' => match inner.next() {
                Some(q) if (' '..='~').contains(&q) => {}
                _ => return false,
            },
            ' ' | '!' | '#'..='[' | ']'..='~' => {}
            c if utf8 && !c.is_ascii() => {}
            _ => return false,
        }
    }
    true
}

/// Whether `s` is a `Domain`: dot-separated `sub-domain`s of letters, digits and inner hyphens
/// (or, when `utf8`, U-labels).
fn is_domain(s: &str, utf8: bool) -> bool {
    s.split('.').all(|label| {
        if utf8 && !label.is_ascii() {
            // Normalised first, as the JSON-Schema-Test-Suite has it ("a domain label that is
            // not in Unicode NFC is valid"): RFC 6531 mail systems normalise.
            return idna::is_u_label(&idna::nfc(&label.chars().collect::<Vec<char>>()));
        }
        let b = label.as_bytes();
        match (b.first(), b.last()) {
            (Some(first), Some(last)) => {
                first.is_ascii_alphanumeric()
                    && last.is_ascii_alphanumeric()
                    && b.iter().all(|&c| c.is_ascii_alphanumeric() || c == b'-')
            }
            _ => false,
        }
    })
}

/// Whether `s` is an `address-literal` (IPv4 or IPv6).
fn is_address_literal(s: &str) -> bool {
    let Some(inner) = s.strip_prefix('[').and_then(|s| s.strip_suffix(']')) else {
        return false;
    };
    match inner.get(..5) {
        Some(tag) if tag.eq_ignore_ascii_case("IPv6:") => ip::is_ipv6(&inner[5..]),
        _ => is_ipv4_literal(inner),
    }
}

/// Whether `s` is an `IPv4-address-literal`: four `Snum` (1 to 3 digits, at most 255).
fn is_ipv4_literal(s: &str) -> bool {
    let mut parts = 0;
    s.split('.').all(|snum| {
        parts += 1;
        (1..=3).contains(&snum.len())
            && snum.bytes().all(|c| c.is_ascii_digit())
            && snum.parse::<u16>().is_ok_and(|n| n <= 255)
    }) && parts == 4
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mailboxes() {
        assert!(is_mailbox("a@b"));
        assert!(is_mailbox("!#$%&'*+-/=?^_`{|}~@example.com"));
        assert!(is_mailbox("\"\"@example.com"));
        assert!(is_mailbox("\"a\\\"b\\\\c\"@example.com"));
        assert!(is_mailbox("a@[127.0.0.01]"));
        assert!(is_mailbox("a@[ipv6:1::2]"));
        assert!(is_mailbox("a@[IPv6:::ffff:1.2.3.4]"));
        assert!(!is_mailbox("a@[IPv6:1.2.3.4]"));
        assert!(!is_mailbox("a@[1::2]"));
        assert!(!is_mailbox("a@[x-tag:stuff]"));
        assert!(!is_mailbox("a@[1.2.3]"));
        assert!(!is_mailbox("a@[1.2.3.4.5]"));
        assert!(!is_mailbox("\"a\"b\"@example.com"));
        assert!(!is_mailbox("\"a\\\"@example.com"));
        assert!(!is_mailbox("\"a\"\"@example.com"));
        assert!(!is_mailbox("a@-example.com"));
        assert!(!is_mailbox("a@example-.com"));
        assert!(!is_mailbox("a@example..com"));
        assert!(!is_mailbox("a@example.com."));
        assert!(!is_mailbox("a@b@c"));
        assert!(!is_mailbox("\u{e9}@example.com"));
        assert!(!is_mailbox("a@\u{e9}.com"));
        assert!(!is_mailbox("\"\u{e9}\"@example.com"));
        assert!(!is_mailbox("\"\t\"@example.com"));
        assert!(is_idn_mailbox("실례@실례.테스트"));
        assert!(is_idn_mailbox("\"δοκιμή\"@example.com"));
        assert!(is_idn_mailbox("user@café.com"));
        assert!(!is_idn_mailbox("user＠example.com"));
        let local = "a".repeat(64);
        assert!(is_mailbox(&format!("{local}@example.com")));
        assert!(!is_mailbox(&format!("{local}a@example.com")));
    }
}
