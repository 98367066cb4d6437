//! The declared type of `self` and `oldSelf` at a rule's schema node, with the sizes the cost
//! estimator reads, as the API server builds it from the structural schema (apiserver
//! `pkg/cel/common/schemas.go` `SchemaDeclType`, v1.36; `pkg/cel/types.go`, `limits.go`).

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::Value;

use super::types::Type;

/// The API server's request size limit (apiserver `apis/cel/config.go` `MaxRequestSizeBytes`,
/// 3 MiB): what bounds lists, maps and strings without `maxItems`, `maxProperties`,
/// `maxLength`.
pub const MAX_REQUEST_SIZE_BYTES: u64 = 3 * 1024 * 1024;

/// A declared type: what a value of the schema node is in CEL, how many elements (list items,
/// map entries, string characters) it may hold at most, and how few bytes its JSON can take.
#[derive(Debug)]
pub struct Decl {
    /// The type's shape.
    pub kind: DeclKind,
    /// The most elements (`DeclType.MaxElements`): `maxItems`, `maxProperties`, `4 × maxLength`
    /// or what a 3 MiB request can hold; 0 for objects and scalars without a bound.
    pub max_elements: u64,
    /// The fewest bytes of its JSON (`DeclType.MinSerializedSize`).
    pub min_size: u64,
}

/// The shape of a [`Decl`].
#[derive(Debug)]
pub enum DeclKind {
    /// A scalar (or `dyn` for int-or-string).
    Scalar(Type),
    /// A list of the element type.
    List(Arc<Decl>),
    /// A map from strings (`additionalProperties`) to the value type.
    Map(Arc<Decl>),
    /// An object: its name (`selfType`, `selfType.spec`… as the API server names them, without
    /// the per-CRD number it appends) and its fields by escaped name.
    Object {
        /// The type's name.
        name: String,
        /// The fields, by their CEL names (with `x-kubernetes-preserve-unknown-fields` too,
        /// other fields are not declared: the API server refuses `self.free.other`).
        fields: BTreeMap<String, Arc<Decl>>,
    },
}

impl Decl {
    /// The declared type of `schema` (a structural schema node); `is_root` for a custom
    /// resource's root or an embedded resource, which always has `apiVersion`, `kind` and
    /// `metadata.name`/`generateName`. `None` where the API server has no type either (no
    /// `type`, an array without `items`, `additionalProperties` without a schema): such a
    /// field is absent from its object.
    pub fn of(schema: &Value, is_root: bool) -> Option<Arc<Decl>> {
        Decl::named(schema, is_root, "selfType").map(Arc::new)
    }

    fn named(schema: &Value, is_root: bool, name: &str) -> Option<Decl> {
        let get = |key: &str| schema.get(key);
        let int = |key: &str| get(key).and_then(Value::as_i64).map(|n| n.max(0) as u64);
        if get("x-kubernetes-int-or-string").and_then(Value::as_bool) == Some(true) {
            let max = int("maxLength").map_or(MAX_REQUEST_SIZE_BYTES - 2, |n| n * 4);
            return Some(scalar(Type::Dyn, 1, max));
        }
        match get("type").and_then(Value::as_str).unwrap_or_default() {
            "array" => {
                let items = get("items").filter(|i| i.is_object())?;
                let elem = Decl::named(items, embedded(items), &format!("{name}.@idx"))?;
                let max =
                    int("maxItems").unwrap_or((MAX_REQUEST_SIZE_BYTES - 2) / (elem.min_size + 1));
                Some(Decl {
                    kind: DeclKind::List(Arc::new(elem)),
                    max_elements: max,
                    min_size: 2,
                })
            }
            "object" => {
                if let Some(values) = get("additionalProperties").filter(|a| a.is_object()) {
                    let elem = Decl::named(values, embedded(values), &format!("{name}.@elem"))?;
                    let max = int("maxProperties")
                        .unwrap_or((MAX_REQUEST_SIZE_BYTES - 2) / (elem.min_size + 6));
                    return Some(Decl {
                        kind: DeclKind::Map(Arc::new(elem)),
                        max_elements: max,
                        min_size: 2,
                    });
                }
                if get("additionalProperties").is_some_and(|a| !a.is_null()) {
                    return None;
                }
                Some(object(schema, is_root, name))
            }
            "string" => Some(string(schema)),
            "boolean" => Some(scalar(Type::Bool, 4, 0)),
            "number" => Some(scalar(Type::Double, 1, 0)),
            "integer" => Some(scalar(Type::Int, 1, 0)),
            _ => None,
        }
    }

    /// The object type's name; `""` for other types.
    pub fn name(&self) -> &str {
        match &self.kind {
            DeclKind::Object { name, .. } => name,
            _ => "",
        }
    }

    /// The CEL type of a value of this declaration.
    pub fn ty(self: &Arc<Decl>) -> Type {
        match &self.kind {
            DeclKind::Scalar(t) => t.clone(),
            DeclKind::List(elem) => Type::List(Box::new(elem.ty())),
            DeclKind::Map(elem) => Type::Map(Box::new(Type::String), Box::new(elem.ty())),
            DeclKind::Object { .. } => Type::Object(self.clone()),
        }
    }

    /// The field `name` (its CEL name) of an object.
    pub fn field(&self, name: &str) -> Option<&Arc<Decl>> {
        match &self.kind {
            DeclKind::Object { fields, .. } => fields.get(name),
            _ => None,
        }
    }

    /// The element type of a list or the value type of a map.
    pub fn elem(&self) -> Option<&Arc<Decl>> {
        match &self.kind {
            DeclKind::List(e) | DeclKind::Map(e) => Some(e),
            _ => None,
        }
    }
}

fn scalar(t: Type, min_size: u64, max_elements: u64) -> Decl {
    Decl {
        kind: DeclKind::Scalar(t),
        max_elements,
        min_size,
    }
}

/// Whether a schema node is an embedded resource (`x-kubernetes-embedded-resource: true`),
/// typed as a resource's root is.
pub fn embedded(schema: &Value) -> bool {
    schema
        .get("x-kubernetes-embedded-resource")
        .and_then(Value::as_bool)
        == Some(true)
}

/// A string node: `bytes` for `format: byte`, `duration`, `timestamp` for `date` and
/// `date-time`, otherwise a string of at most `4 × maxLength` characters, the longest of its
/// `enum`, or what a request holds.
fn string(schema: &Value) -> Decl {
    let max_length = schema
        .get("maxLength")
        .and_then(Value::as_i64)
        .map(|n| n.max(0) as u64);
    let per_request = MAX_REQUEST_SIZE_BYTES - 2;
    match schema
        .get("format")
        .and_then(Value::as_str)
        .unwrap_or_default()
    {
        "byte" => scalar(Type::Bytes, 2, max_length.unwrap_or(per_request)),
        "duration" => scalar(Type::Duration, 3, 32),
        "date" => scalar(Type::Timestamp, 12, 12),
        "date-time" => scalar(Type::Timestamp, 21, 32),
        _ => {
            let enum_max = || {
                let values = schema.get("enum").and_then(Value::as_array)?;
                (!values.is_empty()).then(|| {
                    values
                        .iter()
                        .filter_map(Value::as_str)
                        .map(|s| s.len() as u64)
                        .max()
                        .unwrap_or(0)
                })
            };
            let max = max_length
                .map(|n| n * 4)
                .or_else(enum_max)
                .unwrap_or(per_request);
            scalar(Type::String, 2, max)
        }
    }
}

/// An object node's fields, with `apiVersion`, `kind` and a `metadata` of `name` and
/// `generateName` at a resource's root (apiserver `WithTypeAndObjectMeta`).
fn object(schema: &Value, is_root: bool, name: &str) -> Decl {
    let mut properties: BTreeMap<String, Value> = schema
        .get("properties")
        .and_then(Value::as_object)
        .map(|p| p.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
        .unwrap_or_default();
    if is_root && !has_type_and_object_meta(&properties) {
        let string = serde_json::json!({"type": "string"});
        properties.insert("kind".to_owned(), string.clone());
        properties.insert("apiVersion".to_owned(), string.clone());
        properties.insert(
            "metadata".to_owned(),
            serde_json::json!({"type": "object",
                "properties": {"name": string, "generateName": string}}),
        );
    }
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut fields = BTreeMap::new();
    let mut min_size = 2;
    for (property, sub) in &properties {
        let Some(escaped) = escape(property) else {
            continue;
        };
        let Some(field) = Decl::named(sub, embedded(sub), &format!("{name}.{escaped}")) else {
            continue;
        };
        if required.contains(&property.as_str()) && sub.get("default").is_none() {
            min_size += property.len() as u64 + field.min_size + 4;
        }
        fields.insert(escaped, Arc::new(field));
    }
    Decl {
        kind: DeclKind::Object {
            name: name.to_owned(),
            fields,
        },
        max_elements: 0,
        min_size,
    }
}

fn has_type_and_object_meta(properties: &BTreeMap<String, Value>) -> bool {
    fn ty(v: Option<&Value>) -> Option<&str> {
        v.and_then(|v| v.get("type")).and_then(Value::as_str)
    }
    let meta = properties.get("metadata");
    ty(properties.get("kind")) == Some("string")
        && ty(properties.get("apiVersion")) == Some("string")
        && ty(meta) == Some("object")
        && ty(meta.and_then(|m| m.pointer("/properties/name"))) == Some("string")
        && ty(meta.and_then(|m| m.pointer("/properties/generateName"))) == Some("string")
}

/// A property's CEL name, or `None` where the API server cannot escape it (apiserver
/// `pkg/cel/escaping.go` `Escape`: empty, a leading digit, a character other than ASCII
/// letters, digits, `_`, `.`, `-`, `/`): such a field is left out.
fn escape(name: &str) -> Option<String> {
    let first = name.chars().next()?;
    let valid = |c: char| c.is_ascii_alphanumeric() || "_.-/".contains(c);
    (!first.is_ascii_digit() && name.chars().all(valid)).then(|| crate::names::escape(name))
}
