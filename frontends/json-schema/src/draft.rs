//! Which JSON Schema dialect a schema is written in, from its `$schema`.

/// A JSON Schema draft validgen compiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Draft {
    /// Draft-07 (`http://json-schema.org/draft-07/schema#`): array-form `items` with
    /// `additionalItems`, `dependencies`, `definitions`, `$ref` overriding its siblings.
    Draft7,
    /// Draft 2019-09: draft 2020-12's vocabulary with array-form `items` and
    /// `additionalItems` (as the Helm charts that still declare it use it).
    Draft2019,
    /// Draft 2020-12 (`https://json-schema.org/draft/2020-12/schema`), the default.
    Draft2020,
}

impl Draft {
    /// The draft a `$schema` URI names: the official meta-schema URIs, `http` or `https`,
    /// with or without the empty fragment. `http://json-schema.org/schema#` (the "latest"
    /// alias) is taken as 2020-12, the latest draft.
    pub fn from_uri(uri: &str) -> Option<Draft> {
        let uri = uri.trim_end_matches('#');
        let rest = uri
            .strip_prefix("https://")
            .or_else(|| uri.strip_prefix("http://"))?;
        match rest {
            "json-schema.org/draft-07/schema" => Some(Draft::Draft7),
            "json-schema.org/draft/2019-09/schema" => Some(Draft::Draft2019),
            "json-schema.org/draft/2020-12/schema" | "json-schema.org/schema" => {
                Some(Draft::Draft2020)
            }
            _ => None,
        }
    }

    /// The draft's name, as reports print it.
    pub fn name(self) -> &'static str {
        match self {
            Draft::Draft7 => "draft-07",
            Draft::Draft2019 => "2019-09",
            Draft::Draft2020 => "2020-12",
        }
    }

    /// Whether `items` may be an array (positions) and `additionalItems` exists.
    pub(crate) fn array_items(self) -> bool {
        self != Draft::Draft2020
    }

    /// Whether `$ref` makes its sibling keywords ignored (draft-07).
    pub(crate) fn ref_overrides(self) -> bool {
        self == Draft::Draft7
    }
}
