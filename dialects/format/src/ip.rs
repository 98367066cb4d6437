//! `ipv4` and `ipv6`: the textual IP addresses of RFC 2673 section 3.2 (dotted-quad) and RFC
//! 4291 section 2.2, as RFC 3986 section 3.2.2 writes their grammar:
//!
//! ```text
//! IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
//! dec-octet   = DIGIT / %x31-39 DIGIT / "1" 2DIGIT / "2" %x30-34 DIGIT / "25" %x30-35
//! IPv6address = 6( h16 ":" ) ls32 / "::" 5( h16 ":" ) ls32 / ...   ; RFC 3986 3.2.2
//! h16         = 1*4HEXDIG
//! ls32        = ( h16 ":" h16 ) / IPv4address
//! ```
//!
//! Choices:
//! - A `dec-octet` has no leading zero (`01` is refused): inet_aton reads it as octal, so the
//!   suite and RFC 3986 refuse it; the same holds for the IPv4 tail of an IPv6 address.
//! - `::` stands for one or more zero groups (RFC 4291; RFC 5952's advice to not compress a
//!   single group is a recommendation for output, not a rule for input).
//! - No zone identifier (`%eth0`, RFC 4007/6874), prefix length (`/64`) or brackets.

/// Whether `s` is an IPv4 address in dotted-quad form (`ipv4` format).
pub fn is_ipv4(s: &str) -> bool {
    let mut parts = 0;
    for part in s.split('.') {
        parts += 1;
        if parts > 4 || !is_dec_octet(part) {
            return false;
        }
    }
    parts == 4
}

/// Whether `s` is a `dec-octet`: 0–255 in decimal, without leading zeros.
fn is_dec_octet(s: &str) -> bool {
    let b = s.as_bytes();
    if b.is_empty() || b.len() > 3 || !b.iter().all(u8::is_ascii_digit) {
        return false;
    }
    if b.len() > 1 && b[0] == b'0' {
        return false;
    }
    b.iter().fold(0u32, |n, &d| n * 10 + u32::from(d - b'0')) <= 255
}

/// Whether `s` is an IPv6 address in one of the text forms of RFC 4291 section 2.2 (`ipv6`
/// format).
pub fn is_ipv6(s: &str) -> bool {
    // The groups on either side of the (at most one) `::`.
    let (head, tail, compressed) = match s.find("::") {
        Some(i) => (&s[..i], &s[i + 2..], true),
        None => (s, "", false),
    };
    // Groups of the head, then of the tail; an IPv4 tail counts as two and ends the address.
    let Some(head_groups) = groups(head, !compressed) else {
        return false;
    };
    let Some(tail_groups) = (if compressed {
        groups(tail, true)
    } else {
        Some(0)
    }) else {
        return false;
    };
    let total = head_groups + tail_groups;
    if compressed { total <= 7 } else { total == 8 }
}

/// The number of 16-bit groups of `s`, a possibly empty `:`-separated list of `h16` whose last
/// element may be an IPv4 address if `ipv4_last` (it then counts as two groups).
fn groups(s: &str, ipv4_last: bool) -> Option<usize> {
    if s.is_empty() {
        return Some(0);
    }
    let mut count = 0;
    let mut pieces = s.split(':').peekable();
    while let Some(piece) = pieces.next() {
        let last = pieces.peek().is_none();
        if last && ipv4_last && piece.contains('.') {
            if !is_ipv4(piece) {
                return None;
            }
            count += 2;
        } else if (1..=4).contains(&piece.len()) && piece.bytes().all(|c| c.is_ascii_hexdigit()) {
            count += 1;
        } else {
            return None;
        }
        if count > 8 {
            return None;
        }
    }
    Some(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv4() {
        assert!(is_ipv4("1.2.3.4"));
        assert!(is_ipv4("249.250.251.255"));
        assert!(!is_ipv4("1.2.3.04"));
        assert!(!is_ipv4("1.2.3.00"));
        assert!(!is_ipv4("1.2.3.1000"));
        assert!(!is_ipv4("1.2.3."));
        assert!(!is_ipv4(""));
    }

    #[test]
    fn ipv6() {
        assert!(is_ipv6("1:2:3:4:5:6:7::"));
        assert!(is_ipv6("::2:3:4:5:6:7:8"));
        assert!(is_ipv6("1:2:3:4:5:6:1.2.3.4"));
        assert!(is_ipv6("::1.2.3.4"));
        assert!(is_ipv6("::FFFF:1.2.3.4"));
        assert!(!is_ipv6("1:2:3:4:5:6:7::8"));
        assert!(!is_ipv6("1:2:3:4:5:6:7:1.2.3.4"));
        assert!(!is_ipv6("1.2.3.4::"));
        assert!(!is_ipv6("1.2.3.4:1::"));
        assert!(!is_ipv6("::1.2.3.4:1"));
        assert!(!is_ipv6(":::"));
        assert!(!is_ipv6("1::2::"));
        assert!(!is_ipv6(":"));
        assert!(!is_ipv6(""));
        assert!(!is_ipv6("1:"));
        assert!(!is_ipv6("::1:"));
        assert!(!is_ipv6("00000::"));
    }
}
