//! The single pass's walk of a VM: checks it against the Go types as the typed decoding
//! does, keeps the parts of it a [`Node`] trie names (normalized), and skips the rest without
//! building anything. Any input the typed decoding would reject, and anything this pass does
//! not reproduce exactly (repeated or case-variant struct keys), aborts it: the caller then takes
//! the `Value` path, whose answer is the reference's.

use std::borrow::Cow;

use serde_json::{Map, Number, Value};

use super::json::{Abort, Reader, Res, decode};
use super::plan::{Node, Plan};
use crate::quantity::Quantity;
use crate::rules::fold::folds_to;
use crate::typed::decode::{is_rfc3339, number_fits, sanitize_ips};
use crate::typed::schema::{GoKind, Leaf, Schema, Type, TypeId};

/// A value of Go type `ty`: checked as the typed decoding checks it; with a trie node, kept
/// (normalized, only what the trie names below it; everything below a `whole` node). `None`:
/// JSON `null`, or nothing kept.
#[derive(Clone, Copy)]
pub(super) struct Typed<'p> {
    pub(super) schema: &'static Schema,
    pub(super) ty: TypeId,
    pub(super) plan: Option<&'p Node>,
    /// The whole plan, for its rule texts.
    pub(super) texts: &'p Plan,
}

impl<'p> Typed<'p> {
    fn at(self, ty: TypeId, plan: Option<&'p Node>) -> Typed<'p> {
        Typed { ty, plan, ..self }
    }

    fn ty(&self) -> &'static Type {
        self.schema.get(self.ty)
    }

    /// The node of an object key: below a whole node, everything is kept.
    fn key_plan(&self, k: &str) -> Option<&'p Node> {
        let n = self.plan?;
        if n.whole { Some(n) } else { n.key(k) }
    }

    /// The node of every element.
    fn elems_plan(&self) -> Option<&'p Node> {
        let n = self.plan?;
        if n.whole { Some(n) } else { n.elems.as_deref() }
    }

    /// A scalar kept as the typed decoding keeps it (the JSON value itself).
    fn keep(&self, v: impl FnOnce() -> Value) -> Option<Value> {
        self.plan.map(|_| v())
    }
}

impl<'p> Typed<'p> {
    /// Reads the value at `r`: `None` for JSON `null` (it leaves the destination as it is: a
    /// nil pointer, slice or map) or when nothing is kept.
    pub(super) fn read(self, r: &mut Reader<'_>) -> Res<Option<Value>> {
        let t = self.ty();
        match (t.kind, t.leaf) {
            (GoKind::Ptr, _) => match t.elem {
                Some(e) => self.at(e, self.plan).read(r),
                None => r.skip().map(|()| None),
            },
            // Raw JSON: kept as written.
            (GoKind::Struct, Some(Leaf::FieldsV1)) => match self.plan {
                Some(_) => {
                    let v: Value = serde_json::from_str(r.raw()?).map_err(|_| Abort)?;
                    Ok(Some(v).filter(|v| !v.is_null()))
                }
                None => r.skip().map(|()| None),
            },
            _ => match r.peek()? {
                b'n' => r.null().map(|()| None),
                b'{' => match (t.kind, t.leaf) {
                    (GoKind::Struct, None) => self.object(r, |_, _| None),
                    (GoKind::Map, _) => self.map(r),
                    _ => Err(Abort),
                },
                b'[' => self.list(r),
                // A string only checked as one: the reader checks its escapes.
                b'"' if self.plan.is_none() && t.kind == GoKind::String => {
                    r.string_raw().map(|_| None)
                }
                b'"' => {
                    let (raw, escaped) = r.string_raw()?;
                    let s = if !escaped {
                        Cow::Borrowed(raw)
                    } else if let Some(text) = self.texts.known_text(raw) {
                        // A rule annotation, full of `\"`: no need to decode it.
                        Cow::Borrowed(text)
                    } else {
                        Cow::Owned(decode(raw)?)
                    };
                    self.string(s)
                }
                b't' | b'f' => {
                    let v = r.boolean()?;
                    if t.kind == GoKind::Bool {
                        Ok(self.keep(|| Value::Bool(v)))
                    } else {
                        Err(Abort)
                    }
                }
                _ => {
                    let n = r.number()?;
                    self.number(n)
                }
            },
        }
    }

    /// The VM itself, the root struct: as [`Typed::read`], except that `spec`, when it comes
    /// after `metadata` (as the API server writes a VM), is kept as `spec_plan` says from the
    /// metadata kept (`None`: as the trie says).
    pub(super) fn read_root(
        self,
        r: &mut Reader<'_>,
        spec_plan: impl Fn(&Value) -> Option<Option<&'p Node>>,
    ) -> Res<Option<Value>> {
        if r.peek()? != b'{' || self.plan.is_none() {
            return self.read(r);
        }
        self.object(r, |key, kept| match (key, kept?.get("metadata")) {
            ("spec", Some(metadata)) => spec_plan(metadata),
            _ => None,
        })
    }

    fn list(self, r: &mut Reader<'_>) -> Res<Option<Value>> {
        let t = self.ty();
        let (GoKind::Slice, Some(e)) = (t.kind, t.elem) else {
            return Err(Abort);
        };
        let elem = self.at(e, self.elems_plan());
        if self.plan.is_none() {
            r.array(|r| elem.read(r).map(drop))?;
            return Ok(None);
        }
        let mut out = Vec::new();
        r.array(|r| {
            out.push(elem.read(r)?.unwrap_or(Value::Null));
            Ok(())
        })?;
        Ok(Some(Value::Array(out)))
    }
}

/// `resource.Quantity`'s unmarshalling of a JSON string (as [`Quantity::from_json`]).
fn quantity_str_ok(s: &str) -> bool {
    !s.chars().any(|c| c == '"' || c == '\\' || c < '\u{20}') && Quantity::parse(s.trim()).is_ok()
}

impl<'p> Typed<'p> {
    fn string(self, s: Cow<'_, str>) -> Res<Option<Value>> {
        let t = self.ty();
        let ok = match (t.kind, t.leaf) {
            (GoKind::String, _) | (GoKind::Struct, Some(Leaf::IntOrString)) => true,
            (GoKind::Struct, Some(Leaf::Quantity)) => quantity_str_ok(&s),
            (GoKind::Struct, Some(Leaf::Time)) => is_rfc3339(&s),
            _ => false,
        };
        if ok {
            Ok(self.keep(|| Value::String(s.into_owned())))
        } else {
            Err(Abort)
        }
    }

    fn number(self, n: Number) -> Res<Option<Value>> {
        let t = self.ty();
        let ok = match (t.kind, t.leaf) {
            (GoKind::Int(bits) | GoKind::Uint(bits) | GoKind::Float(bits), _) => {
                number_fits(&n, t.kind, bits)
            }
            (GoKind::Struct, Some(Leaf::Quantity)) => Quantity::parse(&n.to_string()).is_ok(),
            (GoKind::Struct, Some(Leaf::IntOrString)) => {
                n.as_i64().is_some_and(|i| i32::try_from(i).is_ok())
            }
            _ => false,
        };
        if ok {
            Ok(self.keep(|| Value::Number(n)))
        } else {
            Err(Abort)
        }
    }

    /// A struct's object: keys matched exactly against the struct's fields; a case-variant or
    /// repeated field key aborts (the typed decoding merges those); unknown keys are skipped.
    /// `narrow` may give the node of a key instead of the trie, from what was kept so far.
    fn object(
        self,
        r: &mut Reader<'_>,
        narrow: impl Fn(&str, Option<&Map<String, Value>>) -> Option<Option<&'p Node>>,
    ) -> Res<Option<Value>> {
        let keys = self.schema.object_keys(self.ty);
        let mut seen = [0u64; 4];
        // Sized for the keys the trie names: no growing while filling it.
        let mut out = self
            .plan
            .map(|n| Map::with_capacity(if n.whole { 0 } else { n.keys.len() }));
        r.object(|r, k| {
            let Some(i) = self.schema.exact_key(self.ty, &k) else {
                if keys.iter().any(|t| folds_to(&k, &t.key)) {
                    return Err(Abort);
                }
                return r.skip();
            };
            let (word, bit) = (i / 64, 1u64 << (i % 64));
            match seen.get_mut(word) {
                Some(w) if *w & bit == 0 => *w |= bit,
                _ => return Err(Abort),
            }
            let target = &keys[i];
            let plan =
                narrow(&target.key, out.as_ref()).unwrap_or_else(|| self.key_plan(&target.key));
            let v = self.at(target.ty, plan).read(r)?;
            if let (Some(out), Some(v)) = (out.as_mut(), v) {
                out.insert(target.key.clone(), v);
            }
            Ok(())
        })?;
        Ok(out.map(|m| {
            let mut v = Value::Object(m);
            // KubeVirt's unmarshallers of these wrappers rewrite IP addresses.
            match self.ty().go_type.as_str() {
                "v1.VirtualMachineInstanceSpec" => {
                    sanitize_ips(
                        v.get_mut("dnsConfig")
                            .and_then(|d| d.get_mut("nameservers")),
                    );
                }
                "v1.DHCPOptions" => sanitize_ips(v.get_mut("ntpServers")),
                _ => {}
            }
            v
        }))
    }

    /// A map's object: every value checked; the keys the trie names kept (a later repeated
    /// key replaces an earlier one, as in a parsed `Value`; `null` is kept as `null`).
    fn map(self, r: &mut Reader<'_>) -> Res<Option<Value>> {
        let Some(elem) = self.ty().elem else {
            return Err(Abort);
        };
        let mut out = self.plan.map(|_| Map::new());
        r.object(|r, k| {
            let child = self.key_plan(&k);
            let v = self.at(elem, child).read(r)?;
            if let (Some(out), Some(_)) = (out.as_mut(), child) {
                out.insert(k.into_owned(), v.unwrap_or(Value::Null));
            }
            Ok(())
        })?;
        Ok(out.map(Value::Object))
    }
}
