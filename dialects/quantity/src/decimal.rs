//! A small exact decimal for the arbitrary-precision form of a quantity.
//!
//! Go keeps such values in an `inf.Dec` (a `big.Int` and a base-10 scale). Quantities only ever
//! need a handful of operations on them (parse, multiply by a power of two, round to nano,
//! compare, strip factors of ten or 1024, print), so the magnitude is kept as plain decimal
//! digits: every operation is a short loop over them and printing is free.

use std::cmp::Ordering;

/// An unsigned integer as decimal digits, most significant first, without leading zeros
/// (zero is the empty vector).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Digits(Vec<u8>);

impl Digits {
    /// From ASCII digits (anything else is the caller's bug and is skipped).
    pub(crate) fn from_ascii(s: &[u8]) -> Digits {
        let digits: Vec<u8> = s
            .iter()
            .filter(|c| c.is_ascii_digit())
            .map(|c| c - b'0')
            .skip_while(|&d| d == 0)
            .collect();
        Digits(digits)
    }

    pub(crate) fn from_u128(mut n: u128) -> Digits {
        let mut digits = Vec::new();
        while n > 0 {
            digits.push((n % 10) as u8);
            n /= 10;
        }
        digits.reverse();
        Digits(digits)
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.0.is_empty()
    }

    /// Number of decimal digits (0 for zero).
    pub(crate) fn len(&self) -> usize {
        self.0.len()
    }

    #[cfg(test)]
    /// The value when it fits a `u128`.
    pub(crate) fn to_u128(&self) -> Option<u128> {
        self.0.iter().try_fold(0u128, |acc, &d| {
            acc.checked_mul(10)?.checked_add(u128::from(d))
        })
    }

    /// Multiplies in place by a small factor.
    pub(crate) fn mul_small(&mut self, factor: u32) {
        if self.is_zero() {
            return;
        }
        if factor == 0 {
            self.0.clear();
            return;
        }
        let mut carry: u64 = 0;
        for d in self.0.iter_mut().rev() {
            let t = u64::from(*d) * u64::from(factor) + carry;
            *d = (t % 10) as u8;
            carry = t / 10;
        }
        let mut head = Vec::new();
        while carry > 0 {
            head.push((carry % 10) as u8);
            carry /= 10;
        }
        head.reverse();
        if !head.is_empty() {
            head.extend_from_slice(&self.0);
            self.0 = head;
        }
    }

    /// Multiplies in place by `2^k`.
    pub(crate) fn mul_pow2(&mut self, mut k: u32) {
        while k > 0 {
            let step = k.min(16);
            self.mul_small(1 << step);
            k -= step;
        }
    }

    /// Divides by a small non-zero divisor, returning the quotient and the remainder.
    pub(crate) fn divrem_small(&self, divisor: u32) -> (Digits, u32) {
        let divisor = u64::from(divisor.max(1));
        let mut rem: u64 = 0;
        let mut quotient = Vec::with_capacity(self.0.len());
        for &d in &self.0 {
            let t = rem * 10 + u64::from(d);
            quotient.push((t / divisor) as u8);
            rem = t % divisor;
        }
        let start = quotient.iter().take_while(|&&d| d == 0).count();
        quotient.drain(..start);
        (Digits(quotient), rem as u32)
    }

    /// Adds one in place.
    pub(crate) fn increment(&mut self) {
        for d in self.0.iter_mut().rev() {
            if *d == 9 {
                *d = 0;
            } else {
                *d += 1;
                return;
            }
        }
        self.0.insert(0, 1);
    }

    /// Number of trailing zero digits (0 for zero).
    pub(crate) fn trailing_zeros(&self) -> usize {
        self.0.iter().rev().take_while(|&&d| d == 0).count()
    }

    /// Divides by `10^n`, truncating; returns whether a non-zero digit was dropped.
    pub(crate) fn shr10(&mut self, n: u64) -> bool {
        let len = self.0.len() as u64;
        if n >= len {
            let dropped = !self.is_zero();
            self.0.clear();
            return dropped;
        }
        let keep = (len - n) as usize;
        let dropped = self.0[keep..].iter().any(|&d| d != 0);
        self.0.truncate(keep);
        dropped
    }

    /// Multiplies by `10^n` (the caller keeps `n` small).
    pub(crate) fn shl10(&mut self, n: usize) {
        if !self.is_zero() {
            self.0.extend(std::iter::repeat_n(0, n));
        }
    }

    /// Decimal text ("0" for zero).
    pub(crate) fn to_text(&self) -> String {
        if self.0.is_empty() {
            return "0".to_owned();
        }
        self.0.iter().map(|&d| char::from(b'0' + d)).collect()
    }
}

/// Largest power of ten [`Decimal::to_plain_text`] writes out as zeros.
pub(crate) const PLAIN_MAX_EXP: i64 = 64;

/// An exact signed decimal `±digits × 10^exp`, kept normalised: no trailing zeros in `digits`,
/// and zero is `+0 × 10^0`, so structural equality is numeric equality.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Decimal {
    neg: bool,
    digits: Digits,
    exp: i64,
}

impl Decimal {
    #[cfg(test)]
    pub(crate) fn zero() -> Decimal {
        Decimal {
            neg: false,
            digits: Digits::default(),
            exp: 0,
        }
    }

    pub(crate) fn new(neg: bool, digits: Digits, exp: i64) -> Decimal {
        let mut d = Decimal { neg, digits, exp };
        d.normalise();
        d
    }

    pub(crate) fn from_i64_scaled(value: i64, scale: i32) -> Decimal {
        let digits = Digits::from_u128(u128::from(value.unsigned_abs()));
        Decimal::new(value < 0, digits, i64::from(scale))
    }

    fn normalise(&mut self) {
        if self.digits.is_zero() {
            *self = Decimal {
                neg: false,
                digits: Digits::default(),
                exp: 0,
            };
            return;
        }
        let tz = self.digits.trailing_zeros();
        if tz > 0 {
            self.digits.shr10(tz as u64);
            self.exp += tz as i64;
        }
    }

    pub(crate) fn is_zero(&self) -> bool {
        self.digits.is_zero()
    }

    pub(crate) fn is_negative(&self) -> bool {
        self.neg
    }

    /// The digits without factors of ten, and the matching exponent.
    pub(crate) fn parts(&self) -> (&Digits, i64) {
        (&self.digits, self.exp)
    }

    pub(crate) fn abs(&self) -> Decimal {
        Decimal {
            neg: false,
            ..self.clone()
        }
    }

    pub(crate) fn negate(&self) -> Decimal {
        if self.is_zero() {
            return self.clone();
        }
        Decimal {
            neg: !self.neg,
            ..self.clone()
        }
    }

    /// Multiplies by `2^k`.
    pub(crate) fn mul_pow2(&self, k: u32) -> Decimal {
        let mut digits = self.digits.clone();
        digits.mul_pow2(k);
        Decimal::new(self.neg, digits, self.exp)
    }

    /// Rounds to a multiple of `10^min_exp`, away from zero; returns the result and whether it
    /// is exact (inf.Dec `Round(.., RoundUp)` as apimachinery uses it).
    pub(crate) fn round_away(&self, min_exp: i64) -> (Decimal, bool) {
        if self.is_zero() || self.exp >= min_exp {
            return (self.clone(), true);
        }
        let drop = (min_exp - self.exp) as u64;
        let mut digits = self.digits.clone();
        let inexact = digits.shr10(drop);
        if inexact {
            digits.increment();
        }
        (Decimal::new(self.neg, digits, min_exp), !inexact)
    }

    #[cfg(test)]
    /// The value when it is an integer that fits a `u128` in magnitude.
    pub(crate) fn to_i128(&self) -> Option<i128> {
        if self.exp < 0 {
            return None;
        }
        if self.is_zero() {
            return Some(0);
        }
        if self.digits.len() as i64 + self.exp > 38 {
            return None;
        }
        let mut digits = self.digits.clone();
        digits.shl10(self.exp as usize);
        let m = i128::try_from(digits.to_u128()?).ok()?;
        Some(if self.neg { -m } else { m })
    }

    /// The integer value as digits, when the value is an integer.
    pub(crate) fn integer_digits(&self) -> Option<Digits> {
        if self.exp < 0 {
            return None;
        }
        let mut digits = self.digits.clone();
        // Callers only reach this for values below 2^63, so the shift is small.
        digits.shl10(usize::try_from(self.exp).ok()?);
        Some(digits)
    }

    fn cmp_abs(&self, other: &Decimal) -> Ordering {
        match (self.is_zero(), other.is_zero()) {
            (true, true) => return Ordering::Equal,
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            (false, false) => {}
        }
        // Compare orders of magnitude first, then the digits aligned on the left.
        let mag_a = self.digits.len() as i64 + self.exp;
        let mag_b = other.digits.len() as i64 + other.exp;
        if mag_a != mag_b {
            return mag_a.cmp(&mag_b);
        }
        let (a, b) = (&self.digits.0, &other.digits.0);
        for i in 0..a.len().max(b.len()) {
            let x = a.get(i).copied().unwrap_or(0);
            let y = b.get(i).copied().unwrap_or(0);
            if x != y {
                return x.cmp(&y);
            }
        }
        Ordering::Equal
    }

    pub(crate) fn cmp_value(&self, other: &Decimal) -> Ordering {
        let sign = |d: &Decimal| {
            if d.is_zero() {
                0
            } else if d.neg {
                -1
            } else {
                1
            }
        };
        let (sa, sb) = (sign(self), sign(other));
        if sa != sb {
            return sa.cmp(&sb);
        }
        let abs = self.cmp_abs(other);
        if sa < 0 { abs.reverse() } else { abs }
    }

    /// Exact decimal text without exponent ("-1.5", "1536", "0.000000001"); past
    /// `PLAIN_MAX_EXP` trailing zeros it switches to `<digits>e<exp>` so that a hostile
    /// exponent cannot produce gigabytes of zeros.
    pub(crate) fn to_plain_text(&self) -> String {
        let mut out = String::new();
        if self.neg {
            out.push('-');
        }
        let digits = self.digits.to_text();
        if self.exp > PLAIN_MAX_EXP {
            out.push_str(&format!("{digits}e{}", self.exp));
        } else if self.exp >= 0 {
            out.push_str(&digits);
            if !self.is_zero() {
                out.extend(std::iter::repeat_n('0', self.exp as usize));
            }
        } else {
            let frac = (-self.exp) as usize;
            if digits.len() > frac {
                let (int, f) = digits.split_at(digits.len() - frac);
                out.push_str(int);
                out.push('.');
                out.push_str(f);
            } else {
                out.push_str("0.");
                out.extend(std::iter::repeat_n('0', frac - digits.len()));
                out.push_str(&digits);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dec(s: &str, exp: i64) -> Decimal {
        let neg = s.starts_with('-');
        Decimal::new(neg, Digits::from_ascii(s.as_bytes()), exp)
    }

    #[test]
    fn digits_arithmetic() {
        let mut d = Digits::from_ascii(b"000123");
        assert_eq!(d.to_text(), "123");
        d.mul_small(1024);
        assert_eq!(d.to_text(), "125952");
        d.mul_pow2(40);
        assert_eq!(d.to_u128(), Some(125952u128 << 40));
        let (q, r) = Digits::from_ascii(b"1610612736").divrem_small(1024);
        assert_eq!((q.to_text(), r), ("1572864".to_owned(), 0));
        let (q, r) = Digits::from_ascii(b"1025").divrem_small(1024);
        assert_eq!((q.to_text(), r), ("1".to_owned(), 1));
        let mut nines = Digits::from_ascii(b"999");
        nines.increment();
        assert_eq!(nines.to_text(), "1000");
        assert_eq!(Digits::from_ascii(b"0").to_text(), "0");
    }

    #[test]
    fn rounding_and_comparison() {
        let (r, exact) = dec("1", -10).round_away(-9);
        assert_eq!(
            (r.to_plain_text(), exact),
            ("0.000000001".to_owned(), false)
        );
        let (r, exact) = dec("15", -1).round_away(0);
        assert_eq!((r.to_plain_text(), exact), ("2".to_owned(), false));
        let (r, exact) = dec("-15", -1).round_away(0);
        assert_eq!((r.to_plain_text(), exact), ("-2".to_owned(), false));
        let (r, exact) = dec("1500", -3).round_away(0);
        assert_eq!((r.to_plain_text(), exact), ("2".to_owned(), false));
        let (r, exact) = dec("2000", -3).round_away(0);
        assert_eq!((r.to_plain_text(), exact), ("2".to_owned(), true));
        assert_eq!(dec("2", 0).cmp_value(&dec("19", -1)), Ordering::Greater);
        assert_eq!(dec("-2", 0).cmp_value(&dec("-19", -1)), Ordering::Less);
        assert_eq!(dec("1", 3).cmp_value(&dec("1000", 0)), Ordering::Equal);
        assert_eq!(dec("0", 5), Decimal::zero());
        assert_eq!(dec("1", 400).cmp_value(&dec("99", 0)), Ordering::Greater);
        assert_eq!(dec("1000", -3).to_i128(), Some(1));
        assert_eq!(dec("15", -1).to_i128(), None);
    }
}
