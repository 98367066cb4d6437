//! A CRD version's `subresources`, as the API server applies them to the main resource
//! (apiextensions-apiserver v1.36 `pkg/registry/customresource`): with `status` on, a create
//! drops the object's `status` and an update keeps the stored one (`PrepareForCreate`,
//! `PrepareForUpdate`); with `scale`, the replica counts and the label selector its paths name
//! are checked after the schema (`validator.go` `ValidateScaleSpec`, `ValidateScaleStatus`).

use serde_json::Value;

use crate::field_error::{ErrorType, FieldError};

/// The subresources of one CRD version.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Subresources {
    /// `subresources.status` is set: the main resource never writes `status`.
    pub status: bool,
    /// `subresources.scale`.
    pub scale: Option<Scale>,
}

/// `subresources.scale`: JSONPath-like paths (`.spec.replicas`) into the object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scale {
    /// `specReplicasPath`.
    pub spec_replicas_path: String,
    /// `statusReplicasPath`.
    pub status_replicas_path: String,
    /// `labelSelectorPath`, when given.
    pub label_selector_path: Option<String>,
}

impl Subresources {
    /// A CRD version's `subresources` as written (`null` when it has none); what is missing
    /// or not a string is absent.
    pub fn of(sub: &Value) -> Subresources {
        let path = |name: &str| {
            sub.pointer(&format!("/scale/{name}"))
                .and_then(Value::as_str)
                .map(str::to_owned)
        };
        Subresources {
            status: sub.get("status").is_some_and(|s| !s.is_null()),
            scale: sub.get("scale").filter(|s| s.is_object()).map(|_| Scale {
                spec_replicas_path: path("specReplicasPath").unwrap_or_default(),
                status_replicas_path: path("statusReplicasPath").unwrap_or_default(),
                label_selector_path: path("labelSelectorPath"),
            }),
        }
    }

    /// `object` as the main resource stores it: with the status subresource, a create's
    /// `status` is dropped and an update's is the stored object's.
    pub fn prepare(&self, object: &mut Value, old: Option<&Value>) {
        if !self.status {
            return;
        }
        let Some(map) = object.as_object_mut() else {
            return;
        };
        match old.and_then(|o| o.get("status")) {
            Some(status) => {
                map.insert("status".to_owned(), status.clone());
            }
            None => {
                map.remove("status");
            }
        }
    }

    /// The scale subresource's errors for `object`, in the API server's order: the spec
    /// replicas, the status replicas, the label selector.
    pub fn validate(&self, object: &Value) -> Vec<FieldError> {
        let Some(scale) = &self.scale else {
            return Vec::new();
        };
        let mut errors = Vec::new();
        for path in [&scale.spec_replicas_path, &scale.status_replicas_path] {
            errors.extend(replicas_error(object, path));
        }
        if let Some(path) = &scale.label_selector_path
            && let Err(detail) = nested(object, path, Accessed::String)
        {
            errors.push(invalid(path, Value::from(""), detail));
        }
        errors
    }
}

/// What the accessor expects at the end of the path.
#[derive(Clone, Copy)]
enum Accessed {
    Int64,
    String,
}

/// The error of the replica count at `path`: not an `int64`, negative, or above `MaxInt32`.
fn replicas_error(object: &Value, path: &str) -> Option<FieldError> {
    match nested(object, path, Accessed::Int64) {
        Err(detail) => Some(invalid(path, Value::from(0), detail)),
        Ok(Some(n)) if n < 0 => Some(invalid(
            path,
            Value::from(n),
            "should be a non-negative integer".to_owned(),
        )),
        Ok(Some(n)) if n > i64::from(i32::MAX) => Some(invalid(
            path,
            Value::from(n),
            format!("should be less than or equal to {}", i32::MAX),
        )),
        Ok(_) => None,
    }
}

fn invalid(path: &str, bad: Value, detail: String) -> FieldError {
    FieldError {
        error_type: ErrorType::Invalid,
        field: path.to_owned(),
        bad_value: Some(bad),
        detail,
    }
}

/// The value at `path` (leading `.` ignored, then split on `.`), as apimachinery's
/// `unstructured.NestedInt64`/`NestedString` read it: `Ok(None)` when a field is missing or a
/// step is `null`; an accessor error when a step is not an object or the value is not of the
/// expected type. An `Ok` integer only for [`Accessed::Int64`].
fn nested(object: &Value, path: &str, accessed: Accessed) -> Result<Option<i64>, String> {
    let fields: Vec<&str> = path.strip_prefix('.').unwrap_or(path).split('.').collect();
    let mut value = object;
    for (i, field) in fields.iter().enumerate() {
        match value {
            Value::Null => return Ok(None),
            Value::Object(map) => match map.get(*field) {
                Some(v) => value = v,
                None => return Ok(None),
            },
            other => {
                return Err(format!(
                    "{} accessor error: {} is of the type {}, expected map[string]interface{{}}",
                    json_path(&fields[..=i]),
                    percent_v(other),
                    go_type(other)
                ));
            }
        }
    }
    let expected = match accessed {
        Accessed::Int64 => match value.as_i64() {
            Some(n) if value.is_i64() || value.is_u64() => return Ok(Some(n)),
            _ => "int64",
        },
        Accessed::String if value.is_string() => return Ok(None),
        Accessed::String => "string",
    };
    Err(format!(
        "{} accessor error: {} is of the type {}, expected {expected}",
        json_path(&fields),
        percent_v(value),
        go_type(value)
    ))
}

/// apimachinery's `jsonPath(fields)`: `.` before the fields joined by `.`.
fn json_path(fields: &[&str]) -> String {
    format!(".{}", fields.join("."))
}

/// Go's `%T` of a value decoded by apimachinery's `util/json` (whole numbers `int64`, others
/// `float64`).
fn go_type(value: &Value) -> &'static str {
    match value {
        Value::Null => "<nil>",
        Value::Bool(_) => "bool",
        Value::Number(n) if n.is_i64() || n.is_u64() => "int64",
        Value::Number(_) => "float64",
        Value::String(_) => "string",
        Value::Array(_) => "[]interface {}",
        Value::Object(_) => "map[string]interface {}",
    }
}

/// Go's `%v` of such a value: maps as `map[k:v ...]` with sorted keys, slices as `[a b]`.
fn percent_v(value: &Value) -> String {
    match value {
        Value::Null => "<nil>".to_owned(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) if n.is_i64() || n.is_u64() => n.to_string(),
        Value::Number(n) => {
            validgen_gotext::strconv::format_float_shortest(n.as_f64().unwrap_or(0.0))
        }
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(percent_v).collect();
            format!("[{}]", items.join(" "))
        }
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            let entries: Vec<String> = entries
                .iter()
                .map(|(k, v)| format!("{k}:{}", percent_v(v)))
                .collect();
            format!("map[{}]", entries.join(" "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn scale() -> Subresources {
        Subresources::of(&json!({"status": {}, "scale": {
            "specReplicasPath": ".spec.replicas",
            "statusReplicasPath": ".status.replicas",
            "labelSelectorPath": ".status.selector"}}))
    }

    fn messages(object: Value) -> Vec<String> {
        scale()
            .validate(&object)
            .iter()
            .map(FieldError::message)
            .collect()
    }

    #[test]
    fn replicas_of_the_wrong_type_are_accessor_errors() {
        assert_eq!(
            messages(json!({"spec": {"replicas": "abc"}})),
            [
                ".spec.replicas: Invalid value: 0: .spec.replicas accessor error: abc is of the type string, expected int64"
            ]
        );
        assert_eq!(
            messages(json!({"spec": {"replicas": 1.5}, "status": {"selector": 3}})),
            [
                ".spec.replicas: Invalid value: 0: .spec.replicas accessor error: 1.5 is of the type float64, expected int64",
                ".status.selector: Invalid value: \"\": .status.selector accessor error: 3 is of the type int64, expected string"
            ]
        );
        assert_eq!(
            messages(json!({"spec": [1, "a"]})),
            [
                ".spec.replicas: Invalid value: 0: .spec.replicas accessor error: [1 a] is of the type []interface {}, expected map[string]interface{}"
            ]
        );
    }

    #[test]
    fn replicas_out_of_range() {
        assert_eq!(
            messages(json!({"spec": {"replicas": -1}, "status": {"replicas": 2147483648_i64}})),
            [
                ".spec.replicas: Invalid value: -1: should be a non-negative integer",
                ".status.replicas: Invalid value: 2147483648: should be less than or equal to 2147483647"
            ]
        );
        assert!(messages(json!({"spec": {"replicas": 3}, "status": null})).is_empty());
    }

    #[test]
    fn the_status_subresource_keeps_status_out_of_the_main_resource() {
        let s = scale();
        let mut created = json!({"spec": {}, "status": {"replicas": "x"}});
        s.prepare(&mut created, None);
        assert_eq!(created, json!({"spec": {}}));
        let mut updated = json!({"spec": {}, "status": {"replicas": "x"}});
        s.prepare(&mut updated, Some(&json!({"status": {"replicas": 1}})));
        assert_eq!(updated, json!({"spec": {}, "status": {"replicas": 1}}));
        let mut plain = json!({"status": 1});
        Subresources::default().prepare(&mut plain, None);
        assert_eq!(plain, json!({"status": 1}));
    }
}
