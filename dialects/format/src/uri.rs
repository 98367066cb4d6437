//! `uri`: RFC 3986 section 3 `URI`, an absolute URI with optional fragment.
//!
//! ```text
//! URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//! scheme        = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
//! hier-part     = "//" authority path-abempty / path-absolute / path-rootless / path-empty
//! authority     = [ userinfo "@" ] host [ ":" port ]
//! userinfo      = *( unreserved / pct-encoded / sub-delims / ":" )
//! host          = IP-literal / IPv4address / reg-name
//! IP-literal    = "[" ( IPv6address / IPvFuture  ) "]"
//! IPvFuture     = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
//! reg-name      = *( unreserved / pct-encoded / sub-delims )
//! port          = *DIGIT
//! path-abempty  = *( "/" segment )
//! segment       = *pchar
//! pchar         = unreserved / pct-encoded / sub-delims / ":" / "@"
//! query         = *( pchar / "/" / "?" )
//! fragment      = *( pchar / "/" / "?" )
//! pct-encoded   = "%" HEXDIG HEXDIG
//! unreserved    = ALPHA / DIGIT / "-" / "." / "_" / "~"
//! sub-delims    = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
//! ```
//!
//! Choices:
//! - Purely syntactic: no scheme-specific rules (an `http` URI with an empty host is valid), a
//!   port of any length, and a host that looks like a bad IPv4 address (`999.1.1.1`) is a valid
//!   `reg-name`.
//! - An IPv6 literal is any RFC 4291 text form (the `ipv6` format); no zone identifier (RFC
//!   6874 is not part of RFC 3986). `IPvFuture`'s `v` may be upper case (ABNF strings are
//!   case-insensitive).
//! - ASCII only, no spaces: a URI with raw non-ASCII characters is an IRI (the `iri` format).

use super::ip;

/// Whether `s` is an RFC 3986 `URI` (`uri` format).
pub fn is_uri(s: &str) -> bool {
    let Some(colon) = s.find(':') else {
        return false;
    };
    if !is_scheme(&s[..colon]) {
        return false;
    }
    let rest = &s[colon + 1..];
    let (rest, fragment) = match rest.find('#') {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let (hier_part, query) = match rest.find('?') {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    query.is_none_or(is_query_or_fragment)
        && fragment.is_none_or(is_query_or_fragment)
        && is_hier_part(hier_part)
}

/// Whether `s` is a `scheme`.
fn is_scheme(s: &str) -> bool {
    let b = s.as_bytes();
    b.first().is_some_and(u8::is_ascii_alphabetic)
        && b.iter()
            .all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'))
}

/// Whether `c` is `unreserved`.
fn is_unreserved(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'-' | b'.' | b'_' | b'~')
}

/// Whether `c` is a `sub-delims`.
fn is_sub_delim(c: u8) -> bool {
    b"!$&'()*+,;=".contains(&c)
}

/// Whether `s` is a sequence of `unreserved`, `pct-encoded`, `sub-delims` and the bytes of
/// `extra`.
fn is_encoded(s: &str, extra: &[u8]) -> bool {
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b'%' {
            match (b.get(i + 1), b.get(i + 2)) {
                (Some(h), Some(l)) if h.is_ascii_hexdigit() && l.is_ascii_hexdigit() => i += 3,
                _ => return false,
            }
        } else if is_unreserved(c) || is_sub_delim(c) || extra.contains(&c) {
            i += 1;
        } else {
            return false;
        }
    }
    true
}

/// Whether `s` is a `query` (or a `fragment`, the same grammar).
fn is_query_or_fragment(s: &str) -> bool {
    is_encoded(s, b":@/?")
}

/// Whether `s` is a `hier-part`.
fn is_hier_part(s: &str) -> bool {
    match s.strip_prefix("//") {
        Some(after) => {
            let end = after.find('/').unwrap_or(after.len());
            is_authority(&after[..end]) && is_path(&after[end..])
        }
        // `path-absolute`, `path-rootless` or `path-empty`: segments of `pchar`; "//" cannot
        // start it, as it would be an authority.
        None => is_path(s),
    }
}

/// Whether `s` is a sequence of `/` and `pchar` (the paths' characters).
fn is_path(s: &str) -> bool {
    is_encoded(s, b":@/")
}

/// Whether `s` is an `authority`.
fn is_authority(s: &str) -> bool {
    // `userinfo` has no `@`, and neither has the host or port.
    let (userinfo, host_port) = match s.rfind('@') {
        Some(i) => (Some(&s[..i]), &s[i + 1..]),
        None => (None, s),
    };
    if !userinfo.is_none_or(|u| is_encoded(u, b":")) {
        return false;
    }
    let (host_ok, port) = if let Some(literal) = host_port.strip_prefix('[') {
        match literal.find(']') {
            Some(end) => (is_ip_literal(&literal[..end]), &literal[end + 1..]),
            None => return false,
        }
    } else {
        // A `reg-name` or `IPv4address` (the latter is also a `reg-name`) has no `:`.
        let end = host_port.find(':').unwrap_or(host_port.len());
        (is_encoded(&host_port[..end], b""), &host_port[end..])
    };
    host_ok
        && (port.is_empty()
            || port
                .strip_prefix(':')
                .is_some_and(|p| p.bytes().all(|c| c.is_ascii_digit())))
}

/// Whether `s` (between the brackets) is an `IPv6address` or `IPvFuture`.
fn is_ip_literal(s: &str) -> bool {
    match s.as_bytes().first() {
        Some(b'v' | b'V') => {
            let Some((version, address)) = s[1..].split_once('.') else {
                return false;
            };
            !version.is_empty()
                && version.bytes().all(|c| c.is_ascii_hexdigit())
                && !address.is_empty()
                && address
                    .bytes()
                    .all(|c| is_unreserved(c) || is_sub_delim(c) || c == b':')
        }
        _ => ip::is_ipv6(s),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris() {
        assert!(is_uri("a:"));
        assert!(is_uri("a+b-c.d:"));
        assert!(is_uri("file:///etc/hosts"));
        assert!(is_uri("http://"));
        assert!(is_uri("http://host:"));
        assert!(is_uri("http://host:99999999"));
        assert!(is_uri("http://[v1.fe80::a+en1]/"));
        assert!(is_uri("http://[V1A.x]/"));
        assert!(is_uri("http://u:p@[::1]:8080/a/b?c=d/e?f#g/h?i"));
        assert!(is_uri("urn:isbn:0451450523"));
        assert!(is_uri("a:b//c"));
        assert!(is_uri("a:?#"));
        assert!(!is_uri("a:#b#c"));
        assert!(!is_uri("http://[v1.]/"));
        assert!(!is_uri("http://[v.x]/"));
        assert!(!is_uri("http://[fe80::1%25en0]/"));
        assert!(!is_uri("http://[::1/"));
        assert!(!is_uri("http://[::1]x/"));
        assert!(!is_uri("http://a:b:c/"));
        assert!(!is_uri("http://a@b@c/"));
        assert!(!is_uri("http://a[b]/"));
        assert!(!is_uri(":a"));
        assert!(!is_uri("a"));
        assert!(!is_uri("a:%"));
        assert!(!is_uri("a:b#%zz"));
        assert!(!is_uri("a:b?\u{e9}"));
        assert!(!is_uri("a:\u{7f}"));
    }
}
