//! `Unique` (JSON Schema `uniqueItems`).

use std::collections::HashMap;
use std::fmt::Write as _;

use serde_json::Value;

use crate::ir::Violation;
use crate::model::{Instance, json_eq};

/// Arrays up to this long are compared pairwise (no allocation); longer ones through a
/// canonical text per item (linear in the array's size).
const PAIRWISE_MAX: usize = 16;

/// An array with two equal items: the first such pair (by the second item's position). Items
/// are equal as JSON Schema says: numbers by value, objects regardless of key order.
pub fn unique<'a>(v: impl Instance<'a>) -> Option<Violation> {
    let n = v.array_len()?;
    if n <= PAIRWISE_MAX {
        for i in 1..n {
            let b = v.item(i)?.to_value();
            for first in 0..i {
                if json_eq(&v.item(first)?.to_value(), &b) {
                    return Some(equal(first, i));
                }
            }
        }
        return None;
    }
    let mut seen: HashMap<String, usize> = HashMap::with_capacity(n);
    for i in 0..n {
        let item = v.item(i)?;
        let mut key = String::new();
        canonical(&item.to_value(), &mut key);
        if let Some(first) = seen.insert(key, i) {
            return Some(equal(first, i));
        }
    }
    None
}

fn equal(first: usize, i: usize) -> Violation {
    Violation::new(
        "uniqueItems",
        "items that differ",
        format!("items {first} and {i} equal"),
    )
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

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::unique;

    #[test]
    fn long_and_short_arrays_find_the_same_first_pair() {
        for n in [5usize, 40] {
            let mut items: Vec<Value> = (0..n).map(|i| json!({"k": i, "z": [i]})).collect();
            assert_eq!(
                unique(&Value::from(items.clone())),
                None,
                "{n} distinct items"
            );
            // Equal to item 2: numbers by value, keys in another order.
            items[n - 1] = json!({"z": [2.0], "k": 2});
            let v = unique(&Value::from(items)).map(|v| v.found);
            let want = format!("items 2 and {} equal", n - 1);
            assert_eq!(v.as_deref(), Some(want.as_str()), "{n} items");
        }
    }
}
