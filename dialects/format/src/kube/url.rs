//! `uri` as govalidator's `IsRequestURI`: Go's `net/url.ParseRequestURI` succeeds (Go 1.26
//! semantics, the `godebug` default of Kubernetes v1.36's modules: a host of `http` and
//! `https` URLs has at most one port colon). What it checks: no ASCII control byte; not
//! empty; `*` alone; an optional scheme (`[A-Za-z][A-Za-z0-9+.-]*:`, not empty); the query
//! cut off at the first `?`; without a scheme an absolute path; with one, anything not
//! starting with `/` is opaque; `//authority` parsed (userinfo characters, IP literal in
//! brackets, port digits, host characters, percent escapes); percent escapes in the path.
//! A fragment is not split off: `#` is a path character here.

use crate::kube::net::parse_ip;

/// Whether Go's `url.ParseRequestURI(s)` succeeds.
pub(super) fn is_request_uri(s: &str) -> bool {
    if s.is_empty() || s.bytes().any(|b| b < b' ' || b == 0x7f) {
        return false;
    }
    if s == "*" {
        return true;
    }
    let Some((scheme, rest)) = scheme(s) else {
        return false;
    };
    let rest = if rest.ends_with('?') && rest.matches('?').count() == 1 {
        &rest[..rest.len() - 1]
    } else {
        rest.split_once('?').map_or(rest, |(before, _)| before)
    };
    if !rest.starts_with('/') {
        return !scheme.is_empty();
    }
    let mut path = rest;
    if !scheme.is_empty()
        && let Some(after) = rest.strip_prefix("//")
    {
        let (authority, tail) = after.find('/').map_or((after, ""), |i| after.split_at(i));
        if !is_authority(&scheme.to_ascii_lowercase(), authority) {
            return false;
        }
        path = tail;
    }
    unescapes(path, Mode::Path)
}

/// `getScheme`: the scheme (empty when there is none) and the rest; `None` for a leading `:`.
fn scheme(s: &str) -> Option<(&str, &str)> {
    for (i, b) in s.bytes().enumerate() {
        match b {
            b'a'..=b'z' | b'A'..=b'Z' => {}
            b'0'..=b'9' | b'+' | b'-' | b'.' if i > 0 => {}
            b':' if i == 0 => return None,
            b':' => return Some((&s[..i], &s[i + 1..])),
            _ => return Some(("", s)),
        }
    }
    Some(("", s))
}

/// `parseAuthority`: `[userinfo@]host`, split at the last `@`.
fn is_authority(scheme: &str, authority: &str) -> bool {
    let (userinfo, host) = match authority.rfind('@') {
        Some(i) => (Some(&authority[..i]), &authority[i + 1..]),
        None => (None, authority),
    };
    if !is_host(scheme, host) {
        return false;
    }
    userinfo.is_none_or(|u| {
        u.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-._:~!$&'()*+,;=%@".contains(c))
            && unescapes(u, Mode::UserPassword)
    })
}

/// `parseHost`.
fn is_host(scheme: &str, host: &str) -> bool {
    match host.rfind('[') {
        Some(i) if i > 0 => false,
        Some(_) => {
            let Some(close) = host.rfind(']') else {
                return false;
            };
            let port = &host[close + 1..];
            if !valid_optional_port(port) || !unescapes(port, Mode::Host) {
                return false;
            }
            let literal = &host[1..close];
            let (address, zone) = match literal.find("%25") {
                Some(z) => (&literal[..z], Some(&literal[z..])),
                None => (literal, None),
            };
            let Some(mut address) = unescaped(address, Mode::Host) else {
                return false;
            };
            if let Some(zone) = zone {
                let Some(zone) = unescaped(zone, Mode::Zone) else {
                    return false;
                };
                address.push_str(&zone);
            }
            is_ipv6_literal(&address)
        }
        None => {
            if let Some(first) = host.find(':') {
                let last = host.rfind(':').unwrap_or(first);
                let at = if matches!(scheme, "http" | "https") {
                    first
                } else {
                    last
                };
                if !valid_optional_port(&host[at..]) {
                    return false;
                }
            }
            unescapes(host, Mode::Host)
        }
    }
}

/// `netip.ParseAddr` of a bracketed literal, which must not be IPv4: an IPv6 address with an
/// optional non-empty zone.
fn is_ipv6_literal(s: &str) -> bool {
    let (address, zone) = match s.find('%') {
        Some(i) => (&s[..i], Some(&s[i + 1..])),
        None => (s, None),
    };
    zone.is_none_or(|z| !z.is_empty())
        && address.bytes().find(|b| matches!(b, b'.' | b':')) == Some(b':')
        && parse_ip(address)
}

/// `validOptionalPort`: empty, or `:` and ASCII digits.
fn valid_optional_port(port: &str) -> bool {
    port.is_empty()
        || port
            .strip_prefix(':')
            .is_some_and(|digits| digits.bytes().all(|b| b.is_ascii_digit()))
}

/// Go's `encoding` modes `unescape` distinguishes.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Path,
    UserPassword,
    Host,
    Zone,
}

/// Whether `unescape(s, mode)` succeeds.
fn unescapes(s: &str, mode: Mode) -> bool {
    unescaped(s, mode).is_some()
}

/// `unescape(s, mode)`: every `%` followed by two hexadecimal digits (in a host, none below
/// `%80` but `%25`; in a zone, none of a character a host may not hold but `%25` and `%20`);
/// in a host or zone, no ASCII character outside the ones it may hold.
fn unescaped(s: &str, mode: Mode) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let (Some(h), Some(l)) = (
                b.get(i + 1).and_then(|c| (*c as char).to_digit(16)),
                b.get(i + 2).and_then(|c| (*c as char).to_digit(16)),
            ) else {
                return None;
            };
            let v = u8::try_from(h << 4 | l).ok()?;
            let is_25 = &b[i..i + 3] == b"%25";
            if mode == Mode::Host && h < 8 && !is_25 {
                return None;
            }
            if mode == Mode::Zone && !is_25 && v != b' ' && !host_character(v) {
                return None;
            }
            out.push(v);
            i += 3;
        } else {
            if matches!(mode, Mode::Host | Mode::Zone) && b[i] < 0x80 && !host_character(b[i]) {
                return None;
            }
            out.push(b[i]);
            i += 1;
        }
    }
    Some(String::from_utf8_lossy(&out).into_owned())
}

/// The ASCII characters a host may hold unescaped (Go's `encodeHost` table).
fn host_character(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"!\"$&'()*+,-.:;<=>[]_~".contains(&c)
}
