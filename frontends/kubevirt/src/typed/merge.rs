//! How encoding/json combines the values of a repeated object key (exactly repeated, or
//! differing in case only) when it decodes into a Go type: the later value is decoded into
//! what the earlier one left (`TYPES.md`, oracle checks `duplicate-*`).
//!
//! - a struct (or a non-nil pointer to one) is decoded into again: fields merge, recursively;
//! - a type with its own `UnmarshalJSON` is replaced whole: the custom-JSON leaves
//!   (`resource.Quantity`, `metav1.Time`, …) and KubeVirt's `VirtualMachineInstanceSpec`,
//!   `DHCPOptions` and `PodNetwork`, whose unmarshallers decode a fresh alias value and assign
//!   it (`*vmiSpec = VirtualMachineInstanceSpec(alias)`);
//! - a map keeps its entries; an entry is decoded fresh (encoding/json zeroes `mapElem`), so
//!   a repeated map key replaces its value;
//! - a slice is decoded into its existing elements (encoding/json `array` decodes into
//!   `v.Index(i)` without zeroing, golang/go#21092): elements merge pairwise, the length is
//!   the later one's;
//! - `null` resets a pointer, slice or map and leaves anything else as it is;
//! - scalars are replaced.
//!
//! Without a Go type (`None`: keys the VM's types do not have, which decoding drops) objects
//! merge and other values are replaced.

use serde_json::Value;

use super::schema::{GoKind, Schema, TypeId};

/// Go types whose own `UnmarshalJSON` replaces the whole value.
const REPLACED_WHOLE: [&str; 3] = [
    "v1.VirtualMachineInstanceSpec",
    "v1.DHCPOptions",
    "v1.PodNetwork",
];

/// Combines `new`, the later value of a repeated key, into `old`, the earlier one, for a
/// value of Go type `ty` (`old` and `new` as written, or both normalized by the decoding).
pub(crate) fn merge(schema: &Schema, ty: Option<TypeId>, old: &mut Value, new: Value) {
    let Some(ty) = ty else {
        match (old, new) {
            (Value::Object(o), Value::Object(n)) => {
                for (k, v) in n {
                    match o.get_mut(&k) {
                        Some(slot) => merge(schema, None, slot, v),
                        None => {
                            o.insert(k, v);
                        }
                    }
                }
            }
            (old, new) => *old = new,
        }
        return;
    };
    let nilable = matches!(
        schema.get(ty).kind,
        GoKind::Ptr | GoKind::Slice | GoKind::Map
    );
    let mut id = ty;
    while schema.get(id).kind == GoKind::Ptr
        && let Some(e) = schema.get(id).elem
    {
        id = e;
    }
    let t = schema.get(id);
    if new.is_null() {
        if nilable {
            *old = Value::Null;
        }
        return;
    }
    let replaced_whole = t.leaf.is_some() || REPLACED_WHOLE.contains(&t.go_type.as_str());
    match (t.kind, old, new) {
        (GoKind::Struct, Value::Object(o), Value::Object(n)) if !replaced_whole => {
            for (k, v) in n {
                match o.get_mut(&k) {
                    Some(slot) => {
                        let field = schema.key_target(id, &k).map(|f| f.ty);
                        merge(schema, field, slot, v);
                    }
                    None => {
                        o.insert(k, v);
                    }
                }
            }
        }
        (GoKind::Map, Value::Object(o), Value::Object(n)) => {
            for (k, v) in n {
                o.insert(k, v);
            }
        }
        (GoKind::Slice, Value::Array(o), Value::Array(n)) => {
            let len = n.len();
            for (i, v) in n.into_iter().enumerate() {
                match o.get_mut(i) {
                    Some(slot) => merge(schema, t.elem, slot, v),
                    None => o.push(v),
                }
            }
            o.truncate(len);
        }
        (_, old, new) => *old = new,
    }
}
