//! Validation annotations (`@schema/validation`, `@assert/validate`) read into
//! [`crate::validation::Validation`], with ytt 0.48's argument checks and texts
//! (`pkg/validations/annotations.go` `NewValidationFromAnn`, `validate.go` `asRules`), and,
//! on request only, the seed extensions: `format=`, `regexp=`, `prefix=`, `unique=`, rules the
//! ytt proposals list (`../shared/seeds/001_*`, `002_*`) that ytt never shipped.

use serde_json::{Map, Number, Value as Json};

use super::YttFormat;
use super::{Assertion, AssertionRule, Validation};
use crate::annotations::Annotation;
use crate::starlark::Lambda;
use crate::starlark::{ArgumentsError, Value, evaluate_arguments};
use validgen_goregex::GoRegex;
use validgen_gotext::strconv::quote;

/// Why an annotation gives no validation.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ValidationError {
    /// A malformed annotation: ytt's whole line, `Invalid @schema/validation annotation -
    /// unknown keyword argument "foo" (at schema.yml:3)` (or `@assert/validate`).
    #[error("{0}")]
    Invalid(String),
    /// The arguments are not Starlark ytt evaluates (a syntax or resolver error, which ytt
    /// reports as `Templating file '<file>':` with `- <message>` and the source line, see
    /// [`ArgumentsError::ytt_message`]), or Starlark validgen refuses.
    #[error("{0}")]
    Starlark(ArgumentsError),
}

/// The keyword arguments ytt knows, in the order `asRules` turns them into rules.
struct Kwargs {
    when: Option<Lambda>,
    min_len: Option<i64>,
    max_len: Option<i64>,
    min: Option<Value>,
    max: Option<Value>,
    not_null: bool,
    /// `Some(None)` for `True`, `Some(Some(seq))` for a sequence of keys.
    one_not_null: Option<Option<Value>>,
    one_of: Option<Value>,
    /// Seed extensions.
    format: Option<YttFormat>,
    regexp: Option<String>,
    prefix: Option<String>,
    unique: bool,
}

/// The validation an annotation states: `when=`, and its assertions in ytt's run order
/// (`not_null` first, the custom rules as written, then `min_len`, `max_len`, `min`, `max`,
/// `one_not_null`, `one_of`), each with its `must be:` text.
///
/// # Errors
/// [`ValidationError::Invalid`] with ytt's line for malformed arguments (checked in ytt's
/// order: no arguments, each 2-tuple, then each keyword argument as written);
/// [`ValidationError::Starlark`] when the arguments do not evaluate.
pub fn validation(annotation: &Annotation) -> Result<Validation, ValidationError> {
    validation_with(annotation, false)
}

/// [`validation`], with the seed extensions when `seed_extensions` is set (else exactly
/// [`validation`], ytt's behaviour: `unknown keyword argument "format" (at …)`):
///
/// - `format=` a string naming a [`YttFormat`] (`date-time`, `date`, `time`, `email`,
///   `hostname`, `ip`, `ipv4`, `ipv6`, `uri`, `port`, `percent`, `duration`): `must be: a valid
///   <name>`;
/// - `regexp=` a Go regular expression: `must be: a string matching "<pattern>"`;
/// - `prefix=` a string: `must be: a string starting with "<prefix>"`;
/// - `unique=` a bool (`False` adds no rule): `must be: a list of unique items`.
///
/// They run after ytt's named rules, in that fixed order (`format`, `regexp`, `prefix`,
/// `unique`) whatever order they are written in, as ytt orders its own. Their argument errors
/// are in ytt's words (`expected keyword argument "prefix" to be a string, but was int (at
/// schema.yml:3)`), checked with the other keyword arguments in the order written.
///
/// # Errors
/// As [`validation`]; also an unknown format name and a pattern Go's `regexp.Compile` rejects.
pub fn validation_with(
    annotation: &Annotation,
    seed_extensions: bool,
) -> Result<Validation, ValidationError> {
    let by = annotation.pos.to_string();
    let invalid = |text: String| {
        ValidationError::Invalid(format!("Invalid @{} annotation - {text}", annotation.name))
    };
    let args = evaluate_arguments(&annotation.args).map_err(ValidationError::Starlark)?;
    if args.positional.is_empty() && args.keywords.is_empty() {
        return Err(invalid(format!(
            "expected annotation to have 2-tuple as argument(s), but found no arguments (by {by})"
        )));
    }
    let mut customs = Vec::new();
    for arg in &args.positional {
        customs.push(custom_rule(arg, &by).map_err(invalid)?);
    }
    let kwargs = kwargs(&args.keywords, &by, seed_extensions).map_err(invalid)?;
    let mut assertions = Vec::new();
    if kwargs.not_null {
        assertions.push(Assertion {
            expected: "not null".to_owned(),
            rule: AssertionRule::NotNull,
        });
    }
    assertions.extend(customs);
    named_rules(&kwargs, &mut assertions).map_err(ValidationError::Starlark)?;
    seed_rules(
        kwargs.format,
        kwargs.regexp,
        kwargs.prefix,
        kwargs.unique,
        &mut assertions,
    );
    Ok(Validation {
        by,
        when: kwargs.when,
        assertions,
    })
}

/// A positional argument: a 2-tuple `(description, function)`.
fn custom_rule(arg: &Value, by: &str) -> Result<Assertion, String> {
    let Value::Tuple(items) = arg else {
        return Err(format!(
            "expected annotation to have 2-tuple as argument(s), but found: {} (by {by})",
            arg.repr()
        ));
    };
    let [description, check] = items.as_slice() else {
        return Err(format!(
            "expected 2-tuple, but found tuple with length {} (by {by})",
            items.len()
        ));
    };
    let Value::String(description) = description else {
        return Err(format!(
            "expected first item in the 2-tuple to be a string describing a valid value, but was \
             {} (at {by})",
            description.type_name()
        ));
    };
    match check {
        Value::Function(f) => Ok(Assertion {
            expected: description.clone(),
            rule: AssertionRule::Custom(Lambda::clone(f)),
        }),
        // Values with attributes (methods) but no `check` attribute.
        Value::String(_) | Value::List(_) | Value::Dict(_) => Err(format!(
            "expected second item in tuple to be an assertion function or assertion object, but \
             was a {} (at {by})",
            check.type_name()
        )),
        _ => Err(format!(
            "expected second item in the 2-tuple to be an assertion function, but was {} (at {by})",
            check.type_name()
        )),
    }
}

/// The keyword arguments, checked in the order written (ytt `newValidationKwargs`); the seed
/// extensions' names only with `seed`.
fn kwargs(keywords: &[(String, Value)], by: &str, seed: bool) -> Result<Kwargs, String> {
    let mut k = Kwargs {
        when: None,
        min_len: None,
        max_len: None,
        min: None,
        max: None,
        not_null: false,
        one_not_null: None,
        one_of: None,
        format: None,
        regexp: None,
        prefix: None,
        unique: false,
    };
    for (name, value) in keywords {
        match name.as_str() {
            "when" => match value {
                Value::Function(f) => k.when = Some(Lambda::clone(f)),
                v => {
                    return Err(format!(
                        "expected keyword argument \"when\" to be a function, but was {} (at {by})",
                        v.type_name()
                    ));
                }
            },
            "min_len" | "max_len" => {
                let n = number_to_int(value).ok_or_else(|| {
                    format!(
                        "expected keyword argument \"{name}\" to be a number, but was {} (at {by})",
                        value.type_name()
                    )
                })?;
                if name == "min_len" {
                    k.min_len = Some(n);
                } else {
                    k.max_len = Some(n);
                }
            }
            "min" => k.min = Some(value.clone()),
            "max" => k.max = Some(value.clone()),
            "not_null" => match value {
                Value::Bool(b) => k.not_null = *b,
                v => {
                    return Err(format!(
                        "expected keyword argument \"not_null\" to be a boolean, but was {} (at {by})",
                        v.type_name()
                    ));
                }
            },
            "one_not_null" => match value {
                Value::Bool(true) => k.one_not_null = Some(None),
                Value::Bool(false) => return Err("one_not_null= cannot be False".to_owned()),
                Value::List(_) | Value::Tuple(_) | Value::Dict(_) => {
                    k.one_not_null = Some(Some(value.clone()));
                }
                v => {
                    return Err(format!(
                        "expected True or a sequence of keys, but was a '{}'",
                        v.type_name()
                    ));
                }
            },
            "one_of" => match value {
                Value::List(_) | Value::Tuple(_) | Value::Dict(_) => {
                    k.one_of = Some(value.clone());
                }
                v => {
                    return Err(format!(
                        "expected keyword argument one_of to be a sequence, but was {}",
                        v.type_name()
                    ));
                }
            },
            "format" if seed => k.format = Some(format_name(value, by)?),
            "regexp" if seed => {
                let pattern = string(name, value, by)?;
                if let Err(e) = GoRegex::new(&pattern) {
                    return Err(format!(
                        "keyword argument \"regexp\" is not a valid regular expression: {e} (at {by})"
                    ));
                }
                k.regexp = Some(pattern);
            }
            "prefix" if seed => k.prefix = Some(string(name, value, by)?),
            "unique" if seed => match value {
                Value::Bool(b) => k.unique = *b,
                v => {
                    return Err(format!(
                        "expected keyword argument \"unique\" to be a boolean, but was {} (at {by})",
                        v.type_name()
                    ));
                }
            },
            other => return Err(format!("unknown keyword argument \"{other}\" (at {by})")),
        }
    }
    Ok(k)
}

/// A string keyword argument (seed extensions), with ytt's wording for another type.
fn string(name: &str, value: &Value, by: &str) -> Result<String, String> {
    match value {
        Value::String(s) => Ok(s.clone()),
        v => Err(format!(
            "expected keyword argument \"{name}\" to be a string, but was {} (at {by})",
            v.type_name()
        )),
    }
}

/// `format=`'s argument: the name of a [`YttFormat`].
fn format_name(value: &Value, by: &str) -> Result<YttFormat, String> {
    let name = string("format", value, by)?;
    YttFormat::from_name(&name).ok_or_else(|| {
        let known: Vec<String> = YttFormat::ALL
            .iter()
            .map(|f| format!("\"{}\"", f.name()))
            .collect();
        format!(
            "expected keyword argument \"format\" to be one of {}, but was {} (at {by})",
            known.join(", "),
            value.repr()
        )
    })
}

/// starlark-go `NumberToInt`: an int, or a finite float truncated toward zero.
fn number_to_int(v: &Value) -> Option<i64> {
    match v {
        Value::Int(i) => Some(*i),
        // Truncation toward zero is the conversion ytt applies (`min_len=20.5` is 20).
        #[allow(clippy::cast_possible_truncation)]
        Value::Float(f) if f.is_finite() && f.abs() < 9.2e18 => Some(f.trunc() as i64),
        _ => None,
    }
}

/// The named rules in ytt's fixed order, after `not_null` and the custom rules.
fn named_rules(k: &Kwargs, out: &mut Vec<Assertion>) -> Result<(), ArgumentsError> {
    if let Some(n) = k.min_len {
        out.push(Assertion {
            expected: format!("length >= {n}"),
            rule: AssertionRule::MinLen(n),
        });
    }
    if let Some(n) = k.max_len {
        out.push(Assertion {
            expected: format!("length <= {n}"),
            rule: AssertionRule::MaxLen(n),
        });
    }
    if let Some(v) = &k.min {
        out.push(Assertion {
            expected: format!("a value >= {}", v.repr()),
            rule: AssertionRule::Min(json("min=", v)?),
        });
    }
    if let Some(v) = &k.max {
        out.push(Assertion {
            expected: format!("a value <= {}", v.repr()),
            rule: AssertionRule::Max(json("max=", v)?),
        });
    }
    if let Some(keys) = &k.one_not_null {
        let (expected, keys) = match keys {
            None => ("all children".to_owned(), None),
            Some(seq) => (seq.repr(), Some(items("one_not_null=", seq)?)),
        };
        out.push(Assertion {
            expected: format!("exactly one of {expected} to be not null"),
            rule: AssertionRule::OneNotNull(keys),
        });
    }
    if let Some(seq) = &k.one_of {
        out.push(Assertion {
            expected: format!("one of {}", seq.repr()),
            rule: AssertionRule::OneOf(items("one_of=", seq)?),
        });
    }
    Ok(())
}

/// The seed extensions' rules, after ytt's named rules, in their fixed order.
fn seed_rules(
    format: Option<YttFormat>,
    regexp: Option<String>,
    prefix: Option<String>,
    unique: bool,
    out: &mut Vec<Assertion>,
) {
    if let Some(f) = format {
        out.push(Assertion {
            expected: format!("a valid {}", f.name()),
            rule: AssertionRule::Format(f),
        });
    }
    if let Some(pattern) = regexp {
        out.push(Assertion {
            expected: format!("a string matching {}", quote(&pattern)),
            rule: AssertionRule::Regexp(pattern),
        });
    }
    if let Some(prefix) = prefix {
        out.push(Assertion {
            expected: format!("a string starting with {}", quote(&prefix)),
            rule: AssertionRule::Prefix(prefix),
        });
    }
    if unique {
        out.push(Assertion {
            expected: "a list of unique items".to_owned(),
            rule: AssertionRule::Unique,
        });
    }
}

/// The items of a sequence argument (a dict's keys: Starlark iterates a dict's keys).
fn items(kwarg: &str, seq: &Value) -> Result<Vec<Json>, ArgumentsError> {
    match seq {
        Value::List(items) | Value::Tuple(items) => items.iter().map(|i| json(kwarg, i)).collect(),
        Value::Dict(entries) => entries.iter().map(|(k, _)| json(kwarg, k)).collect(),
        other => json(kwarg, other).map(|j| vec![j]),
    }
}

/// A literal as the JSON the IR keeps: tuples as arrays, dicts with string keys as objects.
///
/// # Errors
/// Values JSON cannot hold (a function, a dict with other keys) are refused.
fn json(kwarg: &str, v: &Value) -> Result<Json, ArgumentsError> {
    let refuse = |what: &str| {
        ArgumentsError::unsupported(format!("{what} in {kwarg} (rule bounds are data)"))
    };
    Ok(match v {
        Value::None => Json::Null,
        Value::Bool(b) => Json::Bool(*b),
        Value::Int(i) => Json::Number(Number::from(*i)),
        Value::Float(f) => Json::Number(Number::from_f64(*f).ok_or_else(|| refuse("a float"))?),
        Value::String(s) => Json::String(s.clone()),
        Value::List(items) | Value::Tuple(items) => Json::Array(
            items
                .iter()
                .map(|i| json(kwarg, i))
                .collect::<Result<_, _>>()?,
        ),
        Value::Dict(entries) => {
            let mut map = Map::new();
            for (k, v) in entries {
                let Value::String(k) = k else {
                    return Err(refuse(&format!("a dict key of type {}", k.type_name())));
                };
                map.insert(k.clone(), json(kwarg, v)?);
            }
            Json::Object(map)
        }
        Value::Function(_) => return Err(refuse("a function")),
    })
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use validgen_gotext::yaml::Pos;

    fn ann(name: &str, args: &str) -> Annotation {
        Annotation {
            name: name.to_owned(),
            args: args.to_owned(),
            pos: Pos {
                file: Arc::from("schema.yml"),
                line: 3,
            },
        }
    }

    fn expected(args: &str) -> Vec<String> {
        match validation(&ann("schema/validation", args)) {
            Ok(v) => v.assertions.into_iter().map(|a| a.expected).collect(),
            Err(e) => vec![e.to_string()],
        }
    }

    #[test]
    fn run_order_and_texts() {
        assert_eq!(
            expected(
                r#"("custom", lambda v: len(v) > 3), one_of=["zz"], max="a", min="y", max_len=1, min_len=5, not_null=True"#
            ),
            [
                "not null",
                "custom",
                "length >= 5",
                "length <= 1",
                r#"a value >= "y""#,
                r#"a value <= "a""#,
                r#"one of ["zz"]"#,
            ]
        );
        assert_eq!(expected("min=2.0"), ["a value >= 2"]);
        assert_eq!(expected("max=1e3"), ["a value <= 1000"]);
        assert_eq!(expected("min_len=20.5"), ["length >= 20"]);
        assert_eq!(
            expected("one_not_null=True"),
            ["exactly one of all children to be not null"]
        );
        assert_eq!(
            expected(r#"one_not_null=("host", "socket")"#),
            [r#"exactly one of ("host", "socket") to be not null"#]
        );
        assert_eq!(
            expected(r#"one_of=["debug", "info"]"#),
            [r#"one of ["debug", "info"]"#]
        );
    }

    #[test]
    fn invalid_annotations() {
        assert_eq!(
            expected(""),
            [
                "Invalid @schema/validation annotation - expected annotation to have 2-tuple as argument(s), but found no arguments (by schema.yml:3)"
            ]
        );
        assert_eq!(
            expected(r#"("a", 0)"#),
            [
                "Invalid @schema/validation annotation - expected second item in the 2-tuple to be an assertion function, but was int (at schema.yml:3)"
            ]
        );
        assert_eq!(
            expected("min=1, max=9, one_of=7"),
            [
                "Invalid @schema/validation annotation - expected keyword argument one_of to be a sequence, but was int"
            ]
        );
        let err = validation(&ann("assert/validate", "min=lowest"));
        assert!(
            matches!(err, Err(ValidationError::Starlark(e)) if e.message == "undefined: lowest")
        );
    }
}
