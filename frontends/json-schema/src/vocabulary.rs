//! Dialects and vocabularies: the draft a schema is read as and the keywords it has, from its
//! `$schema`. A `$schema` naming a draft's meta-schema gives that draft with its own
//! vocabularies; one naming another meta-schema (a document of the registry) gives the draft
//! that meta-schema is written in, with the vocabularies its `$vocabulary` declares (2019-09
//! and 2020-12 core §8.1.2): a keyword of a vocabulary it leaves out is unknown, a required
//! vocabulary validgen does not know makes the schema an error, an optional one is ignored.

use serde_json::Value;

use super::draft::Draft;

/// The vocabularies of the 2020-12 meta-schemas (core §8, §10, §11; validation §6 to §9), each
/// with its URI and keywords. Keywords of no vocabulary (`definitions`, `dependencies`, which
/// the meta-schema keeps for compatibility, `errorMessage`) are never left out.
const VOCABULARIES_2020: &[(&str, Vocabulary, &[&[&str]])] = &[
    (
        "https://json-schema.org/draft/2020-12/vocab/core",
        Vocabulary::Core,
        &[CORE, &["$dynamicRef", "$dynamicAnchor"]],
    ),
    (
        "https://json-schema.org/draft/2020-12/vocab/applicator",
        Vocabulary::Applicator,
        &[APPLICATOR, &["prefixItems"]],
    ),
    (
        "https://json-schema.org/draft/2020-12/vocab/unevaluated",
        Vocabulary::Unevaluated,
        &[UNEVALUATED],
    ),
    (
        "https://json-schema.org/draft/2020-12/vocab/validation",
        Vocabulary::Validation,
        &[VALIDATION],
    ),
    (
        "https://json-schema.org/draft/2020-12/vocab/meta-data",
        Vocabulary::MetaData,
        &[META_DATA],
    ),
    (
        "https://json-schema.org/draft/2020-12/vocab/format-annotation",
        Vocabulary::FormatAnnotation,
        &[FORMAT],
    ),
    (
        "https://json-schema.org/draft/2020-12/vocab/format-assertion",
        Vocabulary::FormatAssertion,
        &[FORMAT],
    ),
    (
        "https://json-schema.org/draft/2020-12/vocab/content",
        Vocabulary::Content,
        &[CONTENT],
    ),
];

/// The vocabularies of the 2019-09 meta-schemas (core §8, §9; validation §6 to §9): as
/// 2020-12's, `$recursiveRef` for `$dynamicRef`, `unevaluated*` in the applicator vocabulary,
/// one format vocabulary.
const VOCABULARIES_2019: &[(&str, Vocabulary, &[&[&str]])] = &[
    (
        "https://json-schema.org/draft/2019-09/vocab/core",
        Vocabulary::Core,
        &[CORE, &["$recursiveRef", "$recursiveAnchor"]],
    ),
    (
        "https://json-schema.org/draft/2019-09/vocab/applicator",
        Vocabulary::Applicator,
        &[APPLICATOR, &["additionalItems"], UNEVALUATED],
    ),
    (
        "https://json-schema.org/draft/2019-09/vocab/validation",
        Vocabulary::Validation,
        &[VALIDATION],
    ),
    (
        "https://json-schema.org/draft/2019-09/vocab/meta-data",
        Vocabulary::MetaData,
        &[META_DATA],
    ),
    (
        "https://json-schema.org/draft/2019-09/vocab/format",
        Vocabulary::FormatAnnotation,
        &[FORMAT],
    ),
    (
        "https://json-schema.org/draft/2019-09/vocab/content",
        Vocabulary::Content,
        &[CONTENT],
    ),
];

/// The keyword lists the two drafts' vocabularies share.
const CORE: &[&str] = &[
    "$id",
    "$schema",
    "$ref",
    "$anchor",
    "$vocabulary",
    "$comment",
    "$defs",
];
const APPLICATOR: &[&str] = &[
    "items",
    "contains",
    "additionalProperties",
    "properties",
    "patternProperties",
    "dependentSchemas",
    "propertyNames",
    "if",
    "then",
    "else",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
];
const UNEVALUATED: &[&str] = &["unevaluatedItems", "unevaluatedProperties"];
const FORMAT: &[&str] = &["format"];
const VALIDATION: &[&str] = &[
    "type",
    "const",
    "enum",
    "multipleOf",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "maxItems",
    "minItems",
    "uniqueItems",
    "maxContains",
    "minContains",
    "maxProperties",
    "minProperties",
    "required",
    "dependentRequired",
];
const META_DATA: &[&str] = &[
    "title",
    "description",
    "default",
    "deprecated",
    "readOnly",
    "writeOnly",
    "examples",
];
const CONTENT: &[&str] = &["contentEncoding", "contentMediaType", "contentSchema"];

/// A vocabulary validgen knows (one bit of [`Vocabularies`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Vocabulary {
    Core = 1,
    Applicator = 2,
    Unevaluated = 4,
    Validation = 8,
    MetaData = 16,
    /// `format` as an annotation (2019-09's format vocabulary too).
    FormatAnnotation = 32,
    /// `format` asserted (2020-12 validation §7.2.2).
    FormatAssertion = 64,
    Content = 128,
}

/// The vocabularies a schema's keywords are read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Vocabularies(u8);

impl Vocabularies {
    /// Those of the drafts' own meta-schemas: every vocabulary, `format` an annotation.
    pub(crate) const DEFAULT: Vocabularies = Vocabularies(!(Vocabulary::FormatAssertion as u8));

    fn has(self, v: Vocabulary) -> bool {
        self.0 & v as u8 != 0
    }

    /// The URI of the vocabulary keyword `k` of `draft` belongs to, when this set leaves it
    /// out (`None`: the keyword is read; keywords of no vocabulary, and every keyword before
    /// 2019-09, which has none, are).
    pub(crate) fn missing(self, k: &str, draft: Draft) -> Option<&'static str> {
        let mut owners = table(draft)
            .iter()
            .filter(|(_, _, lists)| lists.iter().any(|l| l.contains(&k)))
            .peekable();
        owners.peek()?;
        let mut first = None;
        for (uri, v, _) in owners {
            if self.has(*v) {
                return None;
            }
            first.get_or_insert(*uri);
        }
        first
    }

    /// Whether `format` is asserted (2020-12's format-assertion vocabulary).
    pub(crate) fn asserts_formats(self) -> bool {
        self.has(Vocabulary::FormatAssertion)
    }
}

/// A vocabulary's URI, its bit, and its keywords (in lists).
type Table = [(&'static str, Vocabulary, &'static [&'static [&'static str]])];

fn table(draft: Draft) -> &'static Table {
    match draft {
        Draft::Draft2020 => VOCABULARIES_2020,
        Draft::Draft2019 => VOCABULARIES_2019,
        _ => &[],
    }
}

/// The draft and vocabularies a schema is read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Dialect {
    pub(crate) draft: Draft,
    pub(crate) vocabularies: Vocabularies,
}

/// The words of the error for a `$schema` that is neither a draft nor a registered meta-schema.
const DIALECTS: &str = "draft-04, draft-06, draft-07, 2019-09 or 2020-12, or a meta-schema of the registry written in one";

/// The dialect of a schema whose `$schema` is `uri` (`None`: absent, `default`): a draft's
/// meta-schema URI, else a meta-schema `find` gives (its value, and its own dialect or why it
/// has none). An error text when neither.
pub(crate) fn dialect<'r>(
    uri: Option<&Value>,
    default: Draft,
    find: impl Fn(&str) -> Option<(&'r Value, Result<Dialect, String>)>,
) -> Result<Dialect, String> {
    let Some(uri) = uri else {
        return Ok(Dialect {
            draft: default,
            vocabularies: Vocabularies::DEFAULT,
        });
    };
    let Some(text) = uri.as_str() else {
        return Err(format!("`$schema` must be a string, not {uri}"));
    };
    if let Some(draft) = Draft::from_uri(text) {
        return Ok(Dialect {
            draft,
            vocabularies: Vocabularies::DEFAULT,
        });
    }
    let Some((meta, meta_dialect)) = find(text.strip_suffix('#').unwrap_or(text)) else {
        return Err(format!(
            "`$schema` {uri} is not a supported dialect ({DIALECTS}; nothing is fetched)"
        ));
    };
    let draft = meta_dialect
        .map_err(|e| format!("`$schema` {uri} names a meta-schema of the registry, but {e}"))?
        .draft;
    let vocabularies = match meta.get("$vocabulary") {
        Some(declared) if draft >= Draft::Draft2019 => declared_vocabularies(declared, draft)
            .map_err(|e| format!("`$schema` {uri}: its meta-schema's `$vocabulary`: {e}"))?,
        // No `$vocabulary`: the vocabularies of the draft it is written in (2020-12 core
        // §8.1.2: absent, the meta-schema's own dialect decides).
        _ => Vocabularies::DEFAULT,
    };
    Ok(Dialect {
        draft,
        vocabularies,
    })
}

/// The vocabularies a `$vocabulary` value of `draft` declares; the core vocabulary is always
/// read (nothing else could identify and reference schemas).
///
/// # Errors
/// Not an object of booleans, or a required vocabulary validgen does not know.
fn declared_vocabularies(declared: &Value, draft: Draft) -> Result<Vocabularies, String> {
    let mut set = Vocabulary::Core as u8;
    for (uri, required) in shape(declared)? {
        match table(draft).iter().find(|(u, _, _)| u == uri) {
            Some((_, v, _)) => set |= *v as u8,
            // 2020-12 core §8.1.2: an implementation MUST refuse a schema whose meta-schema
            // requires a vocabulary it does not understand, and MAY ignore an optional one.
            None if required => {
                return Err(format!(
                    "it requires the vocabulary `{uri}`, which validgen does not know (a {} vocabulary is one of: {})",
                    draft.name(),
                    table(draft)
                        .iter()
                        .map(|(u, _, _)| format!("`{u}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ));
            }
            None => {}
        }
    }
    Ok(Vocabularies(set))
}

/// The entries of a `$vocabulary` value: vocabulary URI → whether it is required.
///
/// # Errors
/// Not an object of booleans.
fn shape(declared: &Value) -> Result<impl Iterator<Item = (&String, bool)>, String> {
    let Value::Object(map) = declared else {
        return Err("must be an object of vocabulary URIs to booleans".to_owned());
    };
    if let Some((uri, _)) = map.iter().find(|(_, b)| !b.is_boolean()) {
        return Err(format!("`{uri}` must map to a boolean"));
    }
    Ok(map.iter().map(|(uri, b)| (uri, b == &Value::Bool(true))))
}

/// The problem with a `$vocabulary` keyword at `local` (the JSON Pointer in its document), if
/// any: outside the document's root (2020-12 core §8.1.2: it "MUST NOT
/// appear in subschemas"), or not an object of URIs to booleans. Whether its vocabularies are
/// known matters only to schemas that use the document as their meta-schema.
pub(crate) fn vocabulary_keyword_error(v: &Value, local: &str) -> Option<String> {
    if !local.is_empty() {
        return Some(
            "`$vocabulary` belongs at the root of a meta-schema: it must not appear in subschemas (2020-12 core §8.1.2)"
                .to_owned(),
        );
    }
    shape(v).err().map(|e| format!("`$vocabulary` {e}"))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{Dialect, Draft, Vocabularies, dialect};

    #[test]
    fn a_meta_schema_without_the_validation_vocabulary_leaves_its_keywords_out() {
        let meta = json!({"$vocabulary": {
            "https://json-schema.org/draft/2020-12/vocab/core": true,
            "https://json-schema.org/draft/2020-12/vocab/applicator": true,
            "https://example.com/vocab/optional": false,
        }});
        let found = Ok(Dialect {
            draft: Draft::Draft2020,
            vocabularies: Vocabularies::DEFAULT,
        });
        let d = dialect(
            Some(&json!("https://example.com/meta")),
            Draft::Draft7,
            |_| Some((&meta, found.clone())),
        )
        .expect("a dialect");
        assert_eq!(d.draft, Draft::Draft2020);
        assert_eq!(d.vocabularies.missing("properties", Draft::Draft2020), None);
        assert_eq!(
            d.vocabularies.missing("minimum", Draft::Draft2020),
            Some("https://json-schema.org/draft/2020-12/vocab/validation")
        );
        assert_eq!(
            d.vocabularies.missing("dependencies", Draft::Draft2020),
            None
        );
        assert!(!d.vocabularies.asserts_formats());
    }

    #[test]
    fn a_required_unknown_vocabulary_is_an_error() {
        let meta = json!({"$vocabulary": {"https://example.com/vocab/custom": true}});
        let found = Ok(Dialect {
            draft: Draft::Draft2019,
            vocabularies: Vocabularies::DEFAULT,
        });
        let e = dialect(
            Some(&json!("https://example.com/meta#")),
            Draft::Draft2020,
            |uri| {
                assert_eq!(uri, "https://example.com/meta");
                Some((&meta, found.clone()))
            },
        )
        .expect_err("refused");
        assert!(
            e.contains("requires the vocabulary `https://example.com/vocab/custom`"),
            "{e}"
        );
    }

    #[test]
    fn an_unknown_meta_schema_is_an_error() {
        let e = dialect(
            Some(&json!("http://json-schema.org/draft-03/schema#")),
            Draft::Draft2020,
            |_| None,
        )
        .expect_err("refused");
        assert!(e.contains("is not a supported dialect"), "{e}");
    }
}
