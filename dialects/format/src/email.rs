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

use super::ip;

/// The longest local part, in octets (RFC 5321 4.5.3.1.1).
const MAX_LOCAL_PART: usize = 64;
/// The longest domain, in octets (RFC 5321 4.5.3.1.2).
const MAX_DOMAIN: usize = 255;

/// Whether `s` is an RFC 5321 `Mailbox` (`email` format).
pub fn is_mailbox(s: &str) -> bool {
    // The domain never contains `@` (nor does an address literal); the local part may, quoted.
    let Some(at) = s.rfind('@') else {
        return false;
    };
    let (local, domain) = (&s[..at], &s[at + 1..]);
    local.len() <= MAX_LOCAL_PART
        && domain.len() <= MAX_DOMAIN
        && (is_dot_string(local) || is_quoted_string(local))
        && (is_domain(domain) || is_address_literal(domain))
}

/// Whether `c` is an RFC 5322 `atext`.
fn is_atext(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"!#$%&'*+-/=?^_`{|}~".contains(&c)
}

/// Whether `s` is a `Dot-string`.
fn is_dot_string(s: &str) -> bool {
    s.split('.')
        .all(|atom| !atom.is_empty() && atom.bytes().all(is_atext))
}

/// Whether `s` is a `Quoted-string`.
fn is_quoted_string(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() < 2 || b[0] != b'"' || b[b.len() - 1] != b'"' {
        return false;
    }
    let mut inner = b[1..b.len() - 1].iter();
    while let Some(&c) = inner.next() {
        match c {
            b'\\' => match inner.next() {
                Some(&q) if (32..=126).contains(&q) => {}
                _ => return false,
            },
            32 | 33 | 35..=91 | 93..=126 => {}
            _ => return false,
        }
    }
    true
}

/// Whether `s` is a `Domain`: dot-separated `sub-domain`s of letters, digits and inner hyphens.
fn is_domain(s: &str) -> bool {
    s.split('.').all(|label| {
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
        let local = "a".repeat(64);
        assert!(is_mailbox(&format!("{local}@example.com")));
        assert!(!is_mailbox(&format!("{local}a@example.com")));
    }
}
