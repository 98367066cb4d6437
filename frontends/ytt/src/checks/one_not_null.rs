//! `one_not_null=` (ytt `assert.one_not_null`, `oneNotNullCheck`): after the YAML round trip
//! the value must be a dict with exactly one of the keys (all its keys for `True`) not null; a
//! listed key absent from the map counts as null.

use serde_json::Value;

use super::found;
use super::roundtrip::roundtrip;
use crate::starlark::Val;
use crate::starlark::ops;

/// `all values are null`, `value is empty`, `["foo", "qux"] are not null`,
/// `value must be a map or dict, but was 'list'` (an empty map or array arrives as
/// `NoneType`). `keys`: `None` for `True`, else the listed keys.
pub fn one_not_null(v: &Value, keys: Option<&[Value]>) -> Option<Option<String>> {
    let entries = match roundtrip(&Val::from_data(v)) {
        Ok(Val::Dict(entries)) => entries,
        Ok(other) => {
            return found(format!(
                "value must be a map or dict, but was '{}'",
                other.type_name()
            ));
        }
        Err(message) => return found(message),
    };
    let keys: Vec<Val<'_>> = match keys {
        None => entries.iter().map(|(k, _)| k.clone()).collect(),
        Some(keys) => match keys
            .iter()
            .map(|k| roundtrip(&Val::from_literal_json(k)))
            .collect::<Result<_, _>>()
        {
            Ok(keys) => keys,
            Err(message) => return found(message),
        },
    };
    let not_null: Vec<Val<'_>> = keys
        .into_iter()
        .filter(|k| ops::lookup(&entries, k).is_some_and(|value| !matches!(value, Val::None)))
        .collect();
    match not_null.len() {
        0 if entries.is_empty() => found("value is empty".to_owned()),
        0 => found("all values are null".to_owned()),
        1 => None,
        _ => found(format!("{} are not null", Val::List(not_null).repr())),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn texts_as_ytt() {
        let some = json!({"foo": "", "bar": "", "baz": null});
        assert_eq!(
            one_not_null(&some, None),
            found(r#"["foo", "bar"] are not null"#.to_owned())
        );
        let keys = [json!("baz"), json!("missing")];
        assert_eq!(
            one_not_null(&some, Some(&keys)),
            found("all values are null".to_owned())
        );
        let keys = [json!("baz"), json!("foo")];
        assert_eq!(one_not_null(&some, Some(&keys)), None);
        assert_eq!(
            one_not_null(&json!({}), None),
            found("value must be a map or dict, but was 'NoneType'".to_owned())
        );
        assert_eq!(
            one_not_null(&json!(["a"]), None),
            found("value must be a map or dict, but was 'list'".to_owned())
        );
        assert_eq!(
            one_not_null(&json!("a"), None),
            found("value must be a map or dict, but was 'string'".to_owned())
        );
        assert_eq!(
            one_not_null(&json!({"a": null}), None),
            found("all values are null".to_owned())
        );
    }
}
