//! `duration`: RFC 3339 Appendix A (ISO 8601 durations).
//!
//! ```text
//! dur-second = 1*DIGIT "S"
//! dur-minute = 1*DIGIT "M" [dur-second]
//! dur-hour   = 1*DIGIT "H" [dur-minute]
//! dur-time   = "T" (dur-hour / dur-minute / dur-second)
//! dur-day    = 1*DIGIT "D"
//! dur-week   = 1*DIGIT "W"
//! dur-month  = 1*DIGIT "M" [dur-day]
//! dur-year   = 1*DIGIT "Y" [dur-month]
//! dur-date   = (dur-day / dur-month / dur-year) [dur-time]
//! duration   = "P" (dur-date / dur-time / dur-week)
//! ```
//!
//! So the designators of the date part are a run of `Y`, `M`, `D` in that order without a gap
//! (`P1Y2D` is not a duration), those of the time part a run of `H`, `M`, `S`, and a week
//! stands alone. Digits are ASCII, as many as written (no fractions: `PT0.5S` is not one).

/// Whether `s` is an RFC 3339 `duration` (`duration` format).
pub fn is_duration(s: &str) -> bool {
    let Some(rest) = s.strip_prefix('P') else {
        return false;
    };
    let (date, time) = match rest.split_once('T') {
        Some((date, time)) => (date, Some(time)),
        None => (rest, None),
    };
    if date.is_empty() && time.is_none_or(str::is_empty) {
        return false;
    }
    if let Some(week) = date.strip_suffix('W') {
        return time.is_none() && is_digits(week);
    }
    run(date, b"YMD") && time.is_none_or(|t| !t.is_empty() && run(t, b"HMS"))
}

/// Whether `s` is `1*DIGIT` designator pairs whose designators are consecutive letters of
/// `order` (any start), or empty.
fn run(s: &str, order: &[u8]) -> bool {
    let mut next = None;
    let mut rest = s.as_bytes();
    while !rest.is_empty() {
        let digits = rest.iter().take_while(|c| c.is_ascii_digit()).count();
        let Some(&designator) = rest.get(digits) else {
            return false;
        };
        let Some(at) = order.iter().position(|&d| d == designator) else {
            return false;
        };
        if digits == 0 || next.is_some_and(|n| n != at) {
            return false;
        }
        next = Some(at + 1);
        rest = &rest[digits + 1..];
    }
    true
}

/// Whether `s` is `1*DIGIT`.
fn is_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::is_duration;

    #[test]
    fn durations() {
        for ok in [
            "P4DT12H30M5S",
            "P4Y",
            "PT0S",
            "P1M",
            "PT1M",
            "PT36H",
            "P2W",
            "P1Y2M",
            "PT1M2S",
        ] {
            assert!(is_duration(ok), "{ok}");
        }
        for bad in [
            "PT1D", "P", "P1YT", "PT", "P2D1Y", "P1D2H", "P2S", "P1Y2W", "P1Y2D", "PT1H2S",
            "P1WT1H", "PT0.5S", "P1", "-P1D",
        ] {
            assert!(!is_duration(bad), "{bad}");
        }
    }
}
