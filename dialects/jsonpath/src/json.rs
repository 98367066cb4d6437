//! [`Node`] for untyped JSON, as kubectl sees an unstructured object: objects are
//! `map[string]interface {}`, arrays `[]interface {}`, `null` a nil interface, integers `int64`
//! (`uint64` when only that fits), other numbers `float64`.

use std::borrow::Cow;

use serde_json::{Map, Value};

use super::gofmt;
use super::node::{Kind, Node, Scalar};

/// Object entries in ascending key order (Go iterates maps in random order; we pick one).
fn sorted_entries(map: &Map<String, Value>) -> Vec<(&String, &Value)> {
    let mut entries: Vec<(&String, &Value)> = map.iter().collect();
    entries.sort_by(|a, b| a.0.cmp(b.0));
    entries
}

impl Node for &Value {
    fn is_nil(&self) -> bool {
        self.is_null()
    }

    fn kind(&self) -> Kind {
        match self {
            Value::Object(_) => Kind::Map,
            Value::Array(_) => Kind::Slice,
            Value::String(_) => Kind::String,
            Value::Bool(_) => Kind::Bool,
            Value::Number(n) if n.is_i64() => Kind::Int,
            Value::Number(n) if n.is_u64() => Kind::Uint,
            Value::Number(_) => Kind::Float,
            Value::Null => Kind::Other,
        }
    }

    fn field(&self, name: &str) -> Option<Self> {
        match self {
            Value::Object(map) => map.get(name),
            _ => None,
        }
    }

    fn len(&self) -> usize {
        match self {
            Value::Array(items) => items.len(),
            _ => 0,
        }
    }

    fn index(&self, i: usize) -> Option<Self> {
        match self {
            Value::Array(items) => items.get(i),
            _ => None,
        }
    }

    fn children(&self) -> Vec<Self> {
        match self {
            Value::Object(map) => sorted_entries(map).into_iter().map(|(_, v)| v).collect(),
            Value::Array(items) => items.iter().collect(),
            _ => Vec::new(),
        }
    }

    fn as_str(&self) -> Option<Cow<'_, str>> {
        match self {
            Value::String(s) => Some(Cow::Borrowed(s.as_str())),
            _ => None,
        }
    }

    fn scalar(&self) -> Option<Scalar<'_>> {
        match self {
            Value::String(s) => Some(Scalar::Str(Cow::Borrowed(s.as_str()))),
            Value::Bool(b) => Some(Scalar::Bool(*b)),
            Value::Number(n) => {
                if let Some(i) = n.as_i64() {
                    Some(Scalar::Int(i))
                } else if let Some(u) = n.as_u64() {
                    Some(Scalar::Uint(u))
                } else {
                    n.as_f64().map(Scalar::Float)
                }
            }
            Value::Null | Value::Array(_) | Value::Object(_) => None,
        }
    }

    fn type_name(&self) -> Cow<'_, str> {
        Cow::Borrowed(match self {
            Value::Object(_) => "map[string]interface {}",
            Value::Array(_) => "[]interface {}",
            Value::String(_) => "string",
            Value::Bool(_) => "bool",
            Value::Number(n) if n.is_i64() => "int64",
            Value::Number(n) if n.is_u64() => "uint64",
            Value::Number(_) => "float64",
            // A nil interface held by a map or slice element.
            Value::Null => "interface {}",
        })
    }

    fn go_value(&self) -> String {
        let mut out = String::new();
        write_go_value(self, &mut out, 0);
        out
    }
}

/// How deep [`Node::go_value`] descends before printing `...`.
const MAX_DEPTH: usize = 32;

/// Go's `%v` of the unstructured value: `map[k:v k2:v2]` (keys sorted, as fmt does), `[a b]`,
/// `<nil>`.
fn write_go_value(value: &Value, out: &mut String, depth: usize) {
    if depth > MAX_DEPTH {
        out.push_str("...");
        return;
    }
    match value {
        Value::Null => out.push_str("<nil>"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::String(s) => out.push_str(s),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                out.push_str(&i.to_string());
            } else if let Some(u) = n.as_u64() {
                out.push_str(&u.to_string());
            } else if let Some(f) = n.as_f64() {
                out.push_str(&gofmt::format_float(f));
            }
        }
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                write_go_value(item, out, depth + 1);
            }
            out.push(']');
        }
        Value::Object(map) => {
            out.push_str("map[");
            for (i, (k, v)) in sorted_entries(map).into_iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                out.push_str(k);
                out.push(':');
                write_go_value(v, out, depth + 1);
            }
            out.push(']');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn kinds_and_type_names() {
        let doc = json!({"m": {}, "a": [], "s": "x", "i": -3, "u": 18446744073709551615u64, "f": 1.5, "b": true, "n": null});
        let cases = [
            ("m", Kind::Map, "map[string]interface {}"),
            ("a", Kind::Slice, "[]interface {}"),
            ("s", Kind::String, "string"),
            ("i", Kind::Int, "int64"),
            ("u", Kind::Uint, "uint64"),
            ("f", Kind::Float, "float64"),
            ("b", Kind::Bool, "bool"),
        ];
        for (key, kind, name) in cases {
            let v = (&doc).field(key);
            assert_eq!(v.map(|v| v.kind()), Some(kind), "{key}");
            assert_eq!(v.map(|v| v.type_name().into_owned()).as_deref(), Some(name));
        }
        let null = (&doc).field("n");
        assert_eq!(null.map(|n| n.is_nil()), Some(true));
        assert!(null.is_some_and(|n| n.scalar().is_none()));
    }

    #[test]
    fn children_in_key_order() {
        let doc = json!({"b": 2, "a": 1, "c": 3});
        let values: Vec<String> = (&doc).children().iter().map(|v| v.to_string()).collect();
        assert_eq!(values, ["1", "2", "3"]);
    }

    #[test]
    fn go_value_prints_like_fmt() {
        let doc = json!({"b": [1, "x", null], "a": {"k": 2.5}, "c": 1e6});
        assert_eq!((&doc).go_value(), "map[a:map[k:2.5] b:[1 x <nil>] c:1e+06]");
    }
}
