//! Names and identifiers of strfmt's registry: `hostname` (its `HostnamePattern`), the UUID
//! patterns, BSON object IDs and the Kubernetes `k8s-short-name`/`k8s-long-name`
//! (`kubernetes-extensions.go`).

use std::sync::LazyLock;

use regex::Regex;

/// strfmt's `HostnamePattern`, which `regex` reads as Go's `regexp` does (`\p{S}`, `\p{L}`
/// are Unicode classes in both). Its repeated classes make a large program: compiled once,
/// with room for it.
static HOSTNAME: LazyLock<Option<Regex>> = LazyLock::new(|| {
    regex::RegexBuilder::new(
        r"^([a-zA-Z0-9\p{S}\p{L}]((-?[a-zA-Z0-9\p{S}\p{L}]{0,62})?)|([a-zA-Z0-9\p{S}\p{L}](([a-zA-Z0-9\-\p{S}\p{L}]{0,61}[a-zA-Z0-9\p{S}\p{L}])?)(\.)){1,}([a-zA-Z\p{L}]){2,63})$",
    )
    .size_limit(256 << 20)
    .build()
    .ok()
});

/// `IsHostname`: the pattern, at most 255 bytes, and no `.`-separated part over 63 bytes.
/// Fails closed should the pattern not compile.
pub(super) fn is_hostname(s: &str) -> bool {
    s.len() <= 255
        && s.split('.').all(|p| p.len() <= 63)
        && HOSTNAME.as_ref().is_some_and(|re| re.is_match(s))
}

/// strfmt's UUID patterns: `(?i)^[0-9a-f]{8}-?[0-9a-f]{4}-?V[0-9a-f]{3}-?[89ab]?...$`; with a
/// `version`, the third group starts with it and (versions 4 and 5) the fourth with `8`, `9`,
/// `a` or `b`.
pub(super) fn is_uuid(s: &str, version: Option<u8>) -> bool {
    let groups: [usize; 5] = [8, 4, 4, 4, 12];
    let mut rest = s.as_bytes();
    for (i, len) in groups.into_iter().enumerate() {
        if i > 0 && rest.first() == Some(&b'-') {
            rest = &rest[1..];
        }
        let Some(group) = rest.get(..len) else {
            return false;
        };
        if !group.iter().all(u8::is_ascii_hexdigit) {
            return false;
        }
        match (i, version) {
            (2, Some(v)) if group[0] != v => return false,
            (3, Some(b'4' | b'5'))
                if !matches!(group[0].to_ascii_lowercase(), b'8' | b'9' | b'a' | b'b') =>
            {
                return false;
            }
            _ => {}
        }
        rest = &rest[len..];
    }
    rest.is_empty()
}

/// `IsBSONObjectID`: `ObjectIDFromHex` reads 24 hexadecimal digits.
pub(super) fn is_bson_object_id(s: &str) -> bool {
    s.len() == 24 && s.bytes().all(|b| b.is_ascii_hexdigit())
}

/// `IsShortName`: at most 63 bytes of `[a-z0-9]([-a-z0-9]*[a-z0-9])?`.
pub(super) fn is_short_name(s: &str) -> bool {
    s.len() <= 63 && is_label(s)
}

/// `IsLongName`: at most 253 bytes of labels joined by `.`.
pub(super) fn is_long_name(s: &str) -> bool {
    s.len() <= 253 && s.split('.').all(is_label)
}

/// `[a-z0-9]([-a-z0-9]*[a-z0-9])?`, of any length.
fn is_label(s: &str) -> bool {
    let b = s.as_bytes();
    let alnum = |c: &u8| c.is_ascii_lowercase() || c.is_ascii_digit();
    match (b.first(), b.last()) {
        (Some(first), Some(last)) => {
            alnum(first) && alnum(last) && b.iter().all(|c| alnum(c) || *c == b'-')
        }
        _ => false,
    }
}
