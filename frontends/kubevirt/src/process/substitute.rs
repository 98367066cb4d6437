//! `${PARAM}` and `${{PARAM}}` substitution in a template object, as `oc process` does
//! (openshift/library-go `pkg/template/templateprocessing`: `EvaluateParameterSubstitution`
//! and the visitor of `object.go`).
//!
//! - Every string value and every object key is visited.
//! - A string that is exactly `${{NAME}}`, NAME a parameter, becomes the parameter's value
//!   read as JSON (a number, `true`, an object…), or the value as a string when it is not
//!   JSON. In a key it stays a string.
//! - Otherwise every `${NAME}` whose NAME is a parameter is replaced by its value; `NAME` is
//!   letters, digits and `_`.
//! - A reference to no parameter (`${UNDECLARED}`), and a `${{NAME}}` that is not the whole
//!   string, are left as they are, as `oc process` leaves them; they are returned as
//!   [`Unsubstituted`] so that they can be reported.
//!
//! Values are inserted in one pass: a value holding `${OTHER}` is not substituted again
//! (library-go replaces reference by reference in the string it is building, so that such a
//! value may be).

use std::collections::BTreeMap;
use std::sync::LazyLock;

use regex::Regex;
use serde_json::{Map, Value};

/// `${NAME}` (library-go's `stringParameterExp`).
static STRING_REF: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::unwrap_used)] // A constant pattern.
    Regex::new(r"\$\{([a-zA-Z0-9_]+?)\}").unwrap()
});

/// `${{NAME}}` as the whole string (library-go's `nonStringParameterExp`).
static WHOLE_REF: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::unwrap_used)] // A constant pattern.
    Regex::new(r"^\$\{\{([a-zA-Z0-9_]+)\}\}$").unwrap()
});

/// Any reference, to find those left: `${{NAME}}` or `${NAME}`.
static ANY_REF: LazyLock<Regex> = LazyLock::new(|| {
    #[allow(clippy::unwrap_used)] // A constant pattern.
    Regex::new(r"\$\{\{([a-zA-Z0-9_]+)\}\}|\$\{([a-zA-Z0-9_]+)\}").unwrap()
});

/// A reference the substitution left as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsubstituted {
    /// The reference as written, e.g. `${UNDECLARED}`.
    pub reference: String,
    /// JSON Pointer of the string (or, for a key, of its member) in the object.
    pub pointer: String,
    /// `true` when it names a parameter (a `${{NAME}}` that is not the whole string);
    /// `false` when it names none.
    pub declared: bool,
}

/// What a substitution gives: the object, the references left, and its size so far.
pub struct Substitution<'a> {
    values: &'a BTreeMap<String, String>,
    /// The references left as written, in document order.
    pub unsubstituted: Vec<Unsubstituted>,
    /// Bytes of string data produced so far.
    produced: usize,
    limit: usize,
}

/// The substituted strings add up to more than the limit given to [`Substitution::new`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge;

impl<'a> Substitution<'a> {
    /// A substitution of `values` (parameter name → value) producing at most `limit` bytes of
    /// strings (hostile templates repeat long values).
    pub fn new(values: &'a BTreeMap<String, String>, limit: usize) -> Self {
        Substitution {
            values,
            unsubstituted: Vec::new(),
            produced: 0,
            limit,
        }
    }

    /// `value` with its references substituted.
    ///
    /// # Errors
    /// [`TooLarge`] past the limit.
    pub fn object(&mut self, value: &Value, pointer: &mut String) -> Result<Value, TooLarge> {
        Ok(match value {
            Value::String(s) => self.string(s, pointer, true)?,
            Value::Array(items) => {
                let mut out = Vec::with_capacity(items.len());
                for (i, item) in items.iter().enumerate() {
                    let len = pointer.len();
                    pointer.push_str(&format!("/{i}"));
                    out.push(self.object(item, pointer)?);
                    pointer.truncate(len);
                }
                Value::Array(out)
            }
            Value::Object(members) => {
                let mut out = Map::new();
                for (key, item) in members {
                    let len = pointer.len();
                    pointer.push('/');
                    pointer.push_str(&key.replace('~', "~0").replace('/', "~1"));
                    let key = match self.string(key, pointer, false)? {
                        Value::String(k) => k,
                        other => other.to_string(),
                    };
                    let item = self.object(item, pointer)?;
                    pointer.truncate(len);
                    out.insert(key, item);
                }
                Value::Object(out)
            }
            other => other.clone(),
        })
    }

    /// One string substituted; with `typed`, a whole `${{NAME}}` gives its value as JSON.
    fn string(&mut self, s: &str, pointer: &str, typed: bool) -> Result<Value, TooLarge> {
        self.note_left(s, pointer);
        if let Some(value) = WHOLE_REF.captures(s).and_then(|c| self.values.get(&c[1])) {
            self.count(value.len())?;
            if typed {
                // As library-go: a value that is not JSON stays a string.
                if let Ok(v) = serde_json::from_str::<Value>(value) {
                    return Ok(v);
                }
            }
            return Ok(Value::String(value.clone()));
        }
        let out = STRING_REF.replace_all(s, |c: &regex::Captures<'_>| {
            self.values
                .get(&c[1])
                .map_or_else(|| c[0].to_owned(), Clone::clone)
        });
        self.count(out.len())?;
        Ok(Value::String(out.into_owned()))
    }

    /// Records the references of `s` that the substitution leaves as written.
    fn note_left(&mut self, s: &str, pointer: &str) {
        if !s.contains("${") {
            return;
        }
        let whole = WHOLE_REF.is_match(s);
        for c in ANY_REF.captures_iter(s) {
            let (name, substituted) = match (c.get(1), c.get(2)) {
                (Some(n), _) => (n.as_str(), whole),
                (None, Some(n)) => (n.as_str(), true),
                (None, None) => continue,
            };
            let declared = self.values.contains_key(name);
            if !(declared && substituted) {
                self.unsubstituted.push(Unsubstituted {
                    reference: c[0].to_owned(),
                    pointer: pointer.to_owned(),
                    declared,
                });
            }
        }
    }

    fn count(&mut self, bytes: usize) -> Result<(), TooLarge> {
        self.produced = self.produced.saturating_add(bytes);
        if self.produced > self.limit {
            Err(TooLarge)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn run(object: Value, values: &[(&str, &str)]) -> (Value, Vec<Unsubstituted>) {
        let values: BTreeMap<String, String> = values
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect();
        let mut s = Substitution::new(&values, 1 << 20);
        let out = s.object(&object, &mut String::new()).expect("small");
        (out, s.unsubstituted)
    }

    #[test]
    fn string_references_anywhere_in_a_string() {
        let (out, left) = run(
            json!({"name": "${NAME}", "x": ["a-${NAME}-${NS}", 3, true, null]}),
            &[("NAME", "vm1"), ("NS", "os")],
        );
        assert_eq!(
            out,
            json!({"name": "vm1", "x": ["a-vm1-os", 3, true, null]})
        );
        assert!(left.is_empty());
    }

    #[test]
    fn whole_value_references_are_json() {
        let (out, left) = run(
            json!({"n": "${{N}}", "b": "${{B}}", "o": "${{O}}", "s": "${{S}}", "k": "x${{N}}"}),
            &[
                ("N", "3"),
                ("B", "true"),
                ("O", "{\"a\": [1]}"),
                ("S", "1.5Gi"),
            ],
        );
        assert_eq!(
            out,
            json!({"n": 3, "b": true, "o": {"a": [1]}, "s": "1.5Gi", "k": "x${{N}}"})
        );
        assert_eq!(
            left,
            vec![Unsubstituted {
                reference: "${{N}}".to_owned(),
                pointer: "/k".to_owned(),
                declared: true,
            }]
        );
    }

    #[test]
    fn keys_are_substituted_as_strings() {
        let (out, _) = run(json!({"${K}": 1, "${{N}}": 2}), &[("K", "key"), ("N", "7")]);
        assert_eq!(out, json!({"key": 1, "7": 2}));
    }

    #[test]
    fn undeclared_references_are_left_and_reported() {
        let (out, left) = run(
            json!({"a": {"b/c": ["${NAME}-${NOPE}", "${{ALSO_NOT}}"]}}),
            &[("NAME", "vm")],
        );
        assert_eq!(out, json!({"a": {"b/c": ["vm-${NOPE}", "${{ALSO_NOT}}"]}}));
        let left: Vec<(&str, &str, bool)> = left
            .iter()
            .map(|u| (u.reference.as_str(), u.pointer.as_str(), u.declared))
            .collect();
        assert_eq!(
            left,
            vec![
                ("${NOPE}", "/a/b~1c/0", false),
                ("${{ALSO_NOT}}", "/a/b~1c/1", false)
            ]
        );
    }

    #[test]
    fn values_are_not_substituted_again() {
        let (out, _) = run(json!("${A}${B}"), &[("A", "${B}"), ("B", "b")]);
        assert_eq!(out, json!("${B}b"));
    }

    #[test]
    fn output_is_bounded() {
        let values = BTreeMap::from([("V".to_owned(), "x".repeat(1000))]);
        let mut s = Substitution::new(&values, 10_000);
        let object = Value::Array(vec![json!("${V}"); 20]);
        assert_eq!(s.object(&object, &mut String::new()), Err(TooLarge));
    }
}
