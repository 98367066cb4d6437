//! Seed extension `format=` (opt-in): the formats the ytt schema proposal lists (ytt never
//! shipped them). The JSON Schema ones are [`crate::format`]'s checks; `port`, `percent` and
//! `duration` follow the proposal's references (Kubernetes, Go).

use serde_json::Value;

use super::duration::is_duration;
use super::found;
use crate::format::Format;
use crate::starlark::text::quote;

/// A format `format=` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum YttFormat {
    /// `date-time`: RFC 3339 `date-time` ([`Format::DateTime`]).
    DateTime,
    /// `date`: RFC 3339 `full-date` ([`Format::Date`]).
    Date,
    /// `time`: RFC 3339 `full-time` (JSON Schema's `time`: with its offset).
    Time,
    /// `email`: RFC 5321 `Mailbox` ([`Format::Email`]).
    Email,
    /// `hostname`: RFC 1123 ([`Format::Hostname`]).
    Hostname,
    /// `ip`: an `ipv4` or an `ipv6`.
    Ip,
    /// `ipv4`: dotted quad ([`Format::Ipv4`]).
    Ipv4,
    /// `ipv6`: RFC 4291 ([`Format::Ipv6`]).
    Ipv6,
    /// `uri`: RFC 3986 `URI` ([`Format::Uri`]).
    Uri,
    /// `port`: an int from 0 to 65535, as the proposal says (`>= 0 && <= 65535`; Kubernetes'
    /// `IsValidPortNum` would refuse 0).
    Port,
    /// `percent`: Kubernetes `IsValidPercent` (`k8s.io/apimachinery/pkg/util/validation`):
    /// the whole string matches `[0-9]+%`.
    Percent,
    /// `duration`: what Go's `time.ParseDuration` accepts (`10h`, `-1.5m`, `2h45m`, `0`).
    Duration,
}

impl YttFormat {
    /// Every format, in the order above.
    pub const ALL: [YttFormat; 12] = [
        YttFormat::DateTime,
        YttFormat::Date,
        YttFormat::Time,
        YttFormat::Email,
        YttFormat::Hostname,
        YttFormat::Ip,
        YttFormat::Ipv4,
        YttFormat::Ipv6,
        YttFormat::Uri,
        YttFormat::Port,
        YttFormat::Percent,
        YttFormat::Duration,
    ];

    /// The format named `name` (as `format=` spells it), if any.
    pub fn from_name(name: &str) -> Option<YttFormat> {
        YttFormat::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The name `format=` spells.
    pub fn name(self) -> &'static str {
        match self {
            YttFormat::DateTime => "date-time",
            YttFormat::Date => "date",
            YttFormat::Time => "time",
            YttFormat::Email => "email",
            YttFormat::Hostname => "hostname",
            YttFormat::Ip => "ip",
            YttFormat::Ipv4 => "ipv4",
            YttFormat::Ipv6 => "ipv6",
            YttFormat::Uri => "uri",
            YttFormat::Port => "port",
            YttFormat::Percent => "percent",
            YttFormat::Duration => "duration",
        }
    }

    /// Whether the string `s` is in this format (never for `port`, which takes ints).
    fn is_valid(self, s: &str) -> bool {
        match self {
            YttFormat::DateTime => Format::DateTime.is_valid(s),
            YttFormat::Date => Format::Date.is_valid(s),
            // A `full-time` is what follows `T` in a `date-time`; the day does not matter
            // (leap seconds are judged on the time and offset alone).
            YttFormat::Time => Format::DateTime.is_valid(&format!("2000-01-01T{s}")),
            YttFormat::Email => Format::Email.is_valid(s),
            YttFormat::Hostname => Format::Hostname.is_valid(s),
            YttFormat::Ip => Format::Ipv4.is_valid(s) || Format::Ipv6.is_valid(s),
            YttFormat::Ipv4 => Format::Ipv4.is_valid(s),
            YttFormat::Ipv6 => Format::Ipv6.is_valid(s),
            YttFormat::Uri => Format::Uri.is_valid(s),
            YttFormat::Port => false,
            YttFormat::Percent => s
                .strip_suffix('%')
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())),
            YttFormat::Duration => is_duration(s),
        }
    }
}

/// `"x" is not a valid <name>` (`70000 is not a valid port`) when `v` is not in format `f`;
/// `value must be a string, but was 'int'` (`an int` for `port`) for a value of another type.
pub fn format(v: &Value, f: YttFormat) -> Option<Option<String>> {
    let name = f.name();
    match (f, v) {
        (YttFormat::Port, Value::Number(n)) if n.is_i64() || n.is_u64() => match n.as_u64() {
            Some(port) if port <= 65535 => None,
            _ => found(format!("{n} is not a valid {name}")),
        },
        (YttFormat::Port, other) => found(format!(
            "value must be an int, but was '{}'",
            type_name(other)
        )),
        (_, Value::String(s)) if f.is_valid(s) => None,
        (_, Value::String(s)) => found(format!("{} is not a valid {name}", quote(s))),
        (_, other) => found(format!(
            "value must be a string, but was '{}'",
            type_name(other)
        )),
    }
}

/// The type of a data value as a decoded Starlark value names it (maps `dict`, arrays
/// `list`), for the seed extensions' type errors.
pub(super) fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "NoneType",
        Value::Bool(_) => "bool",
        Value::Number(n) if n.is_i64() || n.is_u64() => "int",
        Value::Number(_) => "float",
        Value::String(_) => "string",
        Value::Array(_) => "list",
        Value::Object(_) => "dict",
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn ok(f: YttFormat, v: Value) -> bool {
        format(&v, f).is_none()
    }

    #[test]
    fn formats() {
        assert!(ok(YttFormat::DateTime, json!("2018-11-13T20:20:39+00:00")));
        assert!(!ok(YttFormat::DateTime, json!("2018-11-13")));
        assert!(ok(YttFormat::Date, json!("2018-11-13")));
        assert!(ok(YttFormat::Time, json!("20:20:39+00:00")));
        assert!(ok(YttFormat::Time, json!("23:59:60Z")));
        assert!(!ok(YttFormat::Time, json!("20:20:39")));
        assert!(!ok(YttFormat::Time, json!("T20:20:39Z")));
        assert!(ok(YttFormat::Ip, json!("10.0.0.1")));
        assert!(ok(YttFormat::Ip, json!("::1")));
        assert!(!ok(YttFormat::Ipv4, json!("::1")));
        assert!(ok(YttFormat::Port, json!(0)));
        assert!(ok(YttFormat::Port, json!(65535)));
        assert!(!ok(YttFormat::Port, json!(-1)));
        assert!(!ok(YttFormat::Port, json!(80.0)));
        assert!(ok(YttFormat::Percent, json!("93%")));
        assert!(!ok(YttFormat::Percent, json!("%")));
        assert!(!ok(YttFormat::Percent, json!("1.5%")));
        assert!(!ok(YttFormat::Percent, json!("10%\n")));
        assert!(ok(YttFormat::Duration, json!("1h30m")));
    }

    #[test]
    fn texts() {
        assert_eq!(
            format(&json!("a@"), YttFormat::Email),
            found(r#""a@" is not a valid email"#.to_owned())
        );
        assert_eq!(
            format(&json!(70000), YttFormat::Port),
            found("70000 is not a valid port".to_owned())
        );
        assert_eq!(
            format(&json!("80"), YttFormat::Port),
            found("value must be an int, but was 'string'".to_owned())
        );
        assert_eq!(
            format(&json!({"a": 1}), YttFormat::Uri),
            found("value must be a string, but was 'dict'".to_owned())
        );
    }

    #[test]
    fn names_round_trip() {
        for f in YttFormat::ALL {
            assert_eq!(YttFormat::from_name(f.name()), Some(f));
        }
        assert_eq!(YttFormat::from_name("uuid"), None);
    }
}
