//! Seed extension `format=` (opt-in): the formats the ytt schema proposal lists (ytt never
//! shipped them). The JSON Schema ones are [`validgen_format`]'s checks; `port`, `percent` and
//! `duration` follow the proposal's references (Kubernetes, Go).

use serde_json::Value;

use super::found;
use crate::validation::YttFormat;
use validgen_format::Format;
use validgen_gotext::strconv::quote;

/// Whether the string `s` is in format `f` (never for `port`, which takes ints).
fn is_valid(f: YttFormat, s: &str) -> bool {
    match f {
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
        YttFormat::Duration => validgen_gotext::time::parse_duration(s).is_some(),
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
        (_, Value::String(s)) if is_valid(f, s) => None,
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
