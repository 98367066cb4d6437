//! Go's `strconv` texts: strings quoted as `strconv.Quote` (which starlark-go's
//! `String.String` and ytt's messages use), floats as Go's `%g` (starlark-go under ytt 0.48, the
//! k14s fork's `Float.String`: `2.0` prints `2`, `1e7` prints `1e+07`) and as go-yaml v2's
//! shortest form.

use std::fmt::Write;

/// `s` as Go's `strconv.Quote` writes it: double quotes; `\"` and `\\`; `\a \b \f \n \r \t \v`;
/// other non-printable characters as `\xNN` (below U+0080), `\uNNNN` or `\UNNNNNNNN`.
pub fn quote(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{7}' => out.push_str("\\a"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{b}' => out.push_str("\\v"),
            c if is_print(c) => out.push(c),
            c if u32::from(c) < 0x80 => {
                let _ = write!(out, "\\x{:02x}", u32::from(c));
            }
            c if u32::from(c) < 0x10000 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => {
                let _ = write!(out, "\\U{:08x}", u32::from(c));
            }
        }
    }
    out.push('"');
    out
}

/// Go's `unicode.IsPrint`, approximated: not a control or format character, not a separator
/// other than the ASCII space, not a private-use or unassigned-looking code point.
fn is_print(c: char) -> bool {
    if c == ' ' {
        return true;
    }
    if c.is_control() || c.is_whitespace() {
        return false;
    }
    let u = u32::from(c);
    // Format characters (Cf) commonly met, private use areas and noncharacters.
    !matches!(u,
        0xAD | 0x600..=0x605 | 0x61C | 0x6DD | 0x70F | 0x180E | 0x200B..=0x200F
        | 0x202A..=0x202E | 0x2060..=0x2064 | 0x2066..=0x206F | 0xFEFF | 0xFFF9..=0xFFFB
        | 0xE000..=0xF8FF | 0xF0000..=0x10FFFF | 0xFDD0..=0xFDEF)
        && (u & 0xFFFE) != 0xFFFE
}

/// `f` as Go's `strconv.FormatFloat(f, 'g', 6, 64)`: 6 significant digits, trailing zeros
/// dropped, exponent form (`1e+07`, `1.5e-05`) when the exponent is below -4 or at least 6.
pub fn format_float(f: f64) -> String {
    if f.is_nan() {
        return "NaN".to_owned();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.to_owned();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0" } else { "0" }.to_owned();
    }
    // Rust's `{:e}` rounds to the requested digits as Go does (round half to even on the
    // exact binary value), and gives the exponent after rounding.
    let sci = format!("{f:.5e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-4..6).contains(&exp) {
        let mantissa = trim_zeros(mantissa);
        let sign = if exp < 0 { '-' } else { '+' };
        return format!("{mantissa}e{sign}{:02}", exp.abs());
    }
    let decimals = usize::try_from(5 - exp).unwrap_or(0);
    trim_zeros(&format!("{f:.decimals$}")).to_owned()
}

/// Go's shortest `%g` (`strconv.FormatFloat(f, 'g', -1, 64)`), as go-yaml v2 writes a float
/// (`encode.go` `floatv`): the shortest digits that read back as `f`, exponent form when the
/// exponent is below -4 or at least 6 (`1e+06`, `1e-05`), plain otherwise (`100000`, `0.25`).
pub fn format_float_shortest(f: f64) -> String {
    if !f.is_finite() || f == 0.0 {
        return format_float(f);
    }
    // Rust's `{:e}` without precision is the shortest round-tripping form.
    let sci = format!("{f:e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-4..6).contains(&exp) {
        let sign = if exp < 0 { '-' } else { '+' };
        return format!("{mantissa}e{sign}{:02}", exp.abs());
    }
    format!("{f}")
}

fn trim_zeros(s: &str) -> &str {
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.')
    } else {
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_as_go_g6() {
        for (f, text) in [
            (2.0, "2"),
            (1e3, "1000"),
            (0.25, "0.25"),
            (1.5, "1.5"),
            (1e7, "1e+07"),
            (123456.0, "123456"),
            (1234567.0, "1.23457e+06"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (-2.5, "-2.5"),
            (3.25, "3.25"),
            (12345.678, "12345.7"),
            (0.1, "0.1"),
        ] {
            assert_eq!(format_float(f), text, "{f}");
        }
    }

    #[test]
    fn floats_as_go_shortest() {
        for (f, text) in [
            (10.0, "10"),
            (1e6, "1e+06"),
            (100000.0, "100000"),
            (1234567.5, "1.2345675e+06"),
            (1e21, "1e+21"),
            (0.1, "0.1"),
            (1e-5, "1e-05"),
            (2.5, "2.5"),
        ] {
            assert_eq!(format_float_shortest(f), text, "{f}");
        }
    }

    #[test]
    fn strings_as_go_quote() {
        assert_eq!(quote("a\"b\\c\n"), r#""a\"b\\c\n""#);
        assert_eq!(quote("é\u{1}"), "\"é\\x01\"");
    }
}
