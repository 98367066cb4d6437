//! A float as go-yaml v2 writes a `float64` (`encode.go`, `floatv`): Go's
//! `strconv.FormatFloat(f, 'g', -1, 64)`, with `.inf`, `-.inf` and `.nan`.

/// `f` in Go's shortest `%g` form: the fewest digits that read back as `f`, in exponent form
/// (`1e+06`, `1.5e-05`: at least two exponent digits) when the decimal exponent is below -4 or
/// at least 6 (Go's rule for the shortest precision), else in plain decimal form (`100000`,
/// `0.0001`, `1` for 1.0).
pub(super) fn go_format_float(f: f64) -> String {
    if f.is_nan() {
        return ".nan".to_owned();
    }
    if f.is_infinite() {
        return if f > 0.0 { ".inf" } else { "-.inf" }.to_owned();
    }
    // Rust's `{:e}` gives the same shortest round-trip digits as Go: `-1.2345e-7`.
    let scientific = format!("{f:e}");
    let (mantissa, exponent) = scientific
        .split_once('e')
        .unwrap_or((scientific.as_str(), "0"));
    let exponent: i64 = exponent.parse().unwrap_or(0);
    let digits: Vec<char> = mantissa.chars().filter(char::is_ascii_digit).collect();
    let mut out = String::new();
    if mantissa.starts_with('-') {
        out.push('-');
    }
    if !(-4..6).contains(&exponent) {
        let mut rest = digits.iter();
        out.extend(rest.next());
        if digits.len() > 1 {
            out.push('.');
            out.extend(rest);
        }
        out.push('e');
        out.push(if exponent < 0 { '-' } else { '+' });
        out.push_str(&format!("{:02}", exponent.unsigned_abs()));
        return out;
    }
    // The decimal point sits after `point` digits (maybe none, or past the last digit).
    let point = exponent + 1;
    let digit_at = |i: i64| {
        usize::try_from(i)
            .ok()
            .and_then(|i| digits.get(i))
            .copied()
            .unwrap_or('0')
    };
    if point > 0 {
        out.extend((0..point).map(digit_at));
    } else {
        out.push('0');
    }
    let decimals = i64::try_from(digits.len()).unwrap_or(0) - point;
    if decimals > 0 {
        out.push('.');
        out.extend((point..point + decimals).map(digit_at));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::go_format_float;

    #[test]
    fn as_go_formats_float64() {
        let table = [
            (0.0, "0"),
            (-0.0, "-0"),
            (1.0, "1"),
            (0.5, "0.5"),
            (-2.25, "-2.25"),
            (100_000.0, "100000"),
            (123_456.7, "123456.7"),
            (1e6, "1e+06"),
            (1_234_567.0, "1.234567e+06"),
            (0.0001, "0.0001"),
            (0.000_012_5, "1.25e-05"),
            (1e100, "1e+100"),
            (0.1 + 0.2, "0.30000000000000004"),
            (f64::INFINITY, ".inf"),
            (f64::NEG_INFINITY, "-.inf"),
            (f64::NAN, ".nan"),
        ];
        for (f, want) in table {
            assert_eq!(go_format_float(f), want, "{f}");
        }
    }
}
