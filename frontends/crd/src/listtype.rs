//! `x-kubernetes-list-type: set` and `map` uniqueness, as the API server checks it
//! (apiextensions-apiserver `pkg/apiserver/schema/listtype` `ValidateListSetsAndMaps`): in a
//! set, the first item equal to an earlier one is a `Duplicate value` at its index, worded with
//! the item; in a map list, the first item whose `x-kubernetes-list-map-keys` fields equal an
//! earlier item's, worded with those key fields (an absent key field is the schema's default,
//! else absent), and an item that is not an object is `must be an object for an array of
//! list-type map`. Each repeated value or key is reported once.

use serde_json::{Map, Value};

use super::field_error::{ErrorType, FieldError};

/// Bounds the walk (the API server refuses deeper objects long before).
const MAX_DEPTH: usize = 512;

/// The `Duplicate value` errors of `object` against `schema` (a CRD version's structural
/// `openAPIV3Schema`), in object order.
pub fn validate(schema: &Value, object: &Value) -> Vec<FieldError> {
    let mut out = Vec::new();
    walk(schema, object, "", 0, &mut out);
    out
}

fn walk(schema: &Value, value: &Value, path: &str, depth: usize, out: &mut Vec<FieldError>) {
    if depth > MAX_DEPTH {
        return;
    }
    match value {
        Value::Object(map) => {
            let properties = schema.get("properties").and_then(Value::as_object);
            let additional = schema.get("additionalProperties").filter(|a| a.is_object());
            for (key, child) in map {
                let sub = properties.and_then(|p| p.get(key)).or(additional);
                if let Some(sub) = sub {
                    let child_path = if path.is_empty() {
                        key.clone()
                    } else {
                        format!("{path}.{key}")
                    };
                    walk(sub, child, &child_path, depth + 1, out);
                }
            }
        }
        Value::Array(items) => {
            match schema.get("x-kubernetes-list-type").and_then(Value::as_str) {
                Some("set") => duplicates(items, path, |item| Some(item.clone()), out),
                Some("map") => {
                    let keys: Vec<&str> = schema
                        .get("x-kubernetes-list-map-keys")
                        .and_then(Value::as_array)
                        .map(|k| k.iter().filter_map(Value::as_str).collect())
                        .unwrap_or_default();
                    let item_schema = schema.get("items");
                    // An item that is not an object has no keys (listtype `validateListMap`).
                    for (i, item) in items.iter().enumerate() {
                        if !item.is_object() {
                            out.push(FieldError {
                                error_type: ErrorType::Invalid,
                                field: format!("{path}[{i}]"),
                                bad_value: Some(item.clone()),
                                detail: "must be an object for an array of list-type map"
                                    .to_owned(),
                            });
                        }
                    }
                    duplicates(items, path, |item| key_of(item, &keys, item_schema), out);
                }
                _ => {}
            }
            if let Some(sub) = schema.get("items") {
                for (i, item) in items.iter().enumerate() {
                    walk(sub, item, &format!("{path}[{i}]"), depth + 1, out);
                }
            }
        }
        _ => {}
    }
}

/// A `Duplicate value` at the first repeat of each key that repeats (later repeats of the same
/// key are not reported again, as the recorded cases show).
fn duplicates(
    items: &[Value],
    path: &str,
    key: impl Fn(&Value) -> Option<Value>,
    out: &mut Vec<FieldError>,
) {
    let mut seen: Vec<Value> = Vec::new();
    let mut reported: Vec<Value> = Vec::new();
    for (i, item) in items.iter().enumerate() {
        let Some(k) = key(item) else { continue };
        if !seen.contains(&k) {
            seen.push(k);
        } else if !reported.contains(&k) {
            reported.push(k.clone());
            out.push(FieldError {
                error_type: ErrorType::Duplicate,
                field: format!("{path}[{i}]"),
                bad_value: Some(k),
                detail: String::new(),
            });
        }
    }
}

/// The key fields of a map-list item (its default where absent), keys sorted as Go's
/// `json.Marshal` writes a map; `None` for an item that is not an object.
fn key_of(item: &Value, keys: &[&str], item_schema: Option<&Value>) -> Option<Value> {
    let object = item.as_object()?;
    let mut names: Vec<&str> = keys.to_vec();
    names.sort_unstable();
    let mut out = Map::new();
    for name in names {
        let value = object.get(name).cloned().or_else(|| {
            item_schema
                .and_then(|s| s.pointer(&format!("/properties/{name}/default")))
                .cloned()
        });
        if let Some(v) = value {
            out.insert(name.to_owned(), v);
        }
    }
    Some(Value::Object(out))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn duplicates_in_sets_and_map_lists() {
        let schema = json!({"type": "object", "properties": {"spec": {"type": "object", "properties": {
            "tags": {"type": "array", "x-kubernetes-list-type": "set", "items": {"type": "string"}},
            "listeners": {"type": "array", "x-kubernetes-list-type": "map",
                "x-kubernetes-list-map-keys": ["name", "port"],
                "items": {"type": "object", "properties": {
                    "name": {"type": "string"}, "port": {"type": "integer", "default": 80}}}}
        }}}});
        let object = json!({"spec": {
            "tags": ["a", "b", "a", "a", "b"],
            "listeners": [{"name": "http"}, {"port": 80, "name": "http", "x": 1}, {"name": "http", "port": 81}, "a string"]
        }});
        let found: Vec<String> = validate(&schema, &object)
            .iter()
            .map(FieldError::message)
            .collect();
        assert_eq!(
            found,
            [
                "spec.tags[2]: Duplicate value: \"a\"",
                "spec.tags[4]: Duplicate value: \"b\"",
                "spec.listeners[3]: Invalid value: \"a string\": must be an object for an array of list-type map",
                "spec.listeners[1]: Duplicate value: {\"name\":\"http\",\"port\":80}",
            ]
        );
    }
}
