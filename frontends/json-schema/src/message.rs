//! Custom messages: the ajv-errors convention `errorMessage`, which schema authors already
//! write for Ajv. A string replaces every violation of the schema (its keywords and
//! subschemas) with one; an object gives a text per keyword, per property under
//! `properties` and `required`, and `_` for the keywords it does not name.

use std::collections::BTreeMap;

use serde_json::Value;

use super::error::SchemaError;

/// The custom messages of one schema.
#[derive(Debug, Default)]
pub(crate) struct Messages {
    /// One text for the whole schema.
    pub(crate) whole: Option<String>,
    keywords: BTreeMap<String, String>,
    /// Per property, under `properties`.
    pub(crate) properties: BTreeMap<String, String>,
    /// Per required key, under `required`.
    pub(crate) required: BTreeMap<String, String>,
    fallback: Option<String>,
}

impl Messages {
    /// The messages of `value` (the `errorMessage` of the schema at `pointer`).
    pub(crate) fn parse(
        value: Option<&Value>,
        pointer: &str,
        errors: &mut Vec<SchemaError>,
    ) -> Messages {
        let mut m = Messages::default();
        let bad = |errors: &mut Vec<SchemaError>, what: &str| {
            errors.push(SchemaError::at(
                pointer,
                "errorMessage",
                format!("`errorMessage` {what}"),
            ));
        };
        match value {
            None => {}
            Some(Value::String(s)) => m.whole = Some(s.clone()),
            Some(Value::Object(map)) => {
                for (k, v) in map {
                    match (k.as_str(), v) {
                        (_, Value::String(s)) if k == "_" => m.fallback = Some(s.clone()),
                        (_, Value::String(s)) => {
                            m.keywords.insert(k.clone(), s.clone());
                        }
                        ("properties" | "required", Value::Object(per)) => {
                            let target = if k == "properties" {
                                &mut m.properties
                            } else {
                                &mut m.required
                            };
                            for (name, text) in per {
                                match text {
                                    Value::String(s) => {
                                        target.insert(name.clone(), s.clone());
                                    }
                                    _ => bad(errors, &format!("`{k}`.`{name}` must be a string")),
                                }
                            }
                        }
                        _ => bad(
                            errors,
                            &format!(
                                "`{k}` must be a string (objects only under `properties` and `required`)"
                            ),
                        ),
                    }
                }
            }
            Some(_) => bad(errors, "must be a string or an object"),
        }
        m
    }

    /// The text replacing the violations of `keyword`, if any.
    pub(crate) fn for_keyword(&self, keyword: &str) -> Option<String> {
        self.keywords
            .get(keyword)
            .or(self.fallback.as_ref())
            .cloned()
    }
}
