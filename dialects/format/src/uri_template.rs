//! `uri-template`: RFC 6570 section 2 (level 4 syntax).
//!
//! ```text
//! URI-Template  = *( literals / expression )
//! literals      = %x21 / %x23-24 / %x26 / %x28-3B / %x3D / %x3F-5B
//!               / %x5D / %x5F / %x61-7A / %x7E / ucschar / iprivate
//!               / pct-encoded
//! expression    = "{" [ operator ] variable-list "}"
//! operator      = "+" / "#" / "." / "/" / ";" / "?" / "&" / "=" / "," / "!" / "@" / "|"
//! variable-list = varspec *( "," varspec )
//! varspec       = varname [ modifier-level4 ]
//! varname       = varchar *( ["."] varchar )
//! varchar       = ALPHA / DIGIT / "_" / pct-encoded
//! modifier-level4 = prefix / explode
//! prefix        = ":" max-length      ; max-length = %x31-39 0*3DIGIT (1 to 9999)
//! explode       = "*"
//! ```
//!
//! The operators `=`, `,`, `!`, `@`, `|` are reserved for future extensions (section 2.2):
//! a template using one is not valid. `'` (%x27, a `sub-delims` of RFC 3986) is a literal, as
//! the JSON-Schema-Test-Suite has it (`a'b` is valid), though the ABNF above leaves it out.

/// Whether `s` is an RFC 6570 URI Template (`uri-template` format).
pub fn is_uri_template(s: &str) -> bool {
    let mut rest = s;
    while let Some(c) = rest.chars().next() {
        rest = match c {
            '{' => match rest.find('}') {
                Some(end) if is_expression(&rest[1..end]) => &rest[end + 1..],
                _ => return false,
            },
            '%' => match pct_encoded(rest) {
                Some(after) => after,
                None => return false,
            },
            c if is_literal(c) => &rest[c.len_utf8()..],
            _ => return false,
        };
    }
    true
}

/// Whether `c` is a `literals` character other than `pct-encoded`.
fn is_literal(c: char) -> bool {
    match c {
        '\u{21}'
        | '\u{23}'..='\u{24}'
        | '\u{26}'..='\u{3B}'
        | '\u{3D}'
        | '\u{3F}'..='\u{5B}'
        | '\u{5D}'
        | '\u{5F}'
        | '\u{61}'..='\u{7A}'
        | '\u{7E}' => true,
        c => is_ucschar(c) || is_iprivate(c),
    }
}

/// Whether `c` is an RFC 3987 `ucschar`: the non-ASCII code points an IRI may hold, each
/// plane but its last two code points.
fn is_ucschar(c: char) -> bool {
    let c = u32::from(c);
    matches!(c, 0xA0..=0xD7FF | 0xF900..=0xFDCF | 0xFDF0..=0xFFEF)
        || ((0x1_0000..=0xD_FFFF).contains(&c) && (c & 0xFFFF) <= 0xFFFD)
        || (0xE_1000..=0xE_FFFD).contains(&c)
}

/// Whether `c` is an RFC 3987 `iprivate` (private-use code point).
fn is_iprivate(c: char) -> bool {
    matches!(u32::from(c), 0xE000..=0xF8FF | 0xF_0000..=0xF_FFFD | 0x10_0000..=0x10_FFFD)
}

/// The text after a `pct-encoded` at the start of `s`, if there is one.
fn pct_encoded(s: &str) -> Option<&str> {
    let b = s.as_bytes();
    (b.len() >= 3 && b[0] == b'%' && b[1].is_ascii_hexdigit() && b[2].is_ascii_hexdigit())
        .then(|| &s[3..])
}

/// Whether `s` (between the braces) is an operator and a variable list.
fn is_expression(s: &str) -> bool {
    let list = s
        .strip_prefix(['+', '#', '.', '/', ';', '?', '&'])
        .unwrap_or(s);
    list.split(',').all(is_varspec)
}

/// Whether `s` is a `varspec`.
fn is_varspec(s: &str) -> bool {
    let (name, modifier) = match s.find([':', '*']) {
        Some(i) => s.split_at(i),
        None => (s, ""),
    };
    let modifier_ok = match modifier.as_bytes() {
        [] | [b'*'] => true,
        [b':', first, rest @ ..] => {
            (b'1'..=b'9').contains(first) && rest.len() <= 3 && rest.iter().all(u8::is_ascii_digit)
        }
        _ => false,
    };
    modifier_ok && !name.is_empty() && name.split('.').all(is_varchars)
}

/// Whether `s` is `1*varchar`.
fn is_varchars(s: &str) -> bool {
    let mut rest = s;
    if rest.is_empty() {
        return false;
    }
    while let Some(&c) = rest.as_bytes().first() {
        rest = if c == b'%' {
            match pct_encoded(rest) {
                Some(after) => after,
                None => return false,
            }
        } else if c.is_ascii_alphanumeric() || c == b'_' {
            &rest[1..]
        } else {
            return false;
        };
    }
    true
}

#[cfg(test)]
mod tests {
    use super::is_uri_template;

    #[test]
    fn templates() {
        for ok in [
            "",
            "a%41b",
            "a😀b",
            "{+var}",
            "{var*}",
            "{x,y}",
            "{a.b}",
            "{%41}",
            "{v:1000}",
            "a'b",
            "http://e.com/{term:1}/{term}",
        ] {
            assert!(is_uri_template(ok), "{ok}");
        }
        for bad in [
            "{}",
            "{a,,b}",
            "{v:0}",
            "{v:10000}",
            "foo}bar",
            "{a..b}",
            "{v:01}",
            "a b",
            "a\u{7f}b",
            "{a,}",
            "{var=def}",
            "{,+var}",
            "{term",
        ] {
            assert!(!is_uri_template(bad), "{bad}");
        }
    }
}
