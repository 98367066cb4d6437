//! `Required` (JSON Schema `required`).

use super::list;
use crate::ir::Violation;
use crate::model::Instance;

/// An object without some of `keys`: one violation listing the missing ones in order.
pub fn required<'a, K: AsRef<str>>(v: impl Instance<'a>, keys: &[K]) -> Option<Violation> {
    if has_keys(v, keys) {
        return None;
    }
    let missing: Vec<&str> = keys
        .iter()
        .map(AsRef::as_ref)
        .filter(|k| v.get(k).is_none())
        .collect();
    let all: Vec<&str> = keys.iter().map(AsRef::as_ref).collect();
    Some(Violation::new(
        "required",
        format!("keys {}", list(&all)),
        format!("no {}", list(&missing)),
    ))
}

/// Whether [`required`] passes `v`, for a verdict (no list of missing keys built).
#[inline]
pub fn has_keys<'a, K: AsRef<str>>(v: impl Instance<'a>, keys: &[K]) -> bool {
    v.object_len().is_none() || keys.iter().all(|k| v.get(k.as_ref()).is_some())
}
