//! `OneNotNull` (ytt `one_not_null`).

use super::list;
use crate::ir::Violation;
use crate::model::{Instance, JsonType};

/// Whether [`one_not_null`] passes `v`, for a verdict (no violation built).
#[inline]
pub fn has_one_not_null<'a, K: AsRef<str>>(v: impl Instance<'a>, keys: &[K]) -> bool {
    v.json_type() != JsonType::Object || not_null_keys(v, keys).count() == 1
}

/// The keys of `keys` whose value in `v` is not `null`, in `keys`' order.
fn not_null_keys<'a, 'k, K: AsRef<str>>(
    v: impl Instance<'a>,
    keys: &'k [K],
) -> impl Iterator<Item = &'k str> {
    keys.iter()
        .map(AsRef::as_ref)
        .filter(move |k| v.get(k).is_some_and(|x| x.json_type() != JsonType::Null))
}

/// An object in which not exactly one of `keys` has a value other than `null` (absent keys
/// count as `null`).
pub fn one_not_null<'a, K: AsRef<str>>(v: impl Instance<'a>, keys: &[K]) -> Option<Violation> {
    if v.json_type() != JsonType::Object {
        return None;
    }
    let set: Vec<&str> = not_null_keys(v, keys).collect();
    if set.len() == 1 {
        return None;
    }
    let all: Vec<&str> = keys.iter().map(AsRef::as_ref).collect();
    let found = if set.is_empty() {
        "none".to_owned()
    } else {
        list(&set)
    };
    Some(Violation::new(
        "oneNotNull",
        format!("exactly one of {} not null", list(&all)),
        found,
    ))
}
