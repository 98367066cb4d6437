//! The checks of constant arguments the API server's environment runs once an expression
//! type-checks (cel-go v0.26 `cel/validator.go`, enabled by apiserver
//! `pkg/cel/environment/base.go` from 1.29), and the regular expressions its program planning
//! compiles (with `cel.OptOptimize`: cel-go's `matches`, apiserver `pkg/cel/library/regex.go`
//! `FindRegexOptimization`).

//!
//! Not checked at compile time by the API server, so neither here: literal arguments of
//! `quantity`, `url`, `ip`, `cidr`, `semver` (the Kubernetes libraries declare no validator).

use std::collections::HashMap;

use kube_cel::cel::common::ast::{EntryExpr, Expr, IdedExpr, LiteralValue};
use validgen_goregex::GoRegex;

use super::types::Type;

/// The validators' errors: the id of the node at fault and cel-go's message (`invalid matches argument`),
/// in the order of the source. A call's first argument is checked (cel-go's `argNum` 0, so
/// the text of a global `matches(text, re)`, as cel-go does, not its pattern):
/// - `matches`: Go's `regexp.Compile` must take it;
/// - `duration`: Go's `time.ParseDuration` (an int literal fails: cel-go has no conversion);
/// - `timestamp`: Go's `time.Parse(time.RFC3339, …)`, or seconds since 1970, within years 1
///   to 9999;
/// - a `format` call: its literal format string against its list literal of arguments
///   ([`super::format`]).
pub(crate) fn validate(e: &IdedExpr, types: &HashMap<u64, Type>) -> Vec<(u64, String)> {
    let mut out = Vec::new();
    visit(e, &mut |node| {
        let Expr::Call(c) = &node.expr else { return };
        if c.func_name == "format" {
            out.extend(super::format::check(node.id, c, types));
        }
        let Some(arg) = c.args.first() else { return };
        let Expr::Literal(literal) = &arg.expr else {
            return;
        };
        let valid = match (c.func_name.as_str(), literal) {
            ("matches", LiteralValue::String(text)) => GoRegex::new(text).is_ok(),
            ("duration", LiteralValue::String(text)) => {
                validgen_gotext::time::parse_duration(text).is_some()
            }
            // cel-go declares `duration(int)` but cannot convert an int to a duration.
            ("duration", LiteralValue::Int(_)) => false,
            ("timestamp", LiteralValue::String(text)) => rfc3339_in_range(text),
            ("timestamp", LiteralValue::Int(seconds)) => in_range(**seconds),
            _ => true,
        };
        if !valid {
            out.push((arg.id, format!("invalid {} argument", c.func_name)));
        }
    });
    out
}

/// The first error of the API server's program planning, in source order: a literal pattern
/// Go's `regexp.Compile` refuses (`error parsing regexp: missing closing ]: ``[```) among
/// those it compiles (the second operand, receiver first, of `matches`, `find` and `findAll`:
/// cel-go `interpreter.MatchesRegexOptimization`, apiserver `FindRegexOptimization`), or a
/// type conversion of a literal that fails when the planner folds it (cel-go
/// `interpreter/decorators.go` `maybeOptimizeConstUnary`: `uint(-1)` is `unsigned integer
/// overflow`).
pub(crate) fn planning_error(e: &IdedExpr) -> Option<String> {
    let mut first = None;
    visit(e, &mut |node| {
        let Expr::Call(c) = &node.expr else { return };
        if first.is_some() {
            return;
        }
        if let (None, [Expr::Literal(arg)]) = (
            &c.target,
            c.args
                .iter()
                .map(|a| &a.expr)
                .collect::<Vec<_>>()
                .as_slice(),
        ) {
            first = folding_error(&c.func_name, arg);
            return;
        }
        if !matches!(c.func_name.as_str(), "matches" | "find" | "findAll") {
            return;
        }
        let pattern = c.args.get(usize::from(c.target.is_none())).map(|a| &a.expr);
        if let Some(Expr::Literal(LiteralValue::String(pattern))) = pattern
            && let Err(e) = GoRegex::new(pattern)
        {
            first = Some(e.to_string());
        }
    });
    first
}

/// The error of converting the literal `arg` with the conversion `function`, as cel-go's
/// `ConvertToType` fails (`common/types`): out of range (`integer overflow`, `unsigned
/// integer overflow`), a text Go's `strconv` does not read as the type (`type conversion error
/// from 'string' to 'int'`), bytes that are not UTF-8. Only what is certain is reported: a
/// `double` text is refused only when it is plain decimal digits Rust does not read either.
fn folding_error(function: &str, arg: &LiteralValue) -> Option<String> {
    const TWO_63: f64 = 9_223_372_036_854_775_808.0;
    let from_string = |to: &str| format!("type conversion error from 'string' to '{to}'");
    match (function, arg) {
        ("uint", LiteralValue::Int(v)) if **v < 0 => Some("unsigned integer overflow".to_owned()),
        ("uint", LiteralValue::Double(v)) if !(0.0..2.0 * TWO_63).contains(&**v) => {
            Some("unsigned integer overflow".to_owned())
        }
        ("int", LiteralValue::UInt(v)) if i64::try_from(**v).is_err() => {
            Some("integer overflow".to_owned())
        }
        ("int", LiteralValue::Double(v)) if !(**v > -TWO_63 && **v < TWO_63) => {
            Some("integer overflow".to_owned())
        }
        ("int", LiteralValue::String(s)) if go_int(s, true).is_none() => Some(from_string("int")),
        ("uint", LiteralValue::String(s)) if go_int(s, false).is_none() => {
            Some(from_string("uint"))
        }
        ("double", LiteralValue::String(s))
            if !s.is_empty()
                && s.chars().all(|c| c.is_ascii_digit() || "+-.eE".contains(c))
                && s.parse::<f64>().is_err() =>
        {
            Some(from_string("double"))
        }
        ("bool", LiteralValue::String(s))
            if !matches!(
                &**s,
                "1" | "t"
                    | "T"
                    | "TRUE"
                    | "true"
                    | "True"
                    | "0"
                    | "f"
                    | "F"
                    | "FALSE"
                    | "false"
                    | "False"
            ) =>
        {
            Some(from_string("bool"))
        }
        ("string", LiteralValue::Bytes(b)) if std::str::from_utf8(b).is_err() => {
            Some("invalid UTF-8 in bytes, cannot convert to string".to_owned())
        }
        _ => None,
    }
}

/// `s` as Go's `strconv.ParseInt(s, 10, 64)` (`signed`) or `ParseUint(s, 10, 64)` reads it:
/// decimal digits, a sign only when signed, in range.
fn go_int(s: &str, signed: bool) -> Option<()> {
    let digits = if signed {
        s.strip_prefix(['+', '-']).unwrap_or(s)
    } else {
        s
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if signed {
        s.trim_start_matches('+').parse::<i64>().ok().map(|_| ())
    } else {
        s.parse::<u64>().ok().map(|_| ())
    }
}

/// Every node of `e`, parents first, in source order.
pub(crate) fn visit(e: &IdedExpr, f: &mut dyn FnMut(&IdedExpr)) {
    f(e);
    match &e.expr {
        Expr::Call(c) => {
            if let Some(t) = &c.target {
                visit(t, f);
            }
            c.args.iter().for_each(|a| visit(a, f));
        }
        Expr::Comprehension(c) => {
            for x in [
                &c.iter_range,
                &c.accu_init,
                &c.loop_cond,
                &c.loop_step,
                &c.result,
            ] {
                visit(x, f);
            }
        }
        Expr::List(l) => l.elements.iter().for_each(|x| visit(x, f)),
        Expr::Map(m) => {
            for entry in &m.entries {
                match &entry.expr {
                    EntryExpr::MapEntry(m) => {
                        visit(&m.key, f);
                        visit(&m.value, f);
                    }
                    EntryExpr::StructField(s) => visit(&s.value, f),
                }
            }
        }
        Expr::Struct(s) => {
            for entry in &s.entries {
                if let EntryExpr::StructField(s) = &entry.expr {
                    visit(&s.value, f);
                }
            }
        }
        Expr::Select(s) => visit(&s.operand, f),
        Expr::Ident(_) | Expr::Literal(_) | Expr::Unspecified => {}
    }
}

/// Whether Go's `time.Parse(time.RFC3339, s)` takes `s` (`2006-01-02T15:04:05Z07:00`: a
/// fraction after `.` or `,`, `Z` or a `±hh:mm` offset, each field in range) and the instant
/// is within cel-go's timestamp range (0001-01-01 to 9999-12-31, UTC).
fn rfc3339_in_range(s: &str) -> bool {
    let b = s.as_bytes();
    let num = |from: usize, len: usize| -> Option<i64> {
        let digits = b.get(from..from + len)?;
        digits
            .iter()
            .all(u8::is_ascii_digit)
            .then(|| digits.iter().fold(0, |n, d| n * 10 + i64::from(d - b'0')))
    };
    let at = |i: usize, c: u8| b.get(i) == Some(&c);
    let parsed = (|| {
        let (year, month, day) = (num(0, 4)?, num(5, 2)?, num(8, 2)?);
        let (hour, minute, second) = (num(11, 2)?, num(14, 2)?, num(17, 2)?);
        let separators = at(4, b'-') && at(7, b'-') && at(10, b'T') && at(13, b':') && at(16, b':');
        let mut i = 19;
        if (at(i, b'.') || at(i, b',')) && b.get(i + 1).is_some_and(u8::is_ascii_digit) {
            i += 1;
            while b.get(i).is_some_and(u8::is_ascii_digit) {
                i += 1;
            }
        }
        let offset = if at(i, b'Z') && i + 1 == b.len() {
            0
        } else if (at(i, b'+') || at(i, b'-')) && at(i + 3, b':') && i + 6 == b.len() {
            let (h, m) = (num(i + 1, 2)?, num(i + 4, 2)?);
            // Go's general parser, which `time.Parse` falls back on, takes 24 and 60.
            if h > 24 || m > 60 {
                return None;
            }
            let sign = if at(i, b'-') { -1 } else { 1 };
            sign * (h * 3600 + m * 60)
        } else {
            return None;
        };
        let in_range = (1..=12).contains(&month)
            && (1..=days_in_month(year, month)).contains(&day)
            && hour < 24
            && minute < 60
            && second < 60;
        (separators && in_range).then(|| {
            let days = days_from_civil(year, month, day);
            days * 86_400 + hour * 3600 + minute * 60 + second - offset
        })
    })();
    parsed.is_some_and(in_range)
}

/// Whether an instant (seconds from 1970) is within cel-go's timestamps, 0001-01-01T00:00:00Z
/// to 9999-12-31T23:59:59Z.
fn in_range(seconds: i64) -> bool {
    (-62_135_596_800..=253_402_300_799).contains(&seconds)
}

fn days_in_month(year: i64, month: i64) -> i64 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days from 1970-01-01 to a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (month + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::rfc3339_in_range;

    #[test]
    fn timestamps_as_go_parses_rfc3339() {
        for ok in [
            "2020-01-01T00:00:00Z",
            "2020-02-29T23:59:59.123456789+05:30",
            "2020-01-01T00:00:00,5Z",
            "0001-01-01T00:00:00Z",
            "9999-12-31T23:59:59Z",
        ] {
            assert!(rfc3339_in_range(ok), "{ok}");
        }
        for bad in [
            "2020-13-01T00:00:00Z",
            "2021-02-29T00:00:00Z",
            "2020-01-01 00:00:00Z",
            "2020-01-01t00:00:00Z",
            "2020-01-01T24:00:00Z",
            "2020-01-01T00:00:60Z",
            "2020-01-01T00:00:00",
            "2020-01-01T00:00:00+25:00",
            "0001-01-01T00:00:00+01:00",
            "9999-12-31T23:59:59-01:00",
            "2020-01-01T00:00:00Zx",
        ] {
            assert!(!rfc3339_in_range(bad), "{bad}");
        }
    }
}
