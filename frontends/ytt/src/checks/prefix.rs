//! Seed extension `prefix=` (opt-in): the proposal's `prefix=string to verify string has
//! prefix`.

use serde_json::Value;

use super::format::type_name;
use super::found;
use validgen_gotext::strconv::quote;

/// `"x" does not start with "<prefix>"` when the string `v` does not; `value must be a
/// string, but was 'int'` for another type.
pub fn prefix(v: &Value, prefix: &str) -> Option<Option<String>> {
    match v {
        Value::String(s) if s.starts_with(prefix) => None,
        Value::String(s) => found(format!(
            "{} does not start with {}",
            quote(s),
            quote(prefix)
        )),
        other => found(format!(
            "value must be a string, but was '{}'",
            type_name(other)
        )),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn prefixes() {
        assert_eq!(prefix(&json!("https://a"), "https://"), None);
        assert_eq!(prefix(&json!("x"), ""), None);
        assert_eq!(
            prefix(&json!("http://a"), "https://"),
            found(r#""http://a" does not start with "https://""#.to_owned())
        );
        assert_eq!(
            prefix(&json!(["https://"]), "https://"),
            found("value must be a string, but was 'list'".to_owned())
        );
    }
}
