//! The single pass's walk of a VM: checks it against the Go types as the typed decoding
//! does, keeps the parts of it a [`CaptureNode`] trie names (normalized), and skips the rest without
//! building anything. Any input the typed decoding would reject, and anything this pass does
//! not reproduce exactly (repeated or case-variant struct keys), aborts it: the caller then takes
//! the `Value` path, whose answer is the reference's.

use std::borrow::Cow;

use bumpalo::Bump;
use bumpalo::collections::Vec as ArenaVec;
use serde_json::{Number, Value};

use crate::capture::{CaptureNode, ExtractionPlan};
use crate::rules::fold::folds_to;
use crate::typed::decode::{canonical_ip, is_rfc3339, number_fits};
use crate::typed::schema::{GoKind, Leaf, Schema, Type, TypeId};
use crate::view::{JsonView, Kept};
use validgen_core::model::reader::{Abort, Reader, Res, decode};
use validgen_quantity::Quantity;

/// A value of Go type `ty`: checked as the typed decoding checks it; with a trie node, kept
/// in `arena` (normalized, only what the trie names below it; everything below a `whole`
/// node). `None`: JSON `null`, or nothing kept.
#[derive(Clone, Copy)]
pub(super) struct Typed<'p, 'a> {
    pub(super) schema: &'static Schema,
    pub(super) ty: TypeId,
    pub(super) plan: Option<&'p CaptureNode>,
    /// The whole plan, for its rule texts.
    pub(super) texts: &'p ExtractionPlan,
    /// Where kept values go (the body's text lives at least as long).
    pub(super) arena: &'a Bump,
}

impl<'p: 'a, 'a> Typed<'p, 'a> {
    fn at(self, ty: TypeId, plan: Option<&'p CaptureNode>) -> Typed<'p, 'a> {
        Typed { ty, plan, ..self }
    }

    fn ty(&self) -> &'static Type {
        self.schema.get(self.ty)
    }

    /// The node of an object key: below a whole node, everything is kept.
    fn key_plan(&self, k: &str) -> Option<&'p CaptureNode> {
        let n = self.plan?;
        if n.whole { Some(n) } else { n.key(k) }
    }

    /// The node of every element.
    fn elems_plan(&self) -> Option<&'p CaptureNode> {
        let n = self.plan?;
        if n.whole { Some(n) } else { n.elems.as_deref() }
    }

    /// A scalar kept as the typed decoding keeps it (the JSON value itself).
    fn keep(&self, v: impl FnOnce() -> Kept<'a>) -> Option<Kept<'a>> {
        self.plan.map(|_| v())
    }

    /// A string in the arena (borrowed from the body when it is).
    fn text(&self, s: Cow<'a, str>) -> &'a str {
        match s {
            Cow::Borrowed(s) => s,
            Cow::Owned(s) => self.arena.alloc_str(&s),
        }
    }
}

impl<'p: 'a, 'a> Typed<'p, 'a> {
    /// Reads the value at `r`: `None` for JSON `null` (it leaves the destination as it is: a
    /// nil pointer, slice or map) or when nothing is kept.
    pub(super) fn read(self, r: &mut Reader<'a>) -> Res<Option<Kept<'a>>> {
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
                    Ok(Some(Kept::from_value(&v, self.arena)).filter(|v| !v.is_null()))
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
                    let texts = self.texts;
                    // A rule annotation, full of `\"`: known without scanning or decoding it.
                    if let Some(text) = r.known_string(|rest| texts.known_text_at(rest))? {
                        return self.string(Cow::Borrowed(text));
                    }
                    let (raw, escaped) = r.string_raw()?;
                    let s = if escaped {
                        Cow::Owned(decode(raw)?)
                    } else {
                        Cow::Borrowed(raw)
                    };
                    self.string(s)
                }
                b't' | b'f' => {
                    let v = r.boolean()?;
                    if t.kind == GoKind::Bool {
                        Ok(self.keep(|| Kept::Bool(v)))
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
        r: &mut Reader<'a>,
        spec_plan: impl Fn(&Kept<'a>) -> Option<Option<&'p CaptureNode>>,
    ) -> Res<Option<Kept<'a>>> {
        if r.peek()? != b'{' || self.plan.is_none() {
            return self.read(r);
        }
        self.object(r, |key, kept| {
            let metadata = kept?.iter().find(|(k, _)| *k == "metadata");
            match (key, metadata) {
                ("spec", Some((_, metadata))) => spec_plan(metadata),
                _ => None,
            }
        })
    }

    fn list(self, r: &mut Reader<'a>) -> Res<Option<Kept<'a>>> {
        let t = self.ty();
        let (GoKind::Slice, Some(e)) = (t.kind, t.elem) else {
            return Err(Abort);
        };
        let elem = self.at(e, self.elems_plan());
        if self.plan.is_none() {
            r.array(|r| elem.read(r).map(drop))?;
            return Ok(None);
        }
        let mut out = ArenaVec::new_in(self.arena);
        r.array(|r| {
            out.push(elem.read(r)?.unwrap_or(Kept::Null));
            Ok(())
        })?;
        Ok(Some(Kept::Array(out.into_bump_slice())))
    }
}

/// `resource.Quantity`'s unmarshalling of a JSON string (as [`Quantity::from_json`]).
fn quantity_str_ok(s: &str) -> bool {
    !s.chars().any(|c| c == '"' || c == '\\' || c < '\u{20}') && Quantity::parse(s.trim()).is_ok()
}

impl<'p: 'a, 'a> Typed<'p, 'a> {
    fn string(self, s: Cow<'a, str>) -> Res<Option<Kept<'a>>> {
        let t = self.ty();
        let ok = match (t.kind, t.leaf) {
            (GoKind::String, _) | (GoKind::Struct, Some(Leaf::IntOrString)) => true,
            (GoKind::Struct, Some(Leaf::Quantity)) => quantity_str_ok(&s),
            (GoKind::Struct, Some(Leaf::Time)) => is_rfc3339(&s),
            _ => false,
        };
        if ok {
            Ok(self.keep(|| Kept::String(self.text(s))))
        } else {
            Err(Abort)
        }
    }

    fn number(self, n: Number) -> Res<Option<Kept<'a>>> {
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
            Ok(self.keep(|| Kept::Number(self.arena.alloc(n))))
        } else {
            Err(Abort)
        }
    }

    /// A struct's object: keys matched exactly against the struct's fields; a case-variant or
    /// repeated field key aborts (the typed decoding merges those); unknown keys are skipped.
    /// `narrow` may give the node of a key instead of the trie, from what was kept so far.
    fn object(
        self,
        r: &mut Reader<'a>,
        narrow: impl Fn(&str, Option<&[(&'a str, Kept<'a>)]>) -> Option<Option<&'p CaptureNode>>,
    ) -> Res<Option<Kept<'a>>> {
        let keys = self.schema.object_keys(self.ty);
        let mut seen = [0u64; 4];
        // Sized for the keys the trie names: no growing while filling it.
        let mut out = self.plan.map(|n| {
            ArenaVec::with_capacity_in(if n.whole { 0 } else { n.keys.len() }, self.arena)
        });
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
                narrow(&target.key, out.as_deref()).unwrap_or_else(|| self.key_plan(&target.key));
            let v = self.at(target.ty, plan).read(r)?;
            if let (Some(out), Some(v)) = (out.as_mut(), v) {
                out.push((target.key.as_str(), v));
            }
            Ok(())
        })?;
        Ok(out.map(|m| {
            let v = Kept::Object(m.into_bump_slice());
            // KubeVirt's unmarshallers of these wrappers rewrite IP addresses.
            let path: &[&str] = match self.ty().go_type.as_str() {
                "v1.VirtualMachineInstanceSpec" => &["dnsConfig", "nameservers"],
                "v1.DHCPOptions" => &["ntpServers"],
                _ => return v,
            };
            v.update(path, self.arena, &mut |list| {
                sanitize_ips(list?, self.arena)
            })
            .unwrap_or(v)
        }))
    }

    /// A map's object: every value checked; the keys the trie names kept (a later repeated
    /// key replaces an earlier one, as in a parsed `Value`; `null` is kept as `null`).
    fn map(self, r: &mut Reader<'a>) -> Res<Option<Kept<'a>>> {
        let Some(elem) = self.ty().elem else {
            return Err(Abort);
        };
        let mut out = self
            .plan
            .map(|_| ArenaVec::<(&str, Kept)>::new_in(self.arena));
        r.object(|r, k| {
            let child = self.key_plan(&k);
            let v = self.at(elem, child).read(r)?;
            if let (Some(out), Some(_)) = (out.as_mut(), child) {
                let v = v.unwrap_or(Kept::Null);
                // A repeated key keeps its first place and takes the last value, as an
                // insertion into a `Value` object.
                match out.iter_mut().find(|(x, _)| *x == k) {
                    Some(entry) => entry.1 = v,
                    None => out.push((self.text(k), v)),
                }
            }
            Ok(())
        })?;
        Ok(out.map(|m| Kept::Object(m.into_bump_slice())))
    }
}

/// A list with its IP addresses in canonical form (`None`: nothing to rewrite), as
/// [`crate::typed::decode::sanitize_ips`] does.
fn sanitize_ips<'a>(list: Kept<'a>, arena: &'a Bump) -> Option<Kept<'a>> {
    let items = list.as_array()?;
    let ips: Vec<Option<String>> = items
        .iter()
        .map(|i| i.as_str().and_then(canonical_ip))
        .collect();
    if ips.iter().all(Option::is_none) {
        return None;
    }
    let out = items.iter().zip(ips).map(|(item, ip)| match ip {
        Some(ip) => Kept::String(arena.alloc_str(&ip)),
        None => *item,
    });
    Some(Kept::Array(arena.alloc_slice_fill_iter(out)))
}
