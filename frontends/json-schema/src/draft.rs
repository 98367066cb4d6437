//! Which JSON Schema dialect a schema is written in, from its `$schema`, and what sets the
//! drafts apart.

/// A JSON Schema draft validgen compiles, oldest first (so `draft >= Draft::Draft7` reads
/// "draft-07 or later").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Draft {
    /// Draft-04 (`http://json-schema.org/draft-04/schema#`): `id` (not `$id`), boolean
    /// `exclusiveMinimum`/`exclusiveMaximum` modifying `minimum`/`maximum`, no boolean
    /// schemas (only `additionalProperties`/`additionalItems` may be `false`), no `const`,
    /// `contains`, `propertyNames`, `if`/`then`/`else`.
    Draft4,
    /// Draft-06 (`http://json-schema.org/draft-06/schema#`): draft-04 with `$id`, boolean
    /// schemas, numeric `exclusiveMinimum`/`exclusiveMaximum`, `const`, `contains`,
    /// `propertyNames`, `examples`.
    Draft6,
    /// Draft-07 (`http://json-schema.org/draft-07/schema#`): draft-06 with
    /// `if`/`then`/`else`, `$comment`, `readOnly`/`writeOnly`.
    Draft7,
    /// Draft 2019-09: draft 2020-12's vocabulary with array-form `items` and
    /// `additionalItems` (as the Helm charts that still declare it use it).
    Draft2019,
    /// Draft 2020-12 (`https://json-schema.org/draft/2020-12/schema`), the default.
    Draft2020,
}

impl Draft {
    /// Every draft, oldest first.
    pub const ALL: [Draft; 5] = [
        Draft::Draft4,
        Draft::Draft6,
        Draft::Draft7,
        Draft::Draft2019,
        Draft::Draft2020,
    ];

    /// The draft a `$schema` URI names: the official meta-schema URIs, `http` or `https`,
    /// with or without the empty fragment. `http://json-schema.org/schema#` (the "latest"
    /// alias) is taken as 2020-12, the latest draft.
    pub fn from_uri(uri: &str) -> Option<Draft> {
        let uri = uri.trim_end_matches('#');
        let rest = uri
            .strip_prefix("https://")
            .or_else(|| uri.strip_prefix("http://"))?;
        match rest {
            "json-schema.org/draft-04/schema" => Some(Draft::Draft4),
            "json-schema.org/draft-06/schema" => Some(Draft::Draft6),
            "json-schema.org/draft-07/schema" => Some(Draft::Draft7),
            "json-schema.org/draft/2019-09/schema" => Some(Draft::Draft2019),
            "json-schema.org/draft/2020-12/schema" | "json-schema.org/schema" => {
                Some(Draft::Draft2020)
            }
            _ => None,
        }
    }

    /// The draft named `name`, as [`Draft::name`] prints it (`draft-04`, `draft-06`,
    /// `draft-07`, `2019-09`, `2020-12`): how the CLI's `--default-draft` and
    /// `include_schemas!`'s `default_draft` name one.
    pub fn from_name(name: &str) -> Option<Draft> {
        Draft::ALL.into_iter().find(|d| d.name() == name)
    }

    /// The draft's name, as reports print it.
    pub fn name(self) -> &'static str {
        match self {
            Draft::Draft4 => "draft-04",
            Draft::Draft6 => "draft-06",
            Draft::Draft7 => "draft-07",
            Draft::Draft2019 => "2019-09",
            Draft::Draft2020 => "2020-12",
        }
    }

    /// Whether `items` may be an array (positions) and `additionalItems` exists.
    pub(crate) fn array_items(self) -> bool {
        self != Draft::Draft2020
    }

    /// Whether `$ref` makes its sibling keywords ignored (draft-04 to draft-07; draft-07
    /// §8.3).
    pub(crate) fn ref_overrides(self) -> bool {
        self <= Draft::Draft7
    }

    /// The keyword that gives a schema its identifier: `id` in draft-04 (draft-04 §7.2
    /// (core spec)), `$id` since draft-06.
    pub(crate) fn id_keyword(self) -> &'static str {
        if self == Draft::Draft4 { "id" } else { "$id" }
    }

    /// Whether an identifier with a plain-name fragment (`"#foo"`) names the schema, as
    /// `$anchor` does since 2019-09 (draft-04 to draft-07).
    pub(crate) fn fragment_ids(self) -> bool {
        self <= Draft::Draft7
    }

    /// Whether `true` and `false` are schemas (since draft-06; draft-04 has them only as
    /// the values of `additionalProperties` and `additionalItems`).
    pub(crate) fn boolean_schemas(self) -> bool {
        self >= Draft::Draft6
    }

    /// Whether `exclusiveMinimum`/`exclusiveMaximum` are booleans modifying
    /// `minimum`/`maximum` (draft-04 §5.1.2 and §5.1.3 (validation spec)) rather than bounds
    /// of their own.
    pub(crate) fn boolean_exclusive_bounds(self) -> bool {
        self == Draft::Draft4
    }
}

#[cfg(test)]
mod tests {
    use super::Draft;

    #[test]
    fn meta_schema_uris_name_their_draft() {
        for (uri, draft) in [
            ("http://json-schema.org/draft-04/schema#", Draft::Draft4),
            ("https://json-schema.org/draft-04/schema", Draft::Draft4),
            ("http://json-schema.org/draft-06/schema", Draft::Draft6),
            ("https://json-schema.org/draft-06/schema#", Draft::Draft6),
            ("http://json-schema.org/draft-07/schema#", Draft::Draft7),
            (
                "https://json-schema.org/draft/2019-09/schema",
                Draft::Draft2019,
            ),
            ("http://json-schema.org/schema#", Draft::Draft2020),
        ] {
            assert_eq!(Draft::from_uri(uri), Some(draft), "{uri}");
        }
        assert_eq!(
            Draft::from_uri("http://json-schema.org/draft-03/schema#"),
            None
        );
    }

    #[test]
    fn names_read_back() {
        for d in Draft::ALL {
            assert_eq!(Draft::from_name(d.name()), Some(d));
        }
        assert_eq!(Draft::from_name("draft-03"), None);
    }
}
