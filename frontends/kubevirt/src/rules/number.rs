//! JSON numbers as the reference turns them into integer arguments.
//!
//! `IntOrPath` decodes a number into a Go `float64` (`strconv.ParseFloat`: correctly rounded,
//! an error when the value overflows, zero when it underflows), then converts it with
//! `int64(math.Round(f))`: rounding half away from zero, and, on amd64, `i64::MIN` for every
//! value outside the `int64` range.

/// The integer a JSON number literal becomes, or `None` when it does not fit a float64.
/// `literal` must be a JSON number.
pub(crate) fn json_number_to_i64(literal: &str) -> Option<i64> {
    let f: f64 = literal.parse().ok()?;
    f.is_finite().then(|| go_float_to_i64(f.round()))
}

/// Go's `int64(f)` on amd64 (`CVTTSD2SI`): truncation, and `i64::MIN` when out of range.
fn go_float_to_i64(f: f64) -> i64 {
    const TWO_POW_63: f64 = 9_223_372_036_854_775_808.0;
    if (-TWO_POW_63..TWO_POW_63).contains(&f) {
        f as i64
    } else {
        i64::MIN
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions() {
        let cases = [
            ("0", Some(0)),
            ("-0", Some(0)),
            ("7", Some(7)),
            ("1.5", Some(2)),
            ("2.5", Some(3)),
            ("-1.5", Some(-2)),
            ("-2.5", Some(-3)),
            ("1.49", Some(1)),
            ("-0.4", Some(0)),
            ("0.49999999999999994", Some(0)),
            ("1e3", Some(1000)),
            ("1E+3", Some(1000)),
            ("2.5e-1", Some(0)),
            ("1e-400", Some(0)),
            ("9223372036854774784", Some(9_223_372_036_854_774_784)),
            ("9223372036854775807", Some(i64::MIN)),
            ("-9223372036854775808", Some(i64::MIN)),
            ("-9223372036854777856", Some(i64::MIN)),
            ("1e19", Some(i64::MIN)),
            ("-1e19", Some(i64::MIN)),
            ("18446744073709551615", Some(i64::MIN)),
            ("1e308", Some(i64::MIN)),
            ("1e400", None),
            ("-1e400", None),
            ("1.7976931348623159e308", None),
        ];
        for (lit, want) in cases {
            assert_eq!(json_number_to_i64(lit), want, "{lit}");
        }
    }
}
