//! The KubeVirt Go type graph, read from the vendored `kubevirt-types.json` (see
//! `data/TYPES.md`): what encoding/json and client-go JSONPath see when the reference
//! decodes a VM into `kubevirt.io/api/core/v1.VirtualMachine`.

use std::collections::HashMap;
use std::sync::LazyLock;

use serde::Deserialize;

use crate::rules::fold::folds_to;

/// Index of a type in a [`Schema`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TypeId(u32);

/// Go's `reflect.Kind`, reduced to what decoding and JSONPath distinguish.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GoKind {
    /// A pointer; see [`Type::elem`].
    Ptr,
    /// A struct; see [`Type::fields`], or a leaf with custom JSON ([`Type::leaf`]).
    Struct,
    /// A slice; see [`Type::elem`].
    Slice,
    /// A map; see [`Type::key`] and [`Type::elem`].
    Map,
    /// Any string kind (named or not).
    String,
    /// `bool`.
    Bool,
    /// A signed integer of the given width in bits (`int` is 64).
    Int(u8),
    /// An unsigned integer of the given width in bits (`uint` is 64).
    Uint(u8),
    /// `float32` or `float64`.
    Float(u8),
}

/// A struct with its own JSON encoding, not walked into (`TYPES.md`: `leaf: custom_json`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Leaf {
    /// `resource.Quantity`: a string or number parsed by `ParseQuantity`.
    Quantity,
    /// `metav1.Time`: an RFC 3339 string.
    Time,
    /// `intstr.IntOrString`: a number or a string.
    IntOrString,
    /// `metav1.FieldsV1`: any JSON.
    FieldsV1,
}

/// What `path.Results.AsInt64` of the reference does with a value of a type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AsInt {
    /// Unnamed `int`, `int32`, `int64`, `uint`, `uint32`, `uint64`: converted (uint64 wraps).
    Cast,
    /// `float32`/`float64`: rounded half away from zero.
    Round,
    /// `resource.Quantity`: `AsInt64`, which fails unless the value is held as a small integer.
    Quantity,
    /// `*resource.Quantity`: as [`AsInt::Quantity`]; a nil pointer crashes the reference.
    QuantityPtr,
    /// Anything else: `mismatching type: <go type>, not int or resource.Quantity`.
    Mismatch,
}

/// One struct field as encoding/json and client-go JSONPath see it.
#[derive(Debug, Clone)]
pub struct Field {
    /// Go field name (JSONPath falls back to `FieldByName`).
    pub go_name: String,
    /// Name part of the `json` tag; empty for inline fields.
    pub json_name: String,
    /// The object key encoding/json uses; `None` when the field is flattened into its parent
    /// (an embedded struct without a tag name) or ignored (`json:"-"`).
    pub json_key: Option<String>,
    /// Go anonymous (embedded) field.
    pub embedded: bool,
    /// The field's static type.
    pub ty: TypeId,
}

/// A Go type.
#[derive(Debug, Clone)]
pub struct Type {
    /// `reflect.Type.String()`, e.g. `*v1.CPU`, `uint32`, `[]v1.Disk`.
    pub go_type: String,
    /// The kind.
    pub kind: GoKind,
    /// Pointee, slice element or map value.
    pub elem: Option<TypeId>,
    /// Map key.
    pub key: Option<TypeId>,
    /// Struct fields in declaration order (empty for leaves).
    pub fields: Vec<Field>,
    /// Set for structs with their own JSON encoding.
    pub leaf: Option<Leaf>,
    /// Short name of the struct type, as encoding/json names it in errors (e.g. `VirtualMachine`).
    pub name: String,
}

impl Type {
    /// What the reference's string conversion yields for a value of this type: `None` for string
    /// kinds (the value itself), otherwise the literal `<T Value>` of Go's `reflect.Value.String`.
    pub fn rendered(&self) -> Option<String> {
        match self.kind {
            GoKind::String => None,
            _ => Some(format!("<{} Value>", self.go_type)),
        }
    }

    /// What `AsInt64` does with a value of this type.
    pub fn as_int(&self) -> AsInt {
        match self.go_type.as_str() {
            "int" | "int32" | "int64" | "uint" | "uint32" | "uint64" => AsInt::Cast,
            "float32" | "float64" => AsInt::Round,
            "resource.Quantity" => AsInt::Quantity,
            "*resource.Quantity" => AsInt::QuantityPtr,
            _ => AsInt::Mismatch,
        }
    }
}

/// Where an object key of a struct goes: the field itself, or a field of an embedded struct
/// that encoding/json flattens into the parent object.
#[derive(Debug, Clone)]
pub struct KeyTarget {
    /// The JSON key (`json_key` of the field).
    pub key: String,
    /// The field's type.
    pub ty: TypeId,
}

/// The type graph of a KubeVirt `VirtualMachine`.
#[derive(Debug)]
pub struct Schema {
    types: Vec<Type>,
    /// Per type (same index): the keys its JSON object accepts (empty but for plain structs).
    keys: Vec<Vec<KeyTarget>>,
    /// Per type (same index): the exact-match table of [`Schema::key_target`].
    key_slots: Vec<KeySlots>,
    root: TypeId,
}

static KUBEVIRT: LazyLock<Schema> = LazyLock::new(|| {
    // The vendored file is part of this crate: a failure here is a build defect, caught by the
    // unit test below, not an input error.
    #[allow(clippy::expect_used)]
    Schema::from_json(include_str!("../../data/kubevirt-types.json"))
        .expect("vendored kubevirt-types.json is valid")
});

impl Schema {
    /// The schema of `kubevirt.io/api/core/v1.VirtualMachine` (kubevirt.io/api v1.8.1), built
    /// once on first use (about 1 MB of JSON).
    pub fn kubevirt() -> &'static Schema {
        &KUBEVIRT
    }

    /// The `VirtualMachine` type.
    pub fn root(&self) -> TypeId {
        self.root
    }

    /// The type behind an id.
    pub fn get(&self, id: TypeId) -> &Type {
        &self.types[id.0 as usize]
    }

    /// The object keys struct `id` accepts when decoded by encoding/json, embedded structs
    /// without a tag name (and embedded pointers to structs) flattened, shallowest first as
    /// encoding/json's dominance rule keeps; empty for anything but plain structs. Computed once
    /// with the schema.
    pub fn object_keys(&self, id: TypeId) -> &[KeyTarget] {
        &self.keys[id.0 as usize]
    }

    /// The [`object_keys`](Schema::object_keys) entry of struct `id` that encoding/json decodes
    /// the object key `key` into: the key itself when it is one (a binary search), else the
    /// first one `key` folds to (`foldName`, case-insensitive); `None` for an unknown key.
    pub fn key_target(&self, id: TypeId, key: &str) -> Option<&KeyTarget> {
        let keys = self.object_keys(id);
        match self.exact_key(id, key) {
            Some(i) => keys.get(i),
            None => keys.iter().find(|t| folds_to(key, &t.key)),
        }
    }

    /// The position in [`object_keys`](Schema::object_keys) of struct `id` of exactly `key`
    /// (a hash lookup; no case folding).
    pub fn exact_key(&self, id: TypeId, key: &str) -> Option<usize> {
        self.key_slots[id.0 as usize].find(self.object_keys(id), key)
    }

    /// The fields crossed to reach the field `name` of struct `st`, as client-go
    /// `findFieldInValue` finds it: a field whose JSON name is `name`; else inside the last field
    /// with an empty JSON name (inline), when that is a struct; else reflect `FieldByName`: a Go
    /// field name, also promoted from embedded structs or struct pointers, shallowest first (an
    /// ambiguous name at one depth is not found). `None` when nothing matches.
    pub fn field_chain(&self, st: TypeId, name: &str) -> Option<Vec<&Field>> {
        let t = self.get(st);
        if t.kind != GoKind::Struct || t.leaf.is_some() {
            return None;
        }
        let mut inline = None;
        for f in &t.fields {
            if f.json_name == name {
                return Some(vec![f]);
            }
            if f.json_name.is_empty() {
                inline = Some(f);
            }
        }
        if let Some(f) = inline
            && self.get(f.ty).kind == GoKind::Struct
            && let Some(mut rest) = self.field_chain(f.ty, name)
        {
            rest.insert(0, f);
            return Some(rest);
        }
        self.field_by_go_name(st, name)
    }

    /// reflect `FieldByName` over the embedded structs, breadth first.
    fn field_by_go_name(&self, st: TypeId, name: &str) -> Option<Vec<&Field>> {
        let mut level: Vec<(TypeId, Vec<&Field>)> = vec![(st, Vec::new())];
        for _ in 0..16 {
            let mut found = Vec::new();
            let mut next = Vec::new();
            for (ty, chain) in &level {
                for f in &self.get(*ty).fields {
                    let mut c = chain.clone();
                    c.push(f);
                    if f.go_name == name {
                        found.push(c);
                    } else if f.embedded {
                        let mut e = f.ty;
                        if self.get(e).kind == GoKind::Ptr
                            && let Some(p) = self.get(e).elem
                        {
                            e = p;
                        }
                        if self.get(e).kind == GoKind::Struct && self.get(e).leaf.is_none() {
                            next.push((e, c));
                        }
                    }
                }
            }
            match found.len() {
                0 if next.is_empty() => return None,
                0 => level = next,
                1 => return found.pop(),
                _ => return None,
            }
        }
        None
    }

    /// Reads a `kubevirt-types.json` document.
    ///
    /// # Errors
    /// A message when the document does not have the shape described in `TYPES.md`.
    pub fn from_json(text: &str) -> Result<Schema, String> {
        let doc: Doc = serde_json::from_str(text).map_err(|e| e.to_string())?;
        let mut b = Builder {
            doc: &doc,
            types: Vec::new(),
            ids: HashMap::new(),
        };
        let root = b.named(&doc.header.root_type_id)?;
        let mut schema = Schema {
            types: b.types,
            keys: Vec::new(),
            key_slots: Vec::new(),
            root,
        };
        schema.keys = (0..schema.types.len())
            .map(|i| {
                let mut out = Vec::new();
                let t = &schema.types[i];
                if t.kind == GoKind::Struct && t.leaf.is_none() {
                    struct_keys(&schema, t, &mut out);
                }
                out
            })
            .collect();
        schema.key_slots = schema.keys.iter().map(|k| KeySlots::new(k)).collect();
        Ok(schema)
    }
}

/// An open-addressing hash table over the keys of one struct: positions in its key list, plus
/// one (0 is an empty slot), in a power-of-two table at least twice as large as the list.
#[derive(Debug)]
struct KeySlots {
    slots: Vec<u16>,
}

impl KeySlots {
    fn new(keys: &[KeyTarget]) -> KeySlots {
        if keys.is_empty() {
            return KeySlots { slots: Vec::new() };
        }
        let size = (keys.len() * 2).next_power_of_two();
        let mut slots = vec![0u16; size];
        for (i, t) in keys.iter().enumerate() {
            let mut s = key_hash(&t.key) & (size - 1);
            while slots[s] != 0 {
                s = (s + 1) & (size - 1);
            }
            // Structs have dozens of fields, far below u16::MAX.
            slots[s] = u16::try_from(i + 1).unwrap_or(u16::MAX);
        }
        KeySlots { slots }
    }

    /// The position of the entry of `keys` (the list the table was built from) equal to `key`.
    fn find(&self, keys: &[KeyTarget], key: &str) -> Option<usize> {
        let mask = self.slots.len().checked_sub(1)?;
        let mut s = key_hash(key) & mask;
        loop {
            let i = usize::from(self.slots[s]).checked_sub(1)?;
            if same_key(&keys.get(i)?.key, key) {
                return Some(i);
            }
            s = (s + 1) & mask;
        }
    }
}

/// `a == b` for the short strings of JSON keys: eight bytes at a time, inline (a call to
/// `memcmp` costs more than the comparison itself here).
#[inline]
pub(crate) fn same_key(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let (mut x, mut y) = (a.chunks_exact(8), b.chunks_exact(8));
    x.by_ref().zip(y.by_ref()).all(|(p, q)| {
        let word = |c: &[u8]| {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            u64::from_ne_bytes(w)
        };
        word(p) == word(q)
    }) && x.remainder().iter().zip(y.remainder()).all(|(p, q)| p == q)
}

/// A cheap hash of a key for [`KeySlots`]: its length and three of its bytes (first, middle,
/// last), mixed by one multiplication. The keys of one struct rarely agree on all four; when they
/// do, probing sorts them out.
fn key_hash(key: &str) -> usize {
    let b = key.as_bytes();
    let at = |i: usize| u32::from(b.get(i).copied().unwrap_or(0));
    let x = (b.len() as u32 & 0xff)
        | at(0) << 8
        | at(b.len() / 2) << 16
        | at(b.len().wrapping_sub(1)) << 24;
    (x.wrapping_mul(0x9e37_79b1) >> 16) as usize
}

/// The keys of struct `ty` (see [`Schema::object_keys`]), appended to `out`.
fn struct_keys(schema: &Schema, ty: &Type, out: &mut Vec<KeyTarget>) {
    let mut embedded = Vec::new();
    for f in &ty.fields {
        match &f.json_key {
            Some(k) if !out.iter().any(|t| &t.key == k) => out.push(KeyTarget {
                key: k.clone(),
                ty: f.ty,
            }),
            Some(_) => {}
            None if f.embedded && f.json_name.is_empty() => embedded.push(f.ty),
            None => {}
        }
    }
    for e in embedded {
        let mut t = schema.get(e);
        if t.kind == GoKind::Ptr
            && let Some(p) = t.elem
        {
            t = schema.get(p);
        }
        if t.kind == GoKind::Struct && t.leaf.is_none() {
            struct_keys(schema, t, out);
        }
    }
}

#[derive(Deserialize)]
struct Doc {
    header: Header,
    types: HashMap<String, NamedDoc>,
}

#[derive(Deserialize)]
struct Header {
    root_type_id: String,
}

#[derive(Deserialize)]
struct NamedDoc {
    go_type: String,
    kind: String,
    name: String,
    #[serde(default)]
    leaf: bool,
    #[serde(default)]
    fields: Option<Vec<FieldDoc>>,
}

#[derive(Deserialize)]
struct FieldDoc {
    go_name: String,
    json_name: String,
    encoding_json_key: String,
    embedded: bool,
    #[serde(rename = "type")]
    ty: Desc,
}

#[derive(Deserialize)]
struct Desc {
    go_type: String,
    kind: String,
    #[serde(default)]
    type_id: Option<String>,
    #[serde(default)]
    elem: Option<Box<Desc>>,
    #[serde(default)]
    key: Option<Box<Desc>>,
}

struct Builder<'d> {
    doc: &'d Doc,
    types: Vec<Type>,
    ids: HashMap<String, TypeId>,
}

fn kind_of(kind: &str) -> Result<GoKind, String> {
    Ok(match kind {
        "ptr" => GoKind::Ptr,
        "struct" => GoKind::Struct,
        "slice" => GoKind::Slice,
        "map" => GoKind::Map,
        "string" => GoKind::String,
        "bool" => GoKind::Bool,
        "int" | "int64" => GoKind::Int(64),
        "int32" => GoKind::Int(32),
        "int16" => GoKind::Int(16),
        "int8" => GoKind::Int(8),
        "uint" | "uint64" => GoKind::Uint(64),
        "uint32" => GoKind::Uint(32),
        "uint16" => GoKind::Uint(16),
        "uint8" => GoKind::Uint(8),
        "float64" => GoKind::Float(64),
        "float32" => GoKind::Float(32),
        other => return Err(format!("unsupported kind {other}")),
    })
}

fn leaf_of(type_id: &str) -> Option<Leaf> {
    match type_id {
        "k8s.io/apimachinery/pkg/api/resource.Quantity" => Some(Leaf::Quantity),
        "k8s.io/apimachinery/pkg/apis/meta/v1.Time" => Some(Leaf::Time),
        "k8s.io/apimachinery/pkg/util/intstr.IntOrString" => Some(Leaf::IntOrString),
        "k8s.io/apimachinery/pkg/apis/meta/v1.FieldsV1" => Some(Leaf::FieldsV1),
        _ => None,
    }
}

impl Builder<'_> {
    fn push(&mut self, key: String, ty: Type) -> TypeId {
        let id = TypeId(self.types.len() as u32);
        self.types.push(ty);
        self.ids.insert(key, id);
        id
    }

    /// A named type from the `types` table (structs and named strings).
    fn named(&mut self, type_id: &str) -> Result<TypeId, String> {
        if let Some(id) = self.ids.get(type_id) {
            return Ok(*id);
        }
        let doc = self.doc;
        let named = doc
            .types
            .get(type_id)
            .ok_or_else(|| format!("type {type_id} is not in the table"))?;
        let leaf = if named.leaf { leaf_of(type_id) } else { None };
        if named.leaf && leaf.is_none() {
            return Err(format!("unknown leaf type {type_id}"));
        }
        // Insert first so that the fields can refer back (no recursion in practice).
        let id = self.push(
            type_id.to_owned(),
            Type {
                go_type: named.go_type.clone(),
                kind: kind_of(&named.kind)?,
                elem: None,
                key: None,
                fields: Vec::new(),
                leaf,
                name: named.name.clone(),
            },
        );
        if leaf.is_none() {
            let mut fields = Vec::new();
            for f in named.fields.iter().flatten() {
                let ty = self.desc(&f.ty)?;
                let json_key = match f.encoding_json_key.as_str() {
                    "" | "-" => None,
                    k => Some(k.to_owned()),
                };
                fields.push(Field {
                    go_name: f.go_name.clone(),
                    json_name: f.json_name.clone(),
                    json_key,
                    embedded: f.embedded,
                    ty,
                });
            }
            self.types[id.0 as usize].fields = fields;
        }
        Ok(id)
    }

    /// A type descriptor as it appears on a field (possibly unnamed and composite).
    fn desc(&mut self, d: &Desc) -> Result<TypeId, String> {
        let kind = kind_of(&d.kind)?;
        let elem = d.elem.as_deref().map(|e| self.desc(e)).transpose()?;
        let key = d.key.as_deref().map(|k| self.desc(k)).transpose()?;
        if let Some(type_id) = &d.type_id
            && self.doc.types.contains_key(type_id)
        {
            let id = self.named(type_id)?;
            // Named maps and slices carry their element types on the descriptor only.
            let t = &mut self.types[id.0 as usize];
            t.elem = t.elem.or(elem);
            t.key = t.key.or(key);
            return Ok(id);
        }
        let structural = match (&d.type_id, kind) {
            (Some(t), _) => t.clone(),
            (None, _) => {
                d.go_type.clone()
                    + "|"
                    + &elem.map(|e| e.0.to_string()).unwrap_or_default()
                    + "|"
                    + &key.map(|k| k.0.to_string()).unwrap_or_default()
            }
        };
        if let Some(id) = self.ids.get(&structural) {
            return Ok(*id);
        }
        Ok(self.push(
            structural,
            Type {
                go_type: d.go_type.clone(),
                kind,
                elem,
                key,
                fields: Vec::new(),
                leaf: None,
                name: String::new(),
            },
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn same_key_is_string_equality(a in "[ab]{0,20}", b in "[ab]{0,20}") {
            proptest::prop_assert_eq!(same_key(&a, &b), a == b);
            proptest::prop_assert!(same_key(&a, &a.clone()));
        }
    }

    fn path(schema: &Schema, mut ty: TypeId, keys: &[&str]) -> TypeId {
        for k in keys {
            let t = schema.get(ty);
            let t = if t.kind == GoKind::Ptr || t.kind == GoKind::Slice {
                schema.get(t.elem.expect("elem"))
            } else {
                t
            };
            ty = t
                .fields
                .iter()
                .find(|f| f.json_name == *k)
                .unwrap_or_else(|| panic!("no field {k} in {}", t.go_type))
                .ty;
        }
        ty
    }

    #[test]
    fn vendored_schema_has_the_vm_shape() {
        let s = Schema::kubevirt();
        assert_eq!(s.get(s.root()).go_type, "v1.VirtualMachine");
        let cores = path(
            s,
            s.root(),
            &["spec", "template", "spec", "domain", "cpu", "cores"],
        );
        assert_eq!(s.get(cores).kind, GoKind::Uint(32));
        assert_eq!(s.get(cores).as_int(), AsInt::Cast);
        let guest = path(
            s,
            s.root(),
            &["spec", "template", "spec", "domain", "memory", "guest"],
        );
        assert_eq!(s.get(guest).go_type, "*resource.Quantity");
        assert_eq!(s.get(guest).as_int(), AsInt::QuantityPtr);
        let disks = path(
            s,
            s.root(),
            &["spec", "template", "spec", "domain", "devices", "disks"],
        );
        assert_eq!(
            s.get(disks).rendered().as_deref(),
            Some("<[]v1.Disk Value>")
        );
        let requests = path(
            s,
            s.root(),
            &[
                "spec",
                "template",
                "spec",
                "domain",
                "resources",
                "requests",
            ],
        );
        let rq = s.get(requests);
        assert_eq!(rq.kind, GoKind::Map);
        assert_eq!(s.get(rq.elem.expect("elem")).leaf, Some(Leaf::Quantity));
    }

    #[test]
    fn key_target_matches_exactly_then_by_fold() {
        let s = Schema::kubevirt();
        for i in 0..s.types.len() {
            let id = TypeId(i as u32);
            let keys = s.object_keys(id);
            for t in keys {
                let exact = s.key_target(id, &t.key).map(|f| f.key.as_str());
                assert_eq!(exact, Some(t.key.as_str()));
                let upper = t.key.to_ascii_uppercase();
                let want = keys
                    .iter()
                    .find(|k| k.key == upper)
                    .or_else(|| keys.iter().find(|k| k.key.eq_ignore_ascii_case(&upper)));
                assert_eq!(
                    s.key_target(id, &upper).map(|f| f.key.as_str()),
                    want.map(|f| f.key.as_str())
                );
            }
            assert!(s.key_target(id, "no-such-key").is_none());
        }
        // U+212A KELVIN SIGN folds to `K`.
        let kind = s
            .key_target(s.root(), "\u{212a}IND")
            .map(|f| f.key.as_str());
        assert_eq!(kind, Some("kind"));
    }
}
