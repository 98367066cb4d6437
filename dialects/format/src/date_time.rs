//! `date-time`, `date` and `time`: RFC 3339 section 5.6.
//!
//! ```text
//! date-fullyear   = 4DIGIT
//! date-month      = 2DIGIT  ; 01-12
//! date-mday       = 2DIGIT  ; 01-28, 01-29, 01-30, 01-31 based on month/year
//! time-hour       = 2DIGIT  ; 00-23
//! time-minute     = 2DIGIT  ; 00-59
//! time-second     = 2DIGIT  ; 00-58, 00-59, 00-60 based on leap second rules
//! time-secfrac    = "." 1*DIGIT
//! time-numoffset  = ("+" / "-") time-hour ":" time-minute
//! time-offset     = "Z" / time-numoffset
//! partial-time    = time-hour ":" time-minute ":" time-second [time-secfrac]
//! full-date       = date-fullyear "-" date-month "-" date-mday
//! full-time       = partial-time time-offset
//! date-time       = full-date "T" full-time
//! ```
//!
//! Choices:
//! - `T` and `Z` may be lower case (the NOTE of section 5.6); the space separator that NOTE also
//!   permits "for the sake of readability" is not part of the ABNF and is refused.
//! - The days of a month follow the proleptic Gregorian calendar (section 5.7, appendix C).
//! - Second `60` (a leap second) is accepted only when the time, shifted to UTC by the offset, is
//!   23:59 — the only minute a leap second ends (section 5.7). Which days had one is not checked
//!   (there is no table of future leap seconds), so `1999-01-15T23:59:60Z` is valid.
//! - The fraction of a second has any number of digits.
//! - Offsets have hours 00–23 and minutes 00–59; `-00:00` (unknown local offset, section 4.3)
//!   is valid.

/// Whether `s` is an RFC 3339 `full-date` (`date` format).
pub fn is_full_date(s: &str) -> bool {
    full_date(s.as_bytes()) == Some(10) && s.len() == 10
}

/// Whether `s` is an RFC 3339 `full-time` (`time` format): a time of day with its offset.
pub fn is_full_time(s: &str) -> bool {
    full_time(s.as_bytes())
}

/// Whether `s` is an RFC 3339 `date-time` (`date-time` format).
pub fn is_date_time(s: &str) -> bool {
    let b = s.as_bytes();
    if full_date(b).is_none() {
        return false;
    }
    match b.get(10) {
        Some(b'T' | b't') => full_time(&b[11..]),
        _ => false,
    }
}

/// The value of the two ASCII digits at `b[i..i + 2]`.
fn two_digits(b: &[u8], i: usize) -> Option<u32> {
    match (b.get(i), b.get(i + 1)) {
        (Some(&h), Some(&l)) if h.is_ascii_digit() && l.is_ascii_digit() => {
            Some(u32::from(h - b'0') * 10 + u32::from(l - b'0'))
        }
        _ => None,
    }
}

/// Whether `year` is a leap year of the Gregorian calendar.
fn is_leap_year(year: u32) -> bool {
    year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400))
}

/// The number of days of `month` (1–12) in `year`.
fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        2 if is_leap_year(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Parses a `full-date` at the start of `b`; its length (10) if valid.
fn full_date(b: &[u8]) -> Option<usize> {
    let year = two_digits(b, 0)? * 100 + two_digits(b, 2)?;
    if b.get(4) != Some(&b'-') || b.get(7) != Some(&b'-') {
        return None;
    }
    let month = two_digits(b, 5)?;
    let day = two_digits(b, 8)?;
    if !(1..=12).contains(&month) || day < 1 || day > days_in_month(year, month) {
        return None;
    }
    Some(10)
}

/// Whether `b` is exactly a `full-time`.
fn full_time(b: &[u8]) -> bool {
    let (Some(hour), Some(minute), Some(second)) =
        (two_digits(b, 0), two_digits(b, 3), two_digits(b, 6))
    else {
        return false;
    };
    if b[2] != b':' || b[5] != b':' || hour > 23 || minute > 59 || second > 60 {
        return false;
    }
    let mut i = 8;
    if b.get(i) == Some(&b'.') {
        i += 1;
        let digits = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if digits == 0 {
            return false;
        }
        i += digits;
    }
    // The offset, in minutes east of UTC.
    let offset: i64 = match b.get(i) {
        Some(b'Z' | b'z') if b.len() == i + 1 => 0,
        Some(&sign @ (b'+' | b'-')) if b.len() == i + 6 => {
            let (Some(oh), Some(om)) = (two_digits(b, i + 1), two_digits(b, i + 4)) else {
                return false;
            };
            if b[i + 3] != b':' || oh > 23 || om > 59 {
                return false;
            }
            let minutes = i64::from(oh * 60 + om);
            if sign == b'+' { minutes } else { -minutes }
        }
        _ => return false,
    };
    if second == 60 {
        // Local time minus offset is UTC; a leap second is 23:59:60 UTC.
        let utc = (i64::from(hour * 60 + minute) - offset).rem_euclid(24 * 60);
        return utc == 23 * 60 + 59;
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert!(is_full_date("2000-02-29"));
        assert!(!is_full_date("1900-02-29"));
        assert!(is_full_date("0000-01-01"));
        assert!(is_full_date("9999-12-31"));
        assert!(!is_full_date("2000-02-29T00:00:00Z"));
        assert!(!is_full_date("2000-1-01"));
    }

    #[test]
    fn times() {
        assert!(is_date_time("2000-01-01T00:00:00Z"));
        assert!(is_date_time("2000-01-01T00:00:00.5+23:59"));
        assert!(is_date_time("2000-01-01T00:00:00-00:00"));
        assert!(!is_date_time("2000-01-01T00:00:00."));
        assert!(!is_date_time("2000-01-01T00:00:00"));
        assert!(!is_date_time("2000-01-01 00:00:00Z"));
        assert!(!is_date_time("2000-01-01T00:00Z"));
        assert!(!is_date_time("2000-01-01T00:00:00+0000"));
        assert!(!is_date_time("2000-01-01T"));
        assert!(!is_date_time("2000-01-01"));
        assert!(!is_date_time("2000-01-01T00:00:00ZZ"));
        assert!(!is_date_time("2000-01-01T00:00:00+00:00Z"));
    }

    #[test]
    fn leap_seconds() {
        assert!(is_date_time("1998-12-31T23:59:60Z"));
        assert!(is_date_time("1999-01-01T00:59:60+01:00"));
        assert!(is_date_time("1998-12-31T23:29:60-00:30"));
        assert!(!is_date_time("1998-12-31T23:59:60+01:00"));
        assert!(!is_date_time("1998-12-31T23:59:61Z"));
    }
}
