//! Property tests for `validgen_quantity` against a second, deliberately plain model
//! written with `i128` arithmetic: the exact value of a generated quantity, and Go's rule for
//! when `AsInt64` succeeds (the int64 fast path of `ParseQuantity`).

use std::cmp::Ordering;

use proptest::prelude::*;
use serde_json::Value;
use validgen_quantity::{Format, Quantity};

/// A generated quantity text and its parts.
#[derive(Debug, Clone)]
struct Spelled {
    text: String,
    negative: bool,
    int_digits: String,
    /// `None`: no decimal point; `Some("")`: a point with nothing after it.
    frac_digits: Option<String>,
    suffix: Suffix,
}

#[derive(Debug, Clone, Copy)]
enum Suffix {
    /// `10^exp`, DecimalSI (`""`, `n`, `k`, ...).
    Decimal(&'static str, i32),
    /// `2^exp`, BinarySI (`Ki`, ...).
    Binary(&'static str, u32),
    /// `e`/`E` with an exponent.
    Exponent(char, i32, bool),
}

const DECIMAL: [(&str, i32); 10] = [
    ("n", -9),
    ("u", -6),
    ("m", -3),
    ("", 0),
    ("k", 3),
    ("M", 6),
    ("G", 9),
    ("T", 12),
    ("P", 15),
    ("E", 18),
];
const BINARY: [(&str, u32); 6] = [
    ("Ki", 10),
    ("Mi", 20),
    ("Gi", 30),
    ("Ti", 40),
    ("Pi", 50),
    ("Ei", 60),
];

fn suffix() -> impl Strategy<Value = Suffix> {
    prop_oneof![
        (0..DECIMAL.len()).prop_map(|i| Suffix::Decimal(DECIMAL[i].0, DECIMAL[i].1)),
        (0..BINARY.len()).prop_map(|i| Suffix::Binary(BINARY[i].0, BINARY[i].1)),
        (
            prop_oneof![Just('e'), Just('E')],
            -14i32..=24,
            any::<bool>()
        )
            .prop_map(|(c, e, plus)| Suffix::Exponent(c, e, plus)),
    ]
}

fn spelled() -> impl Strategy<Value = Spelled> {
    (
        prop_oneof![Just(""), Just("+"), Just("-")],
        "[0-9]{0,20}",
        proptest::option::of("[0-9]{0,12}"),
        suffix(),
    )
        .prop_filter("needs a digit", |(_, i, f, _)| {
            !i.is_empty() || f.as_deref().is_some_and(|f| !f.is_empty())
        })
        .prop_map(|(sign, int_digits, frac_digits, suffix)| {
            let mut text = format!("{sign}{int_digits}");
            if let Some(f) = &frac_digits {
                text.push('.');
                text.push_str(f);
            }
            match suffix {
                Suffix::Decimal(s, _) | Suffix::Binary(s, _) => text.push_str(s),
                Suffix::Exponent(c, e, plus) => {
                    text.push(c);
                    if plus && e >= 0 {
                        text.push('+');
                    }
                    text.push_str(&e.to_string());
                }
            }
            Spelled {
                text,
                negative: sign == "-",
                int_digits,
                frac_digits,
                suffix,
            }
        })
}

fn digits_value(s: &str) -> i128 {
    s.bytes()
        .fold(0i128, |acc, c| acc * 10 + i128::from(c - b'0'))
}

/// Go's rule for `AsInt64` after `ParseQuantity` (apimachinery v0.35), restated: the value is
/// an int64 at a power of ten, and the power is not negative.
fn model_as_i64(q: &Spelled) -> Option<i64> {
    let num = q.int_digits.trim_start_matches('0');
    let num = if num.is_empty() { "0" } else { num };
    let denom = q.frac_digits.as_deref().unwrap_or("");
    let sign = if q.negative { -1 } else { 1 };
    match q.suffix {
        Suffix::Binary(_, exp) => {
            // Whole numbers only, and few enough digits for the power (about 0.3 digit a bit).
            let room = 15 - 1 - (exp as i64 * 3 / 10);
            if !denom.is_empty() || num.len() as i64 > room {
                return None;
            }
            let v = digits_value(num) << exp;
            (v <= i128::from(i64::MAX)).then(|| (v * sign) as i64)
        }
        Suffix::Decimal(_, exp) | Suffix::Exponent(_, exp, _) => {
            if num.len() + denom.len() > 18 {
                return None;
            }
            let scale = exp - denom.len() as i32;
            if scale < 0 {
                // Includes scales below nano, which go to the decimal form.
                return None;
            }
            let mut v = digits_value(&format!("{num}{denom}"));
            for _ in 0..scale {
                v *= 10;
                if v > i128::from(i64::MAX) {
                    return None;
                }
            }
            i64::try_from(v * sign).ok()
        }
    }
}

/// The exact value Go keeps, as `(mantissa, exp10)`: rounded up to whole nanos, binary values
/// capped at `i64::MAX`. `None` when it does not fit the model's `i128`.
fn model_value(q: &Spelled) -> Option<(i128, i32)> {
    let denom = q.frac_digits.as_deref().unwrap_or("");
    let all = format!("{}{denom}", q.int_digits);
    let mut mantissa = digits_value(&all);
    let mut exp10 = -(denom.len() as i32);
    let binary = matches!(q.suffix, Suffix::Binary(..));
    match q.suffix {
        Suffix::Binary(_, exp) => mantissa = mantissa.checked_mul(1i128 << exp)?,
        Suffix::Decimal(_, exp) | Suffix::Exponent(_, exp, _) => exp10 += exp,
    }
    // Round away from zero to nano.
    if mantissa != 0 && exp10 < -9 {
        let drop = (-9 - exp10) as u32;
        let divisor = 10i128.checked_pow(drop)?;
        let rounded = mantissa / divisor + i128::from(mantissa % divisor != 0);
        mantissa = rounded;
        exp10 = -9;
    }
    if binary {
        // Cap the magnitude at i64::MAX (a binary value has no positive power of ten here).
        let limit = i128::from(i64::MAX).checked_mul(10i128.checked_pow((-exp10) as u32)?)?;
        if mantissa > limit {
            mantissa = i128::from(i64::MAX);
            exp10 = 0;
        }
    }
    if q.negative {
        mantissa = -mantissa;
    }
    Some((mantissa, exp10))
}

/// Plain decimal text of `mantissa × 10^exp10` ("0", "-1.5", "1536000").
fn plain(mantissa: i128, exp10: i32) -> String {
    if mantissa == 0 {
        return "0".to_owned();
    }
    let (mut m, mut e) = (mantissa.unsigned_abs(), exp10);
    while m % 10 == 0 {
        m /= 10;
        e += 1;
    }
    let sign = if mantissa < 0 { "-" } else { "" };
    let digits = m.to_string();
    if e >= 0 {
        return format!("{sign}{digits}{}", "0".repeat(e as usize));
    }
    let frac = (-e) as usize;
    if digits.len() > frac {
        let (i, f) = digits.split_at(digits.len() - frac);
        format!("{sign}{i}.{f}")
    } else {
        format!("{sign}0.{}{digits}", "0".repeat(frac - digits.len()))
    }
}

/// Values Go writes without their exponent (apimachinery v0.35 has no DecimalSI suffix past
/// E): their canonical text does not read back to the same value.
fn suffix_dropped(q: &Quantity) -> bool {
    q.format() == Format::DecimalSI && q.to_decimal_string().ends_with(&"0".repeat(21))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn quantity_as_i64_matches_model(s in spelled()) {
        let q = Quantity::parse(&s.text);
        prop_assert!(q.is_ok(), "{}: {:?}", s.text, q);
        let q = q.unwrap_or_else(|_| unreachable!());
        prop_assert_eq!(q.as_i64(), model_as_i64(&s), "{}", s.text);
    }

    #[test]
    fn quantity_value_matches_model(s in spelled()) {
        let Ok(q) = Quantity::parse(&s.text) else {
            return Err(TestCaseError::fail(format!("{} did not parse", s.text)));
        };
        if let Some((m, e)) = model_value(&s) {
            prop_assert_eq!(q.to_decimal_string(), plain(m, e), "{}", s.text);
            if let Some(v) = q.as_i64() {
                prop_assert_eq!(plain(i128::from(v), 0), plain(m, e), "{}", s.text);
            }
        }
        prop_assert_eq!(q.is_zero(), q.to_decimal_string() == "0");
    }

    #[test]
    fn quantity_canonical_reads_back(s in spelled()) {
        let Ok(q) = Quantity::parse(&s.text) else {
            return Err(TestCaseError::fail(format!("{} did not parse", s.text)));
        };
        let canonical = q.canonical();
        let again = Quantity::parse(&canonical);
        prop_assert!(again.is_ok(), "{} -> {}: {:?}", s.text, canonical, again);
        let again = again.unwrap_or_else(|_| unreachable!());
        if !suffix_dropped(&q) {
            prop_assert_eq!(again.cmp_value(&q), Ordering::Equal, "{} -> {}", s.text, canonical);
            let twice = again.canonical();
            if q.format() == Format::BinarySI && canonical.ends_with(|c: char| c.is_ascii_digit()) {
                // Go writes a binary-SI amount that is no whole number of a binary suffix as
                // plain digits (quantity.go `CanonicalizeBytes`), which read back as decimal
                // SI ("687.5Ki" -> "704000" -> "704k"): the second reading is the fixed point.
                let thrice = Quantity::parse(&twice).ok().map(|t| t.canonical());
                prop_assert_eq!(thrice, Some(twice.clone()), "{}: not idempotent", s.text);
            } else {
                prop_assert_eq!(twice, canonical.clone(), "{}: not idempotent", s.text);
            }
        }
        prop_assert_eq!(q.to_string(), canonical);
    }

    #[test]
    fn quantity_json_forms_agree(s in spelled()) {
        let direct = Quantity::parse(&s.text).map(Some);
        prop_assert_eq!(&Quantity::from_json(&Value::String(s.text.clone())), &direct);
        prop_assert_eq!(&Quantity::from_json_raw(&format!("\"{}\"", s.text)), &direct);
        prop_assert_eq!(&Quantity::from_json(&Value::String(format!(" {} ", s.text))), &direct);
    }

    #[test]
    fn quantity_never_panics(s in "\\PC{0,40}") {
        exercise(&s);
    }

    #[test]
    fn quantity_never_panics_near_misses(s in "[-+0-9.eEinumkKMGTP ]{0,40}") {
        exercise(&s);
    }

    #[test]
    fn quantity_humanize_round_trips(n in (i64::MIN + 1)..=i64::MAX) {
        let h = Quantity::humanize_bytes(n);
        if !h.starts_with('~') {
            let q = Quantity::parse(&h);
            prop_assert!(q.is_ok(), "{} -> {}", n, h);
            let q = q.unwrap_or_else(|_| unreachable!());
            prop_assert_eq!(q.to_decimal_string(), n.to_string(), "{}", h);
        }
    }
}

fn exercise(s: &str) {
    if let Ok(q) = Quantity::parse(s) {
        let _ = q.as_i64();
        let _ = q.is_zero();
        let _ = q.cmp_value(&q);
        let canonical = q.canonical();
        assert!(
            Quantity::parse(&canonical).is_ok(),
            "{s:?} -> {canonical:?}"
        );
    }
    let _ = Quantity::from_json(&Value::String(s.to_owned()));
    let _ = Quantity::from_json_raw(s);
}

#[test]
fn quantity_model_sanity() {
    let s = |text: &str, negative, int: &str, frac: Option<&str>, suffix| Spelled {
        text: text.to_owned(),
        negative,
        int_digits: int.to_owned(),
        frac_digits: frac.map(str::to_owned),
        suffix,
    };
    let gi = Suffix::Binary("Gi", 30);
    assert_eq!(
        model_as_i64(&s("2Gi", false, "2", None, gi)),
        Some(2147483648)
    );
    assert_eq!(model_as_i64(&s("1.5Gi", false, "1", Some("5"), gi)), None);
    assert_eq!(
        model_as_i64(&s("1.Gi", false, "1", Some(""), gi)),
        Some(1073741824)
    );
    let g = Suffix::Decimal("G", 9);
    assert_eq!(
        model_as_i64(&s("1.5G", false, "1", Some("5"), g)),
        Some(1500000000)
    );
    assert_eq!(
        model_value(&s("1.5Gi", true, "1", Some("5"), gi)),
        Some((-16106127360, -1))
    );
    assert_eq!(plain(-16106127360, -1), "-1610612736");
    assert_eq!(plain(5, -10), "0.0000000005");
}

/// A binary-SI amount that is no whole number of `Ki` is written as plain digits, which read
/// back as decimal SI (as quantity.go `CanonicalizeBytes`; the case
/// `quantity_canonical_reads_back` found).
#[test]
fn binary_si_written_as_digits_reads_back_as_decimal_si() {
    let canonical = |s: &str| Quantity::parse(s).ok().map(|q| q.canonical());
    assert_eq!(canonical("687.5Ki").as_deref(), Some("704000"));
    assert_eq!(canonical("704000").as_deref(), Some("704k"));
}
