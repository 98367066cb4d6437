//! The typed view of a VM: what the reference sees after decoding the VM into the Go struct
//! `kubevirt.io/api/core/v1.VirtualMachine`, and the reference VM it falls back to.
//!
//! Facts (`data/TYPES.md`, checked against the reference): unknown fields do not exist,
//! keys match case-insensitively, an absent non-pointer field under an existing parent reads as
//! its zero value, an absent pointer, slice or map yields nothing when stepped through and one
//! `<T Value>` when it is the last step, and wrong JSON types make the VM undecodable.

pub(crate) mod decode;
mod inner;
mod lookup;
mod merge;
mod node;
mod parse;
pub mod schema;
mod value;

use std::sync::LazyLock;

use serde_json::Value;

pub use decode::DecodeError;
pub use lookup::{Lookup, evaluate, evaluate_with};
pub use node::TypedNode;
pub use parse::{GoDocument, GoReview};
pub use schema::Schema;
pub use value::{IntError, as_int, as_string, int_of_json, round};

use schema::{GoKind, Leaf, TypeId};
use validgen_quantity::Quantity;

/// A VM decoded as the reference decodes it, in normalized JSON form (canonical keys, unknown
/// keys dropped).
#[derive(Debug, Clone, PartialEq)]
pub struct TypedVm {
    json: Value,
}

impl TypedVm {
    /// Decodes a VM manifest (`kubevirt.io/v1` or `v1alpha3` `VirtualMachine` as JSON).
    ///
    /// # Errors
    /// [`DecodeError`] with Go's message when the reference could not decode it (the admission
    /// then answers code 400).
    pub fn decode(raw: &Value) -> Result<TypedVm, DecodeError> {
        decode::decode_vm(Schema::kubevirt(), raw).map(|json| TypedVm { json })
    }

    /// A VM already in normalized form (what [`crate::extract`] keeps of one).
    pub(crate) fn from_normalized(json: Value) -> TypedVm {
        TypedVm { json }
    }

    /// The VM the single pass kept ([`crate::extract`], already normalized), as a `Value`:
    /// for what reads only `Value` (the interpreter).
    pub(crate) fn from_kept(vm: &crate::view::Kept<'_>) -> TypedVm {
        use crate::view::JsonView;
        TypedVm::from_normalized(vm.to_value().into_owned())
    }

    /// The normalized JSON.
    pub fn json(&self) -> &Value {
        &self.json
    }

    /// The root node for JSONPath evaluation.
    pub fn root(&self) -> TypedNode<'_> {
        let s = Schema::kubevirt();
        TypedNode::new(s, s.root(), Some(&self.json))
    }

    /// Rewrites every `resource.Quantity` in canonical form (`1.5Gi` → `1536Mi`), as KubeVirt's
    /// API does when it re-encodes a VM before the reference sees it (SEMANTICS §10).
    pub fn canonicalize_quantities(&mut self) {
        let s = Schema::kubevirt();
        canonicalize(s, s.root(), &mut self.json);
    }

    /// The webhook's CPU defaulting (ssp-operator `setDefaultValues`): when
    /// `spec.template.spec.domain.cpu` exists, each of `sockets`, `cores`, `threads` that is
    /// absent or 0 becomes 1.
    pub fn default_cpu(&mut self) {
        // Step by step: `pointer_mut` would allocate two strings per step.
        let cpu = ["spec", "template", "spec", "domain", "cpu"]
            .into_iter()
            .try_fold(&mut self.json, |v, k| v.get_mut(k))
            .and_then(Value::as_object_mut);
        if let Some(cpu) = cpu {
            for k in ["sockets", "cores", "threads"] {
                match cpu.get_mut(k) {
                    Some(v) if v.as_u64().unwrap_or(0) != 0 => {}
                    Some(v) => *v = Value::from(1),
                    None => {
                        cpu.insert(k.to_owned(), Value::from(1));
                    }
                }
            }
        }
    }
}

fn canonicalize(s: &Schema, ty: TypeId, v: &mut Value) {
    let t = s.get(ty);
    match (t.kind, v) {
        (_, Value::Null) => {}
        (GoKind::Ptr, v) => {
            if let Some(e) = t.elem {
                canonicalize(s, e, v);
            }
        }
        (GoKind::Struct, v) if t.leaf == Some(Leaf::Quantity) => {
            if let Ok(Some(q)) = Quantity::from_json(v) {
                *v = Value::String(q.canonical());
            }
        }
        (GoKind::Struct, Value::Object(m)) => {
            let mut stack = vec![ty];
            while let Some(st) = stack.pop() {
                for f in &s.get(st).fields {
                    match &f.json_key {
                        Some(k) => {
                            if let Some(child) = m.get_mut(k) {
                                canonicalize(s, f.ty, child);
                            }
                        }
                        None if f.embedded => {
                            let mut e = f.ty;
                            if s.get(e).kind == GoKind::Ptr
                                && let Some(p) = s.get(e).elem
                            {
                                e = p;
                            }
                            if s.get(e).leaf.is_none() {
                                stack.push(e);
                            }
                        }
                        None => {}
                    }
                }
            }
        }
        (GoKind::Slice, Value::Array(items)) => {
            if let Some(e) = t.elem {
                items.iter_mut().for_each(|i| canonicalize(s, e, i));
            }
        }
        (GoKind::Map, Value::Object(m)) => {
            if let Some(e) = t.elem {
                m.values_mut().for_each(|i| canonicalize(s, e, i));
            }
        }
        _ => {}
    }
}

static REFERENCE_VM: LazyLock<Value> = LazyLock::new(|| {
    // The vendored file is part of this crate; the unit tests load it.
    serde_json::from_str::<Value>(include_str!("../../data/reference-vm.json"))
        .ok()
        .and_then(|mut doc| doc.get_mut("vm").map(Value::take))
        .unwrap_or(Value::Null)
});

/// The reference VM (`kubevirtobjs.NewDefaultVirtualMachine()` of the reference): every pointer
/// under `spec.template.spec.domain` allocated, 64 elements in each of its lists, KubeVirt's
/// defaults; a failed lookup on the VM is retried on it. Built once from the vendored
/// `reference-vm.json`.
pub fn reference_vm() -> TypedNode<'static> {
    let s = Schema::kubevirt();
    TypedNode::new(s, s.root(), Some(&REFERENCE_VM))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reference_vm_is_loaded() {
        let r = reference_vm();
        let disks = r
            .json()
            .and_then(|v| v.pointer("/spec/template/spec/domain/devices/disks"))
            .and_then(Value::as_array)
            .map(Vec::len);
        assert_eq!(disks, Some(64));
    }

    #[test]
    fn decode_normalizes_keys_and_drops_unknown_fields() {
        let vm = TypedVm::decode(&json!({
            "spec": {"template": {"spec": {"domain": {"CPU": {"Cores": 3}, "foo": "bar"}}}}
        }))
        .expect("decodes");
        assert_eq!(
            vm.json(),
            &json!({"spec": {"template": {"spec": {"domain": {"cpu": {"cores": 3}}}}}})
        );
    }

    #[test]
    fn decode_reports_go_type_errors() {
        let err = TypedVm::decode(&json!({
            "spec": {"template": {"spec": {"domain": {"cpu": {"cores": "2"}}}}}
        }))
        .expect_err("wrong type");
        assert_eq!(
            err.message,
            "json: cannot unmarshal string into Go struct field VMISpecAlias.domain.cpu.cores of type uint32"
        );
        let err = TypedVm::decode(&json!({"metadata": {"annotations": {"a/b": 1}}}))
            .expect_err("wrong type");
        assert_eq!(
            err.message,
            "json: cannot unmarshal number into Go struct field VirtualMachine.metadata.annotations.a~1b of type string"
        );
    }

    #[test]
    fn cpu_defaulting_only_when_cpu_exists() {
        let mut vm = TypedVm::decode(
            &json!({"spec": {"template": {"spec": {"domain": {"cpu": {"cores": 2}}}}}}),
        )
        .expect("decodes");
        vm.default_cpu();
        assert_eq!(
            vm.json().pointer("/spec/template/spec/domain/cpu"),
            Some(&json!({"cores": 2, "sockets": 1, "threads": 1}))
        );
        let mut vm = TypedVm::decode(&json!({"spec": {"template": {"spec": {"domain": {}}}}}))
            .expect("decodes");
        vm.default_cpu();
        assert_eq!(vm.json().pointer("/spec/template/spec/domain/cpu"), None);
    }
}
