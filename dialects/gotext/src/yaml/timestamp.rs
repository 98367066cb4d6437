//! Whether a text is a YAML timestamp as go-yaml v2 recognises one (`resolve.go`,
//! `parseTimestamp`): Go's `time.Parse` with the layouts `2006-1-2T15:4:5.999999999Z07:00`
//! (also with a lower-case `t`), `2006-1-2 15:4:5.999999999` and `2006-1-2`.
//!
//! A timestamp is read back as its text, but the printer quotes a string that is one.

/// Whether `s` parses under one of go-yaml v2's timestamp layouts.
pub(super) fn is_timestamp(s: &str) -> bool {
    let b = s.as_bytes();
    // go-yaml's quick check: exactly four digits, then `-`.
    if b.len() < 5 || !b[..4].iter().all(u8::is_ascii_digit) || b[4] != b'-' {
        return false;
    }
    let Some((year, month, day, rest)) = date(b) else {
        return false;
    };
    if day < 1 || day > days_in(month, year) {
        return false;
    }
    if rest.is_empty() {
        return true;
    }
    match rest.split_first() {
        Some((b'T' | b't', time)) => time_of_day(time).is_some_and(zone),
        Some((b' ', _)) => {
            // A space in a Go layout matches one or more spaces.
            let start = rest.iter().take_while(|&&c| c == b' ').count();
            time_of_day(&rest[start..]).is_some_and(<[u8]>::is_empty)
        }
        _ => false,
    }
}

/// `2006-1-2`: the year, month, day and what follows.
fn date(b: &[u8]) -> Option<(u32, u32, u32, &[u8])> {
    let year = number(&b[..4]);
    let (month, rest) = go_getnum(b.get(5..)?)?;
    if !(1..=12).contains(&month) {
        return None;
    }
    let (day, rest) = go_getnum(rest.strip_prefix(b"-")?)?;
    Some((year, month, day, rest))
}

/// `15:4:5.999999999`: hour, minute, second and an optional fraction; what follows.
fn time_of_day(b: &[u8]) -> Option<&[u8]> {
    let (hour, rest) = go_getnum(b)?;
    let (minute, rest) = go_getnum(rest.strip_prefix(b":")?)?;
    let (second, mut rest) = go_getnum(rest.strip_prefix(b":")?)?;
    if hour > 23 || minute > 59 || second > 59 {
        return None;
    }
    if let [b'.' | b',', d, ..] = rest
        && d.is_ascii_digit()
    {
        let digits = rest[1..].iter().take_while(|c| c.is_ascii_digit()).count();
        rest = &rest[1 + digits..];
    }
    Some(rest)
}

/// `Z07:00`: `Z`, or a sign, two digits, `:`, two digits; nothing after.
fn zone(b: &[u8]) -> bool {
    match b {
        [b'Z'] => true,
        [b'+' | b'-', h1, h2, b':', m1, m2] => {
            [h1, h2, m1, m2].iter().all(|c| c.is_ascii_digit())
                && number(&[*h1, *h2]) <= 24
                && number(&[*m1, *m2]) <= 60
        }
        _ => false,
    }
}

/// Go's `getnum(s, false)`: one digit, or two when the second is a digit.
fn go_getnum(b: &[u8]) -> Option<(u32, &[u8])> {
    match b {
        [d1, d2, ..] if d1.is_ascii_digit() && d2.is_ascii_digit() => {
            Some((number(&b[..2]), &b[2..]))
        }
        [d1, ..] if d1.is_ascii_digit() => Some((number(&b[..1]), &b[1..])),
        _ => None,
    }
}

/// The value of a run of ASCII digits (at most four here).
fn number(digits: &[u8]) -> u32 {
    digits
        .iter()
        .fold(0, |n, d| n * 10 + u32::from(d.wrapping_sub(b'0')))
}

fn days_in(month: u32, year: u32) -> u32 {
    match month {
        2 if year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400)) => {
            29
        }
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}
