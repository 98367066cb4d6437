//! What each keyword is to the compiler, by draft: applied, an annotation, refused, or
//! unknown (a warning, or an error in strict mode).

use super::draft::Draft;

/// How the compiler treats a keyword.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Role {
    /// Lowered into checks (or read by a sibling that is).
    Applied,
    /// Kept as documentation (in the rule set's table of annotations, but `contentSchema`,
    /// whose annotations are, and `$recursiveAnchor`); no effect on verdicts.
    Annotation,
    /// Part of the draft but not compiled: a compile error naming it.
    Refused(&'static str),
    /// Not a keyword of the draft.
    Unknown,
}

/// Keywords every supported draft applies.
const COMMON: &[&str] = &[
    "type",
    "enum",
    "const",
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
    "contains",
    "maxProperties",
    "minProperties",
    "required",
    "properties",
    "patternProperties",
    "additionalProperties",
    "propertyNames",
    "allOf",
    "anyOf",
    "oneOf",
    "not",
    "if",
    "then",
    "else",
    "format",
    "$ref",
    "$schema",
    "$id",
    "$comment",
    "definitions",
    "$defs",
    "errorMessage",
];
/// Keywords of 2019-09 and 2020-12 only.
const SINCE_2019: &[&str] = &[
    "minContains",
    "maxContains",
    "dependentRequired",
    "dependentSchemas",
    "$anchor",
];
/// Annotations (2019-09 adds `deprecated` and `contentSchema`; accepted in all drafts).
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
    if COMMON.contains(&keyword) {
        return Role::Applied;
    }
    if ANNOTATIONS.contains(&keyword) {
        return Role::Annotation;
    }
    let refused = match keyword {
        "unevaluatedProperties" | "unevaluatedItems" => {
            Some("`unevaluated*` needs the annotations of every sibling and is not compiled")
        }
        "$dynamicRef" | "$recursiveRef" => {
            Some("dynamic references are not compiled (only local `$ref`)")
        }
        "$vocabulary" => Some("custom meta-schemas are not supported"),
        _ => None,
    };
    match (draft, keyword) {
        // Split into `dependentRequired`/`dependentSchemas` in 2019-09, still applied there
        // as the suite's optional `dependencies-compatibility` tests expect.
        (_, "dependencies") => Role::Applied,
        (Draft::Draft7 | Draft::Draft2019, "additionalItems") => Role::Applied,
        (Draft::Draft2020, "prefixItems") => Role::Applied,
        (Draft::Draft2020, "$dynamicAnchor") => Role::Applied,
        (Draft::Draft2019 | Draft::Draft2020, k) if SINCE_2019.contains(&k) => Role::Applied,
        (Draft::Draft2019 | Draft::Draft2020, _) => refused.map_or(Role::Unknown, Role::Refused),
        (Draft::Draft7, _) => Role::Unknown,
    }
}
