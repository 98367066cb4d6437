//! `NoExtraKeys` (JSON Schema `additionalProperties: false`).

use super::list;
use crate::ir::Violation;
use crate::model::Instance;

/// Whether [`no_extra_keys`] passes `v`, for a verdict (no violation built).
#[inline]
pub fn has_no_extra_keys<'a, K: AsRef<str>>(v: impl Instance<'a>, allowed: &[K]) -> bool {
    v.keys().all(|k| allowed.iter().any(|a| a.as_ref() == k))
}

/// An object with keys outside `allowed`: one violation listing them in document order.
pub fn no_extra_keys<'a, K: AsRef<str>>(v: impl Instance<'a>, allowed: &[K]) -> Option<Violation> {
    let extra: Vec<&str> = v
        .keys()
        .filter(|k| !allowed.iter().any(|a| a.as_ref() == *k))
        .collect();
    if extra.is_empty() {
        return None;
    }
    let allowed: Vec<&str> = allowed.iter().map(AsRef::as_ref).collect();
    let expected = if allowed.is_empty() {
        "no keys".to_owned()
    } else {
        format!("only keys {}", list(&allowed))
    };
    Some(Violation::new(
        "additionalProperties",
        expected,
        list(&extra),
    ))
}
