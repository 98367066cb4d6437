//! The texts of Go's `encoding/json` decoder, which Kyverno's strict YAML decoding
//! (`sigs.k8s.io/yaml.UnmarshalStrict`: YAML to JSON, then `json.Decoder` with
//! `DisallowUnknownFields`) gives for the violations it also finds:
//!
//! - a field the schema does not list (`additionalProperties: false` added by strict
//!   decoding): `json: unknown field "<name>"`, in either version (Go's text names no type);
//! - a value of the wrong JSON type (`type`), v1alpha1 only, where the Go type is known:
//!   `json: cannot unmarshal <json type> into Go struct field <Struct>.<path> of type <go
//!   type>`, `<Struct>` being the innermost Go struct decoded and `<path>` the JSON field
//!   names from the root, joined by `.` (Go 1.20's `UnmarshalTypeError`). The Go types are
//!   those of kyverno `cmd/cli/kubectl-kyverno/apis/v1alpha1` ([`STRUCTS`] for structs, the
//!   schema's `type` for the rest). Go decodes `null` into anything, so a `null` gets no Go
//!   text.
//!
//! Anything else gets `None` (the caller uses `json_schema::describe`).

use serde_json::Value;

use validgen_core::ir::Violation;

/// The Go type of each object schema of the v1alpha1 `Test` CRD that Go decodes into a
/// struct (or a map), by the schema's JSON Pointer in the `openAPIV3Schema`.
const STRUCTS: [(&str, &str); 17] = [
    ("", "v1alpha1.Test"),
    ("/properties/metadata", "v1.ObjectMeta"),
    ("/properties/results/items", "v1alpha1.TestResult"),
    (
        "/properties/results/items/properties/resourceSpecs/items",
        "v1alpha1.TestResourceSpec",
    ),
    (
        "/properties/apiCallResponses/items",
        "v1alpha1.APICallResponseEntry",
    ),
    (
        "/properties/apiCallResponses/items/properties/response",
        "v1alpha1.APICallResponse",
    ),
    (
        "/properties/globalContextEntries/items",
        "v1alpha1.GlobalContextEntryValue",
    ),
    (
        "/properties/globalContextEntries/items/properties/projections/items",
        "v1alpha1.GlobalContextProjection",
    ),
    ("/properties/values", "v1alpha1.ValuesSpec"),
    (
        "/properties/values/properties/policies/items",
        "v1alpha1.Policy",
    ),
    (
        "/properties/values/properties/policies/items/properties/resources/items",
        "v1alpha1.Resource",
    ),
    (
        "/properties/values/properties/policies/items/properties/rules/items",
        "v1alpha1.Rule",
    ),
    (
        "/properties/values/properties/namespaceSelector/items",
        "v1alpha1.NamespaceSelector",
    ),
    (
        "/properties/values/properties/namespaces/items",
        "v1.Namespace",
    ),
    (
        "/properties/values/properties/subresources/items",
        "v1alpha1.Subresource",
    ),
    (
        "/properties/values/properties/subresources/items/properties/parentResource",
        "v1.APIResource",
    ),
    (
        "/properties/values/properties/subresources/items/properties/subresource",
        "v1.APIResource",
    ),
];

/// Go types of leaf schemas that are not the plain type their `type` says.
const LEAVES: [(&str, &str); 2] = [
    (
        "/properties/results/items/properties/result",
        "v1alpha1.Result",
    ),
    (
        "/properties/values/properties/policies/items/properties/rules/items/properties/foreachValues",
        "map[string][]interface {}",
    ),
];

/// Go's text for violation `v` of `doc` against `schema` (the rewritten `openAPIV3Schema`),
/// if Go's decoder reports it; `go_types`: the schema is v1alpha1's, whose Go types are known.
pub fn message(v: &Violation, doc: &Value, schema: &Value, go_types: bool) -> Option<String> {
    match v.check {
        "false" if v.keyword.ends_with("/additionalProperties") => {
            let key = v.location.rsplit('/').next()?;
            let key = key.replace("~1", "/").replace("~0", "~");
            let known = v
                .keyword
                .strip_suffix("/additionalProperties")
                .and_then(|at| schema.pointer(&format!("{at}/properties")))
                .and_then(Value::as_object);
            let hint = known
                .and_then(|k| nearest(&key, k.keys()))
                .map(|n| format!(" (did you mean {}?)", Value::String(n.to_owned())))
                .unwrap_or_default();
            Some(format!("json: unknown field {}{hint}", Value::String(key)))
        }
        "type" if go_types => type_error(v, doc, schema),
        _ => None,
    }
}

/// The known field nearest to the unknown `key`, when it is a likely typo: at most a third of
/// the key's characters (at least one) inserted, deleted, replaced or transposed, letter case
/// ignored (a key differing only in case is its field already: `decode.rs`).
fn nearest<'a>(key: &str, known: impl Iterator<Item = &'a String>) -> Option<&'a str> {
    let key = key.to_lowercase();
    let limit = (key.chars().count() / 3).max(1);
    known
        .map(|k| (strsim::osa_distance(&key, &k.to_lowercase()), k))
        .filter(|(d, _)| *d <= limit)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k.as_str())
}

/// `json: cannot unmarshal …` for a `type` violation, when the Go types on the way are known.
fn type_error(v: &Violation, doc: &Value, schema: &Value) -> Option<String> {
    let value = doc.pointer(&v.location)?;
    let node_at = v.keyword.strip_suffix("/type")?;
    let (structure, fields) = go_path(node_at)?;
    let go_type = go_type(node_at, schema)?;
    let json_type = match value {
        Value::Null => return None,
        Value::Bool(_) => "bool".to_owned(),
        Value::Number(n) if go_type == "int" && !n.is_i64() && !n.is_u64() => format!("number {n}"),
        Value::Number(_) => "number".to_owned(),
        Value::String(_) => "string".to_owned(),
        Value::Array(_) => "array".to_owned(),
        Value::Object(_) => "object".to_owned(),
    };
    let structure = structure.rsplit('.').next().unwrap_or(structure);
    Some(format!(
        "json: cannot unmarshal {json_type} into Go struct field {structure}.{fields} of type {go_type}"
    ))
}

/// The innermost struct decoded on the way to the schema at `node_at`, and the JSON field
/// names from the root to it (`results.result`); `None` for the root or a path through a
/// schema Go does not decode into a known struct.
fn go_path(node_at: &str) -> Option<(&'static str, String)> {
    let mut structure = None;
    let mut fields: Vec<String> = Vec::new();
    let mut at = String::new();
    let mut tokens = node_at.split('/').skip(1);
    while let Some(token) = tokens.next() {
        match token {
            "properties" => {
                let name = tokens.next()?;
                // A field of an object Go decodes as a struct: that struct is the context.
                structure = Some(lookup(&STRUCTS, &at)?);
                at = format!("{at}/properties/{name}");
                fields.push(name.replace("~1", "/").replace("~0", "~"));
            }
            "items" | "additionalProperties" => at = format!("{at}/{token}"),
            _ => return None,
        }
    }
    Some((structure?, fields.join(".")))
}

/// The Go type the schema at `at` decodes into.
fn go_type(at: &str, schema: &Value) -> Option<String> {
    if let Some(t) = lookup(&STRUCTS, at).or_else(|| lookup(&LEAVES, at)) {
        return Some(t.to_owned());
    }
    let node = schema.pointer(at)?;
    match node.get("type")?.as_str()? {
        "string" => Some("string".to_owned()),
        "integer" => Some("int".to_owned()),
        "boolean" => Some("bool".to_owned()),
        "array" => Some(format!("[]{}", go_type(&format!("{at}/items"), schema)?)),
        "object" => match node.get("additionalProperties") {
            Some(Value::Object(_)) => Some(format!(
                "map[string]{}",
                go_type(&format!("{at}/additionalProperties"), schema)?
            )),
            _ if node.get("x-kubernetes-preserve-unknown-fields") == Some(&Value::Bool(true)) => {
                Some("map[string]interface {}".to_owned())
            }
            _ => None,
        },
        _ => None,
    }
}

fn lookup(table: &[(&str, &'static str)], at: &str) -> Option<&'static str> {
    table.iter().find(|(p, _)| *p == at).map(|(_, t)| *t)
}
