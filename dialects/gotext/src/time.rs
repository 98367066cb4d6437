//! Go's `time.ParseDuration` (Go `src/time/format.go`, `ParseDuration`,
//! `leadingInt`, `leadingFraction`): `[-+]?([0-9]*(\.[0-9]*)?unit)+` or a lone (signed) `0`,
//! each number with a digit before or after its point, units `ns us µs μs ms s m h`, the total
//! at most 2^63-1 nanoseconds (2^63 when negative), with Go's overflow checks step by step.

/// Nanoseconds per unit (`µs` is U+00B5, `μs` U+03BC: Go accepts both).
const UNITS: [(&str, u64); 8] = [
    ("ns", 1),
    ("us", 1_000),
    ("µs", 1_000),
    ("μs", 1_000),
    ("ms", 1_000_000),
    ("s", 1_000_000_000),
    ("m", 60_000_000_000),
    ("h", 3_600_000_000_000),
];

/// 2^63, the magnitude Go's checks compare with.
const LIMIT: u64 = 1 << 63;

/// Go's `time.ParseDuration(s)`: the duration in nanoseconds, or `None` where Go fails.
pub fn parse_duration(s: &str) -> Option<i64> {
    let b = s.as_bytes();
    let (negative, mut rest) = match b.split_first() {
        Some((b'-', rest)) => (true, rest),
        Some((b'+', rest)) => (false, rest),
        _ => (false, b),
    };
    if rest == b"0" {
        return Some(0);
    }
    if rest.is_empty() {
        return None;
    }
    let mut total: u64 = 0;
    while let Some(&first) = rest.first() {
        if first != b'.' && !first.is_ascii_digit() {
            return None;
        }
        let (mut v, after) = leading_int(rest)?;
        let before_point = after.len() != rest.len();
        rest = after;
        let (mut fraction, mut scale, mut after_point) = (0, 1.0, false);
        if let Some((b'.', after)) = rest.split_first() {
            let (f, s, after_digits) = leading_fraction(after);
            after_point = after_digits.len() != after.len();
            (fraction, scale, rest) = (f, s, after_digits);
        }
        if !before_point && !after_point {
            return None;
        }
        let unit_len = rest
            .iter()
            .take_while(|&&c| c != b'.' && !c.is_ascii_digit())
            .count();
        let (unit, after) = rest.split_at(unit_len);
        rest = after;
        let &(_, unit) = UNITS.iter().find(|(name, _)| name.as_bytes() == unit)?;
        if v > LIMIT / unit {
            return None;
        }
        v *= unit;
        if fraction > 0 {
            // As Go: the fraction's nanoseconds through float64, truncated (at most 3.6e12).
            #[allow(clippy::cast_precision_loss)]
            let nanos = fraction as f64 * (unit as f64 / scale);
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let nanos = nanos as u64;
            v += nanos;
            if v > LIMIT {
                return None;
            }
        }
        // Go adds in uint64, which wraps when both terms are 2^63: kept for fidelity.
        total = total.wrapping_add(v);
        if total > LIMIT {
            return None;
        }
    }
    if negative {
        // At most 2^63: i64::MIN when it is.
        Some(0i64.wrapping_sub_unsigned(total))
    } else if total < LIMIT {
        i64::try_from(total).ok()
    } else {
        None
    }
}

/// Go's `leadingInt`: the value of the leading digits and the rest; `None` past 2^63.
fn leading_int(b: &[u8]) -> Option<(u64, &[u8])> {
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let (number, rest) = b.split_at(digits);
    let mut x: u64 = 0;
    for &c in number {
        if x > LIMIT / 10 {
            return None;
        }
        x = x * 10 + u64::from(c - b'0');
        if x > LIMIT {
            return None;
        }
    }
    Some((x, rest))
}

/// Go's `leadingFraction`: the leading digits as an integer and its scale (10^digits kept),
/// which stop growing (without error) once another digit would pass 2^63-1.
fn leading_fraction(b: &[u8]) -> (u64, f64, &[u8]) {
    let digits = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let (number, rest) = b.split_at(digits);
    let (mut x, mut scale) = (0u64, 1.0f64);
    for &c in number {
        if x > (LIMIT - 1) / 10 {
            break;
        }
        let y = x * 10 + u64::from(c - b'0');
        if y > LIMIT {
            break;
        }
        x = y;
        scale *= 10.0;
    }
    (x, scale, rest)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn as_go() {
        for ok in [
            "0",
            "+0",
            "-0",
            "5s",
            "30s",
            "1478s",
            "-5s",
            "+5s",
            "5.0s",
            "5.6s",
            "5.s",
            ".5s",
            "1.004s",
            "100.00100s",
            "10ns",
            "11us",
            "12µs",
            "12μs",
            "13ms",
            "14s",
            "15m",
            "16h",
            "3h30m",
            "10.5s4m",
            "-2m3.4s",
            "1h2m3s4ms5us6ns",
            "39h9m14.425s",
            "52763797000ns",
            "0.3333333333333333333h",
            "9007199254740993ns",
            "9223372036854775807ns",
            "9223372036854775.807us",
            "-9223372036854775808ns",
            "0.100000000000000000000h",
            "0.830103483285477580700h",
        ] {
            assert!(parse_duration(ok).is_some(), "{ok}");
        }
        for bad in [
            "",
            "3",
            "-",
            "s",
            ".",
            "-.",
            ".s",
            "+.s",
            "1d",
            "\u{85}\u{85}",
            "\u{fffd}",
            "9223372036854775808ns",
            "9223372036854775.808us",
            "9223372036854ms775us808ns",
            "1.5",
            "10 s",
            "s10",
            "0s0",
            "00",
        ] {
            assert_eq!(parse_duration(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn values_as_go() {
        assert_eq!(parse_duration("1h2m3s4ms5us6ns"), Some(3_723_004_005_006));
        assert_eq!(parse_duration("-1.5s"), Some(-1_500_000_000));
        assert_eq!(parse_duration("-9223372036854775808ns"), Some(i64::MIN));
        assert_eq!(parse_duration("9223372036854775807ns"), Some(i64::MAX));
    }
}
