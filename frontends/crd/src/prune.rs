//! What the API server does to a custom resource's body before it validates it
//! (apiextensions-apiserver `pkg/apiserver/schema/pruning` `PruneWithOptions` and
//! `pkg/apiserver/schema/defaulting` `PruneNonNullableNullsWithoutDefaults`):
//!
//! - **unknown fields are pruned**: a field that an object schema does not list is dropped,
//!   unless the schema has `additionalProperties` (a map: every key is kept) or
//!   `x-kubernetes-preserve-unknown-fields: true`; at the root and in an embedded resource
//!   (`x-kubernetes-embedded-resource: true`), `apiVersion`, `kind` and `metadata` are kept;
//!   the dropped fields' paths are returned (the API server's `unknown field` warnings, or its
//!   Strict error);
//! - **`null`s of non-nullable fields are dropped**, or replaced by the field's `default` when
//!   it has one (as structural defaulting then does).
//!
//! The root's `metadata` is read as `ObjectMeta`: its unknown fields are dropped and reported
//! too (`metadata.colour`).

use serde_json::Value;
use validgen_json_schema::OBJECT_META_FIELDS;

/// Bounds the walk (the API server refuses deeper objects long before).
const MAX_DEPTH: usize = 512;

/// Prunes `object` against `schema` (a CRD version's structural `openAPIV3Schema`) in place;
/// returns the paths of the unknown fields dropped, as the API server writes them
/// (`spec.foo`, `spec.items[0].bar`), in object order.
pub fn prune(schema: &Value, object: &mut Value) -> Vec<String> {
    let mut unknown = Vec::new();
    walk(schema, object, "", true, 0, &mut unknown);
    unknown
}

fn walk(
    schema: &Value,
    value: &mut Value,
    path: &str,
    resource: bool,
    depth: usize,
    unknown: &mut Vec<String>,
) {
    if depth > MAX_DEPTH {
        return;
    }
    match value {
        Value::Object(map) => {
            let resource = resource
                || schema.get("x-kubernetes-embedded-resource") == Some(&Value::Bool(true));
            let preserve =
                schema.get("x-kubernetes-preserve-unknown-fields") == Some(&Value::Bool(true));
            let properties = schema.get("properties").and_then(Value::as_object);
            let additional = schema.get("additionalProperties");
            let keys: Vec<String> = map.keys().cloned().collect();
            for key in keys {
                let child_path = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                let sub = properties.and_then(|p| p.get(&key)).or(match additional {
                    Some(s @ Value::Object(_)) => Some(s),
                    _ => None,
                });
                if depth == 0 && key == "metadata" {
                    object_meta(map.get_mut(&key), unknown);
                    continue;
                }
                let kept_as_resource_field =
                    resource && matches!(key.as_str(), "apiVersion" | "kind" | "metadata");
                let Some(sub) = sub else {
                    let map_of_anything = additional == Some(&Value::Bool(true));
                    if !(preserve || map_of_anything || kept_as_resource_field) {
                        map.remove(&key);
                        unknown.push(child_path);
                    }
                    continue;
                };
                if map.get(&key).is_some_and(Value::is_null) && !nullable(sub) {
                    // Structural defaulting replaces the null of a non-nullable field that
                    // has a default (apiextensions-apiserver `defaulting.Default`).
                    match sub.get("default") {
                        Some(default) => {
                            map.insert(key.clone(), default.clone());
                        }
                        None => {
                            map.remove(&key);
                            continue;
                        }
                    }
                }
                if let Some(child) = map.get_mut(&key) {
                    walk(sub, child, &child_path, false, depth + 1, unknown);
                }
            }
        }
        Value::Array(items) => {
            if let Some(sub) = schema.get("items") {
                for (i, item) in items.iter_mut().enumerate() {
                    walk(
                        sub,
                        item,
                        &format!("{path}[{i}]"),
                        false,
                        depth + 1,
                        unknown,
                    );
                }
            }
        }
        _ => {}
    }
}

/// The root's `metadata`: decoded as Go's `ObjectMeta` (apimachinery
/// `objectmeta.GetObjectMetaWithOptions`), which drops and reports the fields it does not have.
fn object_meta(meta: Option<&mut Value>, unknown: &mut Vec<String>) {
    let Some(Value::Object(map)) = meta else {
        return;
    };
    let keys: Vec<String> = map.keys().cloned().collect();
    for key in keys {
        if !OBJECT_META_FIELDS.contains(&key.as_str()) {
            map.remove(&key);
            unknown.push(format!("metadata.{key}"));
        }
    }
}

/// Whether a `null` is allowed under this property schema.
fn nullable(schema: &Value) -> bool {
    schema.get("nullable") == Some(&Value::Bool(true))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn unknown_fields_and_nulls_go_as_the_api_server_prunes_them() {
        let schema = json!({"type": "object", "properties": {
            "spec": {"type": "object", "properties": {
                "a": {"type": "string"},
                "b": {"type": "string", "nullable": true},
                "c": {"type": "string", "default": "x"},
                "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                "free": {"type": "object", "x-kubernetes-preserve-unknown-fields": true},
                "list": {"type": "array", "items": {"type": "object", "properties": {"n": {"type": "integer"}}}},
                "template": {"type": "object", "x-kubernetes-embedded-resource": true,
                             "properties": {"spec": {"type": "object"}}}
            }}
        }});
        let mut object = json!({
            "apiVersion": "v1", "kind": "K", "metadata": {"name": "n", "anything": 1},
            "spec": {"a": null, "b": null, "c": null, "zzz": 1,
                     "labels": {"k": "v"}, "free": {"x": {"y": 1}},
                     "list": [{"n": 1, "m": 2}],
                     "template": {"apiVersion": "v1", "kind": "Pod", "metadata": {}, "spec": {}, "other": 1}},
            "status": {}
        });
        let unknown = prune(&schema, &mut object);
        assert_eq!(
            unknown,
            [
                "metadata.anything",
                "spec.zzz",
                "spec.list[0].m",
                "spec.template.other",
                "status"
            ]
        );
        assert_eq!(
            object,
            json!({
                "apiVersion": "v1", "kind": "K", "metadata": {"name": "n"},
                "spec": {"b": null, "c": "x", "labels": {"k": "v"}, "free": {"x": {"y": 1}},
                         "list": [{"n": 1}],
                         "template": {"apiVersion": "v1", "kind": "Pod", "metadata": {}, "spec": {}}}
            })
        );
    }
}
