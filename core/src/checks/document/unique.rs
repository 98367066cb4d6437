//! `Unique` (JSON Schema `uniqueItems`).

use std::collections::HashMap;
use std::fmt::Write as _;

use super::compare::json_eq;
use crate::ir::Violation;
use crate::model::Instance;

/// Arrays up to this long are compared pairwise (no allocation); longer ones through a
/// canonical text per item (linear in the array's size).
const PAIRWISE_MAX: usize = 16;

/// Whether [`unique`] passes `v`, for a verdict (no violation built).
#[inline]
pub fn has_unique_items<'a>(v: impl Instance<'a>) -> bool {
    v.array_len()
        .is_none_or(|n| first_repeat(n, |i| v.item(i)).is_none())
}

/// An array with two equal items: the first such pair (by the second item's position). Items
/// are equal as JSON Schema says: numbers by value, objects regardless of key order.
pub fn unique<'a>(v: impl Instance<'a>) -> Option<Violation> {
    let n = v.array_len()?;
    let (first, i) = first_repeat(n, |i| v.item(i))?;
    Some(equal(first, i))
}

/// The first two equal values among the `n` that `item` gives (by the second one's position),
/// as [`unique`] compares an array's items: streamed verdicts ask it of the items they read.
pub fn first_repeat<'a, I: Instance<'a>>(
    n: usize,
    item: impl Fn(usize) -> Option<I>,
) -> Option<(usize, usize)> {
    if n <= PAIRWISE_MAX {
        for i in 1..n {
            let b = item(i)?;
            for first in 0..i {
                if json_eq(item(first)?, b) {
                    return Some((first, i));
                }
            }
        }
        return None;
    }
    let mut seen: HashMap<String, usize> = HashMap::with_capacity(n);
    for i in 0..n {
        let mut key = String::new();
        canonical(item(i)?, &mut key);
        if let Some(first) = seen.insert(key, i) {
            return Some((first, i));
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

/// The text two values share exactly when JSON Schema calls them equal: each kind of value
/// starts its own way (strings quoted and escaped, as Rust's `Debug` writes them).
fn canonical<'a>(v: impl Instance<'a>, out: &mut String) {
    if let Some(s) = v.as_str() {
        let _ = write!(out, "{s:?}");
    } else if let Some(n) = v.as_number() {
        match (n.as_i64(), n.as_u64(), n.as_f64()) {
            (Some(i), ..) => {
                let _ = write!(out, "{i}");
            }
            (None, Some(u), _) => {
                let _ = write!(out, "{u}");
            }
            // An integral float within i64 or u64 reads as that integer (`1.0` is `1`; the
            // float 2^63 is the integer 2^63). The bounds are exact powers of two: the casts
            // are exact below them.
            (None, None, Some(f))
                if f.fract() == 0.0 && (-9.223_372_036_854_776e18..0.0).contains(&f) =>
            {
                let _ = write!(out, "{}", f as i64);
            }
            (None, None, Some(f))
                if f.fract() == 0.0 && (0.0..1.844_674_407_370_955_2e19).contains(&f) =>
            {
                let _ = write!(out, "{}", f as u64);
            }
            _ => {
                let _ = write!(out, "{n}");
            }
        }
    } else if let Some(n) = v.array_len() {
        out.push('[');
        for item in (0..n).filter_map(|i| v.item(i)) {
            canonical(item, out);
            out.push(',');
        }
        out.push(']');
    } else if v.object_len().is_some() {
        let mut entries: Vec<_> = v.entries().collect();
        entries.sort_by(|a, b| a.0.cmp(b.0));
        out.push('{');
        for (k, item) in entries {
            let _ = write!(out, "{k:?}:");
            canonical(item, out);
            out.push(',');
        }
        out.push('}');
    } else {
        let _ = match v.as_bool() {
            Some(b) => write!(out, "{b}"),
            None => write!(out, "null"),
        };
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::{canonical, unique};

    fn key(v: Value) -> String {
        let mut out = String::new();
        canonical(&v, &mut out);
        out
    }

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

    #[test]
    fn integral_floats_read_as_their_integers() {
        assert_eq!(key(json!(1.0)), key(json!(1)));
        assert_eq!(key(json!(-0.0)), key(json!(0)));
        assert_eq!(key(json!(-4.0)), key(json!(-4)));
        // 2^63, past `i64`: the float and the integer are one number.
        assert_eq!(
            key(json!(9_223_372_036_854_775_808.0)),
            key(json!(9_223_372_036_854_775_808_u64))
        );
        assert_eq!(
            key(json!(-9_223_372_036_854_775_808.0)),
            key(json!(i64::MIN))
        );
        // 2^64 is no `u64`; 2^53 + 1 is not the float 2^53.
        assert_ne!(
            key(json!(18_446_744_073_709_551_616.0)),
            key(json!(u64::MAX))
        );
        assert_ne!(
            key(json!(9_007_199_254_740_992.0)),
            key(json!(9_007_199_254_740_993_u64))
        );
        assert_ne!(key(json!(0.5)), key(json!(0)));
    }
}
