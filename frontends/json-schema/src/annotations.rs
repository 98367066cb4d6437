//! The annotations of a schema (`title`, `description`, `default`, `examples`,
//! `deprecated`, `readOnly`, `writeOnly`, `contentEncoding`, `contentMediaType`), collected from every schema object of the document
//! (wherever a keyword holds schemas, whether or not a `$ref` reaches it or the draft applies
//! its siblings), and the schema object a violation's keyword belongs to.

use serde_json::{Map, Value};

use super::error::{SchemaError, child};
use super::lower::kind;
use validgen_core::ir::{Annotation, Annotations, Violation};

/// How a keyword holds schemas.
#[derive(Clone, Copy)]
enum Holds {
    /// One schema (`not`, `additionalProperties`…).
    One,
    /// Schemas by name (`properties`, `$defs`…).
    Named,
    /// A list of schemas (`allOf`, `prefixItems`…).
    List,
    /// One schema, or (draft-07 `items`) a list.
    OneOrList,
}

/// What keyword `k` holds, by its shape in every supported draft; `None` when it holds no
/// schema (an assertion, an annotation, an unknown keyword).
fn holds(k: &str) -> Option<Holds> {
    Some(match k {
        "not"
        | "if"
        | "then"
        | "else"
        | "contains"
        | "additionalProperties"
        | "propertyNames"
        | "additionalItems"
        | "unevaluatedItems"
        | "unevaluatedProperties"
        | "contentSchema" => Holds::One,
        "properties" | "patternProperties" | "$defs" | "definitions" | "dependentSchemas"
        | "dependencies" => Holds::Named,
        "allOf" | "anyOf" | "oneOf" | "prefixItems" => Holds::List,
        "items" => Holds::OneOrList,
        _ => return None,
    })
}

/// The annotations of every schema object of `schema` (the root's location is `""`), and
/// every annotation whose value has the wrong shape (a `title` that is not a string…), at
/// its keyword: left out of the table, and worded as an error when `strict`, else as the
/// warning that it is ignored (as other validators ignore annotations they cannot read).
/// Boolean schemas have none.
pub(crate) fn collect(schema: &Value, strict: bool) -> (Annotations, Vec<SchemaError>) {
    let mut walk = Walk {
        table: Annotations::default(),
        wrong: Vec::new(),
        strict,
    };
    walk.schema(schema, "", 0);
    (walk.table, walk.wrong)
}

/// The state of [`collect`].
struct Walk {
    table: Annotations,
    wrong: Vec<SchemaError>,
    strict: bool,
}

impl Walk {
    fn schema(&mut self, value: &Value, pointer: &str, depth: usize) {
        // Deeper schemas are refused by the lowering.
        let Value::Object(map) = value else { return };
        if depth >= super::MAX_SCHEMA_DEPTH {
            return;
        }
        let annotation = self.annotation(map, pointer);
        self.table.insert(pointer.to_owned(), annotation);
        for (k, v) in map {
            let Some(how) = holds(k) else { continue };
            let at = child(pointer, k);
            match (how, v) {
                (Holds::One | Holds::OneOrList, _) if v.is_object() => {
                    self.schema(v, &at, depth + 1);
                }
                (Holds::Named, Value::Object(named)) => {
                    for (name, sub) in named {
                        self.schema(sub, &child(&at, name), depth + 1);
                    }
                }
                (Holds::List | Holds::OneOrList, Value::Array(list)) => {
                    for (i, sub) in list.iter().enumerate() {
                        self.schema(sub, &child(&at, &i.to_string()), depth + 1);
                    }
                }
                // Other shapes are the lowering's errors.
                _ => {}
            }
        }
    }

    /// The annotations written in the schema object `map` at `pointer`.
    fn annotation(&mut self, map: &Map<String, Value>, pointer: &str) -> Annotation {
        let strict = self.strict;
        let mut wrong = |k: &str, want: &str, v: &Value| {
            let message = if strict {
                format!("`{k}` must be {want}, not {}", kind(v))
            } else {
                format!(
                    "`{k}` should be {want}, not {}: the annotation is ignored",
                    kind(v)
                )
            };
            self.wrong.push(SchemaError::at(pointer, k, message));
        };
        let mut string = |k: &str| match map.get(k)? {
            Value::String(s) => Some(s.clone()),
            other => {
                wrong(k, "a string", other);
                None
            }
        };
        let title = string("title");
        let description = string("description");
        let content_encoding = string("contentEncoding");
        let content_media_type = string("contentMediaType");
        let mut boolean = |k: &str| match map.get(k)? {
            Value::Bool(b) => Some(*b),
            other => {
                wrong(k, "a boolean", other);
                None
            }
        };
        let deprecated = boolean("deprecated");
        let read_only = boolean("readOnly");
        let write_only = boolean("writeOnly");
        let examples = match map.get("examples") {
            None => None,
            Some(Value::Array(list)) => Some(list.clone()),
            Some(other) => {
                wrong("examples", "an array", other);
                None
            }
        };
        Annotation {
            title,
            description,
            default: map.get("default").cloned(),
            examples,
            deprecated,
            read_only,
            write_only,
            content_encoding,
            content_media_type,
        }
    }
}

/// The JSON Pointer of the schema object that the keyword at `keyword` (a violation's
/// [`Violation::keyword`]) belongs to: `/properties/port` for `/properties/port/maximum`.
/// A pointer that ends at a schema named in a keyword's map or list (`/properties/port`, the
/// location of a `false` schema or of a whole-schema `errorMessage`) is that schema; one that
/// ends at a keyword holding one schema (`/additionalProperties` when it is `false`) is that
/// keyword's, so its schema owns it. Read from the pointer alone, by which keywords hold
/// schemas.
pub fn owner(keyword: &str) -> &str {
    let mut schema_end = 0;
    let mut tokens = keyword
        .match_indices('/')
        .map(|(i, _)| {
            let end = keyword[i + 1..]
                .find('/')
                .map_or(keyword.len(), |j| i + 1 + j);
            (&keyword[i + 1..end], end)
        })
        .peekable();
    while let Some((k, k_end)) = tokens.next() {
        let Some(how) = holds(k) else { break };
        let Some(&(next, next_end)) = tokens.peek() else {
            break;
        };
        let listed = next.bytes().all(|b| b.is_ascii_digit());
        match how {
            Holds::One => schema_end = k_end,
            Holds::OneOrList if !listed => schema_end = k_end,
            Holds::Named | Holds::List | Holds::OneOrList => {
                tokens.next();
                // Draft-07 `dependencies` lists required properties as well as schemas.
                if k == "dependencies" && tokens.peek().is_none() {
                    break;
                }
                schema_end = next_end;
            }
        }
    }
    &keyword[..schema_end]
}

/// The annotations of the schema object that violation `v`'s keyword belongs to (see
/// [`owner`]), from the table of the rule set that found it.
pub fn annotation_of<'a>(table: &'a Annotations, v: &Violation) -> Option<&'a Annotation> {
    table.get(owner(&v.keyword))
}

#[cfg(test)]
mod tests {
    use super::owner;

    #[test]
    fn a_keyword_belongs_to_the_schema_it_is_written_in() {
        for (keyword, schema) in [
            ("", ""),
            ("/type", ""),
            ("/properties/port/maximum", "/properties/port"),
            ("/properties/port", "/properties/port"),
            ("/properties/type/type", "/properties/type"),
            (
                "/properties/properties/properties/a/type",
                "/properties/properties/properties/a",
            ),
            ("/additionalProperties", ""),
            ("/additionalProperties/type", "/additionalProperties"),
            ("/items/0/type", "/items/0"),
            ("/items/type", "/items"),
            ("/allOf/1", "/allOf/1"),
            (
                "/$defs/node/properties/next/$ref",
                "/$defs/node/properties/next",
            ),
            ("/dependentRequired/a", ""),
            ("/dependencies/a", ""),
            ("/dependencies/a/required", "/dependencies/a"),
            ("/properties/a~1b/minLength", "/properties/a~1b"),
            ("/not/not/const", "/not/not"),
        ] {
            assert_eq!(owner(keyword), schema, "{keyword}");
        }
    }
}
