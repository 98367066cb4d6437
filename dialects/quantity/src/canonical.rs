//! The canonical string form of a quantity (as apimachinery `quantity.go` `CanonicalizeBytes`
//! with `amount.go` `AsCanonicalBytes` / `AsCanonicalBase1024Bytes`).
//!
//! Canonical form: the mantissa is an integer, the exponent (suffix) as large as possible
//! without losing precision, and for decimal formats a multiple of three.

use std::cmp::Ordering;

use super::decimal::{Decimal, Digits};
use super::{Amount, Format};

/// Renders an amount in the given format (the caller has already handled Go's kept text).
pub(super) fn render(amount: &Amount, format: Format) -> String {
    let value = match amount {
        Amount::Int { value, scale } => Decimal::from_i64_scaled(*value, *scale),
        Amount::Dec(d) => d.clone(),
    };
    if value.is_zero() {
        return "0".to_owned();
    }

    // A binary quantity is shown in binary only when it is a whole number of at least 1024
    // in magnitude; otherwise (no rounding, no surprise) it is shown as DecimalSI.
    let mut format = format;
    let mut whole = None;
    if format == Format::BinarySI {
        let limit = Decimal::from_i64_scaled(1024, 0);
        let inside = value.cmp_value(&limit.negate()) == Ordering::Greater
            && value.cmp_value(&limit) == Ordering::Less;
        let (rounded, exact) = value.round_away(0);
        if inside || !exact {
            format = Format::DecimalSI;
        } else {
            whole = Some(rounded);
        }
    }

    match (format, whole) {
        (Format::BinarySI, Some(whole)) => binary(&whole),
        _ => {
            let (number, exponent) = match amount {
                Amount::Int { value, scale } => int_mantissa_exponent(*value, *scale),
                Amount::Dec(d) => dec_mantissa_exponent(d),
            };
            let suffix = match format {
                Format::DecimalExponent if exponent == 0 => String::new(),
                Format::DecimalExponent => format!("e{exponent}"),
                // apimachinery v0.35 has no suffix past E (10^18) and drops the exponent
                // ("1000E" is written "1"); releases after mid-2026 write "1e21" instead.
                _ => decimal_si_suffix(exponent).unwrap_or("").to_owned(),
            };
            number + &suffix
        }
    }
}

fn decimal_si_suffix(exponent: i32) -> Option<&'static str> {
    Some(match exponent {
        -9 => "n",
        -6 => "u",
        -3 => "m",
        0 => "",
        3 => "k",
        6 => "M",
        9 => "G",
        12 => "T",
        15 => "P",
        18 => "E",
        _ => return None,
    })
}

/// A whole number as mantissa × 1024^k with the binary suffix of k.
fn binary(whole: &Decimal) -> String {
    let Some(mut digits) = whole.integer_digits() else {
        return whole.to_plain_text();
    };
    let mut times = 0;
    while !digits.is_zero() {
        let (quotient, rem) = digits.divrem_small(1024);
        if rem != 0 {
            break;
        }
        digits = quotient;
        times += 1;
    }
    let suffix = match times {
        1 => "Ki",
        2 => "Mi",
        3 => "Gi",
        4 => "Ti",
        5 => "Pi",
        6 => "Ei",
        // 1024^0 has no binary suffix; nothing parsed reaches 1024^7.
        _ => "",
    };
    let sign = if whole.is_negative() { "-" } else { "" };
    format!("{sign}{}{suffix}", digits.to_text())
}

/// The int64 form's mantissa and base-10 exponent, factors of ten moved into the exponent and
/// the exponent brought down to a multiple of three (Go's int32 exponent arithmetic wraps).
fn int_mantissa_exponent(value: i64, scale: i32) -> (String, i32) {
    let mut mantissa = value;
    let mut exponent = scale;
    // i64::MIN has no positive counterpart; Go leaves it as it is.
    if mantissa != i64::MIN {
        while mantissa != 0 && mantissa % 10 == 0 {
            mantissa /= 10;
            exponent = exponent.wrapping_add(1);
        }
    }
    let (factor, step) = match exponent % 3 {
        1 | -2 => (10, 1),
        2 | -1 => (100, 2),
        _ => (1, 0),
    };
    if step == 0 {
        return (mantissa.to_string(), exponent);
    }
    match mantissa.checked_mul(factor) {
        Some(m) => (m.to_string(), exponent.wrapping_sub(step)),
        // Too big for int64: Go redoes it in the decimal form.
        None => dec_mantissa_exponent(&Decimal::from_i64_scaled(value, scale)),
    }
}

/// The decimal form's mantissa and exponent, the same way but one power of ten at a time.
fn dec_mantissa_exponent(d: &Decimal) -> (String, i32) {
    let (digits, exp) = d.parts();
    let mut digits: Digits = digits.clone();
    // Go narrows the exponent to int32 (wrapping).
    let mut exponent = exp as i32;
    while exponent % 3 != 0 {
        digits.mul_small(10);
        exponent = exponent.wrapping_sub(1);
    }
    let sign = if d.is_negative() { "-" } else { "" };
    (format!("{sign}{}", digits.to_text()), exponent)
}
