//! `max_len=` (ytt `assert.max_len`: `True if len(v) <= n else fail("length = {}")`).

use serde_json::Value;

use super::found;
use crate::starlark::{Val, ops};

/// `length = L` when the length (UTF-8 bytes of a string, items of an array, entries of a
/// map) is above `n`.
pub fn max_len(v: &Value, n: i64) -> Option<Option<String>> {
    match ops::len(&Val::from_data(v)) {
        Ok(len) if len <= n => None,
        Ok(len) => found(format!("length = {len}")),
        Err(message) => found(message),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn lengths_as_ytt() {
        assert_eq!(max_len(&json!("123456"), 5), found("length = 6".to_owned()));
        assert_eq!(max_len(&json!([1, 2]), 2), None);
        assert_eq!(
            max_len(&json!(true), 1),
            found("len: value of type bool has no len".to_owned())
        );
    }
}
