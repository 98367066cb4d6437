//! Small pieces of Go's standard library the JSONPath dialect leans on: the `unicode`
//! predicates the scanner uses, `%#U` for error texts, and `%v` of a float64.

use std::sync::LazyLock;

use regex::Regex;

/// A one-character class test backed by the `regex` crate's Unicode tables. `None` only if the
/// (constant) pattern failed to compile, which it does not; callers then fall back to the
/// closest `char` method.
fn class(pattern: &str) -> Option<Regex> {
    Regex::new(pattern).ok()
}

static LETTER: LazyLock<Option<Regex>> = LazyLock::new(|| class(r"^\p{L}$"));
static DECIMAL_DIGIT: LazyLock<Option<Regex>> = LazyLock::new(|| class(r"^\p{Nd}$"));
static PRINTABLE: LazyLock<Option<Regex>> =
    LazyLock::new(|| class(r"^[\p{L}\p{M}\p{N}\p{P}\p{S}]$"));

fn in_class(re: &LazyLock<Option<Regex>>, c: char, fallback: fn(char) -> bool) -> bool {
    let mut buf = [0u8; 4];
    match re.as_ref() {
        Some(re) => re.is_match(c.encode_utf8(&mut buf)),
        None => fallback(c),
    }
}

/// Go `unicode.IsLetter`: general category L.
pub(crate) fn is_letter(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_alphabetic();
    }
    in_class(&LETTER, c, char::is_alphabetic)
}

/// Go `unicode.IsDigit`: general category Nd.
pub(crate) fn is_digit(c: char) -> bool {
    if c.is_ascii() {
        return c.is_ascii_digit();
    }
    in_class(&DECIMAL_DIGIT, c, char::is_numeric)
}

/// Go `strconv.IsPrint`: letters, marks, numbers, punctuation, symbols and the ASCII space.
pub(crate) fn is_print(c: char) -> bool {
    if c.is_ascii() {
        return (' '..='~').contains(&c);
    }
    in_class(&PRINTABLE, c, |c| !c.is_control() && !c.is_whitespace())
}

/// Go's `fmt` verb `%#U`: `U+0026 '&'`, or just `U+0009` when the rune is not printable.
pub(crate) fn unicode_verb(c: char) -> String {
    if is_print(c) {
        format!("U+{:04X} '{}'", u32::from(c), c)
    } else {
        format!("U+{:04X}", u32::from(c))
    }
}

/// Go's `%v` of a float64 (`strconv.FormatFloat(f, 'g', -1, 64)`): the shortest digits that
/// round trip, in exponent form when the decimal exponent is below -4 or at least 6 (`1e+06`,
/// `123456`, `1.5e-05`, `0.0001`).
pub(crate) fn format_float(f: f64) -> String {
    if f.is_nan() {
        return "NaN".to_owned();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.to_owned();
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0" } else { "0" }.to_owned();
    }
    // Rust's `{:e}` prints the shortest round-trip digits, e.g. `-1.2345e-7`, `1e6`.
    let sci = format!("{:e}", f.abs());
    let (mantissa, exp) = match sci.split_once('e') {
        Some((m, e)) => (m, e.parse::<i64>().unwrap_or(0)),
        None => (sci.as_str(), 0),
    };
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let nd = i64::try_from(digits.len()).unwrap_or(i64::MAX);
    let sign = if f < 0.0 { "-" } else { "" };
    // As strconv's %g with the shortest precision: %e when exp < -4 || exp >= 6.
    if !(-4..6).contains(&exp) {
        let (first, rest) = digits.split_at(1.min(digits.len()));
        let frac = if rest.is_empty() {
            String::new()
        } else {
            format!(".{rest}")
        };
        let esign = if exp < 0 { '-' } else { '+' };
        return format!("{sign}{first}{frac}e{esign}{:02}", exp.unsigned_abs());
    }
    let dp = exp + 1; // digits before the decimal point
    let body = if dp <= 0 {
        let zeros = "0".repeat(usize::try_from(-dp).unwrap_or(0));
        format!("0.{zeros}{digits}")
    } else if dp >= nd {
        let zeros = "0".repeat(usize::try_from(dp - nd).unwrap_or(0));
        format!("{digits}{zeros}")
    } else {
        let cut = usize::try_from(dp).unwrap_or(0).min(digits.len());
        let (int, frac) = digits.split_at(cut);
        format!("{int}.{frac}")
    };
    format!("{sign}{body}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unicode_verb_matches_go() {
        assert_eq!(unicode_verb('&'), "U+0026 '&'");
        assert_eq!(unicode_verb('\t'), "U+0009");
        assert_eq!(unicode_verb('{'), "U+007B '{'");
        assert_eq!(unicode_verb('\u{a0}'), "U+00A0");
        assert_eq!(unicode_verb('\u{ad}'), "U+00AD");
        assert_eq!(unicode_verb('é'), "U+00E9 'é'");
        assert_eq!(unicode_verb('\u{1F600}'), "U+1F600 '\u{1F600}'");
        assert_eq!(unicode_verb('\u{200b}'), "U+200B");
    }

    #[test]
    fn letters_and_digits_are_go_categories() {
        assert!(is_letter('ö'));
        assert!(is_letter('ſ'));
        assert!(!is_letter('\u{2160}')); // Roman numeral one: Nl, alphabetic but not a letter
        assert!(!is_letter('\u{93e}')); // a Devanagari vowel sign: a mark
        assert!(is_digit('٣'));
        assert!(!is_digit('²'));
        assert!(!is_digit('a'));
    }

    #[test]
    fn floats_print_as_go_v() {
        assert_eq!(format_float(7.5), "7.5");
        assert_eq!(format_float(80.0), "80");
        assert_eq!(format_float(1e6), "1e+06");
        assert_eq!(format_float(123456.0), "123456");
        assert_eq!(format_float(1234567.0), "1.234567e+06");
        assert_eq!(format_float(0.0001), "0.0001");
        assert_eq!(format_float(0.00001), "1e-05");
        assert_eq!(format_float(-2.5e-7), "-2.5e-07");
        assert_eq!(format_float(1e21), "1e+21");
        assert_eq!(format_float(1e100), "1e+100");
        assert_eq!(format_float(0.1), "0.1");
        assert_eq!(format_float(-0.0), "-0");
        assert_eq!(format_float(f64::INFINITY), "+Inf");
        assert_eq!(format_float(f64::NAN), "NaN");
    }
}
