//! Test documents as Kyverno's Go decoder reads them, before any check.
//!
//! Kyverno loads a test (and a values, user-info or context file) with
//! `k8s.io/apimachinery/pkg/util/yaml.UnmarshalStrict` (kyverno
//! `cmd/cli/kubectl-kyverno/test/load.go`, `utils/common.LoadYAML`), which is
//! `sigs.k8s.io/yaml.UnmarshalStrict`: the YAML is read into a Go map, written as JSON by
//! `json.Marshal` (object keys sorted bytewise), then decoded by `encoding/json` into the Go
//! struct with `DisallowUnknownFields`. So:
//!
//! - a key names the struct field whose JSON name equals it, else the one it folds to
//!   (case-insensitively, [`validgen_gotext::json`]): `isMUtatingPolicy` is `isMutatingPolicy`,
//!   `Results` is `results`;
//! - several keys naming one field are decoded one after the other in sorted key order, each
//!   into the same field: a later scalar or list replaces the earlier one (a list element by
//!   element: Go decodes each element into the existing one and truncates), a later object is
//!   decoded into the earlier one (fields it lacks keep their earlier values);
//! - keys of maps (`globalValues`, labels, a resource's own fields) are kept as written.
//!
//! [`decode`] gives the document with every key under its field's name, so every later check
//! (the schema, the load checks, `kyverno fix test`, the file checks, migration) reads what
//! Kyverno reads; [`Decoded::original`] maps a JSON Pointer into it back to the key the user
//! wrote. Which objects are structs comes from the version's schema: after
//! `reject_unknown_fields`, an object schema with `properties` and `additionalProperties: false`
//! is a Go struct (the CRDs are generated from the Go types).

use std::collections::HashMap;

use serde_json::{Map, Value};

use super::{Finding, Layer, Version, catalog};
use validgen_core::ir::Severity;
use validgen_gotext::json::field_for;

/// A document as Go decodes it.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    /// The document with every struct field under its JSON name.
    pub value: Value,
    /// Canonical JSON Pointer → the pointer as written of each object member (the key Go
    /// decoded last into it); empty when decoding renamed and merged nothing.
    written: HashMap<String, String>,
    /// Whether a key was renamed or merged.
    changed: bool,
    /// A warning for each key matched case-insensitively and each field named by several
    /// keys, at the key as written.
    pub warnings: Vec<Finding>,
}

impl Decoded {
    /// Whether decoding renamed or merged nothing (the value is the document as written).
    pub fn is_verbatim(&self) -> bool {
        !self.changed
    }

    /// The JSON Pointer, in the document as written, of the value at `pointer` in
    /// [`Decoded::value`]: its longest recorded prefix replaced by the keys the value came
    /// from (a list element has no key: it is where its list came from).
    pub fn original(&self, pointer: &str) -> String {
        if self.written.is_empty() {
            return pointer.to_owned();
        }
        let mut end = pointer.len();
        loop {
            let prefix = &pointer[..end];
            if let Some(written) = self.written.get(prefix) {
                return format!("{written}{}", &pointer[end..]);
            }
            match prefix.rfind('/') {
                Some(i) => end = i,
                None => return pointer.to_owned(),
            }
        }
    }
}

/// The test document `doc` of `version` as Go decodes it, the type being the version's
/// schema ([`catalog::compiled`]); as written when that schema is broken (its own finding
/// says so).
pub fn test(version: Version, doc: &Value) -> Decoded {
    match catalog::compiled(version) {
        Ok(c) => decode(doc, &c.schema),
        Err(_) => decode(doc, &Value::Bool(true)),
    }
}

/// Bounds the walk (deeper values are kept as written; the schema compiler bounds schemas).
const MAX_DEPTH: usize = 256;

/// `doc` as Go decodes it into the type described by `schema` (a rewritten
/// `openAPIV3Schema`, see the module docs).
pub fn decode(doc: &Value, schema: &Value) -> Decoded {
    let mut out = Decoded {
        value: Value::Null,
        written: HashMap::new(),
        changed: false,
        warnings: Vec::new(),
    };
    out.value = walk(doc, Some(schema), "", "", 0, &mut out);
    if !out.changed {
        out.written = HashMap::new();
    }
    out
}

/// The names of the struct fields of the object schema `schema`, when it is a struct.
fn struct_fields(schema: &Value) -> Option<Vec<&str>> {
    if schema.get("additionalProperties") != Some(&Value::Bool(false)) {
        return None;
    }
    let props = schema.get("properties")?.as_object()?;
    Some(props.keys().map(String::as_str).collect())
}

fn walk(
    value: &Value,
    schema: Option<&Value>,
    at: &str,
    written_at: &str,
    depth: usize,
    out: &mut Decoded,
) -> Value {
    if depth > MAX_DEPTH {
        return value.clone();
    }
    match value {
        Value::Object(map) => match schema.and_then(struct_fields) {
            Some(fields) => decode_struct(map, schema, &fields, at, written_at, depth, out),
            None => {
                let inner = schema.and_then(|s| s.get("additionalProperties"));
                let inner = inner.filter(|s| s.is_object());
                let mut obj = Map::with_capacity(map.len());
                for (k, v) in map {
                    let token = escape(k);
                    let child_at = format!("{at}/{token}");
                    let child_written = format!("{written_at}/{token}");
                    let child = walk(v, inner, &child_at, &child_written, depth + 1, out);
                    out.written.insert(child_at, child_written);
                    obj.insert(k.clone(), child);
                }
                Value::Object(obj)
            }
        },
        Value::Array(items) => {
            let inner = schema.and_then(|s| s.get("items"));
            Value::Array(
                items
                    .iter()
                    .enumerate()
                    .map(|(i, v)| {
                        walk(
                            v,
                            inner,
                            &format!("{at}/{i}"),
                            &format!("{written_at}/{i}"),
                            depth + 1,
                            out,
                        )
                    })
                    .collect(),
            )
        }
        _ => value.clone(),
    }
}

/// An object Go decodes into a struct with fields `fields`.
fn decode_struct(
    map: &Map<String, Value>,
    schema: Option<&Value>,
    fields: &[&str],
    at: &str,
    written_at: &str,
    depth: usize,
    out: &mut Decoded,
) -> Value {
    // Each key's name in the decoded object, in document order; unknown keys keep theirs (the
    // schema reports them, as `DisallowUnknownFields` does).
    let named: Vec<(&String, String)> = map
        .iter()
        .map(|(k, _)| {
            let field = field_for(k, fields.iter().copied()).unwrap_or(k);
            (k, field.to_owned())
        })
        .collect();
    let mut obj = Map::with_capacity(map.len());
    for (_, field) in &named {
        if obj.contains_key(field) {
            continue;
        }
        // Go decodes the keys naming this field in json.Marshal's order: sorted bytewise.
        let mut keys: Vec<&String> = named
            .iter()
            .filter(|(_, f)| f == field)
            .map(|(k, _)| *k)
            .collect();
        keys.sort();
        let sub = schema.and_then(|s| s.pointer(&format!("/properties/{}", escape(field))));
        let field_at = format!("{at}/{}", escape(field));
        if keys.len() > 1 {
            out.changed = true;
            let last = keys.last().map_or(String::new(), |k| escape(k));
            out.warnings.push(warning(
                format!("{written_at}/{last}"),
                format!(
                    "{} all name the field `{field}`: Go's decoder reads them in the order {}, each over the last; keep one",
                    list(&keys),
                    list(&keys)
                ),
            ));
        }
        let mut merged: Option<Value> = None;
        for k in &keys {
            let key_at = format!("{written_at}/{}", escape(k));
            out.written.insert(field_at.clone(), key_at.clone());
            if k.as_str() != field.as_str() {
                out.changed = true;
                out.warnings.push(warning(
                    key_at.clone(),
                    format!(
                        "`{k}` is read as the field `{field}`: Go's decoder matches field names case-insensitively; write `{field}`"
                    ),
                ));
            }
            let decoded = walk(&map[k.as_str()], sub, &field_at, &key_at, depth + 1, out);
            merged = Some(match merged {
                Some(earlier) => go_merge(earlier, decoded, sub),
                None => decoded,
            });
        }
        obj.insert(field.clone(), merged.unwrap_or(Value::Null));
    }
    Value::Object(obj)
}

/// `later` decoded into the value `earlier` already holds, as `encoding/json` does: objects
/// field by field (a struct keeps what `later` lacks; a `null` into a struct changes nothing),
/// lists element by element then truncated to `later`'s length, anything else replaced.
fn go_merge(earlier: Value, later: Value, schema: Option<&Value>) -> Value {
    match (earlier, later) {
        (Value::Object(mut before), Value::Object(now)) => {
            let is_struct = schema.and_then(struct_fields).is_some();
            for (k, v) in now {
                let sub = if is_struct {
                    schema.and_then(|s| s.pointer(&format!("/properties/{}", escape(&k))))
                } else {
                    schema.and_then(|s| s.get("additionalProperties"))
                };
                let merged = match before.remove(&k) {
                    Some(old) => go_merge(old, v, sub),
                    None => v,
                };
                before.insert(k, merged);
            }
            Value::Object(before)
        }
        (earlier @ Value::Object(_), Value::Null) if schema.and_then(struct_fields).is_some() => {
            earlier
        }
        (Value::Array(before), Value::Array(now)) => {
            let inner = schema.and_then(|s| s.get("items"));
            let mut before = before.into_iter();
            Value::Array(
                now.into_iter()
                    .map(|v| match before.next() {
                        Some(old) => go_merge(old, v, inner),
                        None => v,
                    })
                    .collect(),
            )
        }
        (_, later) => later,
    }
}

/// A JSON Pointer token.
fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// `a`, `b` and `c`.
fn list(keys: &[&String]) -> String {
    let quoted: Vec<String> = keys.iter().map(|k| format!("`{k}`")).collect();
    match quoted.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => quoted.join(""),
    }
}

fn warning(instance: String, message: String) -> Finding {
    Finding {
        instance,
        layer: Layer::Load,
        keyword: "fieldName".to_owned(),
        message,
        severity: Severity::Warning,
        file: String::new(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn schema() -> Value {
        json!({"type": "object", "additionalProperties": false, "properties": {
            "results": {"type": "array", "items": {"type": "object", "additionalProperties": false,
                "properties": {"policy": {"type": "string"}, "isMutatingPolicy": {"type": "boolean"}}}},
            "values": {"type": "object", "additionalProperties": false, "properties": {
                "globalValues": {"type": "object", "additionalProperties": {"type": "string"}},
                "policies": {"type": "array"}}}
        }})
    }

    #[test]
    fn keys_are_matched_exactly_then_case_insensitively() {
        let doc = json!({"Results": [{"isMUtatingPolicy": true, "policy": "p"}],
                         "values": {"GlobalValues": {"Request.Operation": "CREATE"}}});
        let d = decode(&doc, &schema());
        assert_eq!(
            d.value,
            json!({"results": [{"isMutatingPolicy": true, "policy": "p"}],
                   "values": {"globalValues": {"Request.Operation": "CREATE"}}})
        );
        assert_eq!(
            d.original("/results/0/isMutatingPolicy"),
            "/Results/0/isMUtatingPolicy"
        );
        assert_eq!(d.original("/results/0/policy"), "/Results/0/policy");
        assert_eq!(
            d.original("/values/globalValues/Request.Operation"),
            "/values/GlobalValues/Request.Operation"
        );
        let at: Vec<&str> = d.warnings.iter().map(|w| w.instance.as_str()).collect();
        assert_eq!(
            at,
            [
                "/Results",
                "/Results/0/isMUtatingPolicy",
                "/values/GlobalValues"
            ]
        );
        assert!(d.warnings[1].message.contains("write `isMutatingPolicy`"));
    }

    #[test]
    fn unknown_fields_and_verbatim_documents_are_kept() {
        let doc = json!({"results": [], "resorces": ["a.yaml"]});
        let d = decode(&doc, &schema());
        assert!(d.is_verbatim());
        assert_eq!(d.value, doc);
        assert!(d.warnings.is_empty());
    }

    #[test]
    fn keys_naming_one_field_decode_in_sorted_order_one_over_the_other() {
        // Sorted: "RESULTS" < "Results" < "results"; lists merge element by element.
        let doc = json!({
            "results": [{"policy": "last"}],
            "RESULTS": [{"policy": "first", "isMutatingPolicy": true}, {"policy": "dropped"}],
            "Results": [{"policy": "middle"}]
        });
        let d = decode(&doc, &schema());
        assert_eq!(
            d.value,
            json!({"results": [{"policy": "last", "isMutatingPolicy": true}]})
        );
        assert_eq!(d.original("/results/0/policy"), "/results/0/policy");
        let dup = d.warnings.iter().find(|w| w.message.contains("all name"));
        assert_eq!(dup.map(|w| w.instance.as_str()), Some("/results"));
        // A null into a struct changes nothing; into a list, it empties it.
        let doc = json!({"Values": {"policies": [1]}, "values": null});
        assert_eq!(
            decode(&doc, &schema()).value,
            json!({"values": {"policies": [1]}})
        );
        let doc = json!({"values": {"Policies": [1], "policies": null}});
        assert_eq!(
            decode(&doc, &schema()).value,
            json!({"values": {"policies": null}})
        );
    }

    #[test]
    fn merged_objects_keep_each_child_origin() {
        let doc = json!({"Values": {"globalValues": {"a": "1"}}, "values": {"policies": []}});
        let d = decode(&doc, &schema());
        assert_eq!(
            d.value,
            json!({"values": {"globalValues": {"a": "1"}, "policies": []}})
        );
        assert_eq!(
            d.original("/values/globalValues/a"),
            "/Values/globalValues/a"
        );
        assert_eq!(d.original("/values/policies"), "/values/policies");
    }
}
