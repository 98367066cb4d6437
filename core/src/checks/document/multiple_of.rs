//! `MultipleOf` (JSON Schema `multipleOf`), decided exactly.
//!
//! JSON numbers are decimals, and the specification asks whether the division leaves an
//! integer. Binary floating point says no to `0.0075 / 0.0001` (75.00000000000001), so both
//! numbers are read as decimals `a·10^p` and `b·10^q` from their shortest text (serde_json
//! prints an `f64` as its shortest round-tripping decimal) and the remainder is computed with
//! modular arithmetic, which stays exact for any exponent (`1e308` by `0.123456789`).

use serde_json::Number;

use super::quote;
use crate::ir::Violation;
use crate::model::Instance;

/// Whether [`multiple_of`] passes `v`, for a verdict (no violation built).
#[inline]
pub fn is_multiple_of<'a>(v: impl Instance<'a>, divisor: &Number) -> bool {
    v.as_number().is_none_or(|n| is_multiple(n, divisor))
}

/// A number that is not an integer multiple of `divisor`; other values pass.
pub fn multiple_of<'a>(v: impl Instance<'a>, divisor: &Number) -> Option<Violation> {
    let n = v.as_number()?;
    if is_multiple(n, divisor) {
        return None;
    }
    Some(Violation::new(
        "multipleOf",
        format!("a multiple of {divisor}"),
        quote(v),
    ))
}

/// Whether `n / d` is an integer (`false` for a zero or unreadable divisor).
fn is_multiple(n: &Number, d: &Number) -> bool {
    let (Some((a, p)), Some((b, q))) = (decimal(n), decimal(d)) else {
        // Not finite (cannot happen for JSON numbers): the ratio decides.
        return match (n.as_f64(), d.as_f64()) {
            (Some(x), Some(y)) => (x / y).is_finite() && (x / y).fract() == 0.0,
            _ => false,
        };
    };
    if b == 0 {
        return false;
    }
    if a == 0 {
        return true;
    }
    if p >= q {
        // a·10^(p-q) mod b
        let Ok(shift) = u32::try_from(p - q) else {
            return false;
        };
        mul_mod(a % b, pow_mod(10, shift, b), b) == 0
    } else {
        // a mod b·10^(q-p): a divisor larger than `a` leaves `a`.
        let scaled = u32::try_from(q - p)
            .ok()
            .and_then(|s| 10u128.checked_pow(s))
            .and_then(|f| b.checked_mul(f));
        scaled.is_some_and(|m| a % m == 0)
    }
}

/// `|x|` as `(digits, exponent)` with `|x| = digits·10^exponent`, from its decimal text.
fn decimal(x: &Number) -> Option<(u128, i64)> {
    let text = x.to_string();
    let text = text.trim_start_matches('-');
    let (mantissa, exp) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], text[i + 1..].parse::<i64>().ok()?),
        None => (text, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    let digits = format!("{int}{frac}");
    let digits = digits.trim_start_matches('0');
    let value = if digits.is_empty() {
        0
    } else {
        digits.parse::<u128>().ok()?
    };
    let frac_len = i64::try_from(frac.len()).ok()?;
    Some((value, exp - frac_len))
}

/// `a·b mod m` for `a, b < m ≤ 2^64`; larger moduli go through repeated doubling.
fn mul_mod(a: u128, b: u128, m: u128) -> u128 {
    if let Some(p) = a.checked_mul(b) {
        return p % m;
    }
    let (mut a, mut b, mut acc) = (a % m, b, 0u128);
    while b > 0 {
        if b & 1 == 1 {
            acc = (acc + a) % m;
        }
        a = (a << 1) % m;
        b >>= 1;
    }
    acc
}

/// `base^exp mod m`.
fn pow_mod(base: u128, mut exp: u32, m: u128) -> u128 {
    let (mut result, mut b) = (1 % m, base % m);
    while exp > 0 {
        if exp & 1 == 1 {
            result = mul_mod(result, b, m);
        }
        b = mul_mod(b, b, m);
        exp >>= 1;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::is_multiple;
    use serde_json::Number;

    fn n(text: &str) -> Number {
        serde_json::from_str(text).expect("a number")
    }

    #[test]
    fn decimals_divide_exactly() {
        assert!(is_multiple(&n("0.0075"), &n("0.0001")));
        assert!(!is_multiple(&n("0.00751"), &n("0.0001")));
        assert!(is_multiple(&n("0.3"), &n("0.1")));
        assert!(is_multiple(&n("12391239123"), &n("1e-8")));
        assert!(!is_multiple(&n("1e308"), &n("0.123456789")));
        assert!(is_multiple(&n("1e308"), &n("5")));
        assert!(is_multiple(&n("-10"), &n("2.5")));
        assert!(!is_multiple(&n("7"), &n("2")));
        assert!(is_multiple(&n("0"), &n("3.7")));
        assert!(!is_multiple(&n("1"), &n("1e40")));
    }
}
