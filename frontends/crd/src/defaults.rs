//! Structural defaulting, as the API server applies it to a decoded custom resource before it
//! validates it (apiextensions-apiserver `pkg/apiserver/schema/defaulting` `Default`): at every
//! object, each property that is absent (or a `null` the schema does not allow) takes a copy of
//! its `default`; then every property, defaulted ones included, is defaulted in turn, so the
//! defaults of a defaulted `{}` apply too. Map values and list items that are disallowed
//! `null`s take their schema's default.

use serde_json::Value;

/// Bounds the walk (the API server refuses objects this deep long before).
const MAX_DEPTH: usize = 512;

/// `object` with the defaults of `schema` (a structural schema node) applied.
pub fn apply(schema: &Value, object: &Value) -> Value {
    let mut out = object.clone();
    default(schema, &mut out, 0);
    out
}

fn default(schema: &Value, x: &mut Value, depth: usize) {
    if depth > MAX_DEPTH {
        return;
    }
    match x {
        Value::Object(map) => {
            let properties = schema.get("properties").and_then(Value::as_object);
            for (k, prop) in properties.into_iter().flatten() {
                let Some(d) = prop.get("default") else {
                    continue;
                };
                if map.get(k).is_none_or(|v| non_nullable_null(v, prop)) {
                    map.insert(k.clone(), d.clone());
                }
            }
            let additional = schema.get("additionalProperties").filter(|a| a.is_object());
            for (k, v) in map.iter_mut() {
                if let Some(prop) = properties.and_then(|p| p.get(k)) {
                    default(prop, v, depth + 1);
                } else if let Some(sub) = additional {
                    take_default(sub, v);
                    default(sub, v, depth + 1);
                }
            }
        }
        Value::Array(items) => {
            if let Some(sub) = schema.get("items") {
                for item in items {
                    take_default(sub, item);
                    default(sub, item, depth + 1);
                }
            }
        }
        _ => {}
    }
}

/// A disallowed `null` takes the schema's default, when it has one.
fn take_default(schema: &Value, v: &mut Value) {
    if non_nullable_null(v, schema)
        && let Some(d) = schema.get("default")
    {
        *v = d.clone();
    }
}

fn non_nullable_null(v: &Value, schema: &Value) -> bool {
    v.is_null() && schema.get("nullable") != Some(&Value::Bool(true))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_defaults_of_a_defaulted_object_apply_too() {
        let schema = json!({"properties": {"preemption": {"default": {}, "properties": {
            "borrow": {"default": {}, "properties": {"policy": {"default": "Never"}}},
            "reclaim": {"default": "Never"}}}}});
        assert_eq!(
            apply(&schema, &json!({})),
            json!({"preemption": {"borrow": {"policy": "Never"}, "reclaim": "Never"}})
        );
        // A value given is kept; a disallowed null is defaulted, an allowed one kept.
        let schema =
            json!({"properties": {"a": {"default": 1}, "b": {"default": 2, "nullable": true}}});
        assert_eq!(
            apply(&schema, &json!({"a": null, "b": null})),
            json!({"a": 1, "b": null})
        );
    }
}
