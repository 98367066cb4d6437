//! An object's JSON as the API server binds it to `self` and `oldSelf`, typed from the
//! structural schema (apiserver `pkg/cel/common/values.go` `UnstructuredToVal`):
//!
//! - a `number` field is a `double` even when written as an integer, an `integer` an `int`;
//! - a string of format `date-time` or `date` is a `timestamp`, of format `duration` a
//!   `duration` (Go's `time.ParseDuration`), of format `byte` the `bytes` it encodes in base64;
//!   one that does not parse stays a string;
//! - an object with `properties` has its property names escaped (`__namespace__`, `a__dash__b`:
//!   `validgen_cel::names::escape`); a map (`additionalProperties`) keeps its keys;
//! - an embedded resource (`x-kubernetes-embedded-resource`) always has `apiVersion`, `kind`
//!   and `metadata`.

use std::collections::HashMap;
use std::sync::Arc;

use kube_cel::cel::Value as Cel;
use kube_cel::cel::objects::{Key, Map};
use serde_json::Value;
use validgen_cel::names::escape;

/// Bounds the conversion (the API server refuses objects this deep long before).
const MAX_DEPTH: usize = 512;

/// The property of `properties` (a schema's `properties` object) whose escaped CEL name is
/// `field`, with its unescaped JSON name: how a CEL field selection finds its schema.
pub(super) fn property<'a>(
    properties: &'a serde_json::Map<String, Value>,
    field: &str,
) -> Option<(&'a String, &'a Value)> {
    properties.iter().find(|(name, _)| escape(name) == field)
}

/// `value` as CEL, typed by `schema` (the structural schema node it is validated against).
pub(super) fn to_cel(value: &Value, schema: &Value) -> Cel {
    convert(value, Some(schema), 0)
}

fn convert(value: &Value, schema: Option<&Value>, depth: usize) -> Cel {
    if depth > MAX_DEPTH {
        return Cel::Null;
    }
    let text = |k: &str| schema.and_then(|s| s.get(k)).and_then(Value::as_str);
    match value {
        Value::Null => Cel::Null,
        Value::Bool(b) => Cel::Bool(*b),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) if text("type") != Some("number") => Cel::Int(i),
            (None, Some(u)) if text("type") != Some("number") => Cel::UInt(u),
            _ => Cel::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => string(s, text("format")),
        Value::Array(items) => {
            let sub = schema.and_then(|s| s.get("items"));
            Cel::List(Arc::new(
                items.iter().map(|v| convert(v, sub, depth + 1)).collect(),
            ))
        }
        Value::Object(map) => {
            let properties = schema
                .and_then(|s| s.get("properties"))
                .and_then(Value::as_object);
            let additional = schema
                .and_then(|s| s.get("additionalProperties"))
                .filter(|a| a.is_object());
            let is_map = additional.is_some() && properties.is_none();
            let mut out: HashMap<Key, Cel> = HashMap::with_capacity(map.len());
            for (k, v) in map {
                let sub = properties.and_then(|p| p.get(k)).or(additional);
                let key = if is_map { k.clone() } else { escape(k) };
                out.insert(Key::String(Arc::new(key)), convert(v, sub, depth + 1));
            }
            if schema.and_then(|s| s.get("x-kubernetes-embedded-resource"))
                == Some(&Value::Bool(true))
            {
                for (k, empty) in [
                    ("apiVersion", Cel::String(Arc::new(String::new()))),
                    ("kind", Cel::String(Arc::new(String::new()))),
                    (
                        "metadata",
                        Cel::Map(Map::from(HashMap::<String, Cel>::new())),
                    ),
                ] {
                    out.entry(Key::String(Arc::new(k.to_owned())))
                        .or_insert(empty);
                }
            }
            Cel::Map(Map { map: Arc::new(out) })
        }
    }
}

/// A string typed by its format; kept a string where it does not parse.
fn string(s: &str, format: Option<&str>) -> Cel {
    use base64::Engine as _;
    let typed = match format {
        Some("date-time") => chrono::DateTime::parse_from_rfc3339(s)
            .ok()
            .map(Cel::Timestamp),
        Some("date") => chrono::NaiveDate::parse_from_str(s, "%Y-%m-%d")
            .ok()
            .and_then(|d| d.and_hms_opt(0, 0, 0))
            .map(|t| Cel::Timestamp(t.and_utc().fixed_offset())),
        Some("duration") => validgen_gotext::time::parse_duration(s)
            .map(|nanos| Cel::Duration(chrono::Duration::nanoseconds(nanos))),
        Some("byte") => base64::engine::general_purpose::STANDARD
            .decode(s)
            .ok()
            .map(|b| Cel::Bytes(Arc::new(b))),
        _ => None,
    };
    typed.unwrap_or_else(|| Cel::String(Arc::new(s.to_owned())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn values_are_typed_by_the_schema() {
        let schema = json!({"properties": {
            "ratio": {"type": "number"}, "count": {"type": "integer"},
            "timeout": {"type": "string", "format": "duration"},
            "labels": {"type": "object", "additionalProperties": {"type": "string"}},
            "x-name": {"type": "string"}}});
        let Cel::Map(m) = to_cel(
            &json!({"ratio": 2, "count": 2, "timeout": "1m30s", "labels": {"a-b": "c"}, "x-name": "n"}),
            &schema,
        ) else {
            panic!("a map")
        };
        let get = |k: &str| m.map.get(&Key::String(Arc::new(k.to_owned()))).cloned();
        assert_eq!(get("ratio"), Some(Cel::Float(2.0)));
        assert_eq!(get("count"), Some(Cel::Int(2)));
        assert_eq!(
            get("timeout"),
            Some(Cel::Duration(chrono::Duration::seconds(90)))
        );
        assert!(get("x__dash__name").is_some());
        let Some(Cel::Map(labels)) = get("labels") else {
            panic!("a map")
        };
        assert!(
            labels
                .map
                .contains_key(&Key::String(Arc::new("a-b".to_owned())))
        );
    }
}
