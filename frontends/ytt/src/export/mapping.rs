//! A node's `@schema/validation` as OpenAPI / JSON Schema validation keywords, as later ytt
//! releases export it (ytt#899 and ytt#904, documented in carvel#739; ytt 0.48 exports
//! none): `min`→`minimum`, `max`→`maximum`, `min_len`/`max_len`→`minLength`/`maxLength` on
//! strings, `minItems`/`maxItems` on arrays, `minProperties`/`maxProperties` on maps,
//! `one_of`→`enum`; nothing for a validation with `when=`; `not_null`, `one_not_null` and
//! custom rules (lambdas) never.
//!
//! A rule is exported only where the keyword decides exactly as ytt's rule does; every other
//! rule is listed as [`Unmapped`] with the reason. Where ytt's rule differs (`min=` on a
//! string compares strings; `min_len=` on an int is an error for every value; `one_of=` on a
//! map compares after a YAML round trip that turns an empty map into null), nothing is
//! exported. One difference remains in what is exported: ytt measures a string's length in
//! UTF-8 bytes (starlark-go `len`), JSON Schema in code points; they agree on ASCII text.
//!
//! Exactness is checked in `tests/ytt_export.rs`: for every recorded case whose
//! schema has no [`Unmapped`] rule, the JSON Schema with these keywords, given ytt's final
//! data values as JSON (or, where ytt's typing refuses them, the same merge untyped), accepts
//! exactly the values ytt accepts.

use serde_json::Value;

use crate::lower::LowerError;
use crate::schema::{Kind, Schema, Type};
use crate::validation::AssertionRule;
use crate::validation::validation;

/// The validation keywords, in the order the export writes them (after ytt's documentation
/// keys and `default`; ytt#899 put `minimum`, `maximum`, `minLength`, `maxLength`, `enum`
/// in this order, the count keywords of ytt#904 go after the lengths).
pub const KEYWORD_ORDER: [&str; 9] = [
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "minItems",
    "maxItems",
    "minProperties",
    "maxProperties",
    "enum",
];

/// One rule of a schema that its export does not state exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unmapped {
    /// The annotation's position, as ytt prints it (`schema.yml:12`).
    pub by: String,
    /// The rule as ytt describes it (`not null`, `length >= 1`, a custom rule's text), or
    /// `when=` for a conditional validation.
    pub rule: String,
    /// Why it is not exported.
    pub reason: &'static str,
}

/// The keywords a type's own validation exports (in [`KEYWORD_ORDER`]) and its rules that
/// have none.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Mapped {
    /// `(keyword, value)`: counts and lengths as non-negative integers, bounds as numbers,
    /// `enum` as the allowed values (with `null` added when the type accepts null: ytt skips
    /// the validation of a null value).
    pub keywords: Vec<(&'static str, Value)>,
    /// The rules not exported.
    pub unmapped: Vec<Unmapped>,
}

/// The keywords of `ty`'s own `@schema/validation` (not its children's).
///
/// # Errors
/// The annotation does not read (ytt refuses the schema with this error; see
/// [`crate::lower::schema_checks`]).
pub fn keywords(ty: &Type) -> Result<Mapped, Box<LowerError>> {
    let mut out = Mapped::default();
    let Some(annotation) = &ty.validation else {
        return Ok(out);
    };
    let read = validation(annotation).map_err(|error| {
        Box::new(LowerError {
            annotation: annotation.clone(),
            error,
        })
    })?;
    let mut unmapped = |rule: &str, reason: &'static str| {
        out.unmapped.push(Unmapped {
            by: read.by.clone(),
            rule: rule.to_owned(),
            reason,
        });
    };
    if read.when.is_some() {
        unmapped("when=", "a validation with when= is not exported");
        for assertion in &read.assertions {
            unmapped(
                &assertion.expected,
                "a validation with when= is not exported",
            );
        }
        return Ok(out);
    }
    let mut keywords: Vec<(&'static str, Value)> = Vec::new();
    for assertion in &read.assertions {
        let expected = assertion.expected.as_str();
        match (&assertion.rule, &ty.kind) {
            (AssertionRule::NotNull, _) => unmapped(expected, "not_null= is never exported"),
            (AssertionRule::OneNotNull(_), _) => {
                unmapped(expected, "one_not_null= is never exported");
            }
            (AssertionRule::Custom(_), _) => unmapped(expected, "custom rules are never exported"),
            (AssertionRule::MinLen(n) | AssertionRule::MaxLen(n), kind) => {
                let min = matches!(assertion.rule, AssertionRule::MinLen(_));
                let Some(keyword) = length_keyword(kind, min) else {
                    unmapped(expected, "a length rule on a value with no length");
                    continue;
                };
                match u64::try_from(*n) {
                    Ok(n) => keywords.push((keyword, Value::from(n))),
                    // Every length is >= a negative bound: nothing to state.
                    Err(_) if min => {}
                    Err(_) => unmapped(expected, "a negative maximum length fails every value"),
                }
            }
            (AssertionRule::Min(bound) | AssertionRule::Max(bound), Kind::Int | Kind::Float)
                if bound.is_number() =>
            {
                let keyword = if matches!(assertion.rule, AssertionRule::Min(_)) {
                    "minimum"
                } else {
                    "maximum"
                };
                keywords.push((keyword, bound.clone()));
            }
            (AssertionRule::Min(_) | AssertionRule::Max(_), _) => unmapped(
                expected,
                "a bound compared as ytt compares it only between numbers maps to minimum/maximum",
            ),
            (AssertionRule::OneOf(values), Kind::String | Kind::Int | Kind::Float | Kind::Bool) => {
                let mut allowed = values.clone();
                if ty.nullable && !allowed.contains(&Value::Null) {
                    allowed.push(Value::Null);
                }
                keywords.push(("enum", Value::Array(allowed)));
            }
            (AssertionRule::OneOf(_), _) => unmapped(
                expected,
                "one_of= on a map, array or any value compares after a YAML round trip",
            ),
            // Go regexp, Go durations, byte-wise prefixes: no JSON Schema keyword decides them
            // as validgen does.
            (
                AssertionRule::Format(_)
                | AssertionRule::Regexp(_)
                | AssertionRule::Prefix(_)
                | AssertionRule::Unique,
                _,
            ) => unmapped(expected, "seed extensions are not exported"),
        }
    }
    keywords.sort_by_key(|(k, _)| KEYWORD_ORDER.iter().position(|o| o == k));
    out.keywords = keywords;
    Ok(out)
}

/// `minLength`/`minItems`/`minProperties` (or the `max` ones) by the node's kind; `None`
/// where ytt's `len()` fails (ints, floats, bools) or depends on the value (`any=True`).
fn length_keyword(kind: &Kind, min: bool) -> Option<&'static str> {
    Some(match (kind, min) {
        (Kind::String, true) => "minLength",
        (Kind::String, false) => "maxLength",
        (Kind::Array(_), true) => "minItems",
        (Kind::Array(_), false) => "maxItems",
        (Kind::Map(_), true) => "minProperties",
        (Kind::Map(_), false) => "maxProperties",
        _ => return None,
    })
}

/// Every rule of `schema` that its export does not state, in document order: the export with
/// validations decides exactly as ytt's validations (for ASCII strings) when this is empty.
///
/// # Errors
/// The first validation annotation that does not read.
pub fn unmapped(schema: &Schema) -> Result<Vec<Unmapped>, Box<LowerError>> {
    let mut out = Vec::new();
    collect(&schema.root, &mut out)?;
    Ok(out)
}

fn collect(ty: &Type, out: &mut Vec<Unmapped>) -> Result<(), Box<LowerError>> {
    out.extend(keywords(ty)?.unmapped);
    match &ty.kind {
        Kind::Map(properties) => properties.iter().try_for_each(|p| collect(&p.ty, out)),
        Kind::Array(item) => collect(item, out),
        Kind::String | Kind::Int | Kind::Float | Kind::Bool | Kind::Any => Ok(()),
    }
}
