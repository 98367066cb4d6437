//! [`TypedNode`]: the typed Go view of a decoded VM for the JSONPath evaluator.
//!
//! client-go walks the reference's Go struct with `reflect`; we walk the normalized JSON from
//! [`super::decode_vm`] beside its Go type, which gives the same answers: an absent non-pointer
//! field is its zero value, an absent pointer is nil (skipped when stepped through, one value
//! when it is the last step), an absent slice or map is empty. Inside the types with their
//! own JSON form, the Go fields client-go reaches by reflection are derived from their JSON
//! ([`super::inner`]).

use std::borrow::Cow;

use serde_json::Value;

use super::inner::{Inner, leaf_children, leaf_field};
use super::schema::{Field, GoKind, Schema, Type, TypeId};
use validgen_jsonpath::{Kind, Node, Scalar};

/// A value of the typed VM: a Go type and, when present, its JSON.
#[derive(Debug, Clone, Copy)]
pub struct TypedNode<'a> {
    schema: &'a Schema,
    ty: TypeId,
    /// `None` (or JSON `null`) is the zero value of `ty`: nil for pointers, slices and maps.
    value: Option<&'a Value>,
    /// A Go field inside a custom-JSON leaf (then `ty` and `value` are the leaf's).
    inner: Option<Inner<'a>>,
}

impl<'a> TypedNode<'a> {
    /// The node for `value` of type `ty`.
    pub fn new(schema: &'a Schema, ty: TypeId, value: Option<&'a Value>) -> Self {
        let value = value.filter(|v| !v.is_null());
        TypedNode {
            schema,
            ty,
            value,
            inner: None,
        }
    }

    /// A Go field inside the custom-JSON leaf `self`.
    fn with_inner(&self, inner: Inner<'a>) -> TypedNode<'a> {
        TypedNode {
            inner: Some(inner),
            ..*self
        }
    }

    /// The Go field inside a custom-JSON leaf this node is, if it is one.
    pub(crate) fn inner(&self) -> Option<Inner<'a>> {
        self.inner
    }

    /// The static Go type of the value (of the enclosing custom-JSON leaf for a Go field
    /// inside one; see [`TypedNode::go_type`]).
    pub fn ty(&self) -> &'a Type {
        self.schema.get(self.ty)
    }

    /// The JSON of the value; `None` for a zero value (and for a Go field inside a
    /// custom-JSON leaf, which has no JSON of its own).
    pub fn json(&self) -> Option<&'a Value> {
        if self.inner.is_some() {
            return None;
        }
        self.value
    }

    /// `reflect.Type.String()` of the value's static type, e.g. `*v1.CPU`, `resource.Format`.
    pub fn go_type(&self) -> &'a str {
        match self.inner {
            Some(i) => i.go_type(),
            None => &self.ty().go_type,
        }
    }

    /// Follows pointers; `None` for a nil pointer (client-go `template.Indirect` isNil).
    fn deref(&self) -> Option<TypedNode<'a>> {
        if let Some(i) = self.inner {
            return (!i.is_nil()).then_some(*self);
        }
        let mut n = *self;
        while n.ty().kind == GoKind::Ptr {
            let elem = n.ty().elem?;
            n.value?;
            n = TypedNode::new(n.schema, elem, n.value);
        }
        Some(n)
    }

    /// The value of field `f` of this struct value (a flattened embedded struct shares the
    /// parent's JSON object).
    fn child(&self, f: &Field) -> TypedNode<'a> {
        let value = match &f.json_key {
            Some(k) => self.value.and_then(|v| v.get(k)),
            None if f.embedded && f.json_name.is_empty() => self.value,
            None => None,
        };
        TypedNode::new(self.schema, f.ty, value)
    }

    /// client-go `findFieldInValue` ([`Schema::field_chain`]); a nil embedded pointer on the
    /// way finds nothing (Go's reflect would panic there).
    fn struct_field(&self, name: &str) -> Option<TypedNode<'a>> {
        let chain = self.schema.field_chain(self.ty, name)?;
        let (last, through) = chain.split_last()?;
        let mut node = *self;
        for f in through {
            node = node.child(f).deref()?;
        }
        Some(node.child(last))
    }

    fn is_walkable_struct(&self) -> bool {
        self.ty().kind == GoKind::Struct && self.ty().leaf.is_none()
    }

    /// The Go fields of a custom-JSON leaf value (after `deref`).
    fn leaf_children(&self) -> Vec<TypedNode<'a>> {
        match self.ty().leaf {
            Some(leaf) if self.ty().kind == GoKind::Struct => leaf_children(leaf, self.value)
                .into_iter()
                .map(|i| self.with_inner(i))
                .collect(),
            _ => Vec::new(),
        }
    }
}

impl Node for TypedNode<'_> {
    fn is_nil(&self) -> bool {
        self.deref().is_none()
    }

    fn kind(&self) -> Kind {
        let Some(n) = self.deref() else {
            return Kind::Other;
        };
        if let Some(i) = n.inner {
            return i.kind();
        }
        match n.ty().kind {
            // Custom-JSON leaves are Go structs too (client-go walks their fields).
            GoKind::Struct if n.is_walkable_struct() || n.ty().leaf.is_some() => Kind::Struct,
            GoKind::Struct | GoKind::Ptr => Kind::Other,
            GoKind::Map => Kind::Map,
            GoKind::Slice => Kind::Slice,
            GoKind::String => Kind::String,
            GoKind::Bool => Kind::Bool,
            GoKind::Int(_) => Kind::Int,
            GoKind::Uint(_) => Kind::Uint,
            GoKind::Float(_) => Kind::Float,
        }
    }

    fn field(&self, name: &str) -> Option<Self> {
        let n = self.deref()?;
        if let Some(i) = n.inner {
            return i.field(name).map(|c| n.with_inner(c));
        }
        match n.ty().kind {
            GoKind::Struct if n.is_walkable_struct() => n.struct_field(name),
            GoKind::Struct => match n.ty().leaf {
                Some(leaf) => leaf_field(leaf, n.value, name).map(|i| n.with_inner(i)),
                None => None,
            },
            GoKind::Map => {
                let elem = n.ty().elem?;
                let v = n.value?.get(name)?;
                // A present key with a null value holds the element's zero value.
                Some(TypedNode {
                    schema: n.schema,
                    ty: elem,
                    value: Some(v).filter(|v| !v.is_null()),
                    inner: None,
                })
            }
            _ => None,
        }
    }

    fn len(&self) -> usize {
        match self.deref() {
            Some(n) if n.inner.is_none() && n.ty().kind == GoKind::Slice => {
                n.value.and_then(Value::as_array).map_or(0, Vec::len)
            }
            _ => 0,
        }
    }

    fn index(&self, i: usize) -> Option<Self> {
        let n = self.deref()?;
        if n.inner.is_some() || n.ty().kind != GoKind::Slice {
            return None;
        }
        let item = n.value?.as_array()?.get(i)?;
        Some(TypedNode::new(n.schema, n.ty().elem?, Some(item)))
    }

    fn children(&self) -> Vec<Self> {
        let Some(n) = self.deref() else {
            return Vec::new();
        };
        if let Some(i) = n.inner {
            return i.children().into_iter().map(|c| n.with_inner(c)).collect();
        }
        match n.ty().kind {
            GoKind::Struct if n.is_walkable_struct() => {
                n.ty().fields.iter().map(|f| n.child(f)).collect()
            }
            GoKind::Struct => n.leaf_children(),
            GoKind::Map => {
                let (Some(elem), Some(Value::Object(m))) = (n.ty().elem, n.value) else {
                    return Vec::new();
                };
                let mut keys: Vec<&String> = m.keys().collect();
                keys.sort();
                keys.into_iter()
                    .map(|k| TypedNode::new(n.schema, elem, m.get(k)))
                    .collect()
            }
            GoKind::Slice => (0..n.len()).filter_map(|i| n.index(i)).collect(),
            _ => Vec::new(),
        }
    }

    fn as_str(&self) -> Option<Cow<'_, str>> {
        let n = self.deref()?;
        if let Some(i) = n.inner {
            return i.as_str().map(Cow::Borrowed);
        }
        if n.ty().kind != GoKind::String {
            return None;
        }
        Some(Cow::Borrowed(n.value.and_then(Value::as_str).unwrap_or("")))
    }

    fn scalar(&self) -> Option<Scalar<'_>> {
        // Filters compare `reflect.Value.Interface()`: a pointer is not a basic kind.
        if let Some(i) = self.inner {
            // Interface() on an unexported value panics in the reference: no comparison.
            return match (i.interface_panics(), i.kind()) {
                (true, _) => None,
                (false, Kind::String) => i.as_str().map(|s| Scalar::Str(Cow::Borrowed(s))),
                (false, _) => match i {
                    Inner::Int { value, .. } => Some(Scalar::Int(value)),
                    _ => None,
                },
            };
        }
        let v = self.value;
        Some(match self.ty().kind {
            GoKind::String => Scalar::Str(Cow::Borrowed(v.and_then(Value::as_str).unwrap_or(""))),
            GoKind::Bool => Scalar::Bool(v.and_then(Value::as_bool).unwrap_or(false)),
            GoKind::Int(_) => Scalar::Int(v.and_then(Value::as_i64).unwrap_or(0)),
            GoKind::Uint(_) => Scalar::Uint(v.and_then(Value::as_u64).unwrap_or(0)),
            GoKind::Float(_) => Scalar::Float(v.and_then(Value::as_f64).unwrap_or(0.0)),
            _ => return None,
        })
    }

    fn interface_panics(&self) -> bool {
        self.inner.is_some_and(Inner::interface_panics)
    }

    fn type_name(&self) -> Cow<'_, str> {
        if let Some(i) = self.inner {
            return Cow::Borrowed(i.go_type());
        }
        match self.deref() {
            Some(n) => Cow::Borrowed(n.ty().go_type.as_str()),
            None => Cow::Borrowed(self.ty().go_type.as_str()),
        }
    }
}
