//! Seed extension `unique=True` (opt-in): the proposal's `unique=bool to verify value
//! contains unique elements`, for arrays, with Starlark's equality of decoded data (`1 ==
//! 1.0`; maps equal whatever their key order; lists item by item).
//!
//! Each item is written once in a canonical form and looked up in a hash set, so the cost is
//! linear in the array's size rather than quadratic in its length.

use std::collections::HashMap;
use std::fmt::Write;

use serde_json::Value;

use super::format::type_name;
use super::found;

/// Deepest item written (deeper ones are refused rather than risk the stack).
const MAX_DEPTH: usize = 1000;

/// `items [i] and [j] are equal` for the first item `j` equal to an earlier one `i`; `value
/// must be a list, but was 'dict'` for a value that is not an array.
pub fn unique(v: &Value) -> Option<Option<String>> {
    let Value::Array(items) = v else {
        return found(format!("value must be a list, but was '{}'", type_name(v)));
    };
    let mut seen: HashMap<String, usize> = HashMap::with_capacity(items.len());
    for (j, item) in items.iter().enumerate() {
        let mut key = String::new();
        if !canonical(item, MAX_DEPTH, &mut key) {
            return found(format!(
                "item [{j}] is nested deeper than {MAX_DEPTH} levels"
            ));
        }
        if let Some(i) = seen.insert(key, j) {
            return found(format!("items [{i}] and [{j}] are equal"));
        }
    }
    None
}

/// Writes `v` so that two values are equal exactly when their texts are; `false` past
/// `depth` levels.
fn canonical(v: &Value, depth: usize, out: &mut String) -> bool {
    let Some(depth) = depth.checked_sub(1) else {
        return false;
    };
    match v {
        Value::Null => out.push('n'),
        Value::Bool(b) => out.push(if *b { 't' } else { 'f' }),
        Value::Number(n) => {
            let whole = n
                .as_i64()
                .map(i128::from)
                .or_else(|| n.as_u64().map(i128::from));
            let whole = whole.or_else(|| {
                let f = n.as_f64()?;
                // Whole floats below 2^127 are exact as i128: `1.0` equals `1`.
                #[allow(clippy::cast_possible_truncation)]
                (f.fract() == 0.0 && f.abs() < 1.7e38).then_some(f as i128)
            });
            let _ = match whole {
                Some(i) => write!(out, "i{i};"),
                None => write!(out, "f{};", n.as_f64().map_or(0, f64::to_bits)),
            };
        }
        Value::String(s) => {
            let _ = write!(out, "s{}:{s}", s.len());
        }
        Value::Array(items) => {
            let _ = write!(out, "[{}:", items.len());
            for item in items {
                if !canonical(item, depth, out) {
                    return false;
                }
            }
        }
        Value::Object(map) => {
            let mut entries: Vec<_> = map.iter().collect();
            entries.sort_unstable_by(|a, b| a.0.cmp(b.0));
            let _ = write!(out, "{{{}:", entries.len());
            for (k, v) in entries {
                let _ = write!(out, "{}:{k}", k.len());
                if !canonical(v, depth, out) {
                    return false;
                }
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn equality_as_data() {
        assert_eq!(unique(&json!([])), None);
        assert_eq!(unique(&json!([1, "1", [1], {"1": 1}, null, true])), None);
        assert_eq!(
            unique(&json!(["a", "b", "a"])),
            found("items [0] and [2] are equal".to_owned())
        );
        assert_eq!(
            unique(&json!([2, 1, 1.0])),
            found("items [1] and [2] are equal".to_owned())
        );
        assert!(unique(&json!([{"a": 1, "b": [2]}, {"b": [2.0], "a": 1}])).is_some());
        assert_eq!(unique(&json!([["a", "b"], ["ab"], ["b", "a"]])), None);
        assert_eq!(
            unique(&json!({"a": 1})),
            found("value must be a list, but was 'dict'".to_owned())
        );
    }
}
