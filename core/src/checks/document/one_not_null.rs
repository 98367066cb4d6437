//! `OneNotNull` (ytt `one_not_null`).

use super::list;
use crate::ir::Violation;
use crate::model::{Instance, JsonType};

/// An object in which not exactly one of `keys` has a value other than `null` (absent keys
/// count as `null`).
pub fn one_not_null<'a, K: AsRef<str>>(v: impl Instance<'a>, keys: &[K]) -> Option<Violation> {
    if v.json_type() != JsonType::Object {
        return None;
    }
    let set: Vec<&str> = keys
        .iter()
        .map(AsRef::as_ref)
        .filter(|k| v.get(k).is_some_and(|x| x.json_type() != JsonType::Null))
        .collect();
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
