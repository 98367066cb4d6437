//! Parsing JSON text into a `Value` whose repeated object keys are combined as the reference's
//! encoding/json combines them ([`super::merge`]), where a `Value` would keep only the last one.
//! The VM's types say how: at `request.object` of an `AdmissionReview` ([`GoReview`]), and at
//! the root (and under `items`) of a manifest document ([`GoDocument`]). A struct key in
//! another case than an earlier one is the same field (encoding/json `foldName`): it is
//! combined with the earlier copies here, under the first spelling, in document order. The
//! keys of the review's envelope that the review reads (`request`, its `uid`, `resource` and
//! `object`, the resource's parts) are matched case-insensitively, kept under their own
//! name, and combined as encoding/json decodes them into the `AdmissionReview`.
//!
//! encoding/json decodes every copy of a repeated key in turn, so an error in an earlier copy
//! counts even when a later copy replaces it (`"cores": "2", "cores": 2` is a 400), and the
//! reported one is the first in document order (`decodeState.saveError` keeps the first type
//! error; a custom unmarshaller's error stops decoding at once). Once a copy of a typed key
//! does not decode ([`health`]), the VM is undecodable and only that error matters: the copy
//! whose error encoding/json reports is kept as written (the earlier one, unless only the later
//! one stops decoding), at its own place in the object, for the typed decoding to report.

use std::collections::HashMap;
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

use super::decode::{Health, health};
use super::merge::merge;
use super::schema::{GoKind, Schema, TypeId};
use crate::rules::fold::folds_to;

/// An `AdmissionReview` with the VM at `request.object` combined as the reference decodes it
/// (a repeated `object` is replaced whole: apimachinery `RawExtension.UnmarshalJSON` keeps the
/// last bytes).
#[derive(Debug, Clone, PartialEq)]
pub struct GoReview(pub Value);

/// A manifest document read as a `VirtualMachine` (and the `items` of a list as documents):
/// repeated keys combined as the reference decodes a VM given as those bytes.
#[derive(Debug, Clone, PartialEq)]
pub struct GoDocument(pub Value);

impl<'de> serde::Deserialize<'de> for GoReview {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Seed::new(At::Review).deserialize(d).map(GoReview)
    }
}

impl<'de> serde::Deserialize<'de> for GoDocument {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Seed::new(At::Document).deserialize(d).map(GoDocument)
    }
}

/// Where a value sits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum At {
    /// Outside the VM's types.
    Untyped,
    /// A value of this Go type.
    Go(TypeId),
    /// The `AdmissionReview` object.
    Review,
    /// Its `request`.
    Request,
    /// The request's `resource` (a `GroupVersionResource`).
    Resource,
    /// A manifest document: a VM, or a list of them under `items`.
    Document,
    /// A document's `items`.
    Items,
}

#[derive(Clone, Copy)]
struct Seed {
    schema: &'static Schema,
    at: At,
}

impl Seed {
    fn new(at: At) -> Seed {
        Seed {
            schema: Schema::kubevirt(),
            at,
        }
    }

    fn with(self, at: At) -> Seed {
        Seed { at, ..self }
    }

    /// A type with its pointers followed.
    fn deref(&self, mut ty: TypeId) -> TypeId {
        while self.schema.get(ty).kind == GoKind::Ptr
            && let Some(e) = self.schema.get(ty).elem
        {
            ty = e;
        }
        ty
    }

    /// Where the value of object key `key` sits, and the struct field it decodes into (its
    /// canonical key), if any.
    fn key(&self, key: &str) -> (At, Option<&'static str>) {
        match self.at {
            At::Go(ty) => {
                let ty = self.deref(ty);
                let t = self.schema.get(ty);
                match t.kind {
                    GoKind::Struct if t.leaf.is_none() => self
                        .schema
                        .key_target(ty, key)
                        .map_or((At::Untyped, None), |f| {
                            (At::Go(f.ty), Some(f.key.as_str()))
                        }),
                    GoKind::Map => (t.elem.map_or(At::Untyped, At::Go), None),
                    _ => (At::Untyped, None),
                }
            }
            At::Review if key == "request" => (At::Request, None),
            At::Request if key == "object" => (At::Go(self.schema.root()), None),
            At::Request if key == "resource" => (At::Resource, None),
            At::Document if key == "items" => (At::Items, None),
            At::Document => self.with(At::Go(self.schema.root())).key(key),
            _ => (At::Untyped, None),
        }
    }

    /// The name a key of the review's envelope is kept under: encoding/json matches the
    /// `AdmissionReview`'s keys case-insensitively (ssp-operator webhooks/utils.go
    /// `GetAdmissionReview` decodes the body with `json.Unmarshal`), so `Request` is its
    /// `request`. Keys of the VM, and those the review does not read, keep their spelling
    /// (`None`).
    fn envelope_name(&self, key: &str) -> Option<&'static str> {
        let names: &[&'static str] = match self.at {
            At::Review => &["request"],
            At::Request => &["uid", "resource", "object"],
            At::Resource => &["group", "version", "resource"],
            _ => &[],
        };
        names.iter().find(|n| folds_to(key, n)).copied()
    }

    /// Whether this object is a Go map, whose repeated key replaces the earlier value
    /// (encoding/json decodes an entry into a zeroed element).
    fn is_map(&self) -> bool {
        match self.at {
            At::Go(ty) => self.schema.get(self.deref(ty)).kind == GoKind::Map,
            _ => false,
        }
    }

    /// Where the elements of an array sit.
    fn elems(&self) -> At {
        match self.at {
            At::Go(ty) => {
                let t = self.schema.get(self.deref(ty));
                match (t.kind, t.elem) {
                    (GoKind::Slice, Some(e)) => At::Go(e),
                    _ => At::Untyped,
                }
            }
            At::Items => At::Document,
            _ => At::Untyped,
        }
    }
}

impl<'de> DeserializeSeed<'de> for Seed {
    type Value = Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Seed {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let elem = self.with(self.elems());
        let mut items = Vec::new();
        while let Some(v) = seq.next_element_seed(elem)? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        // How the value of each repeated typed key decodes so far (each copy checked once).
        let mut healths: HashMap<String, Health> = HashMap::new();
        // The first spelling of each struct field's key: a later key in another case is the
        // same field (encoding/json `foldName`), combined with the earlier copies in document
        // order (`cpu`, `CPU`, `cpu` ends with the last `cpu`'s values).
        let mut spellings: HashMap<&'static str, String> = HashMap::new();
        while let Some(k) = map.next_key::<String>()? {
            let k = match self.envelope_name(&k) {
                Some(name) if name != k => name.to_owned(),
                _ => k,
            };
            let (at, field) = self.key(&k);
            let k = match field.map(|f| (f, spellings.get(f))) {
                Some((_, Some(first))) if *first != k => first.clone(),
                Some((f, None)) => {
                    spellings.insert(f, k.clone());
                    k
                }
                _ => k,
            };
            let v = map.next_value_seed(self.with(at))?;
            let Some(old) = out.get_mut(&k) else {
                out.insert(k, v);
                continue;
            };
            match at {
                _ if matches!(self.at, At::Review | At::Request | At::Resource) => {
                    merge_envelope(self.schema, self.at, &k, old, v);
                }
                At::Go(ty) => {
                    let before = match healths.get(&k) {
                        Some(h) => *h,
                        None => health(self.schema, ty, old),
                    };
                    let after = health(self.schema, ty, &v);
                    let now = if before == Health::Clean && after == Health::Clean {
                        if self.is_map() {
                            *old = v;
                        } else {
                            merge(self.schema, Some(ty), old, v);
                        }
                        Health::Clean
                    } else if before >= after {
                        // The earlier copy's error comes first, or only it stops decoding.
                        before
                    } else {
                        // Only the later copy fails, or only it stops decoding: its error is
                        // reported, after anything between the two copies.
                        out.shift_remove(&k);
                        out.insert(k.clone(), v);
                        after
                    };
                    healths.insert(k, now);
                }
                _ => merge(self.schema, None, old, v),
            }
        }
        Ok(Value::Object(out))
    }
}

/// A repeated key `key` of the review's envelope (in the object at `at`), as encoding/json
/// decodes it into the `AdmissionReview`'s types (k8s.io/api admission/v1 `types.go`):
/// `request` (an `*AdmissionRequest`) and its `resource` (a `GroupVersionResource`) merge
/// their fields; `object` (a `RawExtension`, whose `UnmarshalJSON` keeps the last bytes and
/// ignores `null`: apimachinery runtime/extension.go) is replaced whole and never decoded
/// before; `null` resets the `request` pointer and leaves a string or struct as it is.
fn merge_envelope(schema: &Schema, at: At, key: &str, old: &mut Value, new: Value) {
    let fields = match (at, key) {
        (At::Review, "request") => Some(At::Request),
        (At::Request, "resource") => Some(At::Resource),
        _ => None,
    };
    match (fields, old, new) {
        (Some(At::Request), old, Value::Null) => *old = Value::Null,
        (_, _, Value::Null) if matches!(at, At::Request | At::Resource) => {}
        (Some(inner), Value::Object(o), Value::Object(n)) => {
            for (k, v) in n {
                match o.get_mut(&k) {
                    Some(slot) => merge_envelope(schema, inner, &k, slot, v),
                    None => {
                        o.insert(k, v);
                    }
                }
            }
        }
        (None, old, new) if at == At::Request && !matches!(key, "uid" | "object") => {
            merge(schema, None, old, new);
        }
        (_, old, new) => *old = new,
    }
}
