//! `one_of=` (ytt `assert.one_of`: `decode(encode(v)) in decode(encode(values)) or
//! fail("not one of allowed values")`).

use serde_json::Value;

use super::found;
use super::roundtrip::roundtrip;
use crate::starlark::{Val, ops};

/// `not one of allowed values` when `v` equals none of `values` (as data: a data list equals
/// a literal list of equal items after the round trip); a comparison error as found.
pub fn one_of(v: &Value, values: &[Value]) -> Option<Option<String>> {
    let allowed = Val::List(values.iter().map(Val::from_literal_json).collect());
    let result = roundtrip(&Val::from_data(v))
        .and_then(|x| Ok((x, roundtrip(&allowed)?)))
        .and_then(|(x, allowed)| ops::contains(&x, &allowed));
    match result {
        Ok(true) => None,
        Ok(false) => found("not one of allowed values".to_owned()),
        Err(message) => found(message),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn membership_as_ytt() {
        let levels = [json!("debug"), json!("info")];
        assert_eq!(one_of(&json!("info"), &levels), None);
        assert_eq!(
            one_of(&json!("critical"), &levels),
            found("not one of allowed values".to_owned())
        );
        let maps = [json!({"host": "a", "port": 1})];
        assert_eq!(one_of(&json!({"host": "a", "port": 1}), &maps), None);
        assert!(one_of(&json!({"host": "a", "port": 2}), &maps).is_some());
        assert!(one_of(&json!([]), &[json!([])]).is_some());
        assert_eq!(one_of(&json!(1.0), &[json!(1)]), None);
        assert!(one_of(&json!(true), &[json!(1), json!("one")]).is_some());
    }
}
