//! Seed extension `regexp=` (opt-in): the proposal's `regexp=string -> golang regexp`, run as
//! Go's `regexp.MatchString` (unanchored) through [`validgen_goregex`].

use serde_json::Value;

use super::format::type_name;
use super::found;
use validgen_goregex::GoRegex;
use validgen_gotext::strconv::quote;

/// `"x" does not match "<pattern>"` when the string `v` has no match of `pattern`;
/// `value must be a string, but was 'int'` for another type; the compile error as found should
/// the pattern not compile here (it compiled when read, but may be over this review's
/// compilation budget).
pub fn regexp(v: &Value, pattern: &str) -> Option<Option<String>> {
    let Value::String(s) = v else {
        return found(format!(
            "value must be a string, but was '{}'",
            type_name(v)
        ));
    };
    match GoRegex::new(pattern) {
        Ok(re) if re.is_match(s) => None,
        Ok(_) => found(format!("{} does not match {}", quote(s), quote(pattern))),
        Err(e) => found(e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn go_matching() {
        assert_eq!(regexp(&json!("abc"), "b"), None);
        assert_eq!(
            regexp(&json!("٣"), r"^\d$"),
            found(r#""٣" does not match "^\\d$""#.to_owned())
        );
        assert_eq!(
            regexp(&json!(3), "3"),
            found("value must be a string, but was 'int'".to_owned())
        );
    }
}
