//! `Unique` (JSON Schema `uniqueItems`).

use std::collections::HashMap;
use std::fmt::Write as _;

use serde_json::Value;

use crate::ir::Violation;
use crate::model::Instance;

/// An array with two equal items: the first such pair. Items are compared by a canonical text
/// (numbers by value, object keys sorted), so the cost is linear in the array's size.
pub fn unique<'a>(v: impl Instance<'a>) -> Option<Violation> {
    let n = v.array_len()?;
    let mut seen: HashMap<String, usize> = HashMap::with_capacity(n);
    for i in 0..n {
        let item = v.item(i)?;
        let mut key = String::new();
        canonical(&item.to_value(), &mut key);
        if let Some(first) = seen.insert(key, i) {
            return Some(Violation::new(
                "uniqueItems",
                "items that differ",
                format!("items {first} and {i} equal"),
            ));
        }
    }
    None
}

/// The text two values share exactly when JSON Schema calls them equal.
fn canonical(v: &Value, out: &mut String) {
    match v {
        Value::Number(n) => match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), ..) => {
                let _ = write!(out, "{i}");
            }
            (None, Some(u), _) => {
                let _ = write!(out, "{u}");
            }
            // An integral float within i64 reads as that integer (`1.0` is `1`).
            (None, None, Some(f)) if f.fract() == 0.0 && f.abs() < 9.2e18 => {
                let _ = write!(out, "{}", f as i64);
            }
            _ => {
                let _ = write!(out, "{n}");
            }
        },
        Value::Array(items) => {
            out.push('[');
            for item in items {
                canonical(item, out);
                out.push(',');
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            out.push('{');
            for (k, item) in entries {
                let _ = write!(out, "{:?}:", k);
                canonical(item, out);
                out.push(',');
            }
            out.push('}');
        }
        other => {
            let _ = write!(out, "{other}");
        }
    }
}
