//! Map keys looked up by hashing rather than by scanning, so that merging and typing a map
//! costs its size, not the product of two maps' sizes. Keys match as ytt compares them (Go's
//! `reflect.DeepEqual` and `==` on YAML scalars): a NaN key matches nothing, `0.0` and `-0.0`
//! match.

use std::collections::HashMap;

use crate::schema::Property;
use validgen_gotext::yaml::Scalar;

/// A key's identity.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum KeyId {
    Null,
    Bool(bool),
    Int(i64),
    /// The float's bits, `-0.0` as `0.0`.
    Float(u64),
    String(String),
}

/// The identity of `key`; `None` for a NaN, which equals nothing.
pub(super) fn key_id(key: &Scalar) -> Option<KeyId> {
    Some(match key {
        Scalar::Null => KeyId::Null,
        Scalar::Bool(b) => KeyId::Bool(*b),
        Scalar::Int(i) => KeyId::Int(*i),
        Scalar::Float(f) if f.is_nan() => return None,
        Scalar::Float(f) => KeyId::Float(if *f == 0.0 { 0 } else { f.to_bits() }),
        Scalar::String(s) => KeyId::String(s.clone()),
    })
}

/// The positions of each key among `keys`, in order.
pub(super) fn index<'a>(keys: impl Iterator<Item = &'a Scalar>) -> HashMap<KeyId, Vec<usize>> {
    let mut found: HashMap<KeyId, Vec<usize>> = HashMap::new();
    for (i, key) in keys.enumerate() {
        if let Some(id) = key_id(key) {
            found.entry(id).or_default().push(i);
        }
    }
    found
}

/// A map type's keys, looked up by hashing.
pub(super) struct Declared(HashMap<KeyId, Vec<usize>>);

impl Declared {
    pub fn new(properties: &[Property]) -> Declared {
        Declared(index(properties.iter().map(|p| &p.key)))
    }

    /// The first property with `key`.
    pub fn find(&self, key: &Scalar) -> Option<usize> {
        self.0.get(&key_id(key)?)?.first().copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_match_as_go_compares_them() {
        let keys = [
            Scalar::String("a".into()),
            Scalar::Float(0.0),
            Scalar::Float(f64::NAN),
            Scalar::String("a".into()),
        ];
        let found = index(keys.iter());
        assert_eq!(found.get(&KeyId::String("a".into())), Some(&vec![0, 3]));
        assert_eq!(key_id(&Scalar::Float(-0.0)), Some(KeyId::Float(0)));
        assert_eq!(found.get(&KeyId::Float(0)), Some(&vec![1]));
        assert_eq!(found.len(), 2);
    }
}
