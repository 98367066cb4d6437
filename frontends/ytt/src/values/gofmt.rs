//! Scalars as Go's `fmt` prints them inside ytt's messages: `%v` (`80`, `true`, `1e+06`) and
//! `%s` (`%!s(int=80)` for a non-string), as Go 1.21 `fmt/print.go` and `strconv/ftoa.go`.

use validgen_gotext::yaml::Scalar;

/// `fmt.Sprintf("%v", key)`.
pub(super) fn go_v(scalar: &Scalar) -> String {
    match scalar {
        Scalar::Null => "<nil>".to_owned(),
        Scalar::Bool(b) => b.to_string(),
        Scalar::Int(i) => i.to_string(),
        Scalar::Float(f) => go_float(*f),
        Scalar::String(s) => s.clone(),
    }
}

/// `fmt.Sprintf("%s", key)`: a string as is, any other value as Go's bad-verb form.
pub(super) fn go_s(scalar: &Scalar) -> String {
    match scalar {
        Scalar::Null => "%!s(<nil>)".to_owned(),
        Scalar::Bool(b) => format!("%!s(bool={b})"),
        Scalar::Int(i) => format!("%!s(int={i})"),
        Scalar::Float(f) => format!("%!s(float64={})", go_float(*f)),
        Scalar::String(s) => s.clone(),
    }
}

/// A float64 under `%v`: the shortest digits, in exponent form when the exponent is below -4
/// or at least 6 (strconv's `%g` with the shortest precision).
fn go_float(f: f64) -> String {
    if f.is_nan() {
        return "NaN".to_owned();
    }
    if f.is_infinite() {
        return if f > 0.0 { "+Inf" } else { "-Inf" }.to_owned();
    }
    // Rust's `{:e}` gives the shortest round-tripping digits: `1.5e6`, `-2e-5`.
    let sci = format!("{f:e}");
    let Some((mantissa, exp)) = sci.split_once('e') else {
        return sci;
    };
    let Ok(exp) = exp.parse::<i32>() else {
        return sci;
    };
    if (-4..6).contains(&exp) {
        return format!("{f}");
    }
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{mantissa}e{sign}{:02}", exp.unsigned_abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_as_go_prints_them() {
        assert_eq!(go_s(&Scalar::Int(80)), "%!s(int=80)");
        assert_eq!(go_s(&Scalar::Bool(true)), "%!s(bool=true)");
        assert_eq!(go_s(&Scalar::String("a".into())), "a");
        assert_eq!(go_v(&Scalar::Int(80)), "80");
        assert_eq!(go_v(&Scalar::Float(1.5)), "1.5");
        assert_eq!(go_v(&Scalar::Float(1_000_000.0)), "1e+06");
        assert_eq!(go_v(&Scalar::Float(100_000.0)), "100000");
        assert_eq!(go_v(&Scalar::Float(0.00001)), "1e-05");
        assert_eq!(go_v(&Scalar::Float(1_234_567.0)), "1.234567e+06");
    }
}
