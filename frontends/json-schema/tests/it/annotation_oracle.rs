//! validgen's annotations (`annotate::collect`) against the `jsonschema` crate's `evaluate`
//! (0.61, `Evaluation::iter_annotations`), compared keyword by keyword: each annotation keyed
//! by instance location, the schema object's location (a URI fragment) and the keyword.
//! `jsonschema` gives a schema object's annotation keywords as one object, and an
//! applicator's annotation at the applicator's location; validgen's units have the same
//! shapes, so both are split the same way.

use std::collections::BTreeMap;

use serde_json::Value;
use validgen_json_schema::annotate::AnnotationUnit;

use crate::json_schema_annotation_suite::annotation_suite::decode;

/// (instance location, schema object location, keyword); the location of an object in
/// another document than the schema is `<its URI>#<pointer>`, as validgen writes it.
pub(crate) type Key = (String, String, String);

/// Annotations by [`Key`], names of evaluated properties sorted (an order neither side
/// promises).
pub(crate) type Annotations = BTreeMap<Key, Value>;

/// validgen's annotations by key.
pub(crate) fn ours(units: &[AnnotationUnit]) -> Annotations {
    let mut out = Annotations::new();
    for u in units {
        // A pointer in the schema (which may hold a `#`), or `<url>#<pointer>`.
        let (document, pointer) = match u.keyword.as_str() {
            k if k.is_empty() || k.starts_with('/') => ("", k),
            k => k.split_once('#').unwrap_or(("", k)),
        };
        add(&mut out, &u.instance, document, pointer, &u.annotations);
    }
    out
}

/// The oracle's annotations by key; `documents` maps the URI the oracle gives a document
/// (its `$id`) to validgen's name for it where they differ (`""` for the schema, [`root`]).
pub(crate) fn theirs(
    evaluation: &jsonschema::Evaluation,
    documents: &BTreeMap<String, String>,
) -> Annotations {
    let mut out = Annotations::new();
    for e in evaluation.iter_annotations() {
        // The oracle's locations are URIs, their fragments percent-encoded.
        let (document, pointer) = match e.absolute_keyword_location {
            Some(uri) => {
                let (document, fragment) =
                    uri.as_str().split_once('#').unwrap_or((uri.as_str(), ""));
                let document = documents.get(document).map_or(document, String::as_str);
                (document.to_owned(), decode(fragment))
            }
            None => (String::new(), e.schema_location.to_owned()),
        };
        add(
            &mut out,
            e.instance_location.as_str(),
            &document,
            &pointer,
            e.annotations.value(),
        );
    }
    out
}

/// The URI the oracle gives `schema` (for [`theirs`]): its `$id` (draft-04: `id`), else
/// `base`, the base URI it was built with (its default: `json-schema:///`).
pub(crate) fn root(schema: &Value, base: &str) -> String {
    ["$id", "id"]
        .iter()
        .find_map(|k| schema.get(k).and_then(Value::as_str))
        .map_or(base, |id| id.trim_end_matches('#'))
        .to_owned()
}

/// Adds the annotation `value` of the keyword or schema object at `pointer` in `document`
/// (`""`: the schema).
fn add(out: &mut Annotations, instance: &str, document: &str, pointer: &str, value: &Value) {
    let located = |pointer: &str| match document {
        "" => pointer.to_owned(),
        url => format!("{url}#{pointer}"),
    };
    match value {
        Value::Object(written) => {
            for (k, v) in written {
                out.insert(
                    (instance.to_owned(), located(pointer), k.clone()),
                    v.clone(),
                );
            }
        }
        other => {
            let (object, keyword) = pointer.rsplit_once('/').unwrap_or(("", pointer));
            let mut v = other.clone();
            if let Value::Array(list) = &mut v {
                list.sort_by_key(Value::to_string);
            }
            out.insert(
                (instance.to_owned(), located(object), keyword.to_owned()),
                v,
            );
        }
    }
}

/// How two sets of annotations compare: how many keys agree, and the keywords of those that
/// do not (one side only, or different values), each with how often.
#[derive(Debug, Default)]
pub(crate) struct Comparison {
    pub(crate) agree: usize,
    pub(crate) only_ours: BTreeMap<String, usize>,
    pub(crate) only_theirs: BTreeMap<String, usize>,
    pub(crate) differ: BTreeMap<String, usize>,
    /// A few examples, worded.
    pub(crate) examples: Vec<String>,
}

impl Comparison {
    pub(crate) fn add(&mut self, label: &str, ours: &Annotations, theirs: &Annotations) {
        for (k, v) in ours {
            match theirs.get(k) {
                Some(t) if t == v => self.agree += 1,
                Some(t) => {
                    *self.differ.entry(k.2.clone()).or_default() += 1;
                    self.example(format!("{label}: {k:?}: ours {v}, theirs {t}"));
                }
                None => {
                    *self.only_ours.entry(k.2.clone()).or_default() += 1;
                    self.example(format!("{label}: {k:?}: ours only {v}"));
                }
            }
        }
        for (k, v) in theirs {
            if !ours.contains_key(k) {
                *self.only_theirs.entry(k.2.clone()).or_default() += 1;
                self.example(format!("{label}: {k:?}: theirs only {v}"));
            }
        }
    }

    fn example(&mut self, text: String) {
        if self.examples.len() < 40 {
            self.examples.push(text);
        }
    }
}
