//! Go's ways with paths and URLs that Kyverno's checks use: `filepath.Clean`, and the parts
//! of `net/url.Parse` that decide whether a URL is absolute http(s) with a host. (`%q` is
//! `strconv.Quote`: [`validgen_gotext::strconv::quote`].)

use validgen_gotext::strconv::quote;

/// `path` as Go's `filepath.Clean` (on Unix) returns it: no empty or `.` elements, `..`
/// resolved where it can be, `.` for nothing.
pub fn clean(path: &str) -> String {
    let rooted = path.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => match parts.last() {
                Some(&last) if last != ".." => {
                    parts.pop();
                }
                _ if rooted => {}
                _ => parts.push(".."),
            },
            p => parts.push(p),
        }
    }
    let joined = parts.join("/");
    match (rooted, joined.is_empty()) {
        (true, _) => format!("/{joined}"),
        (false, true) => ".".to_owned(),
        (false, false) => joined,
    }
}

/// What Go's `url.Parse` makes of `raw`, as far as Kyverno asks: `Err` with Go's text
/// (`parse "<raw>": <why>`) where Go refuses it, else the lower-cased scheme and the host
/// name (`Hostname()`: no port, no brackets; empty when there is no authority).
///
/// Refusals copied: a control character, a scheme-like prefix that starts with `:`
/// (`missing protocol scheme`), a colon in the first segment of a relative URL, a port that is not digits, a host with a character Go does
/// not allow in host names. Not copied: percent-escape errors in the path or user info.
pub fn parse_url(raw: &str) -> Result<(String, String), String> {
    // Go parses (and names in its error) the URL without its fragment.
    let url = raw.split_once('#').map_or(raw, |(a, _)| a);
    let fail = |why: String| Err(format!("parse {}: {why}", quote(url)));
    if url.chars().any(|c| (c as u32) < 0x20 || c == '\u{7f}') {
        return fail("net/url: invalid control character in URL".to_owned());
    }
    let (scheme, rest) = match scheme(url) {
        Ok(s) => s,
        Err(why) => return fail(why.to_owned()),
    };
    let rest = rest.split_once('?').map_or(rest, |(a, _)| a);
    if scheme.is_empty()
        && !rest.starts_with('/')
        && rest.split('/').next().is_some_and(|s| s.contains(':'))
    {
        return fail("first path segment in URL cannot contain colon".to_owned());
    }
    let Some(after) = rest.strip_prefix("//") else {
        return Ok((scheme, String::new()));
    };
    let authority = after.split_once('/').map_or(after, |(a, _)| a);
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    match hostname(host) {
        Ok(name) => Ok((scheme, name)),
        Err(why) => fail(why),
    }
}

/// Go's `getScheme`: the scheme (lower-cased, empty when there is none) and the rest.
fn scheme(raw: &str) -> Result<(String, &str), &'static str> {
    for (i, c) in raw.char_indices() {
        match c {
            'a'..='z' | 'A'..='Z' => {}
            '0'..='9' | '+' | '-' | '.' if i > 0 => {}
            ':' if i == 0 => return Err("missing protocol scheme"),
            ':' => return Ok((raw[..i].to_ascii_lowercase(), &raw[i + 1..])),
            _ => return Ok((String::new(), raw)),
        }
    }
    Ok((String::new(), raw))
}

/// Go's `parseHost` then `Hostname()`: the host name without port or brackets.
fn hostname(host: &str) -> Result<String, String> {
    let (name, port) = if let Some(inner) = host.strip_prefix('[') {
        let Some((name, after)) = inner.split_once(']') else {
            return Err("missing ']' in host".to_owned());
        };
        if !after.is_empty() && !after.starts_with(':') {
            return Err(format!("invalid port {} after host", quote(after)));
        }
        (name, after)
    } else {
        match host.rfind(':') {
            Some(i) => (&host[..i], &host[i..]),
            None => (host, ""),
        }
    };
    if let Some(digits) = port.strip_prefix(':')
        && !digits.chars().all(|c| c.is_ascii_digit())
    {
        return Err(format!("invalid port {} after host", quote(port)));
    }
    if !host.starts_with('[')
        && let Some(c) = name.chars().find(|&c| !host_char(c))
    {
        return Err(format!(
            "invalid character {} in host name",
            quote(&c.to_string())
        ));
    }
    Ok(name.to_owned())
}

/// A character Go's `shouldEscape` lets stand in a host name (non-ASCII too: Go keeps
/// IDNs).
fn host_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || !c.is_ascii() || "-._~!$&'()*+,;=:[]<>\"%".contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_url_parse_as_kyverno_reads_it() {
        let ok = |s: &str| parse_url(s).expect("Go parses it");
        assert_eq!(
            ok("https://example.com/x?y#z"),
            ("https".into(), "example.com".into())
        );
        assert_eq!(ok("HTTP://u:p@h:8080/x"), ("http".into(), "h".into()));
        assert_eq!(ok("http://[::1]:80/"), ("http".into(), "::1".into()));
        assert_eq!(ok("http:///x"), ("http".into(), String::new()));
        assert_eq!(ok("http:/x"), ("http".into(), String::new()));
        assert_eq!(ok("/api/v1"), (String::new(), String::new()));
        assert_eq!(ok("x#\n"), (String::new(), String::new()));
        assert_eq!(
            parse_url("1http://x").expect_err("Go refuses it"),
            "parse \"1http://x\": first path segment in URL cannot contain colon"
        );
        assert_eq!(
            parse_url(":x").expect_err("Go refuses it"),
            "parse \":x\": missing protocol scheme"
        );
        assert_eq!(
            parse_url("http://h:ab/").expect_err("Go refuses it"),
            "parse \"http://h:ab/\": invalid port \":ab\" after host"
        );
        assert_eq!(
            parse_url("http://a b/").expect_err("Go refuses it"),
            "parse \"http://a b/\": invalid character \" \" in host name"
        );
        assert_eq!(
            parse_url("http://x/\n").expect_err("Go refuses it"),
            "parse \"http://x/\\n\": net/url: invalid control character in URL"
        );
    }

    #[test]
    fn go_filepath_clean() {
        for (path, want) in [
            ("a/../..", ".."),
            ("a/./b//c/..", "a/b"),
            ("", "."),
            ("../x", "../x"),
            ("/../x", "/x"),
            ("a/..", "."),
        ] {
            assert_eq!(clean(path), want, "{path}");
        }
    }
}
