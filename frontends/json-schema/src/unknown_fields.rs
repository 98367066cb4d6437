//! Kubernetes strict field validation as a schema transformation: a CRD version's
//! `openAPIV3Schema` rewritten so that the fields the API server would prune (and, with
//! `fieldValidation=Strict`, reject as `unknown field`) are violations of an added
//! `additionalProperties: false`.
//!
//! What is rewritten, walking the structural skeleton of the schema (`properties`, `items`,
//! and `additionalProperties` when it is a schema; not `allOf`, `anyOf`, `oneOf`, `not`, whose
//! properties a structural schema must repeat in the skeleton):
//! - Every object schema (`type: object`, or `properties` without a `type`) that has neither
//!   `additionalProperties` nor `x-kubernetes-preserve-unknown-fields: true` gets
//!   `additionalProperties: false`. An object schema without `properties` thus allows no
//!   field, as Kubernetes prunes them all.
//! - At the root, and in an object with `x-kubernetes-embedded-resource: true`, `apiVersion`,
//!   `kind` and `metadata` are always allowed (added to `properties` as `{}` when missing).
//! - The root's `metadata` is `ObjectMeta`: its fields are the keys of [`OBJECT_META_FIELDS`]
//!   (and any the schema lists), nothing else; the values inside (`labels`, `ownerReferences`…)
//!   are not checked for unknown fields.
//! - A schema with `x-kubernetes-preserve-unknown-fields: true` keeps unknown fields at its
//!   level; the properties it lists are still walked.

use serde_json::{Map, Value};

/// The fields of Kubernetes' `ObjectMeta` (`metadata` of every object).
pub const OBJECT_META_FIELDS: [&str; 15] = [
    "name",
    "generateName",
    "namespace",
    "selfLink",
    "uid",
    "resourceVersion",
    "generation",
    "creationTimestamp",
    "deletionTimestamp",
    "deletionGracePeriodSeconds",
    "labels",
    "annotations",
    "ownerReferences",
    "finalizers",
    "managedFields",
];

/// The fields allowed in every resource (the root of a CRD's schema, an embedded resource).
const RESOURCE_FIELDS: [&str; 3] = ["apiVersion", "kind", "metadata"];

/// Rewrites `schema`, a CRD version's `openAPIV3Schema`, as the module docs say.
pub fn reject_unknown_fields(schema: &mut Value) {
    walk(schema, true, 0);
}

/// Bounds the walk (the schema compiler refuses deeper schemas anyway).
const MAX_DEPTH: usize = super::MAX_SCHEMA_DEPTH;

fn walk(schema: &mut Value, resource: bool, depth: usize) {
    let Value::Object(map) = schema else { return };
    if depth > MAX_DEPTH {
        return;
    }
    let resource =
        resource || map.get("x-kubernetes-embedded-resource") == Some(&Value::Bool(true));
    let is_object = match map.get("type") {
        Some(Value::String(t)) => t == "object",
        None => map.contains_key("properties"),
        Some(_) => false,
    };
    if let Some(Value::Object(props)) = map.get_mut("properties") {
        for (name, sub) in props.iter_mut() {
            if depth == 0 && name == "metadata" {
                object_meta(sub);
            } else {
                walk(sub, false, depth + 1);
            }
        }
    }
    if let Some(items) = map.get_mut("items") {
        walk(items, false, depth + 1);
    }
    if let Some(additional @ Value::Object(_)) = map.get_mut("additionalProperties") {
        walk(additional, false, depth + 1);
    }
    let preserve = map.get("x-kubernetes-preserve-unknown-fields") == Some(&Value::Bool(true));
    if !is_object || preserve || map.contains_key("additionalProperties") {
        return;
    }
    if let (true, Some(props)) = (resource, properties(map)) {
        for field in RESOURCE_FIELDS {
            if !props.contains_key(field) {
                let sub = if depth == 0 && field == "metadata" {
                    let mut meta = Value::Object(Map::new());
                    object_meta(&mut meta);
                    meta
                } else {
                    Value::Object(Map::new())
                };
                props.insert(field.to_owned(), sub);
            }
        }
    }
    map.insert("additionalProperties".to_owned(), Value::Bool(false));
}

/// The root's `metadata`: the fields of `ObjectMeta`, no others.
fn object_meta(schema: &mut Value) {
    let Value::Object(map) = schema else { return };
    if map.contains_key("additionalProperties")
        || map.get("x-kubernetes-preserve-unknown-fields") == Some(&Value::Bool(true))
    {
        return;
    }
    if let Some(props) = properties(map) {
        for field in OBJECT_META_FIELDS {
            if !props.contains_key(field) {
                props.insert(field.to_owned(), Value::Object(Map::new()));
            }
        }
    }
    map.insert("additionalProperties".to_owned(), Value::Bool(false));
}

/// `properties` of `map`, created (empty) when missing; `None` when it is not an object (the
/// schema compiler reports that).
fn properties(map: &mut Map<String, Value>) -> Option<&mut Map<String, Value>> {
    map.entry("properties")
        .or_insert_with(|| Value::Object(Map::new()))
        .as_object_mut()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::reject_unknown_fields;

    #[test]
    fn objects_close_except_maps_and_preserved_ones() {
        let mut schema = json!({"type": "object", "properties": {
            "metadata": {"type": "object"},
            "spec": {"type": "object", "properties": {
                "size": {"type": "integer"},
                "labels": {"type": "object", "additionalProperties": {"type": "string"}},
                "extra": {"type": "object", "x-kubernetes-preserve-unknown-fields": true,
                          "properties": {"inner": {"type": "object"}}},
                "list": {"type": "array", "items": {"type": "object", "properties": {"a": {}}}},
                "one": {"type": "object", "allOf": [{"properties": {"x": {}}}]}
            }}
        }});
        reject_unknown_fields(&mut schema);
        assert_eq!(schema["additionalProperties"], false);
        assert_eq!(schema["properties"]["apiVersion"], json!({}));
        assert_eq!(schema["properties"]["kind"], json!({}));
        let meta = &schema["properties"]["metadata"];
        assert_eq!(meta["additionalProperties"], false);
        assert_eq!(meta["properties"]["ownerReferences"], json!({}));
        let spec = &schema["properties"]["spec"];
        assert_eq!(spec["additionalProperties"], false);
        assert!(spec["properties"]["labels"]["additionalProperties"].is_object());
        assert!(
            spec["properties"]["extra"]
                .get("additionalProperties")
                .is_none()
        );
        assert_eq!(
            spec["properties"]["extra"]["properties"]["inner"]["additionalProperties"],
            false
        );
        assert_eq!(
            spec["properties"]["list"]["items"]["additionalProperties"],
            false
        );
        assert!(
            spec["properties"]["one"]["allOf"][0]
                .get("additionalProperties")
                .is_none()
        );
        assert_eq!(spec["properties"]["one"]["additionalProperties"], false);
    }

    #[test]
    fn embedded_resources_allow_the_resource_fields() {
        let mut schema = json!({"type": "object", "properties": {"template": {
            "type": "object",
            "x-kubernetes-embedded-resource": true,
            "properties": {"spec": {"type": "object"}}
        }}});
        reject_unknown_fields(&mut schema);
        let template = &schema["properties"]["template"];
        assert_eq!(template["additionalProperties"], false);
        for field in ["apiVersion", "kind", "metadata", "spec"] {
            assert!(template["properties"].get(field).is_some(), "{field}");
        }
        assert!(
            template["properties"]["metadata"]
                .get("additionalProperties")
                .is_none(),
            "only the root's metadata is ObjectMeta-checked"
        );
        assert_eq!(
            template["properties"]["spec"]["additionalProperties"],
            false
        );
    }
}
