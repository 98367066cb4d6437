//! What each keyword is to the compiler, by draft: applied, an annotation, or unknown (a
//! warning, or an error in strict mode).

use super::draft::Draft;

/// How the compiler treats a keyword.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// Lowered into checks (or read by a sibling that is).
    Applied,
    /// Kept as documentation (in the rule set's table of annotations, but `contentSchema`,
    /// whose annotations are, and `$recursiveAnchor`); no effect on verdicts.
    Annotation,
    /// Not a keyword of the draft.
    Unknown,
}

/// Keywords every supported draft applies (draft-04 on).
const COMMON: &[&str] = &[
    "type",
    "enum",
    "multipleOf",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "maxLength",
    "minLength",
    "pattern",
    "items",
    "maxItems",
    "minItems",
    "uniqueItems",
    "maxProperties",
    "minProperties",
    "required",
    "properties",
    "patternProperties",
    "additionalProperties",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "format",
    "$ref",
    "$schema",
    "definitions",
    "errorMessage",
];
/// Keywords draft-06 adds.
const SINCE_6: &[&str] = &["const", "contains", "propertyNames", "$id"];
/// Keywords draft-07 adds; `$defs` (2019-09's name for `definitions`) is taken from draft-07
/// on, as schemas written for draft-07 use it.
const SINCE_7: &[&str] = &["if", "then", "else", "$comment", "$defs"];
/// Keywords of 2019-09 and 2020-12 only.
const SINCE_2019: &[&str] = &[
    "unevaluatedProperties",
    "unevaluatedItems",
    "minContains",
    "maxContains",
    "dependentRequired",
    "dependentSchemas",
    "$anchor",
];
/// Annotations (2019-09 adds `deprecated` and `contentSchema`; accepted in all drafts, as
/// they change no verdict).
const ANNOTATIONS: &[&str] = &[
    "title",
    "description",
    "default",
    "examples",
    "readOnly",
    "writeOnly",
    "deprecated",
    "contentEncoding",
    "contentMediaType",
    "contentSchema",
    "$recursiveAnchor",
];

/// The role of `keyword` in `draft`.
pub(crate) fn role(keyword: &str, draft: Draft) -> Role {
    if COMMON.contains(&keyword)
        || (draft >= Draft::Draft6 && SINCE_6.contains(&keyword))
        || (draft >= Draft::Draft7 && SINCE_7.contains(&keyword))
        || (draft >= Draft::Draft2019 && SINCE_2019.contains(&keyword))
    {
        return Role::Applied;
    }
    if ANNOTATIONS.contains(&keyword) {
        return Role::Annotation;
    }
    match (draft, keyword) {
        // Read by the resource pass.
        (Draft::Draft4, "id") => Role::Applied,
        // Split into `dependentRequired`/`dependentSchemas` in 2019-09, still applied there
        // as the suite's optional `dependencies-compatibility` tests expect.
        (_, "dependencies") => Role::Applied,
        (d, "additionalItems") if d.array_items() => Role::Applied,
        (Draft::Draft2020, "prefixItems" | "$dynamicAnchor" | "$dynamicRef") => Role::Applied,
        (Draft::Draft2019, "$recursiveRef") => Role::Applied,
        // Read by schemas whose `$schema` names this document (`crate::vocabulary`).
        (Draft::Draft2019 | Draft::Draft2020, "$vocabulary") => Role::Applied,
        _ => Role::Unknown,
    }
}
