//! The structural schema's violations worded as the API server words them: kube-openapi's
//! validator texts (`<field> in body should be at least 1 chars long`), turned into field
//! errors by apiextensions-apiserver `pkg/apiserver/validation` (`ValidateCustomResource`):
//! `required` → `Required value`, `enum` → `Unsupported value: … supported values: …`,
//! `maxLength` → `Too long: may not be more than N bytes`, `maxItems` → `Too many`, a wrong
//! type → `Invalid value: "<found type>": … must be of type <type>`; `allOf`, `anyOf` and
//! `oneOf` failures have no field (`<nil>`).
//!
//! The violations are those of the JSON Schema frontend's rule set (one IR for every back end),
//! read on the object as the API server validates it ([`prepare`]: pruned, then defaulted).
//! Some errors stop the API server before the CEL rules ([`is_blocking`]).

use serde_json::Value;
use validgen_core::ir::Violation;
use validgen_gotext::strconv::quote;

use super::composition::{best_branch, failed_all_ofs};
use super::field_error::{ErrorType, FieldError};
use super::judge::Found;
use super::prune::prune;

/// The object as the API server validates it: unknown fields and non-nullable `null`s pruned
/// ([`prune`]), then the schema's defaults applied (structural defaulting); with the unknown
/// fields dropped, as the API server's warnings name them.
pub fn prepare(schema: &Value, object: &Value) -> (Value, Vec<String>) {
    let mut pruned = object.clone();
    let unknown = prune(schema, &mut pruned);
    (super::defaults::apply(schema, &pruned), unknown)
}

/// The API server's error for violation `v` of `doc` (the prepared object) against `schema`;
/// `None` for what another step reports (list uniqueness: [`crate::listtype`]) or what the
/// API server does not check.
fn field_error(v: &Violation, doc: &Value, schema: &Value) -> Option<FieldError> {
    let field = field_path(doc, &v.location);
    let value = doc.pointer(&v.location);
    let limit = schema.pointer(&v.keyword);
    let limit_text = limit.map(Value::to_string).unwrap_or_default();
    let invalid = |detail: String, bad: Option<Value>| FieldError {
        error_type: ErrorType::Invalid,
        field: field.clone(),
        bad_value: bad,
        detail,
    };
    let count = |v: Option<&Value>| -> Value {
        match v {
            Some(Value::Array(a)) => Value::from(a.len()),
            Some(Value::Object(o)) => Value::from(o.len()),
            _ => Value::from(0),
        }
    };
    Some(match v.check {
        "type" => {
            let wanted = match limit {
                Some(Value::String(t)) => t.clone(),
                Some(Value::Array(list)) => list
                    .iter()
                    .filter_map(Value::as_str)
                    .find(|t| *t != "null")
                    .unwrap_or_default()
                    .to_owned(),
                _ => v.expected.clone(),
            };
            let found = value.map_or("null", openapi_type);
            FieldError {
                error_type: ErrorType::TypeInvalid,
                field: field.clone(),
                bad_value: Some(Value::String(found.to_owned())),
                detail: format!("{field} in body must be of type {wanted}: {}", quote(found)),
            }
        }
        "required" => return None,
        "enum" => {
            let supported: Vec<String> = limit
                .and_then(Value::as_array)
                .map(|l| l.iter().map(go_quoted).collect())
                .unwrap_or_default();
            FieldError {
                error_type: ErrorType::NotSupported,
                field: field.clone(),
                bad_value: value.cloned(),
                detail: format!("supported values: {}", supported.join(", ")),
            }
        }
        "minLength" => invalid(
            format!("{field} in body should be at least {limit_text} chars long"),
            value.cloned(),
        ),
        "maxLength" => FieldError {
            error_type: ErrorType::TooLong,
            field: field.clone(),
            bad_value: None,
            detail: format!("may not be more than {limit_text} bytes"),
        },
        "pattern" => invalid(
            format!(
                "{field} in body should match '{}'",
                limit.and_then(Value::as_str).unwrap_or_default()
            ),
            value.cloned(),
        ),
        "minItems" => invalid(
            format!("{field} in body should have at least {limit_text} items"),
            Some(count(value)),
        ),
        "maxItems" => FieldError {
            error_type: ErrorType::TooMany,
            field: field.clone(),
            bad_value: Some(count(value)),
            detail: if limit_text == "1" {
                "must have at most 1 item".to_owned()
            } else {
                format!("must have at most {limit_text} items")
            },
        },
        "minProperties" => invalid(
            format!("{field} in body should have at least {limit_text} properties"),
            Some(count(value)),
        ),
        "maxProperties" => invalid(
            format!("{field} in body should have at most {limit_text} properties"),
            Some(count(value)),
        ),
        "minimum" => invalid(
            format!("{field} in body should be greater than or equal to {limit_text}"),
            value.cloned(),
        ),
        "maximum" => invalid(
            format!("{field} in body should be less than or equal to {limit_text}"),
            value.cloned(),
        ),
        "exclusiveMinimum" => invalid(
            format!("{field} in body should be greater than {limit_text}"),
            value.cloned(),
        ),
        "exclusiveMaximum" => invalid(
            format!("{field} in body should be less than {limit_text}"),
            value.cloned(),
        ),
        "multipleOf" => invalid(
            format!("{field} in body should be a multiple of {limit_text}"),
            value.cloned(),
        ),
        "format" => FieldError {
            error_type: ErrorType::TypeInvalid,
            field: field.clone(),
            bad_value: value.cloned(),
            detail: format!(
                "{field} in body must be of type {}: {}",
                limit.and_then(Value::as_str).unwrap_or_default(),
                value.map(go_quoted).unwrap_or_default()
            ),
        },
        "anyOf" | "oneOf" | "not" => FieldError {
            error_type: ErrorType::Invalid,
            field: "<nil>".to_owned(),
            bad_value: Some(Value::String(String::new())),
            detail: match v.check {
                "anyOf" => format!(
                    "{} must validate at least one schema (anyOf)",
                    quote(&field)
                ),
                "oneOf" if v.found.starts_with("0 ") => format!(
                    "{} must validate one and only one schema (oneOf). Found none valid",
                    quote(&field)
                ),
                "oneOf" => format!(
                    "{} must validate one and only one schema (oneOf). Found {}",
                    quote(&field),
                    v.found
                ),
                _ => format!("{} must not validate the schema (not)", quote(&field)),
            },
        },
        "uniqueItems" => return None,
        _ => invalid(
            format!(
                "{field} in body: expected {}, found {}",
                v.expected, v.found
            ),
            value.cloned(),
        ),
    })
}

/// The API server's errors for the violations `violations` of the prepared object `doc`
/// against `schema`, in violation order, each with its keyword's JSON Pointer in `schema`: `required` gives one error per missing key; of the
/// string checks at one value only the first of `maxLength`, `minLength`, `pattern` (go-openapi's
/// string validator stops at the first).
pub fn errors(violations: &[Violation], doc: &Value, schema: &Value) -> Vec<Found> {
    const STRING_ORDER: [&str; 3] = ["maxLength", "minLength", "pattern"];
    let mut out = Vec::new();
    for v in violations {
        if let Some(rank) = STRING_ORDER.iter().position(|c| *c == v.check) {
            let earlier = violations.iter().any(|o| {
                o.location == v.location
                    && STRING_ORDER
                        .iter()
                        .position(|c| *c == o.check)
                        .is_some_and(|r| r < rank)
            });
            if earlier {
                continue;
            }
        }
        if v.check == "required" {
            out.extend(
                required_errors(v, doc, schema)
                    .into_iter()
                    .map(|e| Found::new(e, &v.keyword, &v.location)),
            );
        } else if let Some(e) = field_error(v, doc, schema) {
            out.push(Found::new(e, &v.keyword, &v.location));
        }
        // A failed `anyOf`/`oneOf` keeps the errors of its best branch (nested ones too).
        out.extend(errors(&best_branch(v, doc, schema), doc, schema));
    }
    for failed in failed_all_ofs(violations, schema) {
        let detail = format!(
            "{} must validate all the schemas (allOf){}",
            quote(&field_path(doc, &failed.location)),
            if failed.validated == 0 {
                ". None validated"
            } else {
                ""
            }
        );
        let error = FieldError {
            error_type: ErrorType::Invalid,
            field: "<nil>".to_owned(),
            bad_value: Some(Value::String(String::new())),
            detail,
        };
        out.push(Found::new(error, &failed.keyword, &failed.location));
    }
    out
}

/// The `metadata.name` error of an object, as `ValidateObjectMetaAccessor` gives it: missing
/// (`Required value: name or generateName is required`), or not a lowercase RFC 1123
/// subdomain (apimachinery `IsDNS1123Subdomain`: at most 253 characters).
pub fn metadata_name(object: &Value) -> Vec<FieldError> {
    let name = object
        .pointer("/metadata/name")
        .and_then(Value::as_str)
        .unwrap_or("");
    let generate = object
        .pointer("/metadata/generateName")
        .and_then(Value::as_str)
        .unwrap_or("");
    if name.is_empty() {
        if generate.is_empty() {
            return vec![FieldError {
                error_type: ErrorType::Required,
                field: "metadata.name".to_owned(),
                bad_value: None,
                detail: "name or generateName is required".to_owned(),
            }];
        }
        return Vec::new();
    }
    let mut out = Vec::new();
    let invalid = |detail: &str| FieldError {
        error_type: ErrorType::Invalid,
        field: "metadata.name".to_owned(),
        bad_value: Some(Value::String(name.to_owned())),
        detail: detail.to_owned(),
    };
    if name.len() > 253 {
        out.push(invalid("must be no more than 253 characters"));
    }
    if !is_dns1123_subdomain(name) {
        out.push(invalid("a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"));
    }
    out
}

/// `[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*`, whole.
fn is_dns1123_subdomain(name: &str) -> bool {
    name.split('.').all(|label| {
        let bytes = label.as_bytes();
        let alnum = |b: &u8| b.is_ascii_lowercase() || b.is_ascii_digit();
        !bytes.is_empty()
            && bytes.first().is_some_and(alnum)
            && bytes.last().is_some_and(alnum)
            && bytes.iter().all(|b| alnum(b) || *b == b'-')
    })
}

/// The `Required value` errors of a `required` violation: one per missing key, at the key.
fn required_errors(v: &Violation, doc: &Value, schema: &Value) -> Vec<FieldError> {
    let object = doc.pointer(&v.location);
    let parent = field_path(doc, &v.location);
    schema
        .pointer(&v.keyword)
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .filter(|k| object.is_some_and(|o| o.get(*k).is_none()))
        .map(|k| FieldError {
            error_type: ErrorType::Required,
            field: if parent.is_empty() {
                k.to_owned()
            } else {
                format!("{parent}.{k}")
            },
            bad_value: None,
            detail: String::new(),
        })
        .collect()
}

/// Whether an error stops the API server before the CEL rules (apiextensions-apiserver
/// `customResourceStrategy.Validate`: type, required, enum, too long and too many errors).
pub fn is_blocking(e: &FieldError) -> bool {
    matches!(
        e.error_type,
        ErrorType::TypeInvalid
            | ErrorType::Required
            | ErrorType::NotSupported
            | ErrorType::TooLong
            | ErrorType::TooMany
    )
}

/// The error the API server adds in place of the CEL rules it did not run.
pub fn not_checked() -> FieldError {
    FieldError {
        error_type: ErrorType::Invalid,
        field: "<nil>".to_owned(),
        bad_value: Some(Value::Null),
        detail: "some validation rules were not checked because the object was invalid; correct the existing errors to complete validation".to_owned(),
    }
}

/// The API server's field path of the JSON Pointer `pointer` in `doc`: object keys joined by
/// `.`, list indices as `[i]`.
pub fn field_path(doc: &Value, pointer: &str) -> String {
    let mut out = String::new();
    let mut node = Some(doc);
    for token in pointer.split('/').skip(1) {
        let key = token.replace("~1", "/").replace("~0", "~");
        match node {
            Some(Value::Array(items)) => {
                out.push_str(&format!("[{key}]"));
                node = key.parse::<usize>().ok().and_then(|i| items.get(i));
            }
            _ => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(&key);
                node = node.and_then(|n| n.get(&key));
            }
        }
    }
    out
}

/// A value as kube-openapi quotes it in `supported values` and format errors: a string as
/// Go's `%q`, anything else as JSON.
fn go_quoted(v: &Value) -> String {
    match v {
        Value::String(s) => quote(s),
        other => other.to_string(),
    }
}

/// The OpenAPI type of a value, as kube-openapi and the CEL validator name it.
pub(crate) fn openapi_type(v: &Value) -> &'static str {
    match v {
        Value::Object(_) => "object",
        Value::Array(_) => "array",
        Value::String(_) => "string",
        Value::Number(n) if n.is_i64() || n.is_u64() => "integer",
        Value::Number(_) => "number",
        Value::Bool(_) => "boolean",
        Value::Null => "null",
    }
}
