//! Annotations: what a schema says about a value without checking it (a title, a
//! description, a default, examples), kept by location so that reports and documentation can
//! show them. They never change a verdict.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The annotations of one schema object. Each field is `None` when the schema does not
/// write the keyword (an explicit `false` or `[]` is kept as written).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Annotation {
    /// A short name of the value (JSON Schema `title`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// What the value is for (JSON Schema `description`; often several lines).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The value assumed when there is none (JSON Schema `default`), as written: it is not
    /// checked against the schema. `Some(Value::Null)` is a written `null`.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "written"
    )]
    pub default: Option<Value>,
    /// Sample values (JSON Schema `examples`), in order, as written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub examples: Option<Vec<Value>>,
    /// The value should not be used any more (JSON Schema 2019-09 `deprecated`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deprecated: Option<bool>,
    /// The value is managed by its owner; changes are ignored or refused (JSON Schema
    /// `readOnly`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_only: Option<bool>,
    /// The value is never returned, as a password (JSON Schema `writeOnly`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub write_only: Option<bool>,
    /// How a string value encodes binary data, e.g. `base64` (JSON Schema
    /// `contentEncoding`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_encoding: Option<String>,
    /// The media type of a string value's content, e.g. `application/json` (JSON Schema
    /// `contentMediaType`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub content_media_type: Option<String>,
}

/// A value that is present, `null` included (serde reads a `null` `Option` as `None`).
fn written<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Value>, D::Error> {
    Value::deserialize(d).map(Some)
}

impl Annotation {
    /// No keyword written.
    pub fn is_empty(&self) -> bool {
        *self == Annotation::default()
    }

    /// How many keywords are written (for counting what a schema says).
    pub fn len(&self) -> usize {
        [
            self.title.is_some(),
            self.description.is_some(),
            self.default.is_some(),
            self.examples.is_some(),
            self.deprecated.is_some(),
            self.read_only.is_some(),
            self.write_only.is_some(),
            self.content_encoding.is_some(),
            self.content_media_type.is_some(),
        ]
        .into_iter()
        .filter(|&b| b)
        .count()
    }
}

/// The annotations of a rule set's schema objects, by location: for JSON Schema the JSON
/// Pointer (RFC 6901) of the schema object in its document (`""` the root,
/// `/properties/port`). Only objects with at least one annotation are listed; iteration is in
/// pointer order (bytewise), so output built from it is deterministic.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Annotations(BTreeMap<String, Annotation>);

impl Annotations {
    /// Records `annotation` at `location`; an empty one is not recorded.
    pub fn insert(&mut self, location: String, annotation: Annotation) {
        if !annotation.is_empty() {
            self.0.insert(location, annotation);
        }
    }

    /// The annotations of the schema object at `location`, if it has any.
    pub fn get(&self, location: &str) -> Option<&Annotation> {
        self.0.get(location)
    }

    /// Every location with its annotations, in location order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Annotation)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// How many schema objects have annotations.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// No schema object has annotations.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl FromIterator<(String, Annotation)> for Annotations {
    fn from_iter<I: IntoIterator<Item = (String, Annotation)>>(iter: I) -> Self {
        let mut out = Annotations::default();
        for (location, annotation) in iter {
            out.insert(location, annotation);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::{Annotation, Annotations};
    use serde_json::json;

    #[test]
    fn serialises_only_what_is_written_and_reads_it_back() {
        let a = Annotation {
            title: Some("Port".to_owned()),
            default: Some(json!(8080)),
            read_only: Some(false),
            ..Annotation::default()
        };
        let text = serde_json::to_string(&a).expect("serializes");
        assert_eq!(text, r#"{"title":"Port","default":8080,"readOnly":false}"#);
        assert_eq!(
            serde_json::from_str::<Annotation>(&text).expect("deserializes"),
            a
        );
        assert_eq!(a.len(), 3);
        let null = Annotation {
            default: Some(serde_json::Value::Null),
            ..Annotation::default()
        };
        let text = serde_json::to_string(&null).expect("serializes");
        assert_eq!(text, r#"{"default":null}"#);
        assert_eq!(
            serde_json::from_str::<Annotation>(&text).expect("deserializes"),
            null
        );
    }

    #[test]
    fn empty_annotations_are_not_listed() {
        let table: Annotations = [
            ("/b".to_owned(), Annotation::default()),
            (
                "/a".to_owned(),
                Annotation {
                    deprecated: Some(true),
                    ..Annotation::default()
                },
            ),
        ]
        .into_iter()
        .collect();
        assert_eq!(table.len(), 1);
        assert!(table.get("/b").is_none());
        assert_eq!(table.get("/a").and_then(|a| a.deprecated), Some(true));
    }
}
