//! The lexical side of a quantity: splitting the text into sign, number and suffix, and
//! interpreting the suffix (as apimachinery `quantity.go` `parseQuantityString` and `suffix.go`).

use super::{Format, QuantityError};

/// The pieces of a quantity's text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Pieces<'a> {
    /// No leading `-`.
    pub positive: bool,
    /// The whole numeric part with its sign (what the decimal slow path parses).
    pub value: &'a str,
    /// The integer digits without leading zeros ("0" when there are none).
    pub num: &'a str,
    /// The digits after the decimal point (possibly empty).
    pub denom: &'a str,
    /// Everything after the number.
    pub suffix: &'a str,
}

const SUFFIX_LETTERS: &[u8] = b"eEinumkKMGTP";

/// Splits a quantity into its pieces. Like Go's scanner this is permissive: a suffix made of
/// suffix letters, an optional sign and digits passes here and is judged by [`interpret`].
pub(crate) fn split(s: &str) -> Result<Pieces<'_>, QuantityError> {
    let b = s.as_bytes();
    let end = b.len();
    let mut pos = 0;
    let mut positive = true;
    match b.first() {
        Some(b'-') => {
            positive = false;
            pos = 1;
        }
        Some(b'+') => pos = 1,
        _ => {}
    }

    // Leading zeros; a text made only of them (and a sign) is zero.
    while pos < end && b[pos] == b'0' {
        pos += 1;
    }
    if pos >= end {
        return Ok(Pieces {
            positive,
            value: "0",
            num: "0",
            denom: "",
            suffix: "",
        });
    }

    let num_start = pos;
    while pos < end && b[pos].is_ascii_digit() {
        pos += 1;
    }
    if pos >= end {
        return Ok(Pieces {
            positive,
            value: s,
            num: &s[num_start..],
            denom: "",
            suffix: "",
        });
    }
    let num = if pos == num_start {
        "0"
    } else {
        &s[num_start..pos]
    };

    let mut denom = "";
    if b[pos] == b'.' {
        pos += 1;
        let denom_start = pos;
        while pos < end && b[pos].is_ascii_digit() {
            pos += 1;
        }
        denom = &s[denom_start..pos];
        if pos >= end {
            return Ok(Pieces {
                positive,
                value: s,
                num,
                denom,
                suffix: "",
            });
        }
    }
    let value = &s[..pos];

    let suffix_start = pos;
    while pos < end && SUFFIX_LETTERS.contains(&b[pos]) {
        pos += 1;
    }
    if pos < end && (b[pos] == b'-' || b[pos] == b'+') {
        pos += 1;
    }
    while pos < end && b[pos].is_ascii_digit() {
        pos += 1;
    }
    if pos >= end {
        return Ok(Pieces {
            positive,
            value,
            num,
            denom,
            suffix: &s[suffix_start..],
        });
    }
    Err(QuantityError::FormatWrong)
}

/// What a suffix means: base (10 or 2), exponent and the format it implies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct SuffixMeaning {
    pub base: u8,
    pub exponent: i32,
    pub format: Format,
}

/// Interprets a suffix as apimachinery `suffix.go` does; `None` is Go's `ErrSuffix`.
pub(crate) fn interpret(suffix: &str) -> Option<SuffixMeaning> {
    let dec = |exponent| SuffixMeaning {
        base: 10,
        exponent,
        format: Format::DecimalSI,
    };
    let bin = |exponent| SuffixMeaning {
        base: 2,
        exponent,
        format: Format::BinarySI,
    };
    Some(match suffix {
        "" => dec(0),
        "n" => dec(-9),
        "u" => dec(-6),
        "m" => dec(-3),
        "k" => dec(3),
        "M" => dec(6),
        "G" => dec(9),
        "T" => dec(12),
        "P" => dec(15),
        "E" => dec(18),
        "Ki" => bin(10),
        "Mi" => bin(20),
        "Gi" => bin(30),
        "Ti" => bin(40),
        "Pi" => bin(50),
        "Ei" => bin(60),
        _ => {
            let rest = suffix.strip_prefix(['e', 'E'])?;
            if rest.is_empty() {
                return None;
            }
            // Go parses the exponent as an int64 and then narrows it to int32 (wrapping).
            let exponent = go_parse_int64(rest)? as i32;
            SuffixMeaning {
                base: 10,
                exponent,
                format: Format::DecimalExponent,
            }
        }
    })
}

/// Go `strconv.ParseInt(s, 10, 64)`: an optional sign and at least one ASCII digit, in range.
pub(crate) fn go_parse_int64(s: &str) -> Option<i64> {
    let (neg, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let limit: u64 = if neg { 1 << 63 } else { i64::MAX as u64 };
    let mut magnitude: u64 = 0;
    for c in digits.bytes() {
        magnitude = magnitude
            .checked_mul(10)?
            .checked_add(u64::from(c - b'0'))?;
        if magnitude > limit {
            return None;
        }
    }
    Some(if neg {
        (magnitude as i64).wrapping_neg()
    } else {
        magnitude as i64
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(s: &str) -> (bool, &str, &str, &str, &str) {
        let p = split(s).unwrap_or_else(|e| panic!("{s}: {e}"));
        (p.positive, p.value, p.num, p.denom, p.suffix)
    }

    #[test]
    fn splits_like_go() {
        assert_eq!(pieces("1536Mi"), (true, "1536", "1536", "", "Mi"));
        assert_eq!(pieces("-0.5Gi"), (false, "-0.5", "0", "5", "Gi"));
        assert_eq!(pieces("+007"), (true, "+007", "7", "", ""));
        assert_eq!(pieces("-000"), (false, "0", "0", "", ""));
        assert_eq!(pieces("-"), (false, "0", "0", "", ""));
        assert_eq!(pieces("."), (true, ".", "0", "", ""));
        assert_eq!(pieces("1."), (true, "1.", "1", "", ""));
        assert_eq!(pieces("1.Gi"), (true, "1.", "1", "", "Gi"));
        assert_eq!(pieces(".5"), (true, ".5", "0", "5", ""));
        assert_eq!(pieces("1e-5"), (true, "1", "1", "", "e-5"));
        assert_eq!(pieces("1+5"), (true, "1", "1", "", "+5"));
        assert_eq!(pieces("1Kie"), (true, "1", "1", "", "Kie"));
        for bad in [
            "1 Gi", "1GB", "1gi", "..", "1.2.3", "1e5x", "x", "1e--5", " 1", "1 ",
        ] {
            assert_eq!(split(bad), Err(QuantityError::FormatWrong), "{bad}");
        }
    }

    #[test]
    fn interprets_suffixes() {
        assert_eq!(interpret("Gi").map(|m| (m.base, m.exponent)), Some((2, 30)));
        assert_eq!(interpret("E").map(|m| m.format), Some(Format::DecimalSI));
        assert_eq!(
            interpret("E3").map(|m| (m.exponent, m.format)),
            Some((3, Format::DecimalExponent))
        );
        assert_eq!(interpret("e+05").map(|m| m.exponent), Some(5));
        assert_eq!(interpret("e-5").map(|m| m.exponent), Some(-5));
        assert_eq!(interpret("e4294967296").map(|m| m.exponent), Some(0));
        for bad in [
            "e",
            "ki",
            "mi",
            "i",
            "Kie",
            "ee5",
            "e+",
            "e-",
            "+5",
            "e99999999999999999999",
        ] {
            assert_eq!(interpret(bad), None, "{bad}");
        }
    }

    #[test]
    fn parse_int_like_go() {
        assert_eq!(go_parse_int64("-9223372036854775808"), Some(i64::MIN));
        assert_eq!(go_parse_int64("9223372036854775807"), Some(i64::MAX));
        assert_eq!(go_parse_int64("9223372036854775808"), None);
        assert_eq!(go_parse_int64("+0012"), Some(12));
        assert_eq!(go_parse_int64(""), None);
        assert_eq!(go_parse_int64("-"), None);
    }
}
