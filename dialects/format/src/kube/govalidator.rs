//! The checks strfmt takes from its copy of govalidator (kube-openapi
//! `pkg/internal/third_party/govalidator`): ISBNs, credit cards, social security numbers and
//! colours. Its patterns use Go's ASCII `\d` and `\s` (`[\t\n\f\r ]`).

/// `IsISBN10`: after removing runs of `\s` and `-`, nine digits and a check digit or `X`, the
/// weighted sum (1 to 10) divisible by 11.
pub(super) fn is_isbn10(s: &str) -> bool {
    let d = sanitized_isbn(s);
    if d.len() != 10
        || !d[..9].iter().all(u8::is_ascii_digit)
        || !(d[9].is_ascii_digit() || d[9] == b'X')
    {
        return false;
    }
    let mut sum: u32 = (0..9)
        .map(|i| (i as u32 + 1) * u32::from(d[i] - b'0'))
        .sum();
    sum += 10
        * if d[9] == b'X' {
            10
        } else {
            u32::from(d[9] - b'0')
        };
    sum.is_multiple_of(11)
}

/// `IsISBN13`: thirteen digits, weights 1 and 3, the last the check digit.
pub(super) fn is_isbn13(s: &str) -> bool {
    let d = sanitized_isbn(s);
    if d.len() != 13 || !d.iter().all(u8::is_ascii_digit) {
        return false;
    }
    let sum: u32 = (0..12)
        .map(|i| if i % 2 == 0 { 1 } else { 3 } * u32::from(d[i] - b'0'))
        .sum();
    u32::from(d[12] - b'0') == (10 - sum % 10) % 10
}

/// `s` without `[\s-]` (Go's ASCII white space and `-`).
fn sanitized_isbn(s: &str) -> Vec<u8> {
    s.bytes()
        .filter(|b| !matches!(b, b'\t' | b'\n' | 0x0c | b'\r' | b' ' | b'-'))
        .collect()
}

/// `IsCreditCard`: the ASCII digits of `s` (everything else dropped) are a Visa, MasterCard,
/// Discover, American Express, Diners Club or JCB number (govalidator's pattern) and pass
/// Luhn's check.
pub(super) fn is_credit_card(s: &str) -> bool {
    let d: Vec<u8> = s.bytes().filter(u8::is_ascii_digit).collect();
    if !issuer_number(&d) {
        return false;
    }
    let mut sum = 0u32;
    for (i, c) in d.iter().rev().enumerate() {
        let n = u32::from(c - b'0');
        sum += if i % 2 == 1 {
            let twice = n * 2;
            if twice >= 10 { twice % 10 + 1 } else { twice }
        } else {
            n
        };
    }
    sum.is_multiple_of(10)
}

/// govalidator's `CreditCard` pattern, on digits only:
/// `4\d{12}(\d{3})?|5[1-5]\d{14}|6(011|5\d\d)\d{12}|3[47]\d{13}|3(0[0-5]|[68]\d)\d{11}|(2131|1800|35\d{3})\d{11}`.
fn issuer_number(d: &[u8]) -> bool {
    let starts = |p: &[u8]| d.starts_with(p);
    let between = |i: usize, lo: u8, hi: u8| d.get(i).is_some_and(|c| (lo..=hi).contains(c));
    match d.len() {
        13 => d[0] == b'4',
        16 => {
            d[0] == b'4'
                || (d[0] == b'5' && between(1, b'1', b'5'))
                || starts(b"6011")
                || starts(b"65")
                || starts(b"35")
        }
        15 => (d[0] == b'3' && matches!(d[1], b'4' | b'7')) || starts(b"2131") || starts(b"1800"),
        14 => {
            starts(b"30") && between(2, b'0', b'5') || (d[0] == b'3' && matches!(d[1], b'6' | b'8'))
        }
        _ => false,
    }
}

/// `IsSSN`: eleven bytes matching `^\d{3}[- ]?\d{2}[- ]?\d{4}$` (so both separators).
pub(super) fn is_ssn(s: &str) -> bool {
    let b = s.as_bytes();
    b.len() == 11
        && b[..3].iter().all(u8::is_ascii_digit)
        && matches!(b[3], b'-' | b' ')
        && b[4..6].iter().all(u8::is_ascii_digit)
        && matches!(b[6], b'-' | b' ')
        && b[7..].iter().all(u8::is_ascii_digit)
}

/// `IsHexcolor`: `^#?([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$`.
pub(super) fn is_hex_color(s: &str) -> bool {
    let digits = s.strip_prefix('#').unwrap_or(s);
    matches!(digits.len(), 3 | 6) && digits.bytes().all(|b| b.is_ascii_hexdigit())
}

/// `IsRGBcolor`: `rgb(` three numbers 0–255 without leading zeros, separated by `,`, with
/// optional `\s` around each, then `)`.
pub(super) fn is_rgb_color(s: &str) -> bool {
    let Some(inner) = s.strip_prefix("rgb(").and_then(|r| r.strip_suffix(')')) else {
        return false;
    };
    let parts: Vec<&str> = inner.split(',').collect();
    parts.len() == 3
        && parts.iter().all(|p| {
            let n = p.trim_matches(|c| matches!(c, '\t' | '\n' | '\x0c' | '\r' | ' '));
            let b = n.as_bytes();
            !b.is_empty()
                && b.len() <= 3
                && b.iter().all(u8::is_ascii_digit)
                && (b.len() == 1 || b[0] != b'0')
                && n.parse::<u16>().is_ok_and(|v| v <= 255)
        })
}
