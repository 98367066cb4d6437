//! The single pass: serde visitors that check a VM against the Go types as the typed decoding
//! does, keep the parts of it a [`Node`] trie names (normalized), and skip the rest without
//! building anything. Any input the typed decoding would reject, and anything this pass does
//! not reproduce exactly (repeated or case-variant struct keys), aborts it: the caller then takes
//! the `Value` path, whose answer is the reference's.

use std::borrow::Cow;
use std::fmt;

use serde::Deserialize;
use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, SeqAccess, Visitor};
use serde_json::value::RawValue;
use serde_json::{Map, Number, Value};

use super::plan::Node;
use crate::quantity::Quantity;
use crate::rules::fold::folds_to;
use crate::typed::decode::{is_rfc3339, number_fits, sanitize_ips};
use crate::typed::schema::{GoKind, Leaf, Schema, Type, TypeId};

/// The message of the error that aborts the pass (never shown: the caller falls back).
pub(super) const ABORT: &str = "validgen: leave this VM to the typed decoding";

fn abort<E: Error>() -> E {
    E::custom(ABORT)
}

/// A value of any JSON shape skipped as strictly as `serde_json::Value` parses it (recursion
/// limit, UTF-8, escapes, number range), unlike `IgnoredAny`'s lenient skim, so that a body
/// this pass accepts is one the `Value` path accepts too. Strings are borrowed, not copied.
pub(super) struct Skip;

impl<'de> Deserialize<'de> for Skip {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Skip, D::Error> {
        d.deserialize_any(SkipVisitor)
    }
}

struct SkipVisitor;

impl<'de> Visitor<'de> for SkipVisitor {
    type Value = Skip;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E: Error>(self, _: bool) -> Result<Skip, E> {
        Ok(Skip)
    }
    fn visit_i64<E: Error>(self, _: i64) -> Result<Skip, E> {
        Ok(Skip)
    }
    fn visit_u64<E: Error>(self, _: u64) -> Result<Skip, E> {
        Ok(Skip)
    }
    fn visit_f64<E: Error>(self, _: f64) -> Result<Skip, E> {
        Ok(Skip)
    }
    fn visit_str<E: Error>(self, _: &str) -> Result<Skip, E> {
        Ok(Skip)
    }
    fn visit_unit<E: Error>(self) -> Result<Skip, E> {
        Ok(Skip)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Skip, A::Error> {
        while seq.next_element::<Skip>()?.is_some() {}
        Ok(Skip)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Skip, A::Error> {
        while map.next_key::<Skip>()?.is_some() {
            map.next_value::<Skip>()?;
        }
        Ok(Skip)
    }
}

/// An object key, borrowed from the input unless it holds escapes.
pub(super) struct Key<'de>(pub(super) Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Key<'de>, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Key<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object key")
            }
            fn visit_borrowed_str<E: Error>(self, s: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(s)))
            }
            fn visit_str<E: Error>(self, s: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(s.to_owned())))
            }
        }
        d.deserialize_str(V)
    }
}

/// A JSON string, borrowed when it holds no escapes; `None` for any other JSON value (skipped).
pub(super) struct MaybeStr<'de>(pub(super) Option<Cow<'de, str>>);

impl<'de> Deserialize<'de> for MaybeStr<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<MaybeStr<'de>, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = MaybeStr<'de>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_borrowed_str<E: Error>(self, s: &'de str) -> Result<MaybeStr<'de>, E> {
                Ok(MaybeStr(Some(Cow::Borrowed(s))))
            }
            fn visit_str<E: Error>(self, s: &str) -> Result<MaybeStr<'de>, E> {
                Ok(MaybeStr(Some(Cow::Owned(s.to_owned()))))
            }
            fn visit_bool<E: Error>(self, _: bool) -> Result<MaybeStr<'de>, E> {
                Ok(MaybeStr(None))
            }
            fn visit_i64<E: Error>(self, _: i64) -> Result<MaybeStr<'de>, E> {
                Ok(MaybeStr(None))
            }
            fn visit_u64<E: Error>(self, _: u64) -> Result<MaybeStr<'de>, E> {
                Ok(MaybeStr(None))
            }
            fn visit_f64<E: Error>(self, _: f64) -> Result<MaybeStr<'de>, E> {
                Ok(MaybeStr(None))
            }
            fn visit_unit<E: Error>(self) -> Result<MaybeStr<'de>, E> {
                Ok(MaybeStr(None))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<MaybeStr<'de>, A::Error> {
                SkipVisitor.visit_seq(seq).map(|_| MaybeStr(None))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<MaybeStr<'de>, A::Error> {
                SkipVisitor.visit_map(map).map(|_| MaybeStr(None))
            }
        }
        d.deserialize_any(V)
    }
}

/// A value of Go type `ty`: checked as the typed decoding checks it; with a trie node, kept
/// (normalized, only what the trie names below it; everything below a `whole` node). `None`:
/// JSON `null`, or nothing kept.
#[derive(Clone, Copy)]
pub(super) struct Typed<'p> {
    pub(super) schema: &'static Schema,
    pub(super) ty: TypeId,
    pub(super) plan: Option<&'p Node>,
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

impl<'de> DeserializeSeed<'de> for Typed<'_> {
    type Value = Option<Value>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<Value>, D::Error> {
        let t = self.ty();
        match (t.kind, t.leaf) {
            (GoKind::Ptr, _) => match t.elem {
                Some(e) => self.at(e, self.plan).deserialize(d),
                None => Skip::deserialize(d).map(|_| None),
            },
            // Raw JSON: kept as written.
            (GoKind::Struct, Some(Leaf::FieldsV1)) => match self.plan {
                Some(_) => Value::deserialize(d).map(|v| Some(v).filter(|v| !v.is_null())),
                None => Skip::deserialize(d).map(|_| None),
            },
            (GoKind::Struct, None) | (GoKind::Map | GoKind::Slice, _) => d.deserialize_any(self),
            // A scalar kept: parsed once, by the visitor.
            _ if self.plan.is_some() => d.deserialize_any(self),
            // Scalars only checked: skimmed as raw text and checked from it, nothing copied.
            _ => {
                let raw = <&RawValue>::deserialize(d)?;
                self.scalar(raw.get())
            }
        }
    }
}

impl<'de> Visitor<'de> for Typed<'_> {
    type Value = Option<Value>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a value of Go type {}", self.ty().go_type)
    }

    fn visit_unit<E: Error>(self) -> Result<Option<Value>, E> {
        // `null` leaves the destination as it is (a nil pointer, slice or map).
        Ok(None)
    }

    // Scalars arrive here only when kept (see `deserialize`).
    fn visit_bool<E: Error>(self, v: bool) -> Result<Option<Value>, E> {
        if self.ty().kind == GoKind::Bool {
            Ok(self.keep(|| Value::Bool(v)))
        } else {
            Err(abort())
        }
    }

    fn visit_u64<E: Error>(self, v: u64) -> Result<Option<Value>, E> {
        self.number(Number::from(v))
    }

    fn visit_i64<E: Error>(self, v: i64) -> Result<Option<Value>, E> {
        self.number(Number::from(v))
    }

    fn visit_f64<E: Error>(self, v: f64) -> Result<Option<Value>, E> {
        match Number::from_f64(v) {
            Some(n) => self.number(n),
            None => Err(abort()),
        }
    }

    fn visit_str<E: Error>(self, s: &str) -> Result<Option<Value>, E> {
        self.string(s)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Option<Value>, A::Error> {
        let t = self.ty();
        let (GoKind::Slice, Some(e)) = (t.kind, t.elem) else {
            return Err(abort());
        };
        let seed = self.at(e, self.elems_plan());
        if self.plan.is_none() {
            while seq.next_element_seed(seed)?.is_some() {}
            return Ok(None);
        }
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0));
        while let Some(v) = seq.next_element_seed(seed)? {
            out.push(v.unwrap_or(Value::Null));
        }
        Ok(Some(Value::Array(out)))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Option<Value>, A::Error> {
        let t = self.ty();
        match (t.kind, t.leaf) {
            (GoKind::Struct, None) => self.object(map),
            (GoKind::Map, _) => self.map(map),
            _ => Err(abort()),
        }
    }
}

/// `resource.Quantity`'s unmarshalling of a JSON string (as [`Quantity::from_json`]).
fn quantity_str_ok(s: &str) -> bool {
    !s.chars().any(|c| c == '"' || c == '\\' || c < '\u{20}') && Quantity::parse(s.trim()).is_ok()
}

/// The JSON text of a string, when it can be read without decoding: no escapes.
fn plain_str(raw: &str) -> Option<&str> {
    let inner = raw.strip_prefix('"')?.strip_suffix('"')?;
    (!inner.contains('\\')).then_some(inner)
}

impl<'p> Typed<'p> {
    /// A scalar Go type (or a leaf with its own unmarshaller) checked from the value's raw
    /// text; nothing is kept.
    fn scalar<E: Error>(self, raw: &str) -> Result<Option<Value>, E> {
        let t = self.ty();
        match raw.as_bytes().first() {
            Some(b'n') => Ok(None),
            // A string only checked as one: the skim already refused bad escapes and control
            // characters; `\u` escapes are decoded below, as a `Value` parse refuses lone
            // surrogates.
            Some(b'"') if t.kind == GoKind::String && !raw.contains("\\u") => Ok(None),
            Some(b'"') => {
                // Escapes are decoded (and `\u` surrogates checked) as a `Value` parse would.
                let owned;
                let s = match plain_str(raw) {
                    Some(s) => s,
                    None => {
                        owned = serde_json::from_str::<String>(raw).map_err(|_| abort::<E>())?;
                        owned.as_str()
                    }
                };
                self.string(s)
            }
            Some(b't' | b'f') if t.kind == GoKind::Bool => Ok(None),
            Some(b'-' | b'0'..=b'9') => {
                let n = serde_json::from_str::<Number>(raw).map_err(|_| abort::<E>())?;
                self.number(n)
            }
            _ => Err(abort()),
        }
    }

    fn string<E: Error>(self, s: &str) -> Result<Option<Value>, E> {
        let t = self.ty();
        let ok = match (t.kind, t.leaf) {
            (GoKind::String, _) | (GoKind::Struct, Some(Leaf::IntOrString)) => true,
            (GoKind::Struct, Some(Leaf::Quantity)) => quantity_str_ok(s),
            (GoKind::Struct, Some(Leaf::Time)) => is_rfc3339(s),
            _ => false,
        };
        if ok {
            Ok(self.keep(|| Value::String(s.to_owned())))
        } else {
            Err(abort())
        }
    }

    fn number<E: Error>(self, n: Number) -> Result<Option<Value>, E> {
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
            Err(abort())
        }
    }

    /// A struct's object: keys matched exactly against the struct's fields; a case-variant or
    /// repeated field key aborts (the typed decoding merges those); unknown keys are skipped.
    fn object<'de, A: MapAccess<'de>>(self, mut map: A) -> Result<Option<Value>, A::Error> {
        let keys = self.schema.object_keys(self.ty);
        let mut seen = [0u64; 4];
        let mut out = self.plan.map(|_| Map::new());
        while let Some(Key(k)) = map.next_key::<Key<'de>>()? {
            let Some(i) = self.schema.exact_key(self.ty, &k) else {
                if keys.iter().any(|t| folds_to(&k, &t.key)) {
                    return Err(abort());
                }
                map.next_value::<Skip>()?;
                continue;
            };
            let (word, bit) = (i / 64, 1u64 << (i % 64));
            match seen.get_mut(word) {
                Some(w) if *w & bit == 0 => *w |= bit,
                _ => return Err(abort()),
            }
            let target = &keys[i];
            let v = map.next_value_seed(self.at(target.ty, self.key_plan(&target.key)))?;
            if let (Some(out), Some(v)) = (out.as_mut(), v) {
                out.insert(target.key.clone(), v);
            }
        }
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
    fn map<'de, A: MapAccess<'de>>(self, mut map: A) -> Result<Option<Value>, A::Error> {
        let Some(elem) = self.ty().elem else {
            return Err(abort());
        };
        let mut out = self.plan.map(|_| Map::new());
        while let Some(Key(k)) = map.next_key::<Key<'de>>()? {
            let child = self.key_plan(&k);
            let v = map.next_value_seed(self.at(elem, child))?;
            if let (Some(out), Some(_)) = (out.as_mut(), child) {
                out.insert(k.into_owned(), v.unwrap_or(Value::Null));
            }
        }
        Ok(out.map(Value::Object))
    }
}
