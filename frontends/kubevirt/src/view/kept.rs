//! [`Kept`]: the JSON values the single pass keeps, in a `bumpalo` arena: no allocation of
//! their own, strings borrowed from the body where they hold no escapes.

use std::borrow::Cow;

use bumpalo::Bump;
use serde_json::{Map, Number, Value};

use super::JsonView;

/// A JSON value in an arena (`'a`: the arena's and the body's lifetime). Objects keep their
/// entries in the order read, each key once, as a `Value` object with `preserve_order` does.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kept<'a> {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A number, as `serde_json` reads it.
    Number(&'a Number),
    /// A string, decoded.
    String(&'a str),
    /// An array.
    Array(&'a [Kept<'a>]),
    /// An object: its entries in order.
    Object(&'a [(&'a str, Kept<'a>)]),
}

impl<'a> Kept<'a> {
    /// A copy of `v` in `arena`.
    pub fn from_value(v: &Value, arena: &'a Bump) -> Kept<'a> {
        match v {
            Value::Null => Kept::Null,
            Value::Bool(b) => Kept::Bool(*b),
            Value::Number(n) => Kept::Number(arena.alloc(n.clone())),
            Value::String(s) => Kept::String(arena.alloc_str(s)),
            Value::Array(items) => Kept::Array(
                arena.alloc_slice_fill_iter(items.iter().map(|x| Kept::from_value(x, arena))),
            ),
            Value::Object(m) => Kept::Object(
                arena.alloc_slice_fill_iter(
                    m.iter()
                        .map(|(k, x)| (&*arena.alloc_str(k), Kept::from_value(x, arena))),
                ),
            ),
        }
    }

    /// The entries of an object (`None` for other values).
    pub fn as_object(&self) -> Option<&'a [(&'a str, Kept<'a>)]> {
        match self {
            Kept::Object(entries) => Some(entries),
            _ => None,
        }
    }

    /// This value with the entry `key` of the object at `path` (a key per step) replaced by
    /// what `f` makes of it (`None`: the key is absent; the new entry is appended then). The
    /// objects on the way are copied; `None` when a step finds no object, or `f` changes nothing.
    pub(crate) fn update(
        self,
        path: &[&'a str],
        arena: &'a Bump,
        f: &mut impl FnMut(Option<Kept<'a>>) -> Option<Kept<'a>>,
    ) -> Option<Kept<'a>> {
        let entries = self.as_object()?;
        let (first, rest) = path.split_first()?;
        let at = entries.iter().position(|(k, _)| k == first);
        let new = if rest.is_empty() {
            f(at.map(|i| entries[i].1))?
        } else {
            entries[at?].1.update(rest, arena, f)?
        };
        let mut out = bumpalo::collections::Vec::with_capacity_in(entries.len() + 1, arena);
        out.extend_from_slice(entries);
        match at {
            Some(i) => out[i].1 = new,
            None => out.push((*first, new)),
        }
        Some(Kept::Object(out.into_bump_slice()))
    }
}

impl<'a> Kept<'a> {
    /// The webhook's CPU defaulting on a VM, as [`crate::typed::TypedVm::default_cpu`]: when
    /// `spec.template.spec.domain.cpu` is an object, each of `sockets`, `cores`, `threads` that
    /// is absent or not a positive integer becomes 1 (a missing one is appended).
    pub(crate) fn default_cpu(self, arena: &'a Bump) -> Kept<'a> {
        const FIELDS: [&str; 3] = ["sockets", "cores", "threads"];
        let set = |v: &Kept<'_>| v.as_u64().unwrap_or(0) != 0;
        let mut defaults = |cpu: Option<Kept<'a>>| {
            let entries = cpu?.as_object()?;
            let done = FIELDS
                .iter()
                .all(|f| entries.iter().any(|(k, v)| k == f && set(v)));
            if done {
                return None;
            }
            let one = Kept::Number(arena.alloc(Number::from(1)));
            let mut out = bumpalo::collections::Vec::with_capacity_in(entries.len() + 3, arena);
            out.extend_from_slice(entries);
            for f in FIELDS {
                match out.iter().position(|(k, _)| *k == f) {
                    Some(i) if set(&out[i].1) => {}
                    Some(i) => out[i].1 = one,
                    None => out.push((f, one)),
                }
            }
            Some(Kept::Object(out.into_bump_slice()))
        };
        self.update(
            &["spec", "template", "spec", "domain", "cpu"],
            arena,
            &mut defaults,
        )
        .unwrap_or(self)
    }
}

impl JsonView for Kept<'_> {
    #[inline]
    fn is_null(&self) -> bool {
        matches!(self, Kept::Null)
    }

    #[inline]
    fn as_str(&self) -> Option<&str> {
        match self {
            Kept::String(s) => Some(s),
            _ => None,
        }
    }

    #[inline]
    fn as_i64(&self) -> Option<i64> {
        match self {
            Kept::Number(n) => n.as_i64(),
            _ => None,
        }
    }

    #[inline]
    fn as_u64(&self) -> Option<u64> {
        match self {
            Kept::Number(n) => n.as_u64(),
            _ => None,
        }
    }

    #[inline]
    fn as_array(&self) -> Option<&[Self]> {
        match self {
            Kept::Array(items) => Some(items),
            _ => None,
        }
    }

    #[inline]
    fn field(&self, key: &str) -> Option<&Self> {
        match self {
            Kept::Object(entries) => entries.iter().find(|(k, _)| *k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    #[inline]
    fn get(&self, key: &str) -> Option<&Self> {
        // Kept objects hold only the keys a plan names, or a map kept whole: a scan.
        self.field(key)
    }

    fn to_value(&self) -> Cow<'_, Value> {
        Cow::Owned(match self {
            Kept::Null => Value::Null,
            Kept::Bool(b) => Value::Bool(*b),
            Kept::Number(n) => Value::Number((*n).clone()),
            Kept::String(s) => Value::String((*s).to_owned()),
            Kept::Array(items) => {
                Value::Array(items.iter().map(|x| x.to_value().into_owned()).collect())
            }
            Kept::Object(entries) => Value::Object(
                entries
                    .iter()
                    .map(|(k, x)| ((*k).to_owned(), x.to_value().into_owned()))
                    .collect::<Map<String, Value>>(),
            ),
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use serde_json::json;

    use super::*;

    fn json_value() -> impl Strategy<Value = Value> {
        let leaf = prop_oneof![
            Just(Value::Null),
            any::<bool>().prop_map(Value::from),
            any::<i64>().prop_map(Value::from),
            any::<u64>().prop_map(Value::from),
            (-1e9f64..1e9).prop_map(Value::from),
            "[a-c\\\\\"é]{0,6}".prop_map(Value::from),
        ];
        leaf.prop_recursive(4, 32, 5, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..5).prop_map(Value::Array),
                prop::collection::vec(("[a-d]{0,3}", inner), 0..5)
                    .prop_map(|kv| Value::Object(kv.into_iter().collect())),
            ]
        })
    }

    proptest! {
        #[test]
        fn reads_as_the_value_it_was_made_from(v in json_value(), key in "[a-d]{0,3}") {
            let arena = Bump::new();
            let k = Kept::from_value(&v, &arena);
            prop_assert_eq!(k.to_value().into_owned(), v.clone());
            prop_assert_eq!(JsonView::is_null(&k), v.is_null());
            prop_assert_eq!(JsonView::as_str(&k), v.as_str());
            prop_assert_eq!(JsonView::as_i64(&k), v.as_i64());
            prop_assert_eq!(JsonView::as_u64(&k), v.as_u64());
            prop_assert_eq!(JsonView::as_array(&k).map(<[_]>::len), v.as_array().map(Vec::len));
            prop_assert_eq!(
                JsonView::get(&k, &key).map(|x| x.to_value().into_owned()),
                v.get(&key).cloned()
            );
            prop_assert_eq!(
                JsonView::field(&k, &key).map(|x| x.to_value().into_owned()),
                JsonView::field(&v, &key).cloned()
            );
        }
    }

    #[test]
    fn cpu_defaults_as_the_typed_vm_does() {
        let cpu = |c: Value| json!({"spec": {"template": {"spec": {"domain": {"cpu": c}}}}});
        for vm in [
            cpu(json!({"cores": 2})),
            cpu(json!({"sockets": 0, "cores": 4, "threads": -1, "model": "host"})),
            cpu(json!({"sockets": 1, "cores": 1, "threads": 1})),
            cpu(json!({"sockets": "2"})),
            cpu(json!({})),
            cpu(Value::Null),
            json!({"spec": {"template": null}}),
            json!({"metadata": {}}),
        ] {
            let arena = Bump::new();
            let kept = Kept::from_value(&vm, &arena).default_cpu(&arena);
            let mut typed = crate::typed::TypedVm::from_normalized(vm.clone());
            typed.default_cpu();
            assert_eq!(kept.to_value().into_owned(), *typed.json(), "{vm}");
        }
    }

    #[test]
    fn update_copies_the_way_down_and_appends_a_missing_key() {
        let arena = Bump::new();
        let v = json!({"a": {"b": {"x": 1}}, "c": 2});
        let k = Kept::from_value(&v, &arena);
        let one = Kept::Number(arena.alloc(Number::from(1)));
        let set = k.update(&["a", "b", "y"], &arena, &mut |old| {
            assert_eq!(old, None);
            Some(one)
        });
        let set = set.map(|s| s.to_value().into_owned());
        assert_eq!(set, Some(json!({"a": {"b": {"x": 1, "y": 1}}, "c": 2})));
        // Nothing changed, or no object on the way: no copy.
        assert_eq!(k.update(&["a", "b", "x"], &arena, &mut |_| None), None);
        assert_eq!(k.update(&["c", "d"], &arena, &mut |_| Some(one)), None);
        assert_eq!(k.to_value().into_owned(), v);
    }
}
