//! Dates, date-times and durations as strfmt reads them (`date.go`, `time.go`,
//! `duration.go`).

use validgen_gotext::time::parse_duration;

/// `IsDate`: Go's `time.Parse("2006-01-02", s)`: four digits, two, two, the month 1–12 and
/// the day within it (leap years included), nothing else.
pub(super) fn is_date(s: &str) -> bool {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return false;
    }
    let number = |r: std::ops::Range<usize>| -> Option<u32> {
        b[r.clone()]
            .iter()
            .all(u8::is_ascii_digit)
            .then(|| s[r].parse().ok())
            .flatten()
    };
    let (Some(year), Some(month), Some(day)) = (number(0..4), number(5..7), number(8..10)) else {
        return false;
    };
    let leap = year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
    let days = match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return false,
    };
    (1..=days).contains(&day)
}

/// `IsDateTime`: at least 4 bytes; lowercased and split at each `t`, the first part a date
/// ([`is_date`]) and the second (any later parts are ignored) matching
/// `^([0-9]{2}):([0-9]{2}):([0-9]{2})(.[0-9]+)?(z|([+-][0-9]{2}:[0-9]{2}))$` with the hour
/// at most 23 and the minute and second at most 59.
pub(super) fn is_date_time(s: &str) -> bool {
    if s.len() < 4 {
        return false;
    }
    let lower = s.to_lowercase();
    let mut parts = lower.split('t');
    let (Some(date), Some(time)) = (parts.next(), parts.next()) else {
        return false;
    };
    is_date(date) && is_time_of_day(time)
}

/// The time part of [`is_date_time`].
fn is_time_of_day(t: &str) -> bool {
    let b = t.as_bytes();
    if b.len() < 9 || b[2] != b':' || b[5] != b':' {
        return false;
    }
    let two = |i: usize| b[i].is_ascii_digit() && b[i + 1].is_ascii_digit();
    if !(two(0) && two(3) && two(6)) || &t[0..2] > "23" || &t[3..5] > "59" || &t[6..8] > "59" {
        return false;
    }
    let rest = &t[8..];
    if is_zone(rest) {
        return true;
    }
    // `(.[0-9]+)`: any one character but a line feed, then digits, then the zone.
    let mut chars = rest.chars();
    match chars.next() {
        Some(c) if c != '\n' => {
            let after = chars.as_str();
            let digits = after.bytes().take_while(u8::is_ascii_digit).count();
            digits > 0 && is_zone(&after[digits..])
        }
        _ => false,
    }
}

/// `z|[+-][0-9]{2}:[0-9]{2}`, whole.
fn is_zone(z: &str) -> bool {
    let b = z.as_bytes();
    z == "z"
        || (b.len() == 6
            && matches!(b[0], b'+' | b'-')
            && b[1].is_ascii_digit()
            && b[2].is_ascii_digit()
            && b[3] == b':'
            && b[4].is_ascii_digit()
            && b[5].is_ascii_digit())
}

/// strfmt's units, each with its spellings: the last one also matches as a prefix of the
/// unit written (`days`, `hours`), the others whole and case-insensitively.
const UNITS: [&[&str]; 8] = [
    &["ns", "nano"],
    &["us", "µs", "micro"],
    &["ms", "milli"],
    &["s", "sec"],
    &["m", "min"],
    &["h", "hr", "hour"],
    &["d", "day"],
    &["w", "wk", "week"],
];

/// `IsDuration`: Go's `time.ParseDuration` accepts `s`, or, strfmt's fallback, some match of
/// `(\d+)\s*([A-Za-zµ]+)` names a known unit, and no match's number overflows Go's `int`
/// (`strconv.Atoi` fails: the whole string is refused).
pub(super) fn is_duration(s: &str) -> bool {
    if parse_duration(s).is_some() {
        return true;
    }
    let mut known = false;
    let mut rest = s;
    while let Some(start) = rest.find(|c: char| c.is_ascii_digit()) {
        let from = &rest[start..];
        let digits = from.bytes().take_while(u8::is_ascii_digit).count();
        let after_digits = &from[digits..];
        let spaces = after_digits
            .bytes()
            .take_while(|b| matches!(b, b'\t' | b'\n' | 0x0c | b'\r' | b' '))
            .count();
        let unit_from = &after_digits[spaces..];
        let unit_len: usize = unit_from
            .chars()
            .take_while(|c| c.is_ascii_alphabetic() || *c == 'µ')
            .map(char::len_utf8)
            .sum();
        if unit_len == 0 {
            // No match starts at these digits; the search resumes after the first of them.
            rest = &from[1..];
            continue;
        }
        if from[..digits].parse::<i64>().is_err() {
            return false;
        }
        let unit = unit_from[..unit_len].to_lowercase();
        known |= UNITS.iter().any(|spellings| {
            let last = spellings.len() - 1;
            spellings
                .iter()
                .enumerate()
                .any(|(i, v)| (i == last && unit.starts_with(v)) || v.eq_ignore_ascii_case(&unit))
        });
        rest = &unit_from[unit_len..];
    }
    known
}
