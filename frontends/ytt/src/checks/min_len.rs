//! `min_len=` (ytt `assert.min_len`: `True if len(v) >= n else fail("length = {}")`).

use serde_json::Value;

use super::found;
use crate::starlark::{Val, ops};

/// `length = L` when the length (UTF-8 bytes of a string, items of an array, entries of a
/// map) is below `n`.
pub fn min_len(v: &Value, n: i64) -> Option<Option<String>> {
    match ops::len(&Val::from_data(v)) {
        Ok(len) if len >= n => None,
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
        assert_eq!(min_len(&json!("1234"), 5), found("length = 4".to_owned()));
        assert_eq!(min_len(&json!("é"), 2), None);
        assert_eq!(min_len(&json!({}), 1), found("length = 0".to_owned()));
        assert_eq!(
            min_len(&json!(3), 1),
            found("len: value of type int has no len".to_owned())
        );
    }
}
