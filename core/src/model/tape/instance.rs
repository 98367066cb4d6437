//! A tape's values as document [`Instance`]s: checks read them in place, as they read a
//! `serde_json::Value`.

use std::borrow::Cow;

use serde_json::{Map, Number, Value};

use super::{Kind, SCAN_MAX, Tape, str_len, string_text};
use crate::model::{Instance, JsonType, is_integral};

/// One value of a [`Tape`] (a reference: cheap to copy).
#[derive(Debug, Clone, Copy)]
pub struct TapeValue<'t> {
    tape: &'t Tape<'t>,
    index: u32,
}

impl<'t> TapeValue<'t> {
    pub(super) fn new(tape: &'t Tape<'_>, index: u32) -> Self {
        TapeValue { tape, index }
    }

    pub(super) fn index(self) -> u32 {
        self.index
    }

    #[inline]
    fn kind(self) -> &'t Kind<'t> {
        &self.tape.nodes[self.index as usize].kind
    }

    #[inline]
    fn at(self, index: u32) -> Self {
        TapeValue {
            tape: self.tape,
            index,
        }
    }

    /// The child named by a JSON Pointer token: an object's entry, or an array's item (digits
    /// without leading zeros, RFC 6901 §4).
    pub(super) fn step(self, token: &str) -> Option<Self> {
        match self.kind() {
            Kind::Object { .. } => self.get(token),
            Kind::Array { .. } => {
                let digits = !token.is_empty() && token.bytes().all(|b| b.is_ascii_digit());
                if !digits || (token.len() > 1 && token.starts_with('0')) {
                    return None;
                }
                self.item(token.parse().ok()?)
            }
            _ => None,
        }
    }

    /// An object's key nodes, in document order (each entry's value is the node after).
    #[inline]
    fn key_nodes(self) -> &'t [u32] {
        match self.kind() {
            Kind::Object { start, len } => {
                &self.tape.kids[*start as usize..(*start + *len) as usize]
            }
            _ => &[],
        }
    }
}

impl<'t> Instance<'t> for TapeValue<'t> {
    // Always where optimised, a hint in debug builds: as `checks::document::has_type`.
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn json_type(self) -> JsonType {
        match self.kind() {
            Kind::Null => JsonType::Null,
            Kind::Bool(_) => JsonType::Boolean,
            Kind::Number(n) if is_integral(n) => JsonType::Integer,
            Kind::Number(_) => JsonType::Number,
            Kind::Str { .. } | Kind::Escaped { .. } => JsonType::String,
            Kind::Array { .. } => JsonType::Array,
            Kind::Object { .. } => JsonType::Object,
        }
    }

    #[inline]
    fn as_bool(self) -> Option<bool> {
        match self.kind() {
            Kind::Bool(b) => Some(*b),
            _ => None,
        }
    }

    #[inline]
    fn as_number(self) -> Option<&'t Number> {
        match self.kind() {
            Kind::Number(n) => Some(n),
            _ => None,
        }
    }

    #[inline]
    fn as_str(self) -> Option<&'t str> {
        match self.kind() {
            Kind::Str(s) => Some(s),
            Kind::Escaped { .. } => Some(self.tape.str_at(self.index)),
            _ => None,
        }
    }

    #[inline]
    fn array_len(self) -> Option<usize> {
        match self.kind() {
            Kind::Array { len, .. } => Some(*len as usize),
            _ => None,
        }
    }

    #[inline]
    fn item(self, i: usize) -> Option<Self> {
        match self.kind() {
            Kind::Array { start, len } if i < *len as usize => {
                Some(self.at(self.tape.kids[*start as usize + i]))
            }
            _ => None,
        }
    }

    #[inline]
    fn object_len(self) -> Option<usize> {
        match self.kind() {
            Kind::Object { len, .. } => Some(*len as usize),
            _ => None,
        }
    }

    #[inline]
    fn entries(self) -> impl Iterator<Item = (&'t str, Self)> {
        let tape = self.tape;
        self.key_nodes()
            .iter()
            .map(move |&k| (tape.str_at(k), self.at(k + 1)))
    }

    #[inline]
    fn get(self, key: &str) -> Option<Self> {
        let &Kind::Object { start, len } = self.kind() else {
            return None;
        };
        let tape = self.tape;
        let keys = self.key_nodes();
        if len as usize <= SCAN_MAX {
            // Lengths first: most keys differ in length, and need no text compared.
            return keys
                .iter()
                .find(|&&k| {
                    let kind = &tape.nodes[k as usize].kind;
                    str_len(kind) == key.len() && string_text(&tape.unescaped, kind) == key
                })
                .map(|&k| self.at(k + 1));
        }
        // Bigger objects: their key nodes sorted by key follow the entries.
        let sorted_start = (start + len) as usize;
        let sorted = &tape.kids[sorted_start..sorted_start + len as usize];
        let found = sorted.binary_search_by(|&k| tape.str_at(k).cmp(key)).ok()?;
        Some(self.at(sorted[found] + 1))
    }

    #[inline]
    fn to_value(self) -> Cow<'t, Value> {
        Cow::Owned(value(self))
    }
}

/// The value as a `serde_json::Value` (for equality checks and texts), built iteratively so
/// that depth costs no stack.
fn value(root: TapeValue<'_>) -> Value {
    // Post-order: children built before their container, which takes them off `built`.
    let mut built: Vec<Value> = Vec::new();
    let mut todo: Vec<(TapeValue<'_>, bool)> = vec![(root, false)];
    while let Some((v, children_done)) = todo.pop() {
        match v.kind() {
            Kind::Null => built.push(Value::Null),
            Kind::Bool(b) => built.push(Value::Bool(*b)),
            Kind::Number(n) => built.push(Value::Number(n.clone())),
            Kind::Str { .. } | Kind::Escaped { .. } => {
                built.push(Value::String(v.tape.str_at(v.index).to_owned()));
            }
            Kind::Array { start, len } => {
                let kids = &v.tape.kids[*start as usize..(*start + *len) as usize];
                if children_done {
                    let items = built.split_off(built.len() - kids.len());
                    built.push(Value::Array(items));
                } else {
                    todo.push((v, true));
                    todo.extend(kids.iter().rev().map(|&k| (v.at(k), false)));
                }
            }
            Kind::Object { .. } => {
                let keys = v.key_nodes();
                if children_done {
                    let values = built.split_off(built.len() - keys.len());
                    let map: Map<String, Value> = keys
                        .iter()
                        .zip(values)
                        .map(|(&k, x)| (v.tape.str_at(k).to_owned(), x))
                        .collect();
                    built.push(Value::Object(map));
                } else {
                    todo.push((v, true));
                    todo.extend(keys.iter().rev().map(|&k| (v.at(k + 1), false)));
                }
            }
        }
    }
    built.pop().unwrap_or(Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_read_in_place_and_convert() {
        let text = br#"{"a": [1, -2, 2.0, 2.5, "x\ny"], "b": {"c": null, "d": true}}"#;
        let tape = Tape::parse(text).unwrap_or_else(|e| panic!("{e}"));
        let root = tape.root();
        assert_eq!(root.keys().collect::<Vec<_>>(), vec!["a", "b"]);
        let a = root.get("a").unwrap_or_else(|| panic!("a"));
        assert_eq!(a.array_len(), Some(5));
        let types: Vec<JsonType> = (0..5)
            .filter_map(|i| a.item(i))
            .map(|v| v.json_type())
            .collect();
        assert_eq!(
            types,
            [
                JsonType::Integer,
                JsonType::Integer,
                JsonType::Integer,
                JsonType::Number,
                JsonType::String
            ]
        );
        assert_eq!(a.item(4).and_then(|v| v.as_str()), Some("x\ny"));
        assert!(a.item(5).is_none());
        let expected: Value = serde_json::from_slice(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(root.to_value().into_owned(), expected);
    }

    #[test]
    fn big_objects_are_looked_up_by_their_index() {
        let entries: Vec<String> = (0..40).rev().map(|i| format!("\"k{i}\": {i}")).collect();
        let text = format!("{{{}}}", entries.join(", "));
        let tape = Tape::parse(text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
        for i in 0..40 {
            let n = tape
                .root()
                .get(&format!("k{i}"))
                .and_then(|v| v.as_number()?.as_u64());
            assert_eq!(n, Some(i));
        }
        assert!(tape.root().get("k40").is_none());
        assert_eq!(tape.root().keys().next(), Some("k39"));
    }
}
