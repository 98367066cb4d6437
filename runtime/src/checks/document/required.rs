//! `Required` (JSON Schema `required`).

use super::list;
use crate::ir::Violation;
use crate::model::{Instance, JsonType};

/// An object without some of `keys`: one violation listing the missing ones in order.
pub fn required<'a, K: AsRef<str>>(v: impl Instance<'a>, keys: &[K]) -> Option<Violation> {
    if v.json_type() != JsonType::Object {
        return None;
    }
    let missing: Vec<&str> = keys
        .iter()
        .map(AsRef::as_ref)
        .filter(|k| v.get(k).is_none())
        .collect();
    if missing.is_empty() {
        return None;
    }
    let all: Vec<&str> = keys.iter().map(AsRef::as_ref).collect();
    Some(Violation::new(
        "required",
        format!("keys {}", list(&all)),
        format!("no {}", list(&missing)),
    ))
}
