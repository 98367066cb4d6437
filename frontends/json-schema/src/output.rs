//! The standard output formats of JSON Schema 2020-12 (core §12.4): a document's verdict, its
//! errors or its annotations as output units (`valid`, `keywordLocation`,
//! `absoluteKeywordLocation`, `instanceLocation`, `error` or `annotations`), for tools that
//! read standard output. Built from a report's violations and the annotations collected
//! along a [`crate::annotate::Plan`], so the interpreter and compiled validators, which give
//! the same violations and verdicts, give the same output.

use std::fmt;
use std::str::FromStr;

use fluent_uri::pct_enc::EString;
use fluent_uri::pct_enc::encoder::Fragment;
use serde_json::{Map, Value, json};

use validgen_core::ir::Violation;

use crate::annotate::AnnotationUnit;
use crate::error::split_location;

/// An output format (2020-12 core §12.4, with the names the `jsonschema` crate's `evaluate`
/// and the specification's next draft use).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputFormat {
    /// `{"valid": bool}` alone (§12.4.1 "Flag").
    Flag,
    /// `valid` and every error as one flat list of output units (§12.4.2 "Basic").
    List,
    /// `valid` and the errors as a tree of output units nested by keyword location (§12.4.3
    /// "Detailed"): a unit under the unit whose keyword location is the longest prefix of its
    /// own, all under the root unit.
    Hierarchical,
}

impl FromStr for OutputFormat {
    type Err = String;

    /// `flag`, `list` or `hierarchical`.
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "flag" => Ok(OutputFormat::Flag),
            "list" => Ok(OutputFormat::List),
            "hierarchical" => Ok(OutputFormat::Hierarchical),
            _ => Err(format!(
                "unknown output format `{s}` (flag, list or hierarchical)"
            )),
        }
    }
}

impl fmt::Display for OutputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            OutputFormat::Flag => "flag",
            OutputFormat::List => "list",
            OutputFormat::Hierarchical => "hierarchical",
        })
    }
}

/// The output of a document's `violations` (a [`validgen_core::interpret::DocumentReport`]'s)
/// in `format`, without annotations: [`output_with`] with none.
pub fn output(
    violations: &[Violation],
    text: impl Fn(&Violation) -> String,
    schema_uri: &str,
    format: OutputFormat,
) -> Value {
    output_with(violations, &[], text, schema_uri, format)
}

/// The output of a document's `violations` and, where it has none, its `annotations`
/// ([`crate::annotate::collect`]) in `format`. `text` words each violation (its `error`:
/// [`crate::describe`], or the violation's own `message`); `schema_uri` is the URI of the
/// schema document (`absoluteKeywordLocation` is `<schema_uri>#<keyword pointer>`, or
/// `<url>#<pointer>` for a keyword of another document; the pointer percent-encoded as a URI
/// fragment, RFC 6901 §6).
///
/// `keywordLocation` is the keyword's JSON Pointer in its schema document: the IR holds `$ref`
/// targets as definitions, so the path through the `$ref`s that reached a keyword (what
/// §12.3.1 calls its keyword location) is not known; it is the `absoluteKeywordLocation`'s
/// fragment, and equals §12.3.1's wherever no `$ref` was crossed.
///
/// A valid document's `list` holds its annotations in `annotations`, one valid unit each
/// (`{"valid": true, "keywordLocation", "absoluteKeywordLocation", "instanceLocation",
/// "annotations"}`); `hierarchical` nests the same units under the root as errors are.
/// An invalid document has none (a failing schema keeps no annotation, 2020-12 §7.7.1.2).
pub fn output_with(
    violations: &[Violation],
    annotations: &[AnnotationUnit],
    text: impl Fn(&Violation) -> String,
    schema_uri: &str,
    format: OutputFormat,
) -> Value {
    let valid = violations.is_empty();
    if format == OutputFormat::Flag || (valid && annotations.is_empty()) {
        return json!({ "valid": valid });
    }
    let (key, units): (&str, Vec<Unit>) = if valid {
        let units = annotations
            .iter()
            .map(|a| {
                Unit::of(
                    &a.keyword,
                    &a.instance,
                    Detail::Annotations(a.annotations.clone()),
                    schema_uri,
                )
            })
            .collect();
        ("annotations", units)
    } else {
        let units = violations
            .iter()
            .map(|v| Unit::of(&v.keyword, &v.location, Detail::Error(text(v)), schema_uri))
            .collect();
        ("errors", units)
    };
    match format {
        OutputFormat::List => json!({
            "valid": valid,
            (key): units.iter().map(Unit::to_json).collect::<Vec<_>>(),
        }),
        _ => hierarchical(valid, key, &units),
    }
}

/// What a unit says: a failed keyword's error, or a valid one's annotations.
enum Detail {
    Error(String),
    Annotations(Value),
}

/// One output unit.
struct Unit {
    keyword: String,
    absolute: String,
    instance: String,
    detail: Detail,
}

impl Unit {
    fn of(keyword: &str, instance: &str, detail: Detail, schema_uri: &str) -> Self {
        let (document, pointer) = split_location(keyword);
        // The pointer as a URI fragment: RFC 6901 §6 percent-encodes what RFC 3986's
        // `fragment` cannot hold (`#`, `%`, `^`, a space… of a property name or pattern).
        let mut fragment = EString::<Fragment>::new();
        fragment.encode_str::<Fragment>(pointer);
        Unit {
            keyword: pointer.to_owned(),
            absolute: format!("{}#{}", document.unwrap_or(schema_uri), fragment.as_str()),
            instance: instance.to_owned(),
            detail,
        }
    }

    fn to_json(&self) -> Value {
        let (valid, key, value) = match &self.detail {
            Detail::Error(text) => (false, "error", Value::String(text.clone())),
            Detail::Annotations(value) => (true, "annotations", value.clone()),
        };
        json!({
            "valid": valid,
            "keywordLocation": self.keyword,
            "absoluteKeywordLocation": self.absolute,
            "instanceLocation": self.instance,
            (key): value,
        })
    }

    /// Whether `self` holds `inner`: a keyword location enclosing its own, and (for
    /// annotations, which hold at every value they are collected at) an instance location
    /// enclosing or equal to its own.
    fn holds(&self, inner: &Unit) -> bool {
        encloses(&self.keyword, &inner.keyword)
            && match self.detail {
                Detail::Error(_) => true,
                Detail::Annotations(_) => {
                    self.instance == inner.instance || encloses(&self.instance, &inner.instance)
                }
            }
    }
}

/// Whether pointer `outer` is a proper prefix of `inner`, token-wise.
fn encloses(outer: &str, inner: &str) -> bool {
    inner.len() > outer.len() && inner.starts_with(outer) && inner.as_bytes()[outer.len()] == b'/'
}

/// The root unit, each unit nested (under `key`) in the unit (of those before it, in report
/// order) that holds it most closely.
fn hierarchical(valid: bool, key: &str, units: &[Unit]) -> Value {
    // The parent of each unit: an index into `units`, or `None` for the root.
    let parents: Vec<Option<usize>> = units
        .iter()
        .enumerate()
        .map(|(i, u)| {
            units[..i]
                .iter()
                .enumerate()
                .filter(|(_, p)| p.holds(u))
                .max_by_key(|(_, p)| (p.keyword.len(), p.instance.len()))
                .map(|(j, _)| j)
        })
        .collect();
    // Children before parents: built from the last unit back.
    let mut built: Vec<Option<Value>> = units.iter().map(|u| Some(u.to_json())).collect();
    for i in (0..units.len()).rev() {
        if let Some(p) = parents[i] {
            let child = built[i].take();
            if let (Some(child), Some(Value::Object(parent))) = (child, built[p].as_mut()) {
                push_child(parent, key, child);
            }
        }
    }
    let mut root = Map::new();
    root.insert("valid".to_owned(), Value::Bool(valid));
    root.insert("keywordLocation".to_owned(), Value::String(String::new()));
    root.insert("instanceLocation".to_owned(), Value::String(String::new()));
    root.insert(
        key.to_owned(),
        Value::Array(built.into_iter().flatten().collect()),
    );
    Value::Object(root)
}

/// Adds `child` to `parent`'s list `key`, first in it (children are attached last to first).
/// An annotation unit's own `annotations` is its value: its children go under `details`.
fn push_child(parent: &mut Map<String, Value>, key: &str, child: Value) {
    let key = if key == "annotations" { "details" } else { key };
    match parent.get_mut(key) {
        Some(Value::Array(list)) => list.insert(0, child),
        _ => {
            parent.insert(key.to_owned(), Value::Array(vec![child]));
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{OutputFormat, output};
    use validgen_core::ir::Violation;

    fn at(instance: &str, keyword: &str) -> Violation {
        let mut v = Violation::new("type", "integer", "string");
        v.location = instance.to_owned();
        v.keyword = keyword.to_owned();
        v
    }

    #[test]
    fn each_format_holds_what_the_specification_lists() {
        let found = [
            at("/a", "/properties/a/type"),
            at("", "/errorMessage"),
            at("/b", "https://x.test/b.json#/type"),
        ];
        let text = |v: &Violation| format!("{} at {}", v.check, v.location);
        let uri = "file:///s.json";
        assert_eq!(
            output(&found, text, uri, OutputFormat::Flag),
            json!({"valid": false})
        );
        assert_eq!(
            output(&[], text, uri, OutputFormat::List),
            json!({"valid": true})
        );
        let list = output(&found, text, uri, OutputFormat::List);
        assert_eq!(
            list["errors"][0],
            json!({"valid": false, "keywordLocation": "/properties/a/type",
                "absoluteKeywordLocation": "file:///s.json#/properties/a/type",
                "instanceLocation": "/a", "error": "type at /a"})
        );
        assert_eq!(
            list["errors"][2]["absoluteKeywordLocation"],
            "https://x.test/b.json#/type"
        );
        assert_eq!(list["errors"][2]["keywordLocation"], "/type");
        let nested = [
            at("", "/anyOf"),
            at("/a", "/anyOf/0/type"),
            at("", "/anyOf0"),
        ];
        let tree = output(&nested, text, uri, OutputFormat::Hierarchical);
        assert_eq!(tree["keywordLocation"], "");
        assert_eq!(tree["errors"].as_array().map(Vec::len), Some(2));
        assert_eq!(
            tree["errors"][0]["errors"][0]["keywordLocation"],
            "/anyOf/0/type"
        );
        assert_eq!(tree["errors"][1]["keywordLocation"], "/anyOf0");
    }

    #[test]
    fn a_pointer_is_percent_encoded_in_the_absolute_location_alone() {
        // A `patternProperties` pattern holding `#` (as SchemaStore's Azure IoT Edge
        // schemas' `^[^\\.\\$# ]+$`) is one token of the pointer, in either document.
        let found = [
            at("/x", "/patternProperties/^[^#% ]+$/type"),
            at("/y", "https://x.test/b.json#/patternProperties/^a#/type"),
        ];
        let list = output(
            &found,
            |_| String::new(),
            "file:///s.json",
            OutputFormat::List,
        );
        assert_eq!(
            list["errors"][0]["keywordLocation"],
            "/patternProperties/^[^#% ]+$/type"
        );
        assert_eq!(
            list["errors"][0]["absoluteKeywordLocation"],
            "file:///s.json#/patternProperties/%5E%5B%5E%23%25%20%5D+$/type"
        );
        assert_eq!(
            list["errors"][1]["keywordLocation"],
            "/patternProperties/^a#/type"
        );
        assert_eq!(
            list["errors"][1]["absoluteKeywordLocation"],
            "https://x.test/b.json#/patternProperties/%5Ea%23/type"
        );
    }

    #[test]
    fn formats_are_read_by_name() {
        for f in [
            OutputFormat::Flag,
            OutputFormat::List,
            OutputFormat::Hierarchical,
        ] {
            assert_eq!(f.to_string().parse::<OutputFormat>(), Ok(f));
        }
        assert!("basic".parse::<OutputFormat>().is_err());
    }
}
